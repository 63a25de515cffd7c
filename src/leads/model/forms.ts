/**
 * The lead forms and their steps (docs/decisions/leads.md 'Forms and their steps'), built
 * from plain `FormOptions`. Islands validate each step with react-hook-form over these
 * schemas; the API validates the same schemas, so the browser and the server agree.
 *
 * Browser code imports this module: it must not import the dealer schema at runtime (type
 * imports only) and stays small, so it builds with zod/mini as fields.ts does.
 */
import { z } from 'zod/mini';
import { PLATE_STATES_BY_REGION, regionDefaults, type Region } from '../../platform/config/regions';
import type { PhoneRule } from '../../platform/config/schema';
import { regionTerms } from '../../platform/formats/region-terms';
import { COMPETITION_ENQUIRY, GENERAL_ENQUIRY, NEWSLETTER_SUBCATEGORY } from './category';
import {
  MESSAGE_MAX,
  consentField,
  choiceField,
  choicesField,
  dateField,
  emailField,
  nameField,
  numberField,
  optionalCheckboxField,
  optionalNumberField,
  optionalText,
  requiredCheckboxField,
  phoneField,
  postcodeField,
  regoField,
  requiredText,
  timeField,
  yesNoField,
} from './fields';
import { FINANCE_CONSENT_MESSAGE, REQUIRED_MESSAGE } from './messages';

export const FORM_KINDS = ['enquiry', 'finance', 'service', 'trade_in', 'test_drive'] as const;
export type FormKind = (typeof FORM_KINDS)[number];

export const HEAR_ABOUT_US_OPTIONS = {
  none: [],
  standard: ['Facebook Marketplace', 'Facebook', 'Instagram', 'Google', 'Word of Mouth', 'Car Sales', 'Repeat Customer', 'Other'],
  alternate: ['Meta', 'Google Search/Ads', 'Cinema', 'Radio', 'Outdoor/Shopping Centre', 'Referral/Word of Mouth', 'Other'],
} as const satisfies Record<string, readonly string[]>;
export type HearAboutUs = keyof typeof HEAR_ABOUT_US_OPTIONS;

export const SERVICE_TYPES = ['Logbook service', 'General service', 'Brakes', 'Tyres', 'Air conditioning', 'Other'] as const;
export const EMPLOYMENT_STATUSES = ['Full time', 'Part time', 'Casual', 'Self employed', 'Unemployed', 'Retired'] as const;
export const CAR_CONDITIONS = ['Excellent', 'Good', 'Fair', 'Poor'] as const;

/** Where a plate is registered, by region (platform/config/regions.ts: the rego lookup needs it too). */
export const STATES_BY_REGION = PLATE_STATES_BY_REGION;

/** Categories each form files its leads under; the first is the default. */
export const FORM_CATEGORIES = {
  enquiry: [GENERAL_ENQUIRY],
  finance: ['finance-pre-approval'],
  service: ['service-booking'],
  trade_in: ['trade-in', 'sell-my-car', 'valuation'],
  test_drive: ['test-drive'],
} as const satisfies Record<FormKind, readonly string[]>;

export const PRICE_MAX = 1_000_000;
/** An odometer reading, in the units the form asks for (km, or miles on US sites). */
export const KM_MAX = 1_000_000;
export const INCOME_MAX = 10_000_000;
export const LOAN_TERM_YEARS = { min: 1, max: 7 } as const;
export const FIRST_YEAR = 1950;
/** Latest model year a form takes: next year's models are sold from mid-year. */
export const lastModelYear = (now: Date = new Date()): number => now.getFullYear() + 1;

export interface FormChoice {
  id: string;
  name: string;
}

export interface DealershipChoice {
  slug: string;
  name: string;
}

