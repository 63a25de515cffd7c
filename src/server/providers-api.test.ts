import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { beforeEach, describe, expect, it } from 'vitest';
import type { DealerConfig, DealerConfigInput } from '../platform/config/schema';
import { testSite } from '../../tests/support/test-site';
import { ProviderUnavailableError } from '../platform/http/outbound';
import { REFUSAL_MESSAGES, estimateTradeIn } from '../providers/valuation';
import { SearchEngine, type SearchDocument } from '@dealer-sites/search-engine';
import { indexSettings } from '../search/model/index-settings';
import { leads, miscellaneous, valuations } from '../platform/db/schema';
import { resetTestDatabase, testDatabaseKinds, useTestDatabase } from '../../tests/support/test-databases';
import type { Database } from '../platform/db/open';
import type { AppEnv } from '../platform/http/app-env';
import { createProvidersApi, MAX_PROVIDER_BODY_BYTES, type ProvidersApiDeps } from './providers-api';
import type { SearchIndexProvider } from '../search/server/search-indexes';

/** Monday 2 June 2025, 05:00 in Brisbane. */
const NOW = Date.parse('2025-06-02T05:00:00+10:00');
const NOW_SECONDS = Math.floor(NOW / 1000);

const serviceLocation: DealerConfigInput['locations'][number] = {
  id: 7,
  name: 'Alpha Motors - Service',
  slug: 'alpha-service',
  location_type: 'service',
  address: { street: '2 Test St', city: 'Brisbane', state: 'QLD', postcode: '4000' },
  contact_detail: { opening_hours: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, status: 'Open', open: '08:00', close: '17:00' })) },
};

function dealer(slug: string, overrides: Partial<DealerConfigInput> = {}): DealerConfig {
  const base = testSite();
  return testSite({
    slug,
    locations: [{ ...base.locations[0]!, id: 1 }, serviceLocation],
    reviews: { snap21_org_id: `snap-${slug}`, summary: { count: 80, average_rating: 4.66 } },
    search: { car_types: { new: 3, demo: 0, used: 9 } },
    ...overrides,
  });
}

const sites: Record<string, DealerConfig> = { alpha: dealer('alpha'), beta: dealer('beta') };

function doc(id: number, car_type: string, status: string, extra: SearchDocument = {}): SearchDocument {
  return { id, car_type, status, make: 'Toyota', categories: ['cars'], show_on_dealer_website: true, sold_date_timestamp: null, ...extra };
}

const stock = [
  doc(1, 'new', 'in_stock'),
  doc(2, 'new', 'coming_soon'),
  doc(3, 'used', 'in_stock'),
  doc(4, 'used', 'in_stock'),
  doc(5, 'used', 'sold', { sold_date_timestamp: NOW_SECONDS - 86_400 }),
  // Sold a month ago: past the sold window, so not listed.
  doc(6, 'demo', 'sold', { sold_date_timestamp: NOW_SECONDS - 30 * 86_400 }),
];

const searchWith = (get: SearchIndexProvider['get']): SearchIndexProvider => ({ get });
const engineSearch = searchWith((uid) => Promise.resolve(uid === 'alpha' ? new SearchEngine(stock, indexSettings) : undefined));

function mount(overrides: Partial<ProvidersApiDeps> = {}) {
  const logs: string[] = [];
  const app = new Hono<AppEnv>();
  app.use('*', async (c, next) => {
    const host = c.req.header('x-dealer');
    c.set('dealer', host === '-' ? null : (host ?? 'alpha'));
    await next();
  });
  app.route(
    '/api',
    createProvidersApi({
      configFor: (slug) => sites[slug],
      search: engineSearch,
      env: {},
      now: () => NOW,
      log: (m) => logs.push(m),
      ...overrides,
    }),
  );
  return { app, logs };
}

