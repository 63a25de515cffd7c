import { describe, expect, it } from 'vitest';
import { formOptions } from './forms';
import {
  ALPHABETICAL_MESSAGE,
  CHOICE_MESSAGE,
  CONTROL_CHARACTERS_MESSAGE,
  PHONE_AU_MESSAGE,
  REQUIRED_MESSAGE,
  UNKNOWN_FIELD_MESSAGE,
  tooLongMessage,
  tooManyMessage,
} from './messages';
import { parseLeadRequest, type LeadParseResult } from './payload';

const options = formOptions({ show_category: true, categories: ['General Enquiry', 'Sales Enquiry', 'Careers Enquiry'] });

const enquiry = {
  form: 'enquiry',
  website_slug: 'kingfisher-toyota',
  dealership_slug: 'kingfisher-toyota',
  url: 'https://www.kingfishertoyota.com.au/cars/2021-toyota-corolla?utm_source=google',
  source: 'Website',
  user_agent: 'Mozilla/5.0 (X11; Linux x86_64)',
  visited_pages: ['/', '/cars/2021-toyota-corolla'],
  linked_query_params: { utm_source: 'google', gclid: 'abc123' },
  page_id: 'page-1',
  car_id: 12345,
  car_dealership_id: '77',
  category: 'General Enquiry',
  event_id: 22,
  form_started_at: 1763700000000,
  company_website: '',
  name: 'Jane Citizen',
  phone: '+61 412 345 678',
  email: 'jane@example.com',
  message: 'Is it still <b>available</b>?',
  opt_in: false,
};

const finance = {
  form: 'finance',
  vehiclePriceBudget: '$35,000',
  deposit: '5000',
  loan_term_years: '5',
  has_trade_in: 'yes',
  trade_in_make: 'Mazda',
  trade_in_model: '3',
  trade_in_year: '2015',
  trade_in_km: '120,000',
  employment_status: 'Full time',
  employer: 'Acme',
  years_employed: '3',
  annual_income: '$90,000',
  first_name: 'Jane',
  last_name: 'Citizen',
  email: 'jane@example.com',
  phone: '0412 345 678',
  postcode: '4000',
  opt_in: true,
  terms_conditions: true,
};

function fieldsOf(result: LeadParseResult): Record<string, string> {
  return result.ok ? {} : result.fields;
}

function leadOf(result: LeadParseResult) {
  if (!result.ok) throw new Error(`expected a lead, got ${JSON.stringify(result.fields)}`);
  return result.lead;
}

