/**
 * Properties of parseLeadRequest over generated payloads, for every form: it never throws,
 * valid leads pass, and every rejection names at least one field. PROPERTY_RUNS sets the
 * number of cases (1,000 by default; the bench runs 10,000).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PhoneRule } from '../../platform/config/schema';
import { hasUnsafeCharacters } from './fields';
import {
  CAR_CONDITIONS,
  EMPLOYMENT_STATUSES,
  FORM_CATEGORIES,
  FORM_KINDS,
  HEAR_ABOUT_US_OPTIONS,
  SERVICE_TYPES,
  formOptions,
  lastModelYear,
  type FormKind,
  type FormOptions,
} from './forms';
import { stepNumberOf } from './multi-step';
import { parseLeadRequest, type LeadParseResult } from './payload';
import { propertyRuns } from '../../../tests/support/property-runs';

const numRuns = propertyRuns();
// Generous: the bench's 10,000 runs of every form take a while on a shared 2-core machine.
const TIMEOUT = Math.max(60_000, numRuns * 60);

type Lead = Record<string, unknown>;

// ---------------------------------------------------------------------------
// Dealer options
// ---------------------------------------------------------------------------

const choiceName = fc.stringMatching(/^[A-Z][a-z]{2,10}(?: [A-Z][a-z]{2,10})?$/);
const slug = fc.stringMatching(/^[a-z0-9]{1,10}(?:-[a-z0-9]{1,10}){0,2}$/);

const anyOptions: fc.Arbitrary<FormOptions> = fc
  .record({
    region: fc.constantFrom('AU', 'NZ', 'US'),
    phone_rule: fc.constantFrom<PhoneRule>('au', 'au_mobile', 'au_nz_uk', 'nz', 'us'),
    message_optional: fc.boolean(),
    show_category: fc.boolean(),
    categories: fc.uniqueArray(choiceName, { minLength: 1, maxLength: 6 }),
    show_location: fc.boolean(),
    locations: fc.uniqueArray(fc.record({ id: fc.stringMatching(/^[0-9]{1,4}$/), name: choiceName }), { maxLength: 5, selector: (l) => l.id }),
    show_preferred_dealership: fc.boolean(),
    dealerships: fc.uniqueArray(fc.record({ slug, name: choiceName }), {
      maxLength: 4,
      selector: (d) => d.slug,
    }),
    hear_about_us: fc.constantFrom('none', 'standard', 'alternate'),
    additional_services: fc.uniqueArray(choiceName, { maxLength: 5 }),
    service_locations: fc.uniqueArray(fc.record({ id: fc.stringMatching(/^[0-9]{1,4}$/), name: choiceName }), {
      maxLength: 3,
      selector: (l) => l.id,
    }),
  })
  .map((picked) => formOptions(picked));

// A fixed pool of dealers rather than fresh options every run: building a dealer's schemas
// costs milliseconds (the API caches them the same way), and 40 dealers cover the switches.
const optionPool = [formOptions(), formOptions({ region: 'NZ' }), formOptions({ region: 'US' }), ...fc.sample(anyOptions, { numRuns: 37, seed: 20251121 })];
const optionsArb = fc.constantFrom(...optionPool);

// ---------------------------------------------------------------------------
// Field values a shopper could type
// ---------------------------------------------------------------------------

const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
const pad = fc.constantFrom('', ' ', '  ');
const padded = (arb: fc.Arbitrary<string>) => fc.tuple(pad, arb, pad).map(([a, v, b]) => `${a}${v}${b}`);

const letter = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZàéîõüñçøåæßÉÅŁŻЖждλπ李明'.split(''), 'e\u0301');
const word = fc.string({ unit: letter, minLength: 1, maxLength: 15 });
// Names as people have them: "O'Brien", "D’Arcy", "Anne-Marie", "Jr." (model/fields.ts nameField).
const nameWord = fc.tuple(fc.constantFrom('', "O'", 'D’'), word, fc.constantFrom('', '.')).map(([before, w, after]) => `${before}${w}${after}`);
const personName = padded(
  fc
    .array(fc.tuple(fc.constantFrom(' ', '-'), nameWord), { minLength: 1, maxLength: 3 })
    .map((parts) => parts.map(([joint, w], i) => (i === 0 ? w : `${joint}${w}`)).join('')),
);

const email = padded(fc.stringMatching(/^[a-z0-9](?:[a-z0-9._+-]{0,15}[a-z0-9])?@[a-z0-9]{1,10}(?:-[a-z0-9]{1,5})?(?:\.[a-z0-9]{1,8}){0,2}\.[a-z]{2,6}$/));

const hostileText = fc.constantFrom(
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '=HYPERLINK("http://evil.example")',
  '+1+1',
  "'; DROP TABLE leads; --",
  ']]></comments><vehicle>',
  '{{constructor.constructor("alert(1)")()}}',
  'Ωmega 🚗 ﷽ Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǫ̗',
);
const freeText = (max: number) =>
  fc
    .oneof(
      fc.string({
        unit: 'grapheme',
        minLength: 1,
        maxLength: Math.min(max, 300),
      }),
      hostileText,
    )
    .filter((text) => text.trim().length > 0 && text.trim().length <= max && !hasUnsafeCharacters(text));
const lineText = (max: number) => freeText(max).filter((text) => !hasUnsafeCharacters(text, false));

// Arbitraries are built once: building a string arbitrary costs more than drawing from it.
const digitStrings = new Map<number, fc.Arbitrary<string>>();
function digits(n: number): fc.Arbitrary<string> {
  let arb = digitStrings.get(n);
  if (!arb) {
    arb = fc.stringMatching(new RegExp(`^[0-9]{${n}}$`));
    digitStrings.set(n, arb);
  }
  return arb;
}
const spaced = (national: string) => national.replace(/^(\d{4})(\d{3})(\d+)$/, '$1 $2 $3');

/** A valid national number for the rule, and the country code it may be written with. */
function nationalNumber(rule: PhoneRule): fc.Arbitrary<[national: string, code: string]> {
  const au = fc.tuple(fc.constantFrom('2', '3', '4', '5', '7', '8'), digits(8)).map(([a, b]): [string, string] => [`0${a}${b}`, '61']);
  const auMobile = digits(8).map((d): [string, string] => [`04${d}`, '61']);
  const nz = fc
    .tuple(fc.constantFrom('2', '3', '4', '6', '7', '9'), fc.integer({ min: 7, max: 9 }).chain(digits))
    .map(([a, b]): [string, string] => [`0${a}${b}`, '64']);
  const uk = fc.tuple(fc.integer({ min: 1, max: 9 }), fc.integer({ min: 8, max: 9 }).chain(digits)).map(([a, b]): [string, string] => [`0${a}${b}`, '44']);
  switch (rule) {
    case 'au':
      return au;
    case 'au_mobile':
      return auMobile;
    case 'au_nz_uk':
      return fc.oneof(au, nz, uk);
    case 'nz':
      return nz;
    case 'us':
      return fc.tuple(fc.integer({ min: 1, max: 9 }), fc.integer({ min: 9, max: 10 }).chain(digits)).map(([a, b]): [string, string] => [`${a}${b}`, '']);
  }
}