const post = (app: Hono<AppEnv>, path: string, body: unknown, headers: Record<string, string> = {}, method = 'POST') =>
  Promise.resolve(app.request(`/api${path}`, { method, headers: { 'Content-Type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) }));

const put = (app: Hono<AppEnv>, path: string, body: unknown, headers: Record<string, string> = {}) => post(app, path, body, headers, 'PUT');

interface Answer {
  error?: string;
  fields?: Record<string, string>;
  [key: string]: unknown;
}
const read = async (response: Response) => (await response.json()) as Answer;

describe('every route', () => {
  it('answers 404 Unknown dealer when the host names no dealer', async () => {
    const { app } = mount();
    const checks = [
      post(app, '/nevdis', { rego: 'ABC123', state: 'QLD' }, { 'x-dealer': '-' }),
      post(app, '/valuations', {}, { 'x-dealer': '-' }),
      put(app, '/valuations/x', {}, { 'x-dealer': '-' }),
      post(app, '/miscellaneous', {}, { 'x-dealer': '-' }),
      Promise.resolve(app.request('/api/reviews/snap21?orgId=snap-alpha', { headers: { 'x-dealer': '-' } })),
      Promise.resolve(app.request('/api/car-types', { headers: { 'x-dealer': 'gamma' } })),
      Promise.resolve(app.request('/api/service-slots?location_id=7', { headers: { 'x-dealer': '-' } })),
    ];
    for (const response of await Promise.all(checks)) {
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: 'Unknown dealer' });
    }
  });

  it('refuses bodies that are not JSON, not parseable or over 16 KB, without a 5xx', async () => {
    const { app } = mount();
    const form = await app.request('/api/nevdis', { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'rego=ABC123' });
    expect(form.status).toBe(415);
    const broken = await post(app, '/valuations', '{"make": "Toyota",');
    expect(broken.status).toBe(400);
    expect((await read(broken)).error).toMatch(/not valid JSON/);
    const huge = await post(app, '/miscellaneous', { column_name: 'valuation', blob: 'x'.repeat(MAX_PROVIDER_BODY_BYTES) });
    expect(huge.status).toBe(413);
    for (const body of ['null', '[]', '"text"', '42']) {
      for (const path of ['/nevdis', '/simple-autograb-lookup', '/valuations', '/miscellaneous']) {
        const response = await post(app, path, body);
        expect(response.status, `${path} ${body}`).toBe(400);
      }
    }
  });
});

describe('mounted at the API root', () => {
  it('limits and handles errors on its own routes only', async () => {
    const parent = new Hono<AppEnv>();
    parent.use('*', async (c, next) => {
      c.set('dealer', 'alpha');
      await next();
    });
    parent.route('/api', createProvidersApi({ configFor: (slug) => sites[slug], search: engineSearch, env: {}, now: () => NOW, log: () => undefined }));
    parent.post('/api/leads', async (c) => c.json({ size: (await c.req.text()).length }, 201));
    parent.get('/api/boom', () => {
      throw new Error('not ours');
    });
    parent.onError((_error, c) => c.json({ handler: 'parent' }, 500));
    const big = JSON.stringify({ lead: { message: 'x'.repeat(40_000) } });
    const leadResponse = await parent.request('/api/leads', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: big });
    expect(leadResponse.status).toBe(201);
    expect(await (await parent.request('/api/boom')).json()).toEqual({ handler: 'parent' });
    const ours = await parent.request('/api/nevdis', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: big });
    expect(ours.status).toBe(413);
  });
});

