import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod/mini';
import { FORM_KINDS, HEAR_ABOUT_US_OPTIONS, enquirySchema, formDefinition, formOptions, lastModelYear, type FormKind, type FormOptions } from './forms';
import { ALPHABETICAL_MESSAGE, CHOICE_MESSAGE, REQUIRED_MESSAGE } from './messages';

function errors(schema: z.ZodMiniType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) out[issue.path.join('.')] ??= issue.message;
  return out;
}

const enquiry = { name: 'Jane Citizen', phone: '0412 345 678', email: 'jane@example.com', message: 'Is it still available?' };

describe('formDefinition', () => {
  it('knows the five forms', () => {
    expect(FORM_KINDS).toEqual(['enquiry', 'finance', 'service', 'trade_in', 'test_drive']);
  });

  // The contract table in docs/decisions/leads.md, step by step.
  it.each([
    [
      'enquiry',
      [
        [
          'Enquiry',
          [
            'name',
            'phone',
            'email',
            'message',
            'category',
            'subcategory',
            'location',
            'preferred_dealership',
            'opt_in',
            'rego',
            'hear_about_us',
            'additional_services',
            'terms_conditions',
          ],
        ],
      ],
    ],
    [
      'finance',
      [
        ['Your Loan', ['vehiclePriceBudget', 'deposit', 'loan_term_years', 'has_trade_in', 'preferredDealership']],
        ['Trade-in', ['trade_in_make', 'trade_in_model', 'trade_in_year', 'trade_in_km']],
        ['Employment', ['employment_status', 'employer', 'years_employed', 'annual_income']],
        ['User Details', ['first_name', 'middle_name', 'last_name', 'email', 'phone', 'postcode', 'opt_in', 'terms_conditions']],
      ],
    ],
    [
      'test_drive',
      [
        ['Date & Time', ['location_id', 'booking_date', 'booking_time']],
        ['User Details', ['first_name', 'last_name', 'email', 'phone', 'opt_in', 'notes']],
      ],
    ],
    [
      'service',
      [
        ['Your Vehicle', ['rego', 'make', 'model', 'year', 'odometer']],
        ['Service', ['location_id', 'service_type', 'additional_services', 'notes']],
        ['Date & Time', ['booking_date', 'booking_time']],
        ['User Details', ['first_name', 'last_name', 'email', 'phone', 'opt_in']],
      ],
    ],
    [
      'trade_in',
      [
        ['Your Car', ['rego', 'regoState']],
        ['Vehicle Details', ['make', 'model', 'year', 'variant', 'km']],
        ['Condition', ['adjustmentAnswers']],
        ['User Details', ['first_name', 'last_name', 'email', 'phone', 'postcode', 'opt_in']],
      ],
    ],
  ] as const)('%s has the contract’s steps and fields', (form, steps) => {
    const definition = formDefinition(form, formOptions());
    expect(definition.form).toBe(form);
    expect(definition.steps.map((s) => [s.title, s.fields])).toEqual(steps);
    for (const step of definition.steps) expect(Object.keys(step.schema.shape)).toEqual(step.fields);
    expect(new Set(definition.steps.map((s) => s.id)).size).toBe(steps.length);
  });
});