/** The number as a shopper might type it: spaced, bracketed, international. */
function phone(rule: PhoneRule): fc.Arbitrary<string> {
  const typed = nationalNumber(rule).chain(([national, code]) => {
    const rest = national.slice(1);
    const ways =
      rule === 'us'
        ? [national, national.replace(/(\d{3})(\d{3})(\d{4})$/, '$1.$2.$3'), national.replace(/(\d{3})(\d{3})(\d{4})$/, '($1) $2-$3')]
        : rule === 'nz'
          ? // NZ entries must stay under 15 characters as typed.
            [national, `+${code}${rest}`, `00${code}${rest}`, national.replace(/^(\d{3})(\d{3})/, '$1 $2 ')].filter((way) => way.length < 15)
          : [national, spaced(national), `+${code} ${rest}`, `00${code}${rest}`, `${code}${rest}`, `(${national.slice(0, 2)}) ${national.slice(2)}`];
    return fc.constantFrom(...ways);
  });
  return fc.oneof({ weight: 9, arbitrary: typed }, { weight: 1, arbitrary: fc.constantFrom('0400000000', '0400 000 000') });
}

const postcode = (options: FormOptions) => (options.region === 'US' ? fc.stringMatching(/^[0-9]{5}(?:-[0-9]{4})?$/) : digits(4));
const money = fc.oneof(
  fc.integer({ min: 0, max: 1_000_000 }),
  fc.integer({ min: 0, max: 1_000_000 }).map((n) => `$${n.toLocaleString('en-US')}`),
);
const km = fc.oneof(
  fc.integer({ min: 0, max: 1_000_000 }),
  fc.integer({ min: 0, max: 1_000_000 }).map((n) => n.toLocaleString('en-US')),
);
const year = fc.integer({ min: 1950, max: lastModelYear() }).chain((y) => fc.constantFrom<number | string>(y, String(y)));
const yesNo = fc.constantFrom(true, false, 'yes', 'no', 'Yes', 'No');
const rego = fc.stringMatching(/^[A-Za-z0-9]{1,3}(?:[ -]?[A-Za-z0-9]{1,3}){0,2}$/).filter((r) => r.replace(/[ -]/g, '').length <= 10);
const isoDate = fc
  .date({
    min: new Date('2020-01-01T00:00:00Z'),
    max: new Date('2035-12-31T00:00:00Z'),
    noInvalidDate: true,
  })
  .map((d) => d.toISOString().slice(0, 10));