describe('POST /nevdis and /simple-autograb-lookup', () => {
  it('answers the demo vehicle offline', async () => {
    const { app } = mount();
    const response = await post(app, '/nevdis', { rego: 'abc 123', state: 'qld' });
    expect(response.status).toBe(200);
    const vehicle = await read(response);
    expect(vehicle).toMatchObject({ source: 'demo' });
    expect(typeof vehicle.make).toBe('string');
    expect(typeof vehicle.year).toBe('number');
    const again = await read(await post(app, '/simple-autograb-lookup', { rego: 'ABC123', regoState: 'QLD' }));
    expect(again).toEqual(vehicle);
  });

  it('asks the configured provider for each route', async () => {
    const asked: string[] = [];
    const { app } = mount({
      providers: {
        nevdis: (q) => {
          asked.push(`nevdis ${q.rego} ${q.state}`);
          return Promise.resolve(null);
        },
        autograb: (q) => {
          asked.push(`autograb ${q.rego} ${q.state}`);
          return Promise.resolve({ make: 'Kia', model: 'Rio', year: 2019, variant: '', body: 'Hatch', fuel: 'Petrol', transmission: 'Auto', source: 'autograb' });
        },
      },
    });
    const missing = await post(app, '/nevdis', { rego: 'ZZZ 1', state: 'wa' });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: 'No vehicle found for that registration' });
    const found = await post(app, '/simple-autograb-lookup', { rego: 'ab1', state: '' });
    expect(found.status).toBe(200);
    expect(asked).toEqual(['nevdis ZZZ1 WA', 'autograb AB1 ']);
  });

  it('answers 400 with fields for a bad plate or state, including hostile text', async () => {
    const { app } = mount();
    for (const body of [{ rego: '<script>alert(1)</script>', state: 'NSW' }, { rego: 'ABCDEFGH', state: 'NSW' }, { state: 'NSW' }, { rego: 42, state: 'NSW' }, { rego: 'x'.repeat(5000), state: 'NSW' }]) {
      const response = await post(app, '/nevdis', body);
      expect(response.status).toBe(400);
      expect(Object.keys((await read(response)).fields ?? {})).toEqual(['rego']);
    }
    const badState = await post(app, '/nevdis', { rego: 'ABC123', state: 'Narnia' });
    expect((await read(badState)).fields).toHaveProperty('state');
  });

  it('answers 503 when the lookup service cannot answer', async () => {
    const { app } = mount({ providers: { nevdis: () => Promise.reject(new ProviderUnavailableError('down')) } });
    const response = await post(app, '/nevdis', { rego: 'ABC123', state: 'NSW' });
    expect(response.status).toBe(503);
    expect((await read(response)).error).toMatch(/not available/);
  });

  it('answers 500 in JSON, logged, when something unexpected breaks', async () => {
    const { app, logs } = mount({ providers: { nevdis: () => Promise.reject(new Error('bug')) } });
    const response = await post(app, '/nevdis', { rego: 'ABC123', state: 'NSW' });
    expect(response.status).toBe(500);
    expect((await read(response)).error).toBeTruthy();
    expect(logs[0]).toContain('bug');
  });
});

describe('valuations without a database', () => {
  it('answers the estimate with no id', async () => {
    const { app } = mount();
    const response = await post(app, '/valuations', { make: 'Toyota', model: 'RAV4', year: 2021, km: '60,000', adjustmentAnswers: { condition: 'good' } });
    expect(response.status).toBe(200);
    const expected = estimateTradeIn({ make: 'Toyota', model: 'RAV4', year: 2021, km: 60_000, now: NOW, adjustmentAnswers: { condition: 'good' } });
    expect(await response.json()).toEqual({ id: null, ...expected });
  });

  it('answers the FAQ refusal for an old or high-km car', async () => {
    const { app } = mount();
    expect(await read(await post(app, '/valuations', { make: 'Toyota', model: 'RAV4', year: 2015, km: 60_000 }))).toEqual({
      id: null,
      refused: 'too_old',
      message: REFUSAL_MESSAGES.too_old,
    });
    expect(await read(await post(app, '/valuations', { make: 'Toyota', model: 'RAV4', year: 2022, km: 180_000 }))).toMatchObject({ refused: 'too_many_km' });
  });

  it('answers 400 with fields for bad input', async () => {
    const { app } = mount();
    const response = await post(app, '/valuations', {
      make: '',
      model: 'M\u0000odel',
      year: 1850,
      km: -5,
      rego: 'TOO LONG 12345',
      adjustmentAnswers: { condition: 'mint', extra: true },
    });
    expect(response.status).toBe(400);
    const { fields } = await read(response);
    expect(Object.keys(fields ?? {}).sort()).toEqual(['adjustmentAnswers', 'adjustmentAnswers.condition', 'km', 'make', 'model', 'rego', 'year'].sort());
    const future = await post(app, '/valuations', { make: 'Toyota', model: 'RAV4', year: 2027, km: 1 });
    expect((await read(future)).fields).toHaveProperty('year');
    const text = await post(app, '/valuations', { make: 'Toyota', model: 'RAV4', year: '2020', km: 'lots' });
    expect((await read(text)).fields).toEqual({ km: 'Kilometres must be a whole number' });
  });

  it('answers 503 where the database is needed', async () => {
    const { app } = mount();
    const unstored = await post(app, '/valuations', { lead_id: 'abc', make: 'Toyota', model: 'RAV4', year: 2021, km: 1 });
    expect(unstored.status).toBe(200);
    expect(await read(unstored)).toMatchObject({ id: null });
    expect((await put(app, '/valuations/0b9e1c55-3f9b-4a4e-9a53-8d3c2f1e0a11', { adjustmentAnswers: {} })).status).toBe(503);
    expect((await post(app, '/miscellaneous', { column_name: 'valuation', valuation: { low: 1 } })).status).toBe(503);
  });

  it('answers 503 when the valuation service cannot answer', async () => {
    const { app } = mount({ providers: { valuation: () => Promise.reject(new ProviderUnavailableError('down')) } });
    expect((await post(app, '/valuations', { make: 'Toyota', model: 'RAV4', year: 2021, km: 1 })).status).toBe(503);
  });
});