describe('parseLeadRequest: an enquiry', () => {
  it('gives the validated lead with context defaults', () => {
    const lead = leadOf(parseLeadRequest(options, { lead: enquiry }, 'create'));
    expect(lead).toMatchObject({
      form: 'enquiry',
      phone: '0412345678',
      message: 'Is it still <b>available</b>?',
      car_id: '12345',
      category: 'General Enquiry',
      event_id: 22,
      lead_status: 'Complete',
      form_completed: true,
      skipped_steps: [],
      opt_in: false,
      linked_query_params: { utm_source: 'google', gclid: 'abc123' },
    });
  });

  it('fills in what a minimal enquiry leaves out', () => {
    const lead = leadOf(parseLeadRequest(options, { lead: { name: 'Jane', phone: '0412345678', email: 'jane@example.com', message: 'Hi' } }, 'create'));
    expect(lead).toMatchObject({
      form: 'enquiry',
      source: 'Website',
      category: 'General Enquiry',
      visited_pages: [],
      linked_query_params: {},
      event_id: 22,
    });
    // Consent is never filled in: a lead that carries no answer has none.
    expect(lead).not.toHaveProperty('opt_in');
  });

  it('takes the consent id a form sends, and refuses anything else in its place', () => {
    expect(leadOf(parseLeadRequest(options, { lead: { ...enquiry, consent_id: 'cw-1x2y3z' } }, 'create'))).toMatchObject({ consent_id: 'cw-1x2y3z' });
    const refused = parseLeadRequest(options, { lead: { ...enquiry, consent_id: 'Keep me up to date' } }, 'create');
    expect(refused).toMatchObject({ ok: false, fields: { 'lead.consent_id': 'Must be the consent id the form was given.' } });
  });

  it('files a careers enquiry under General Enquiry with event 51', () => {
    const lead = leadOf(parseLeadRequest(options, { lead: { ...enquiry, category: 'Careers Enquiry', event_id: undefined } }, 'create'));
    expect(lead).toMatchObject({ category: 'General Enquiry', subcategory: 'Career Enquiry', event_id: 51 });
  });

  it('takes a subscribe lead without a message', () => {
    const { message: _message, ...rest } = enquiry;
    expect(parseLeadRequest(formOptions(), { lead: { ...rest, category: 'Competition Enquiry' } }, 'create').ok).toBe(true);
    // The footer newsletter: a General Enquiry known by its subcategory.
    expect(parseLeadRequest(formOptions(), { lead: { ...rest, category: 'General Enquiry', subcategory: 'Newsletter' } }, 'create').ok).toBe(true);
    expect(fieldsOf(parseLeadRequest(formOptions(), { lead: { ...rest, category: 'General Enquiry', subcategory: 'Parts' } }, 'create'))).toEqual({
      'lead.message': REQUIRED_MESSAGE,
    });
    expect(fieldsOf(parseLeadRequest(formOptions(), { lead: rest }, 'create'))).toEqual({ 'lead.message': REQUIRED_MESSAGE });
  });

  it('names each field to fix, by path', () => {
    const result = parseLeadRequest(options, { lead: { ...enquiry, phone: '12345', email: '', category: 'Spam' } }, 'create');
    expect(result).toEqual({
      ok: false,
      error: 'Please check the highlighted fields.',
      fields: { 'lead.phone': PHONE_AU_MESSAGE, 'lead.email': REQUIRED_MESSAGE, 'lead.category': CHOICE_MESSAGE },
    });
  });

  it('gives the one message when one field is wrong', () => {
    expect(parseLeadRequest(options, { lead: { ...enquiry, phone: '12345' } }, 'create')).toEqual({
      ok: false,
      error: PHONE_AU_MESSAGE,
      fields: { 'lead.phone': PHONE_AU_MESSAGE },
    });
  });
});