const time = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
  .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
const subset = (values: readonly string[]) => fc.subarray([...values]);
const oneOf = (values: readonly string[]) => (values.length > 0 ? fc.constantFrom(...values) : fc.constant(''));

// ---------------------------------------------------------------------------
// Valid leads
// ---------------------------------------------------------------------------

const context = fc.record(
  {
    website_slug: slug,
    dealership_slug: slug,
    url: fc
      .webUrl({
        validSchemes: ['http', 'https'],
        withQueryParameters: true,
        withFragments: true,
      })
      .filter((u) => u.length <= 2000),
    source: fc.constant('Website'),
    user_agent: lineText(500),
    visited_pages: fc.array(fc.stringMatching(/^\/(?:[a-z0-9-]{1,20}(?:\/[a-z0-9-]{1,20}){0,3})?$/), { maxLength: 50 }),
    linked_query_params: fc.dictionary(
      fc.stringMatching(/^[a-z_]{1,20}$/).filter((k) => !['constructor', 'prototype'].includes(k)),
      lineText(100),
      { maxKeys: 30 },
    ),
    page_id: fc.oneof(fc.nat(), fc.stringMatching(/^[A-Za-z0-9_-]{1,36}$/)),
    car_id: fc.oneof(fc.nat(), fc.uuid()),
    car_dealership_id: fc.oneof(fc.nat(), fc.stringMatching(/^[0-9]{1,6}$/)),
    location_id: fc.nat(),
    event_id: fc.constantFrom(22, 29, 39, 51),
    form_started_at: fc.integer({ min: 0, max: 4_000_000_000_000 }),
    company_website: fc.constant(''),
  },
  { requiredKeys: [] },
);

function enquiryFields(o: FormOptions): fc.Arbitrary<Lead> {
  const locations = o.locations.map((l) => l.id);
  const dealerships = o.dealerships.map((d) => d.slug);
  // The subscribe form files under 'Competition Enquiry' and shows no category select.
  const subscribe = o.show_category ? fc.constant(false) : fc.boolean();
  return fc.tuple(subscribe, fc.boolean()).chain(([isSubscribe, withOptional]) =>
    // Optional fields are drawn as maybe(...): undefined ones are left out of the lead.
    fc.record({
      name: personName,
      phone: phone(o.phone_rule),
      email,
      ...(isSubscribe || o.message_optional ? { message: maybe(freeText(5000)) } : { message: freeText(5000) }),
      category: isSubscribe
        ? fc.constant('Competition Enquiry')
        : o.show_category
          ? fc.constantFrom(...o.categories)
          : fc.constantFrom('General Enquiry', 'new-vehicle-enquiry', 'used-vehicle-enquiry', 'demo-vehicle-enquiry', 'Service Enquiry'),
      subcategory: maybe(lineText(100)),
      location: o.show_location && locations.length > 0 ? oneOf(locations) : maybe(oneOf(locations)),
      preferred_dealership: o.show_preferred_dealership && dealerships.length > 1 ? oneOf(dealerships) : maybe(oneOf(dealerships)),
      opt_in: maybe(fc.boolean()),
      rego: maybe(fc.oneof(rego, fc.constant(''))),
      hear_about_us: maybe(oneOf(HEAR_ABOUT_US_OPTIONS[o.hear_about_us])),
      additional_services: maybe(subset(o.additional_services)),
      terms_conditions: withOptional ? fc.boolean() : fc.constant(undefined),
    }),
  );
}

function userDetails(o: FormOptions, extra: { middle?: boolean; postcode?: boolean; terms?: boolean }) {
  return {
    first_name: personName,
    ...(extra.middle ? { middle_name: maybe(fc.oneof(personName, fc.constant(''))) } : {}),
    last_name: personName,
    email,
    phone: phone(o.phone_rule),
    ...(extra.postcode ? { postcode: postcode(o) } : {}),
    opt_in: fc.boolean(),
    // The finance privacy box must be ticked to apply: a valid lead always has it ticked.
    ...(extra.terms ? { terms_conditions: fc.constant(true) } : {}),
  };
}