describe.each(testDatabaseKinds())('stored on %s', (kind) => {
  const db = useTestDatabase(kind);
  let database: Database;

  beforeEach(async () => {
    database = db.current;
    await resetTestDatabase(database);
    const lead = (id: string, slug: string) => ({ id, dealer: slug, form: 'trade_in', category: 'trade-in', status: 'Incomplete', data: {}, consent: { opt_in: true, wording: 'x', at: '2025-06-02T00:00:00Z' } });
    await database.db.insert(leads).values([lead('lead-alpha', 'alpha'), lead('lead-beta', 'beta')]);
  });

  const car = { make: 'Toyota', model: 'RAV4', year: 2021, km: 60_000 };

  it('POST /valuations stores the request and the result', async () => {
    const { app } = mount({ database });
    const response = await post(app, '/valuations', { ...car, lead_id: 'lead-alpha', rego: 'abc 123', regoState: 'qld', variant: 'GXL' });
    expect(response.status).toBe(201);
    const answer = await read(response);
    expect(answer.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(answer).toHaveProperty('estimate');
    const [row] = await database.db.select().from(valuations).where(eq(valuations.id, String(answer.id)));
    expect(row?.dealer).toBe('alpha');
    expect(row?.lead_id).toBe('lead-alpha');
    expect(row?.data).toMatchObject({ input: { ...car, rego: 'ABC123', regoState: 'QLD', variant: 'GXL', adjustmentAnswers: {} }, market: 'AU', result: { estimate: answer.estimate } });
  });

  it('keeps any plate the trade-in form takes, US states too', async () => {
    const { app } = mount({ database });
    const response = await post(app, '/valuations', { ...car, rego: '8ABC-123', regoState: 'ca', adjustmentAnswers: { condition: 'Fair', two_sets_of_keys: 'Yes' } });
    expect(response.status).toBe(201);
    const [row] = await database.db.select().from(valuations);
    expect(row?.data).toMatchObject({ input: { rego: '8ABC123', regoState: 'CA', adjustmentAnswers: { condition: 'fair', two_sets_of_keys: true } } });
  });

  it('refuses a lead of another dealer or an unknown one', async () => {
    const { app } = mount({ database });
    for (const lead_id of ['lead-beta', 'no-such-lead', "x' OR 1=1 --"]) {
      const response = await post(app, '/valuations', { ...car, lead_id });
      expect(response.status).toBe(400);
      expect((await read(response)).fields).toEqual({ lead_id: 'Unknown lead' });
    }
    expect(await database.db.select().from(valuations)).toHaveLength(0);
  });

  it('keeps hostile text as inert data', async () => {
    const { app } = mount({ database });
    const make = '<img src=x onerror=alert(1)>';
    const response = await post(app, '/valuations', { ...car, make, model: "'; DROP TABLE valuations; --" });
    expect(response.status).toBe(201);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    const [row] = await database.db.select().from(valuations);
    expect((row?.data as { input: { make: string } }).input.make).toBe(make);
  });

  it('PUT /valuations/:id recomputes with the new answers', async () => {
    const { app } = mount({ database });
    const created = await read(await post(app, '/valuations', car));
    const id = String(created.id);
    const response = await put(app, `/valuations/${id}`, { id, adjustmentAnswers: { condition: 'poor', service_history: 'no' } });
    expect(response.status).toBe(200);
    const updated = await read(response);
    expect(updated.id).toBe(id);
    const expected = estimateTradeIn({ ...car, now: NOW, adjustmentAnswers: { condition: 'poor', service_history: false } });
    expect(updated).toEqual({ id, ...expected });
    expect((updated.estimate as { high: number }).high).toBeLessThan((created.estimate as { high: number }).high);
    const [row] = await database.db.select().from(valuations).where(eq(valuations.id, id));
    expect(row?.data).toMatchObject({ input: { adjustmentAnswers: { condition: 'poor', service_history: false } }, result: expected });
  });

  it('PUT /valuations takes the id from the body', async () => {
    const { app } = mount({ database });
    const { id } = await read(await post(app, '/valuations', car));
    const response = await put(app, '/valuations', { id, adjustmentAnswers: { two_sets_of_keys: false } });
    expect(response.status).toBe(200);
    expect((await put(app, '/valuations', { adjustmentAnswers: {} })).status).toBe(400);
  });

  it('PUT answers 404 for an unknown id or another dealer’s valuation, 400 for mismatched ids or bad answers', async () => {
    const { app } = mount({ database });
    const { id } = await read(await post(app, '/valuations', car));
    expect((await put(app, `/valuations/${String(id)}`, { adjustmentAnswers: {} }, { 'x-dealer': 'beta' })).status).toBe(404);
    expect((await put(app, '/valuations/0b9e1c55-3f9b-4a4e-9a53-8d3c2f1e0a11', { adjustmentAnswers: {} })).status).toBe(404);
    expect((await put(app, '/valuations/not-a-uuid', { adjustmentAnswers: {} })).status).toBe(404);
    expect((await put(app, `/valuations/${String(id)}`, { id: 'other', adjustmentAnswers: {} })).status).toBe(400);
    const bad = await put(app, `/valuations/${String(id)}`, { adjustmentAnswers: { condition: 'mint' } });
    expect(bad.status).toBe(400);
    expect((await read(bad)).fields).toHaveProperty('adjustmentAnswers.condition');
  });

  it('POST /miscellaneous stores the values under the column name', async () => {
    const { app } = mount({ database });
    const valuation = { estimate: { low: 19_500, high: 22_000 }, note: '=HYPERLINK("x")' };
    const response = await post(app, '/miscellaneous', { lead_id: 'lead-alpha', column_name: 'valuation', valuation });
    expect(response.status).toBe(201);
    const { id } = await read(response);
    const [row] = await database.db
      .select()
      .from(miscellaneous)
      .where(and(eq(miscellaneous.id, Number(id)), eq(miscellaneous.dealer, 'alpha')));
    expect(row).toMatchObject({ lead_id: 'lead-alpha', column_name: 'valuation', data: { valuation } });
  });

  it('POST /miscellaneous refuses a bad column name, nothing to store, unstorable text and other dealers’ leads', async () => {
    const { app } = mount({ database });
    const cases: [unknown, string][] = [
      [{ column_name: 'Robert"); DROP', valuation: 1 }, 'column_name'],
      [{ valuation: 1 }, 'column_name'],
      [{ column_name: 'valuation' }, '_'],
      [{ column_name: 'valuation', v: { deep: ['a\u0000b'] } }, '_'],
      [{ column_name: 'valuation', v: '\ud800' }, '_'],
      [{ column_name: 'valuation', v: JSON.parse('[[[[[[[[[[[1]]]]]]]]]]]') as unknown }, '_'],
      [{ column_name: 'valuation', lead_id: 'lead-beta', v: 1 }, 'lead_id'],
      [{ column_name: 'valuation', lead_id: { $ne: null }, v: 1 }, 'lead_id'],
    ];
    for (const [body, field] of cases) {
      const response = await post(app, '/miscellaneous', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await read(response)).fields).toHaveProperty(field);
    }
    expect(await database.db.select().from(miscellaneous)).toHaveLength(0);
  });

  it('POST /miscellaneous stores a __proto__ key as plain data', async () => {
    const { app } = mount({ database });
    const response = await post(app, '/miscellaneous', '{"column_name":"valuation","__proto__":{"polluted":true},"v":1}');
    expect(response.status).toBe(201);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('GET /reviews/snap21', () => {
  it('answers the rating for the dealer’s own organisation only', async () => {
    const { app } = mount();
    const response = await app.request('/api/reviews/snap21?orgId=snap-alpha');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ rating: 4.7, stars: 5 });
    expect((await app.request('/api/reviews/snap21?orgId=snap-beta')).status).toBe(404);
    expect((await app.request('/api/reviews/snap21')).status).toBe(400);
    expect((await app.request(`/api/reviews/snap21?orgId=${'x'.repeat(500)}`)).status).toBe(400);
  });

  it('answers 404 when the dealer has no Snap21 organisation, 503 when there is no rating', async () => {
    sites.gamma = dealer('gamma', { reviews: {} });
    try {
      const { app } = mount();
      expect((await app.request('/api/reviews/snap21?orgId=undefined', { headers: { 'x-dealer': 'gamma' } })).status).toBe(404);
      const failing = mount({ providers: { snap21: () => Promise.resolve(null) } });
      expect((await failing.app.request('/api/reviews/snap21?orgId=snap-alpha')).status).toBe(503);
    } finally {
      delete sites.gamma;
    }
  });
});

describe('GET /car-types', () => {
  it('counts the listed stock per type, in the order new, demo, used, without empty types', async () => {
    const { app } = mount();
    const response = await app.request('/api/car-types');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      car_types: [
        { car_type: 'new', count: 2 },
        { car_type: 'used', count: 3 },
      ],
      source: 'search',
    });
  });

  it('falls back to the configured counts when the search fails or the dealer has no index', async () => {
    const failing = mount({ search: searchWith(() => Promise.reject(new Error('stock file unreadable'))) });
    const answer = (await (await failing.app.request('/api/car-types')).json()) as unknown;
    expect(answer).toEqual({
      car_types: [
        { car_type: 'new', count: 3 },
        { car_type: 'used', count: 9 },
      ],
      source: 'configured',
    });
    expect(failing.logs[0]).toContain('stock file unreadable');
    const missing = mount();
    expect(await (await missing.app.request('/api/car-types', { headers: { 'x-dealer': 'beta' } })).json()).toMatchObject({ source: 'configured' });
  });
});