describe('enquiry', () => {
  const schema = (options: Partial<FormOptions> = {}) => enquirySchema(formOptions(options));

  it('needs name, phone, email and message; opt_in has no default', () => {
    expect(errors(schema(), {})).toEqual({ name: REQUIRED_MESSAGE, phone: REQUIRED_MESSAGE, email: REQUIRED_MESSAGE, message: REQUIRED_MESSAGE });
    const parsed = schema().parse(enquiry);
    expect(parsed).toMatchObject({ phone: '0412345678', category: 'General Enquiry', additional_services: [] });
    expect(parsed).not.toHaveProperty('opt_in');
  });

  it('lets the site relax the message, and subscribe forms drop it', () => {
    const { message: _message, ...noMessage } = enquiry;
    expect(errors(schema({ message_optional: true }), noMessage)).toEqual({});
    expect(errors(schema({ remove_message: true }), noMessage)).toEqual({});
  });

  it('needs a category from the list when it shows one, General Enquiry by default', () => {
    const options = { show_category: true, categories: ['General Enquiry', 'Sales Enquiry', 'Careers Enquiry'] };
    expect(schema(options).parse(enquiry).category).toBe('General Enquiry');
    expect(schema(options).parse({ ...enquiry, category: 'Sales Enquiry' }).category).toBe('Sales Enquiry');
    expect(errors(schema(options), { ...enquiry, category: '' })).toEqual({ category: REQUIRED_MESSAGE });
    expect(errors(schema(options), { ...enquiry, category: 'Spam' })).toEqual({ category: CHOICE_MESSAGE });
    // Hidden, the page sets its own (a vehicle enquiry, say).
    expect(schema().parse({ ...enquiry, category: 'used-vehicle-enquiry' }).category).toBe('used-vehicle-enquiry');
    expect(schema().parse({ ...enquiry, category: '' }).category).toBe('General Enquiry');
  });

  it('needs a location when it shows the select', () => {
    const locations = [
      { id: '1', name: 'North' },
      { id: '2', name: 'South' },
    ];
    expect(errors(schema({ show_location: true, locations }), enquiry)).toEqual({ location: REQUIRED_MESSAGE });
    expect(errors(schema({ show_location: true, locations }), { ...enquiry, location: '2' })).toEqual({});
    expect(errors(schema({ locations }), enquiry)).toEqual({});
    expect(errors(schema({ locations }), { ...enquiry, location: '9' })).toEqual({ location: CHOICE_MESSAGE });
  });

  it('needs a preferred dealership only when shown and there is a choice', () => {
    const one = [{ slug: 'north', name: 'North' }];
    const two = [...one, { slug: 'south', name: 'South' }];
    expect(errors(schema({ show_preferred_dealership: true, dealerships: two }), enquiry)).toEqual({ preferred_dealership: REQUIRED_MESSAGE });
    expect(errors(schema({ show_preferred_dealership: true, dealerships: two }), { ...enquiry, preferred_dealership: 'south' })).toEqual({});
    expect(errors(schema({ show_preferred_dealership: true, dealerships: one }), enquiry)).toEqual({});
    expect(errors(schema({ dealerships: two }), enquiry)).toEqual({});
    expect(errors(schema({ dealerships: two }), { ...enquiry, preferred_dealership: 'west' })).toEqual({ preferred_dealership: CHOICE_MESSAGE });
  });

  it('offers the configured where-did-you-hear list', () => {
    expect(HEAR_ABOUT_US_OPTIONS.standard).toEqual([
      'Facebook Marketplace',
      'Facebook',
      'Instagram',
      'Google',
      'Word of Mouth',
      'Car Sales',
      'Repeat Customer',
      'Other',
    ]);
    expect(HEAR_ABOUT_US_OPTIONS.alternate).toEqual([
      'Meta',
      'Google Search/Ads',
      'Cinema',
      'Radio',
      'Outdoor/Shopping Centre',
      'Referral/Word of Mouth',
      'Other',
    ]);
    expect(errors(schema({ hear_about_us: 'standard' }), { ...enquiry, hear_about_us: 'Car Sales' })).toEqual({});
    expect(errors(schema({ hear_about_us: 'standard' }), { ...enquiry, hear_about_us: '' })).toEqual({});
    expect(errors(schema({ hear_about_us: 'alternate' }), { ...enquiry, hear_about_us: 'Car Sales' })).toEqual({ hear_about_us: CHOICE_MESSAGE });
    expect(errors(schema(), { ...enquiry, hear_about_us: 'Google' })).toEqual({ hear_about_us: CHOICE_MESSAGE });
  });

  it('takes additional services from the configured list only', () => {
    const options = { additional_services: ['Tint', 'Paint protection'] };
    expect(schema(options).parse({ ...enquiry, additional_services: ['Tint'] }).additional_services).toEqual(['Tint']);
    expect(errors(schema(options), { ...enquiry, additional_services: ['Tint', 'Free car'] })).toEqual({ additional_services: CHOICE_MESSAGE });
  });

  it('keeps rego and terms optional, and checks the name', () => {
    expect(schema().parse({ ...enquiry, rego: 'abc 123', terms_conditions: true })).toMatchObject({ rego: 'ABC123', terms_conditions: true });
    expect(errors(schema(), { ...enquiry, name: 'J4ne' })).toEqual({ name: ALPHABETICAL_MESSAGE });
  });
});