/** Each step's fields, in step order. */
function stepFields(form: Exclude<FormKind, 'enquiry'>, o: FormOptions): fc.Arbitrary<Lead>[] {
  const dealerships = o.dealerships.map((d) => d.slug);
  const places = (o.service_locations.length > 0 ? o.service_locations : o.locations).map((l) => l.id);
  switch (form) {
    case 'finance':
      return [
        fc.record({
          vehiclePriceBudget: money,
          deposit: maybe(money),
          loan_term_years: fc.integer({ min: 1, max: 7 }).map(String),
          has_trade_in: yesNo,
          ...(o.show_preferred_dealership && dealerships.length > 1 ? { preferredDealership: oneOf(dealerships) } : {}),
        }),
        fc.record({
          trade_in_make: lineText(60),
          trade_in_model: lineText(60),
          trade_in_year: year,
          trade_in_km: km,
        }),
        fc.record({
          employment_status: fc.constantFrom(...EMPLOYMENT_STATUSES),
          employer: maybe(lineText(100)),
          years_employed: maybe(fc.constantFrom('0', '1.5', '12', 30)),
          annual_income: fc.oneof(fc.integer({ min: 0, max: 10_000_000 }), money),
        }),
        fc.record(userDetails(o, { middle: true, postcode: true, terms: true })),
      ];
    case 'service':
      return [
        fc.record({
          rego: maybe(rego),
          make: lineText(60),
          model: lineText(60),
          year,
          odometer: maybe(km),
        }),
        fc.record({
          ...(places.length > 0 ? { location_id: oneOf(places) } : { location_id: maybe(fc.stringMatching(/^[0-9]{1,4}$/)) }),
          service_type: fc.constantFrom(...SERVICE_TYPES),
          additional_services: subset(o.additional_services),
          notes: maybe(freeText(5000)),
        }),
        // Any well-formed date and time: the schema checks the shape; whether the location still
        // offers the time is the lead route's check (src/leads/server/booking-check.ts), tested there.
        fc.record({ booking_date: isoDate, booking_time: time }),
        fc.record(userDetails(o, {})),
      ];
    case 'trade_in':
      return [
        fc.record({ rego, regoState: oneOf(o.states) }),
        fc.record({
          make: lineText(60),
          model: lineText(60),
          year,
          variant: maybe(lineText(100)),
          km,
        }),
        fc.record({
          adjustmentAnswers: fc.record({
            two_sets_of_keys: yesNo,
            service_history: yesNo,
            no_illegal_modifications: yesNo,
            condition: fc.constantFrom(...CAR_CONDITIONS),
          }),
        }),
        fc.record(userDetails(o, { postcode: true })),
      ];
    case 'test_drive':
      return [
        fc.record({ location_id: fc.stringMatching(/^[0-9]{1,6}$/), booking_date: isoDate, booking_time: time }),
        fc.record({ ...userDetails(o, {}), notes: maybe(freeText(5000)) }),
      ];
  }
}

const saysNo = (v: unknown) => v === false || v === 'no' || v === 'No';

/** A multi-step save: Complete with every step, or Incomplete up to a step, with the step bookkeeping. */
function multiStepLead(form: Exclude<FormKind, 'enquiry'>, o: FormOptions): fc.Arbitrary<Lead> {
  const steps = stepFields(form, o);
  return fc
    .tuple(fc.tuple(...steps), fc.boolean(), fc.nat({ max: steps.length - 1 }), fc.constantFrom(...FORM_CATEGORIES[form]))
    .map(([values, complete, reached, category]) => {
      const last = complete ? steps.length - 1 : reached;
      const lead: Lead = {
        form,
        category,
        lead_status: complete ? 'Complete' : 'Incomplete',
        form_completed: complete,
      };
      if (!complete) lead.step_number = stepNumberOf(reached);
      const skipped: { from: number; to: number }[] = [];
      values.forEach((fields, i) => {
        const noTradeIn = form === 'finance' && i === 1 && saysNo(values[0]?.has_trade_in);
        if (noTradeIn) {
          if (last >= 2) skipped.push({ from: 0, to: 2 });
          return;
        }
        if (i <= last) Object.assign(lead, fields);
      });
      if (skipped.length > 0) lead.skipped_steps = skipped;
      return lead;
    });
}

function validLead(form: FormKind, o: FormOptions): fc.Arbitrary<Lead> {
  const fields = form === 'enquiry' ? enquiryFields(o).map((f) => ({ form, ...f })) : multiStepLead(form, o);
  return fc.tuple(context, fields).map(([c, f]) => {
    const lead: Lead = { ...c, ...f };
    for (const key of Object.keys(lead)) if (lead[key] === undefined) delete lead[key];
    return lead;
  });
}