/** What a form needs to know about the dealer: plain data, passed to islands as a prop. */
export interface FormOptions {
  region: Region;
  phone_rule: PhoneRule;
  /** Enquiry message may be left blank. */
  message_optional: boolean;
  /** No message field at all (subscribe / newsletter forms). */
  remove_message: boolean;
  show_category: boolean;
  categories: string[];
  show_location: boolean;
  locations: FormChoice[];
  show_preferred_dealership: boolean;
  dealerships: DealershipChoice[];
  hear_about_us: HearAboutUs;
  additional_services: string[];
  /** Where the service form books; all locations when empty. */
  service_locations: FormChoice[];
  /** Registration states for the trade-in form; empty where plates are national (NZ). */
  states: string[];
}

/** Options with every switch off, for a region; `overrides` win. */
export function formOptions(overrides: Partial<FormOptions> = {}): FormOptions {
  const region = overrides.region ?? 'AU';
  return {
    region,
    phone_rule: regionDefaults[region].phone_rule,
    message_optional: false,
    remove_message: false,
    show_category: false,
    categories: [GENERAL_ENQUIRY],
    show_location: false,
    locations: [],
    show_preferred_dealership: false,
    dealerships: [],
    hear_about_us: 'none',
    additional_services: [],
    service_locations: [],
    states: [...STATES_BY_REGION[region]],
    ...overrides,
  };
}

/** A step's fields by name. */
export type FieldShape = Record<string, z.ZodMiniType>;

export interface FormStep {
  id: string;
  /** Step heading, in AU wording; islands pass it through `wording(locale)`. */
  title: string;
  /** Validates this step's fields; other fields in the form values are ignored. */
  schema: z.ZodMiniObject<FieldShape>;
  /** This step's field names, for react-hook-form's `trigger(fields)`. */
  fields: string[];
  /** True when the values already entered make this step irrelevant (finance without a trade-in). */
  skipWhen?: (values: Readonly<Record<string, unknown>>) => boolean;
}

export interface FormDefinition {
  form: FormKind;
  steps: FormStep[];
}

function step(id: string, title: string, shape: FieldShape, skipWhen?: FormStep['skipWhen']): FormStep {
  return { id, title, schema: z.object(shape), fields: Object.keys(shape), ...(skipWhen ? { skipWhen } : {}) };
}

/** Required when shown with something to choose; otherwise optional, but still one of the list when the list is known. */
function pickField(values: readonly string[], required: boolean) {
  if (values.length === 0) return optionalText(80, { multiline: false });
  return choiceField(values, { required });
}

const yearField = () => numberField({ min: FIRST_YEAR, max: lastModelYear() });

/**
 * Where shoppers read their odometer in miles (US), the lead records the unit beside the
 * reading, so "60,000" is never taken for kilometres; km sites' leads stay as they were.
 * Filled in by the schema itself: the form shows no field for it.
 */
function odometerUnitsField(options: FormOptions): FieldShape {
  const { distance } = regionTerms(options.region);
  return distance === 'km' ? {} : { odometer_units: z._default(choiceField([distance]), distance) };
}

/**
 * Category: one of the configured list when the form shows the select; otherwise the page's
 * own category (a vehicle enquiry, 'Competition Enquiry' for subscribe...), blank meaning
 * 'General Enquiry'.
 */
function categoryField(options: FormOptions) {
  if (options.show_category && options.categories.length > 0) {
    return z._default(choiceField(options.categories), GENERAL_ENQUIRY);
  }
  return z.pipe(
    optionalText(80, { multiline: false }),
    z.transform((v: string | undefined) => v || GENERAL_ENQUIRY),
  );
}

function messageField(options: FormOptions) {
  return options.message_optional || options.remove_message ? optionalText(MESSAGE_MAX) : requiredText(MESSAGE_MAX);
}

function preferredDealershipField(options: FormOptions) {
  const slugs = options.dealerships.map((d) => d.slug);
  return pickField(slugs, options.show_preferred_dealership && slugs.length > 1);
}

/**
 * The enquiry form's fields: name, phone and email always; message, category, location and
 * preferred dealership as the site shows and requires them.
 */