describe('multi-step forms', () => {
  const stepOf = (form: FormKind, id: string, options: Partial<FormOptions> = {}) => {
    const step = formDefinition(form, formOptions(options)).steps.find((s) => s.id === id);
    if (!step) throw new Error(`no step ${id}`);
    return step;
  };

  it('finance: reads money and terms typed into inputs', () => {
    const loan = stepOf('finance', 'loan');
    expect(loan.schema.parse({ vehiclePriceBudget: '$35,000', deposit: '', loan_term_years: '5', has_trade_in: 'yes' })).toEqual({
      vehiclePriceBudget: 35000,
      deposit: undefined,
      loan_term_years: 5,
      has_trade_in: true,
      preferredDealership: undefined,
    });
    expect(errors(loan.schema, { vehiclePriceBudget: 'a lot', loan_term_years: '9', has_trade_in: '' })).toEqual({
      vehiclePriceBudget: 'Please enter a number.',
      loan_term_years: 'Please enter a number from 1 to 7.',
      has_trade_in: REQUIRED_MESSAGE,
    });
  });

  it('records miles beside every odometer reading on US sites, and nothing extra on km sites', () => {
    const readings = [
      ['finance', 'trade_in', { trade_in_make: 'Ford', trade_in_model: 'F-150', trade_in_year: '2019', trade_in_km: '60,000' }],
      ['service', 'vehicle', { make: 'Ford', model: 'F-150', year: '2019', odometer: '60000' }],
      ['trade_in', 'vehicle_details', { make: 'Ford', model: 'F-150', year: '2019', km: '60000' }],
    ] as const;
    for (const [form, id, values] of readings) {
      expect(stepOf(form, id, { region: 'US' }).schema.parse(values)).toMatchObject({ odometer_units: 'miles' });
      expect(errors(stepOf(form, id, { region: 'US' }).schema, { ...values, odometer_units: 'km' })).toEqual({ odometer_units: CHOICE_MESSAGE });
      expect(stepOf(form, id, { region: 'AU' }).schema.parse(values)).not.toHaveProperty('odometer_units');
    }
  });

  it('finance: the trade-in step is skipped without a trade-in', () => {
    const tradeIn = stepOf('finance', 'trade_in');
    expect(tradeIn.skipWhen?.({ has_trade_in: 'no' })).toBe(true);
    expect(tradeIn.skipWhen?.({ has_trade_in: false })).toBe(true);
    expect(tradeIn.skipWhen?.({ has_trade_in: 'yes' })).toBe(false);
    expect(tradeIn.skipWhen?.({})).toBe(false);
    expect(errors(tradeIn.schema, { trade_in_make: 'Mazda', trade_in_model: '3', trade_in_year: '1949', trade_in_km: '80000' })).toEqual({
      trade_in_year: `Please enter a number from 1950 to ${lastModelYear()}.`,
    });
  });

  it('finance: employment status from the list, middle name optional', () => {
    expect(errors(stepOf('finance', 'employment').schema, { employment_status: 'Astronaut', annual_income: '90000' })).toEqual({
      employment_status: CHOICE_MESSAGE,
    });
    const details = stepOf('finance', 'user_details').schema;
    expect(
      errors(details, {
        first_name: 'Jane',
        middle_name: '',
        last_name: 'Citizen',
        email: 'jane@example.com',
        phone: '0412345678',
        postcode: '4000',
        terms_conditions: true,
      }),
    ).toEqual({});
  });

  it('finance: the privacy and credit-enquiry box must be ticked to apply', () => {
    // The words the shopper reads under the box, not the constant the schema reads them from.
    const untickedMessage = 'Please tick the box to agree to the privacy policy and the credit enquiry before you apply.';
    const details = stepOf('finance', 'user_details').schema;
    const person = { first_name: 'Jane', last_name: 'Citizen', email: 'jane@example.com', phone: '0412345678', postcode: '4000' };
    expect(errors(details, { ...person, terms_conditions: false })).toEqual({ terms_conditions: untickedMessage });
    expect(errors(details, person)).toEqual({ terms_conditions: untickedMessage });
    expect(errors(details, { ...person, terms_conditions: 'true' })).toEqual({ terms_conditions: untickedMessage });
    // The enquiry form's terms box stays optional.
    expect(errors(enquirySchema(formOptions({})), { ...enquiry, terms_conditions: false })).toEqual({});
  });

  it('service: books at a service location, else any location', () => {
    const service = { service_type: 'Brakes' };
    const locations = [{ id: '1', name: 'Sales' }];
    const serviceLocations = [{ id: '2', name: 'Service' }];
    expect(errors(stepOf('service', 'service', { locations, service_locations: serviceLocations }).schema, { ...service, location_id: '1' })).toEqual({
      location_id: 'Please choose one of the options.',
    });
    expect(errors(stepOf('service', 'service', { locations, service_locations: serviceLocations }).schema, { ...service, location_id: '2' })).toEqual({});
    expect(errors(stepOf('service', 'service', { locations }).schema, { ...service, location_id: '1' })).toEqual({});
    expect(errors(stepOf('service', 'service', { locations }).schema, service)).toEqual({ location_id: REQUIRED_MESSAGE });
  });

  it('service: date and time as the inputs give them', () => {
    expect(errors(stepOf('service', 'date_time').schema, { booking_date: '2026-03-02', booking_time: '09:30' })).toEqual({});
    expect(errors(stepOf('service', 'date_time').schema, {})).toEqual({ booking_date: REQUIRED_MESSAGE, booking_time: REQUIRED_MESSAGE });
  });

  it('trade-in: a state for the plate where states register them', () => {
    expect(errors(stepOf('trade_in', 'car').schema, { rego: 'ABC123' })).toEqual({ regoState: REQUIRED_MESSAGE });
    expect(errors(stepOf('trade_in', 'car').schema, { rego: 'ABC123', regoState: 'QLD' })).toEqual({});
    expect(errors(stepOf('trade_in', 'car', { region: 'NZ' }).schema, { rego: 'ABC123', regoState: '' })).toEqual({});
    expect(errors(stepOf('trade_in', 'car', { region: 'US' }).schema, { rego: 'ABC123', regoState: 'TX' })).toEqual({});
  });

  it('trade-in: the condition answers', () => {
    const condition = stepOf('trade_in', 'condition').schema;
    expect(
      condition.parse({ adjustmentAnswers: { two_sets_of_keys: 'yes', service_history: true, no_illegal_modifications: 'no', condition: 'Good' } }),
    ).toEqual({ adjustmentAnswers: { two_sets_of_keys: true, service_history: true, no_illegal_modifications: false, condition: 'Good' } });
    expect(errors(condition, {})).toEqual({ adjustmentAnswers: REQUIRED_MESSAGE });
    expect(
      errors(condition, {
        adjustmentAnswers: { two_sets_of_keys: 'yes', service_history: 'yes', no_illegal_modifications: 'yes', condition: 'Mint' },
      }),
    ).toEqual({
      'adjustmentAnswers.condition': CHOICE_MESSAGE,
    });
  });
});