// ---------------------------------------------------------------------------
// Hostile input
// ---------------------------------------------------------------------------

const hugeString = 'A'.repeat(1_000_000);
const hostileValue = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.anything({
      withBigInt: true,
      withDate: true,
      withMap: true,
      withSet: true,
      withNullPrototype: true,
      withObjectString: true,
      withTypedArray: true,
      withSparseArray: true,
      withBoxedValues: true,
      withUnicodeString: true,
      maxDepth: 4,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(hugeString, '\u0000', '\ud800', '\u202e', 'x'.repeat(5001), Number.NaN, Infinity, -0, [], {}, null),
  },
  { weight: 1, arbitrary: hostileText },
);
const hostileKey = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf', '', ' ', 'lead', hugeString.slice(0, 10_000)),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
);

/** Builds the body through JSON text, so keys such as "__proto__" arrive as own properties, as from a real request. */
function viaJson(lead: Lead, key: string, value: unknown): unknown {
  let text: string;
  try {
    text = JSON.stringify(value) ?? 'null';
  } catch {
    text = '"unserialisable"';
  }
  const rest = JSON.stringify(lead).slice(1);
  return JSON.parse(`{"lead":{${JSON.stringify(key)}:${text}${rest === '}' ? '}' : `,${rest}`}}`) as unknown;
}

function expectWellFormedRejection(result: LeadParseResult): void {
  if (result.ok) return;
  expect(typeof result.error).toBe('string');
  expect(result.error.length).toBeGreaterThan(0);
  const keys = Object.keys(result.fields);
  expect(keys.length).toBeGreaterThan(0);
  for (const key of keys) expect(key.length).toBeLessThanOrEqual(220);
}

// ---------------------------------------------------------------------------
// Properties
// ---------------------------------------------------------------------------

describe.each(FORM_KINDS)('parseLeadRequest properties: %s', (form) => {
  const leadsByDealer = optionPool.map((o) => fc.tuple(fc.constant(o), validLead(form, o)));
  const optionsAndLead = fc
    .nat({ max: optionPool.length - 1 })
    .chain((i) => leadsByDealer[i] ?? fc.constant(null))
    .filter((pair): pair is [FormOptions, Lead] => pair !== null);

  it(
    'accepts every valid lead',
    () => {
      fc.assert(
        fc.property(optionsAndLead, fc.constantFrom<'create' | 'update'>('create', 'update'), ([o, lead], mode) => {
          const result = parseLeadRequest(o, { lead }, mode);
          if (!result.ok) throw new Error(`refused a valid lead: ${JSON.stringify(result.fields)}\n${JSON.stringify(lead)}`);
          expect(result.lead.form).toBe(form);
          expect(result.lead.lead_status).toBe(lead.lead_status ?? 'Complete');
          for (const key of ['phone', 'email', 'name', 'first_name']) {
            if (typeof result.lead[key] === 'string') expect(result.lead[key]).toBe(result.lead[key].trim());
          }
          if (typeof result.lead.phone === 'string') expect(result.lead.phone).toMatch(/^\d+$/);
          // What was stored reads back the same (a careers enquiry's resolved category is
          // not on the select's list, so the select is left out of the second reading).
          const again = parseLeadRequest({ ...o, show_category: false }, { lead: result.lead }, 'update');
          expect(again).toEqual({ ok: true, lead: result.lead });
        }),
        { numRuns },
      );
    },
    TIMEOUT,
  );

  it(
    'never throws, and names a field for every rejection, when a field is replaced',
    () => {
      fc.assert(
        fc.property(optionsAndLead, hostileKey, hostileValue, fc.boolean(), ([o, lead], key, value, existing) => {
          const keys = Object.keys(lead);
          const target = existing && keys.length > 0 ? (keys[key.length % keys.length] ?? key) : key;
          expectWellFormedRejection(parseLeadRequest(o, viaJson(lead, target, value), 'create'));
          expectWellFormedRejection(parseLeadRequest(o, { lead: { ...lead, [target]: value } }, 'update'));
        }),
        { numRuns },
      );
    },
    TIMEOUT,
  );

  it(
    'never throws on anything at all',
    () => {
      fc.assert(
        fc.property(optionsArb, hostileValue, fc.dictionary(hostileKey, hostileValue, { maxKeys: 8 }), (o, anything, dictionary) => {
          for (const body of [anything, { lead: anything }, { lead: dictionary }, { lead: { ...dictionary, form } }]) {
            const result = parseLeadRequest(o, body, 'create');
            expectWellFormedRejection(result);
          }
        }),
        { numRuns },
      );
    },
    TIMEOUT,
  );
});