export function enquiryShape(options: FormOptions) {
  const locationIds = options.locations.map((l) => l.id);
  return {
    name: nameField(),
    phone: phoneField(options.phone_rule),
    email: emailField(),
    message: messageField(options),
    category: categoryField(options),
    subcategory: optionalText(100, { multiline: false }),
    location: pickField(locationIds, options.show_location),
    preferred_dealership: preferredDealershipField(options),
    opt_in: consentField(),
    rego: regoField({ required: false }),
    hear_about_us: choiceField(HEAR_ABOUT_US_OPTIONS[options.hear_about_us], { required: false }),
    additional_services: choicesField(options.additional_services),
    terms_conditions: optionalCheckboxField(),
  };
}

export function enquirySchema(options: FormOptions) {
  return z.object(enquiryShape(options));
}
export type EnquiryInput = z.input<ReturnType<typeof enquirySchema>>;
export type EnquiryValues = z.output<ReturnType<typeof enquirySchema>>;

/** `privacy_consent`: the finance application's privacy and credit-enquiry box, which must be ticked to apply. */
function userDetails(options: FormOptions, extra: { middle_name?: boolean; postcode?: boolean; privacy_consent?: boolean }): FieldShape {
  return {
    first_name: nameField(),
    ...(extra.middle_name ? { middle_name: nameField({ required: false }) } : {}),
    last_name: nameField(),
    email: emailField(),
    phone: phoneField(options.phone_rule),
    ...(extra.postcode ? { postcode: postcodeField({ region: options.region }) } : {}),
    opt_in: consentField(),
    ...(extra.privacy_consent ? { terms_conditions: requiredCheckboxField(FINANCE_CONSENT_MESSAGE) } : {}),
  };
}

const saysNo = (value: unknown): boolean => value === false || (typeof value === 'string' && /^\s*(?:no|false)\s*$/i.test(value));

function financeSteps(options: FormOptions): FormStep[] {
  const money = { min: 0, max: PRICE_MAX, currency: true } as const;
  return [
    step('loan', 'Your Loan', {
      vehiclePriceBudget: numberField(money),
      deposit: optionalNumberField(money),
      loan_term_years: numberField(LOAN_TERM_YEARS),
      has_trade_in: yesNoField(),
      preferredDealership: preferredDealershipField(options),
    }),
    step(
      'trade_in',
      'Trade-in',
      {
        trade_in_make: requiredText(60),
        trade_in_model: requiredText(60),
        trade_in_year: yearField(),
        trade_in_km: numberField({ min: 0, max: KM_MAX }),
        ...odometerUnitsField(options),
      },
      (values) => saysNo(values.has_trade_in),
    ),
    step('employment', 'Employment', {
      employment_status: choiceField(EMPLOYMENT_STATUSES),
      employer: optionalText(100),
      years_employed: optionalNumberField({ min: 0, max: 60, integer: false }),
      annual_income: numberField({ min: 0, max: INCOME_MAX, currency: true }),
    }),
    step('user_details', 'User Details', userDetails(options, { middle_name: true, postcode: true, privacy_consent: true })),
  ];
}

/**
 * A workshop service: the car, the service and where, a time from GET /api/service-slots for that
 * location, then who is booking. The schema takes any well-formed date and time; the server checks
 * the time against the location's free slots when the lead arrives (leads/server/booking-check.ts).
 */
function serviceSteps(options: FormOptions): FormStep[] {
  const places = (options.service_locations.length > 0 ? options.service_locations : options.locations).map((l) => l.id);
  return [
    step('vehicle', 'Your Vehicle', {
      rego: regoField({ required: false }),
      make: requiredText(60),
      model: requiredText(60),
      year: yearField(),
      odometer: optionalNumberField({ min: 0, max: KM_MAX }),
      ...odometerUnitsField(options),
    }),
    step('service', 'Service', {
      location_id: pickField(places, true),
      service_type: choiceField(SERVICE_TYPES),
      additional_services: choicesField(options.additional_services),
      notes: optionalText(MESSAGE_MAX),
    }),
    step('date_time', 'Date & Time', { booking_date: dateField(), booking_time: timeField() }),
    step('user_details', 'User Details', userDetails(options, {})),
  ];
}