describe('formOptions', () => {
  it('defaults by region', () => {
    expect(formOptions()).toMatchObject({ region: 'AU', phone_rule: 'au', states: ['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA'] });
    expect(formOptions({ region: 'NZ' })).toMatchObject({ phone_rule: 'nz', states: [] });
    expect(formOptions({ region: 'US' }).phone_rule).toBe('us');
    expect(formOptions({ region: 'US' }).states).toContain('TX');
  });
});

describe('browser bundle', () => {
  // Islands import forms.ts: the dealer schema (and its zod config tree) must stay out of it.
  it('reaches the dealer schema only through type imports', () => {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const source = readFileSync(file, 'utf8');
      for (const match of source.matchAll(/^import\s+(type\s+)?[^;]*?from\s+'(\.[^']+)';/gms)) {
        const [, typeOnly, specifier] = match;
        if (typeOnly || !specifier) continue;
        visit(resolve(dirname(file), `${specifier}.ts`));
      }
    };
    visit(resolve(import.meta.dirname, 'forms.ts'));
    const files = [...seen].map((f) => f.replace(`${resolve(import.meta.dirname, '../..')}/`, ''));
    expect(files).not.toContain('platform/config/schema.ts');
    expect(files.sort()).toEqual([
      'leads/model/category.ts',
      'leads/model/fields.ts',
      'leads/model/forms.ts',
      'leads/model/messages.ts',
      'leads/model/phone.ts',
      'platform/config/regions.ts',
      'platform/formats/person-name.ts',
      'platform/formats/phone.ts',
      'platform/formats/postcode.ts',
      'platform/formats/region-terms.ts',
      'platform/formats/unsafe-text.ts',
      'platform/web/event-ids.ts',
    ]);
  });
});