describe('parseLeadRequest: unknown and hostile input', () => {
  it('refuses unknown keys, naming them', () => {
    expect(parseLeadRequest(options, { lead: { ...enquiry, is_admin: true } }, 'create')).toEqual({
      ok: false,
      error: 'Unknown field: lead.is_admin',
      fields: { 'lead.is_admin': UNKNOWN_FIELD_MESSAGE },
    });
    expect(fieldsOf(parseLeadRequest(options, { lead: enquiry, extra: 1 }, 'create'))).toEqual({ extra: UNKNOWN_FIELD_MESSAGE });
  });

  it('refuses prototype keys as unknown fields', () => {
    const body: unknown = JSON.parse(JSON.stringify({ lead: enquiry }).replace('{"form"', '{"__proto__":{"admin":true},"constructor":{"prototype":{}},"form"'));
    expect(fieldsOf(parseLeadRequest(options, body, 'create'))).toEqual({
      'lead.__proto__': UNKNOWN_FIELD_MESSAGE,
      'lead.constructor': UNKNOWN_FIELD_MESSAGE,
    });
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it('refuses prototype keys among query parameters', () => {
    const body: unknown = JSON.parse(
      JSON.stringify({ lead: enquiry }).replace('"linked_query_params":{', '"linked_query_params":{"__proto__":"x","constructor":"y",'),
    );
    const result = parseLeadRequest(options, body, 'create');
    expect(result.ok).toBe(false);
    expect(Object.keys(fieldsOf(result)).every((key) => key.startsWith('lead.linked_query_params'))).toBe(true);
  });

  it('ignores what an object inherits', () => {
    const lead: Record<string, unknown> = Object.assign(Object.create({ is_admin: true, phone: 'inherited' }) as object, enquiry);
    expect(leadOf(parseLeadRequest(options, { lead }, 'create')).is_admin).toBeUndefined();
  });

  it.each([
    ['null', null],
    ['undefined', undefined],
    ['a number', 42],
    ['a string', '{"lead":{}}'],
    ['an array', [enquiry]],
    ['lead as an array', { lead: [enquiry] }],
    ['lead as null', { lead: null }],
    ['lead as a string', { lead: 'hi' }],
  ])('answers %s with a field to fix', (_label, body) => {
    const result = parseLeadRequest(options, body, 'create');
    expect(result.ok).toBe(false);
    expect(Object.keys(fieldsOf(result))).toEqual(['lead']);
  });

  it('never throws on bodies JSON cannot hold', () => {
    const cycle: Record<string, unknown> = { ...enquiry };
    cycle.self = cycle;
    const getter = Object.defineProperty({}, 'lead', {
      enumerable: true,
      get() {
        throw new Error('boom');
      },
    });
    for (const body of [
      { lead: cycle },
      getter,
      { lead: { ...enquiry, n: 10n } },
      {
        lead: new Proxy(
          {},
          {
            ownKeys: () => {
              throw new Error('boom');
            },
          },
        ),
      },
    ]) {
      const result = parseLeadRequest(options, body, 'create');
      expect(result.ok).toBe(false);
      expect(Object.keys(fieldsOf(result)).length).toBeGreaterThan(0);
    }
  });

  it('never throws on deep nesting', () => {
    let deep: unknown = 'bottom';
    for (let i = 0; i < 100_000; i++) deep = { a: deep };
    const result = parseLeadRequest(options, { lead: { ...enquiry, message: deep } }, 'create');
    expect(result.ok).toBe(false);
    expect(Object.keys(fieldsOf(result)).length).toBeGreaterThan(0);
  });

  it('refuses megabyte strings quickly, in every field', () => {
    const huge = 'x'.repeat(1_000_000);
    const started = Date.now();
    for (const key of Object.keys(enquiry)) {
      const result = parseLeadRequest(options, { lead: { ...enquiry, [key]: huge } }, 'create');
      expect(result.ok, key).toBe(false);
      expect(Object.keys(fieldsOf(result)), key).toContain(`lead.${key}`);
    }
    const result = parseLeadRequest(options, { lead: { ...enquiry, [huge]: 1 } }, 'create');
    expect(Object.keys(fieldsOf(result))).toEqual([`lead.${'x'.repeat(100)}`]);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('refuses control characters and lone surrogates that storage would choke on', () => {
    expect(fieldsOf(parseLeadRequest(options, { lead: { ...enquiry, message: 'hi\u0000' } }, 'create'))).toEqual({
      'lead.message': CONTROL_CHARACTERS_MESSAGE,
    });
    expect(fieldsOf(parseLeadRequest(options, { lead: { ...enquiry, user_agent: 'UA\ud800' } }, 'create'))).toEqual({
      'lead.user_agent': CONTROL_CHARACTERS_MESSAGE,
    });
    expect(fieldsOf(parseLeadRequest(options, { lead: { ...enquiry, company_website: '\u0000' } }, 'create'))).toEqual({
      'lead.company_website': CONTROL_CHARACTERS_MESSAGE,
    });
  });
});

describe('parseLeadRequest: context fields', () => {
  const check = (context: Record<string, unknown>) => fieldsOf(parseLeadRequest(options, { lead: { ...enquiry, ...context } }, 'create'));

  it.each([
    ['url', 'javascript:alert(1)'],
    ['url', 'data:text/html,<script>'],
    ['url', 'https://example.com/a b'],
    ['url', `https://example.com/${'a'.repeat(2000)}`],
    ['website_slug', 'Kingfisher Toyota'],
    ['dealership_slug', '<b>'],
    ['source', 'Facebook'],
    ['user_agent', 'a'.repeat(501)],
    ['user_agent', 'line\nbreak'],
    ['page_id', 'a b'],
    ['car_id', -1],
    ['car_id', 1.5],
    ['location_id', { id: 1 }],
    ['lead_status', 'Done'],
    ['form_completed', 'yes'],
    ['step_number', -1],
    ['step_number', 2],
    ['step_number', '0'],
    ['event_id', 0],
    ['event_id', '22'],
    ['form_started_at', 'yesterday'],
    ['form_started_at', 1e20],
    ['company_website', 'x'.repeat(201)],
    ['visited_pages', 'not a list'],
    ['visited_pages', ['https://elsewhere.example/']],
    ['visited_pages', ['//evil.example/']],
    ['visited_pages', ['/<script>alert(1)</script>']],
    ['visited_pages', ['/cars/"onmouseover="x']],
    ['linked_query_params', ['utm_source', 'x']],
    ['linked_query_params', { utm_source: 5 }],
    ['linked_query_params', { 'bad key': 'x' }],
    ['skipped_steps', [{ from: 0, to: 0 }]],
    ['skipped_steps', [{ from: 0 }]],
    ['form', 'mortgage'],
  ])('refuses %s = %j', (key, value) => {
    const fields = check({ [key]: value });
    expect(Object.keys(fields).some((k) => k === `lead.${key}` || k.startsWith(`lead.${key}.`))).toBe(true);
  });

  it('caps the lists', () => {
    expect(check({ visited_pages: Array.from({ length: 50 }, (_, i) => `/p/${i}`) })).toEqual({});
    expect(check({ visited_pages: Array.from({ length: 51 }, (_, i) => `/p/${i}`) })).toEqual({ 'lead.visited_pages': tooManyMessage(50) });
    const params = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`p${i}`, 'v']));
    expect(check({ linked_query_params: params(30) })).toEqual({});
    expect(check({ linked_query_params: params(31) })).toEqual({ 'lead.linked_query_params': tooManyMessage(30) });
    expect(check({ company_website: 'x'.repeat(200) })).toEqual({});
    expect(check({ user_agent: 'a'.repeat(500) })).toEqual({});
    expect(check({ user_agent: 'a'.repeat(501) })).toEqual({ 'lead.user_agent': tooLongMessage(500) });
  });

  it("takes a lead from the website or from a shopper's AI assistant, and says where it came from", () => {
    expect(leadOf(parseLeadRequest(options, { lead: { ...enquiry, source: 'AI assistant' } }, 'create')).source).toBe('AI assistant');
    const { source: _given, ...unsaid } = enquiry;
    expect(leadOf(parseLeadRequest(options, { lead: unsaid }, 'create')).source).toBe('Website');
  });

  it('keeps the honeypot and time trap for the API to judge', () => {
    const lead = leadOf(parseLeadRequest(options, { lead: { ...enquiry, company_website: 'http://spam.example', form_started_at: 5 } }, 'create'));
    expect(lead).toMatchObject({ company_website: 'http://spam.example', form_started_at: 5 });
  });

  it('checks lead_id against the mode and form_completed against the status', () => {
    expect(check({ lead_id: 'abc-123' })).toEqual({ 'lead.lead_id': 'A new lead has no lead_id yet; update a saved lead with PUT /api/leads/{id}.' });
    expect(parseLeadRequest(options, { lead: { ...enquiry, lead_id: 'abc-123' } }, 'update').ok).toBe(true);
    expect(check({ lead_id: '' })).toEqual({});
    expect(check({ lead_status: 'Complete', form_completed: false })).toEqual({
      'lead.form_completed': 'form_completed must be true exactly when lead_status is "Complete".',
    });
  });
});

describe('parseLeadRequest: multi-step saves', () => {
  const pick = (keys: string[]) => Object.fromEntries(Object.entries(finance).filter(([key]) => key === 'form' || keys.includes(key)));
  const loanStep = pick(['vehiclePriceBudget', 'deposit', 'loan_term_years', 'has_trade_in']);

  it('validates only the steps reached so far', () => {
    const lead = leadOf(parseLeadRequest(options, { lead: { ...loanStep, lead_status: 'Incomplete', form_completed: false, step_number: 1 } }, 'create'));
    expect(lead).toMatchObject({
      form: 'finance',
      category: 'finance-pre-approval',
      lead_status: 'Incomplete',
      form_completed: false,
      vehiclePriceBudget: 35000,
      has_trade_in: true,
    });
    // The User Details step (and its opt_in) has not been shown yet: no consent is assumed.
    expect(lead.opt_in).toBeUndefined();

    const result = parseLeadRequest(options, { lead: { ...loanStep, lead_status: 'Incomplete', step_number: 2 } }, 'update');
    expect(fieldsOf(result)).toEqual({
      'lead.trade_in_make': REQUIRED_MESSAGE,
      'lead.trade_in_model': REQUIRED_MESSAGE,
      'lead.trade_in_year': REQUIRED_MESSAGE,
      'lead.trade_in_km': REQUIRED_MESSAGE,
    });
  });

  // "Step 1 of 4" is step_number 1, as the spec numbers it and the forms send it.
  it('reads step_number counted from 1, as the shopper reads the steps', () => {
    const saved = (step_number: number) => parseLeadRequest(options, { lead: { ...loanStep, lead_status: 'Incomplete', step_number } }, 'create');
    // Step 1 of 4 (Your Loan) checks only Your Loan: the trade-in it says is coming is not asked for yet.
    expect(leadOf(saved(1))).toMatchObject({ step_number: 1, has_trade_in: true });
    // Step 2 of 4 (Trade-in) checks the trade-in too.
    expect(Object.keys(fieldsOf(saved(2)))).toEqual(['lead.trade_in_make', 'lead.trade_in_model', 'lead.trade_in_year', 'lead.trade_in_km']);
    // Step 4 of 4 is the last there is; 5 names no step.
    expect(Object.keys(fieldsOf(saved(4)))).toContain('lead.first_name');
    expect(Object.keys(fieldsOf(saved(5)))).toContain('lead.step_number');
    // A page built when the count started at 0 sends 0 for its first step: taken as step 1.
    expect(leadOf(saved(0))).toMatchObject({ step_number: 0, has_trade_in: true });
  });

  it('keeps valid values of later steps and drops half-typed ones', () => {
    const lead = leadOf(
      parseLeadRequest(options, { lead: { ...loanStep, lead_status: 'Incomplete', step_number: 1, email: 'jane@example.com', phone: '04' } }, 'create'),
    );
    expect(lead.email).toBe('jane@example.com');
    expect(lead.phone).toBeUndefined();
  });

  it('still refuses unknown keys while incomplete', () => {
    expect(fieldsOf(parseLeadRequest(options, { lead: { ...loanStep, lead_status: 'Incomplete', step_number: 1, salary: 1 } }, 'create'))).toEqual({
      'lead.salary': UNKNOWN_FIELD_MESSAGE,
    });
  });

  it('validates every step of a complete lead, except skipped ones', () => {
    expect(parseLeadRequest(options, { lead: { ...finance, lead_status: 'Complete', form_completed: true } }, 'update').ok).toBe(true);
    const noTradeIn = {
      ...pick([
        'vehiclePriceBudget',
        'loan_term_years',
        'employment_status',
        'annual_income',
        'first_name',
        'last_name',
        'email',
        'phone',
        'postcode',
        'terms_conditions',
      ]),
      has_trade_in: 'yes',
    };
    expect(Object.keys(fieldsOf(parseLeadRequest(options, { lead: { ...noTradeIn, lead_status: 'Complete' } }, 'update')))).toEqual([
      'lead.trade_in_make',
      'lead.trade_in_model',
      'lead.trade_in_year',
      'lead.trade_in_km',
    ]);
    expect(parseLeadRequest(options, { lead: { ...noTradeIn, lead_status: 'Complete', skipped_steps: [{ from: 0, to: 2 }] } }, 'update').ok).toBe(true);
    // "No trade-in" skips the Trade-in step even if the skip was not recorded.
    expect(parseLeadRequest(options, { lead: { ...noTradeIn, has_trade_in: 'no', lead_status: 'Complete' } }, 'update').ok).toBe(true);
  });

  it('never skips the first or last step', () => {
    const result = parseLeadRequest(options, { lead: { form: 'finance', lead_status: 'Complete', skipped_steps: [{ from: 0, to: 3 }] } }, 'update');
    expect(Object.keys(fieldsOf(result))).toEqual(expect.arrayContaining(['lead.vehiclePriceBudget', 'lead.first_name', 'lead.phone']));
    expect(Object.keys(fieldsOf(result))).not.toContain('lead.employment_status');
    expect(Object.keys(fieldsOf(parseLeadRequest(options, { lead: { ...finance, skipped_steps: [{ from: 0, to: 4 }] } }, 'update')))).toEqual([
      'lead.skipped_steps.0.to',
    ]);
  });

  it('files trade-ins under their category, and refuses others', () => {
    const tradeIn = {
      form: 'trade_in',
      car_id: 'car-9',
      rego: 'abc123',
      regoState: 'NSW',
      make: 'Toyota',
      model: 'Corolla',
      year: 2018,
      km: 60000,
      adjustmentAnswers: { two_sets_of_keys: true, service_history: true, no_illegal_modifications: true, condition: 'Good' },
      first_name: 'Jane',
      last_name: 'Citizen',
      email: 'jane@example.com',
      phone: '0412345678',
      postcode: '2000',
    };
    expect(leadOf(parseLeadRequest(options, { lead: tradeIn }, 'create')).category).toBe('trade-in');
    expect(leadOf(parseLeadRequest(options, { lead: { ...tradeIn, category: 'sell-my-car' } }, 'create')).category).toBe('sell-my-car');
    expect(fieldsOf(parseLeadRequest(options, { lead: { ...tradeIn, category: 'General Enquiry' } }, 'create'))).toEqual({
      'lead.category': CHOICE_MESSAGE,
    });
    expect(
      fieldsOf(parseLeadRequest(options, { lead: { ...tradeIn, adjustmentAnswers: { ...tradeIn.adjustmentAnswers, condition: 'Mint' } } }, 'create')),
    ).toEqual({
      'lead.adjustmentAnswers.condition': CHOICE_MESSAGE,
    });
  });

  it('takes the service booking location as a form field', () => {
    const serviceOptions = formOptions({ locations: [{ id: '1', name: 'Sales' }], service_locations: [{ id: '2', name: 'Service' }] });
    const service = {
      form: 'service',
      lead_status: 'Incomplete',
      step_number: 2,
      make: 'Toyota',
      model: 'Hilux',
      year: '2020',
      location_id: '2',
      service_type: 'Logbook service',
    };
    expect(leadOf(parseLeadRequest(serviceOptions, { lead: service }, 'create'))).toMatchObject({ location_id: '2', category: 'service-booking' });
    expect(fieldsOf(parseLeadRequest(serviceOptions, { lead: { ...service, location_id: '1' } }, 'create'))).toEqual({
      'lead.location_id': CHOICE_MESSAGE,
    });
  });
});

// Names as people have them, wider than the spec's letters and spaces (docs/decisions/leads.md).
describe('parseLeadRequest: names', () => {
  const realNames = [
    ["Mary O'Brien", 'Mary', "O'Brien"],
    ['Mary O’Brien', 'Mary', 'O’Brien'],
    ['Anne-Marie Smith', 'Anne-Marie', 'Smith'],
    ['Sam Smith Jr.', 'Sam', 'Smith Jr.'],
    ['Mere Tūhoe', 'Mere', 'Tūhoe'],
  ];

  it.each(realNames)('takes %j on the enquiry and as first and last names on the finance form', (name, first, last) => {
    expect(leadOf(parseLeadRequest(options, { lead: { ...enquiry, name } }, 'create'))).toMatchObject({ name });
    const complete = { ...finance, first_name: first, middle_name: 'Anne-Louise', last_name: last, lead_status: 'Complete', form_completed: true };
    expect(leadOf(parseLeadRequest(options, { lead: complete }, 'create'))).toMatchObject({ first_name: first, middle_name: 'Anne-Louise', last_name: last });
  });

  it.each(['Jane 3000', '<b>Jane</b>', 'Jane 🙂', '-'])('refuses %j with the spec message, wherever a name is sent', (name) => {
    expect(fieldsOf(parseLeadRequest(options, { lead: { ...enquiry, name } }, 'create'))).toEqual({ 'lead.name': ALPHABETICAL_MESSAGE });
    const complete = { ...finance, last_name: name, lead_status: 'Complete', form_completed: true };
    expect(fieldsOf(parseLeadRequest(options, { lead: complete }, 'create'))).toEqual({ 'lead.last_name': ALPHABETICAL_MESSAGE });
    // The context's own name parts, which an enquiry may carry too.
    expect(fieldsOf(parseLeadRequest(options, { lead: { ...enquiry, first_name: name } }, 'create'))).toEqual({ 'lead.first_name': ALPHABETICAL_MESSAGE });
  });

  it('refuses a name of spaces only as missing', () => {
    expect(fieldsOf(parseLeadRequest(options, { lead: { ...enquiry, name: '   ' } }, 'create'))).toEqual({ 'lead.name': REQUIRED_MESSAGE });
  });
});

// "Lead payload: lead{dealership_slug, website_slug, url, source 'Website', user_agent, name,
// first_name, last_name, middle_name, location_id, visited_pages, linked_query_params, category,
// lead_id}."
describe('parseLeadRequest: the lead payload as written', () => {
  it('takes a general enquiry carrying first, middle and last names and a relative url', () => {
    const lead = leadOf(
      parseLeadRequest(
        options,
        {
          lead: {
            ...enquiry,
            url: '/cars/2021-toyota-corolla?utm_source=google',
            first_name: 'Jane',
            middle_name: 'Anne',
            last_name: 'Citizen',
            location_id: 3,
          },
        },
        'create',
      ),
    );
    expect(lead).toMatchObject({
      url: '/cars/2021-toyota-corolla?utm_source=google',
      first_name: 'Jane',
      middle_name: 'Anne',
      last_name: 'Citizen',
      location_id: '3',
    });
  });

  it('still checks those names, and refuses a url that is neither an address nor a site path', () => {
    expect(fieldsOf(parseLeadRequest(options, { lead: { ...enquiry, first_name: 'J4ne' } }, 'create'))).toEqual({
      'lead.first_name': 'Please use alphabetical characters only.',
    });
    for (const url of ['//evil.example/x', 'cars/x', '/a b']) {
      expect(Object.keys(fieldsOf(parseLeadRequest(options, { lead: { ...enquiry, url } }, 'create')))).toEqual(['lead.url']);
    }
  });
});

// "Trade-in lead: user data plus url, source 'Website', user_agent, car_id, car_dealership_id,
// lead_attributes with visited_pages and linked_query_params."
describe('parseLeadRequest: the trade-in lead as the spec writes it', () => {
  const tradeIn = {
    form: 'trade_in',
    url: 'https://www.kingfishertoyota.com.au/cars/trade-in',
    source: 'Website',
    user_agent: 'Mozilla/5.0 (X11; Linux x86_64)',
    car_id: 'car-9',
    car_dealership_id: '77',
    rego: 'abc123',
    regoState: 'NSW',
    make: 'Toyota',
    model: 'Corolla',
    year: 2018,
    km: 60000,
    adjustmentAnswers: { two_sets_of_keys: true, service_history: true, no_illegal_modifications: true, condition: 'Good' },
    first_name: 'Jane',
    last_name: 'Citizen',
    email: 'jane@example.com',
    phone: '0412345678',
    postcode: '2000',
  };
  const trail = { visited_pages: ['/', '/cars/trade-in?utm_source=google'], linked_query_params: { utm_source: 'google', gclid: 'abc123' } };
  const withAttributes = (attributes: unknown) => parseLeadRequest(options, { lead: { ...tradeIn, lead_attributes: attributes } }, 'create');

  it('takes the page trail in lead_attributes and files it where every lead keeps it', () => {
    const lead = leadOf(withAttributes(trail));
    expect(lead).toMatchObject({ ...trail, category: 'trade-in' });
    expect(lead).not.toHaveProperty('lead_attributes');
    expect(leadOf(withAttributes({ visited_pages: ['/valuations'] }))).toMatchObject({ visited_pages: ['/valuations'], linked_query_params: {} });
    expect(leadOf(withAttributes({}))).toMatchObject({ visited_pages: [], linked_query_params: {} });
  });

  it('holds lead_attributes to the bounds of the top-level trail', () => {
    const pages = (n: number) => Array.from({ length: n }, (_, i) => `/p/${i}`);
    expect(leadOf(withAttributes({ visited_pages: pages(50) })).visited_pages).toHaveLength(50);
    expect(fieldsOf(withAttributes({ visited_pages: pages(51) }))).toEqual({ 'lead.lead_attributes.visited_pages': tooManyMessage(50) });
    expect(fieldsOf(withAttributes({ visited_pages: [`/${'a'.repeat(500)}`] }))).toEqual({ 'lead.lead_attributes.visited_pages.0': tooLongMessage(500) });
    const params = Object.fromEntries(Array.from({ length: 31 }, (_, i) => [`p${i}`, 'v']));
    expect(fieldsOf(withAttributes({ linked_query_params: params }))).toEqual({ 'lead.lead_attributes.linked_query_params': tooManyMessage(30) });
  });

  it.each([
    ['markup for a page', { visited_pages: ['/<script>alert(1)</script>'] }, 'lead.lead_attributes.visited_pages.0'],
    ['a quote in a page', { visited_pages: ['/cars/"onmouseover="x'] }, 'lead.lead_attributes.visited_pages.0'],
    ['another site', { visited_pages: ['//evil.example/'] }, 'lead.lead_attributes.visited_pages.0'],
    ['a line break in a page', { visited_pages: ['/cars\nBcc: x'] }, 'lead.lead_attributes.visited_pages.0'],
    ['a list of objects', { visited_pages: [{ path: '/' }] }, 'lead.lead_attributes.visited_pages.0'],
    ['a parameter that is not text', { linked_query_params: { utm_source: ['a'] } }, 'lead.lead_attributes.linked_query_params.utm_source'],
    ['a prototype key', { linked_query_params: { constructor: 'x' } }, 'lead.lead_attributes.linked_query_params.constructor'],
    ['an unknown attribute', { ...trail, admin: true }, 'lead.lead_attributes.admin'],
    ['a list', [trail], 'lead.lead_attributes'],
  ])('refuses %s', (_what, attributes, key) => {
    expect(Object.keys(fieldsOf(withAttributes(attributes)))).toContain(key);
  });

  it('refuses the same trail sent twice, in lead_attributes and at the top', () => {
    expect(fieldsOf(parseLeadRequest(options, { lead: { ...tradeIn, ...trail, lead_attributes: { visited_pages: ['/'] } } }, 'create'))).toEqual({
      'lead.lead_attributes.visited_pages': 'Send visited_pages once: in lead_attributes or at the top of the lead.',
    });
  });
});