/**
 * A test drive of one car (the lead carries its car_id): a time at the sales location that has the
 * car, from GET /api/appointment-slots, then who is coming. The location is the page's, not a
 * choice; the server checks the time against the location's free slots when the lead arrives.
 */
function testDriveSteps(options: FormOptions): FormStep[] {
  return [
    step('date_time', 'Date & Time', { location_id: requiredText(40), booking_date: dateField(), booking_time: timeField() }),
    step('user_details', 'User Details', { ...userDetails(options, {}), notes: optionalText(MESSAGE_MAX) }),
  ];
}

function tradeInSteps(options: FormOptions): FormStep[] {
  return [
    step('car', 'Your Car', {
      rego: regoField(),
      regoState: choiceField(options.states, { required: options.states.length > 0 }),
    }),
    step('vehicle_details', 'Vehicle Details', {
      make: requiredText(60),
      model: requiredText(60),
      year: yearField(),
      variant: optionalText(100),
      km: numberField({ min: 0, max: KM_MAX }),
      ...odometerUnitsField(options),
    }),
    step('condition', 'Condition', {
      adjustmentAnswers: z.strictObject(
        {
          two_sets_of_keys: yesNoField(),
          service_history: yesNoField(),
          no_illegal_modifications: yesNoField(),
          condition: choiceField(CAR_CONDITIONS),
        },
        { error: REQUIRED_MESSAGE },
      ),
    }),
    step('user_details', 'User Details', userDetails(options, { postcode: true })),
  ];
}

function buildDefinition(form: FormKind, options: FormOptions): FormDefinition {
  switch (form) {
    case 'enquiry':
      return { form, steps: [step('enquiry', 'Enquiry', enquiryShape(options))] };
    case 'finance':
      return { form, steps: financeSteps(options) };
    case 'service':
      return { form, steps: serviceSteps(options) };
    case 'trade_in':
      return { form, steps: tradeInSteps(options) };
    case 'test_drive':
      return { form, steps: testDriveSteps(options) };
  }
}

// Building zod schemas costs milliseconds (zod compiles each object schema on first use), so
// the API reuses a definition for every lead of the same dealer and form. Bounded, since
// page overrides make a few option sets per dealer.
const DEFINITIONS_MAX = 200;
const definitions = new Map<string, Readonly<FormDefinition>>();

/**
 * A form's steps, built for one dealer's options. Definitions are shared between callers with
 * equal options: treat them as read-only.
 */
export function formDefinition(form: FormKind, options: FormOptions): Readonly<FormDefinition> {
  const key = definitionKey(form, options);
  let definition = definitions.get(key);
  if (!definition) {
    const built = buildDefinition(form, options);
    definition = Object.freeze({ form: built.form, steps: Object.freeze(built.steps) as FormStep[] });
    if (definitions.size >= DEFINITIONS_MAX) definitions.clear();
    definitions.set(key, definition);
  }
  return definition;
}

/**
 * The key formDefinition caches under, for callers that cache what they build on top of it.
 * The year is part of it so a long-running server takes next year's models on 1 January.
 */
export function definitionKey(form: FormKind, options: FormOptions): string {
  return `${form}\u0000${lastModelYear()}\u0000${JSON.stringify(options)}`;
}

export function isFormKind(value: unknown): value is FormKind {
  return typeof value === 'string' && (FORM_KINDS as readonly string[]).includes(value);
}

/** The subscribe and newsletter forms have no message; the API knows them by category or subcategory. */
export function isSubscribeCategory(category: unknown, subcategory?: unknown): boolean {
  return category === COMPETITION_ENQUIRY || subcategory === NEWSLETTER_SUBCATEGORY;
}