describe('GET /service-slots', () => {
  it('answers slots from opening hours for a service location', async () => {
    const { app } = mount();
    const response = await app.request('/api/service-slots?location_id=7');
    expect(response.status).toBe(200);
    const answer = (await response.json()) as { location_id: string; source: string; slots: { date: string; times: string[] }[] };
    expect(answer.location_id).toBe('7');
    expect(answer.source).toBe('opening_hours');
    expect(answer.slots[0]?.date).toBe('2025-06-02');
    expect(answer.slots[0]?.times[0]).toBe('08:00');
    expect(answer.slots[0]?.times.at(-1)).toBe('16:00');
  });

  it('answers 400 for a location that is not one of the dealer’s service locations', async () => {
    const { app } = mount();
    for (const query of ['location_id=1', 'location_id=99', '', `location_id=${'7'.repeat(100)}`, 'location_id=%3Cscript%3E']) {
      const response = await app.request(`/api/service-slots?${query}`);
      expect(response.status).toBe(400);
      expect((await read(response)).fields).toHaveProperty('location_id');
    }
  });

  it('reads the back-office when the dealer has one, and falls back to opening hours when it fails', async () => {
    sites.delta = dealer('delta', { back_office: { base_url: 'https://bo.example/api', dealership_id: 5, credentials_env: 'DELTA_BO' } });
    try {
      const urls: string[] = [];
      let fail = false;
      const fetch = (url: string) => {
        urls.push(url);
        if (fail) return Promise.resolve(new Response('', { status: 500 }));
        return Promise.resolve(new Response(JSON.stringify({ available_service_bookings: [{ date: '2025-06-03', times: ['09:00', '09:30'] }] })));
      };
      const { app, logs } = mount({ env: { DELTA_BO: 'user:pass' }, fetch });
      const ok = (await (await app.request('/api/service-slots?location_id=7', { headers: { 'x-dealer': 'delta' } })).json()) as unknown;
      expect(ok).toEqual({ location_id: '7', slots: [{ date: '2025-06-03', times: ['09:00', '09:30'] }], source: 'back_office' });
      expect(urls).toEqual(['https://bo.example/api/dealerships/5/available_service_bookings.json']);

      fail = true;
      const fallback = (await (await app.request('/api/service-slots?location_id=7', { headers: { 'x-dealer': 'delta' } })).json()) as { source: string };
      expect(fallback.source).toBe('opening_hours');
      expect(urls).toHaveLength(4);
      expect(logs.some((m) => m.includes('500'))).toBe(true);
    } finally {
      delete sites.delta;
    }
  });
});
