import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../platform/db/open';
import { valuations } from '../../platform/db/schema';
import { ProviderUnavailableError } from '../../platform/http/outbound';
import { REFUSAL_MESSAGES, estimateTradeIn } from '../../providers/valuation';
import { resetTestDatabase, routeTestDatabaseKinds, useTestDatabase } from '../../../tests/support/test-databases';
import { mountAtApi, NOW, post, put, read, routerDeps, seedTradeInLeads, type ProviderSetup } from '../../../tests/support/provider-routes';
import { memoryRateLimiter, type RateLimiter } from '../../platform/http/rate-limit';
import { createValuationsApi } from './valuations-api';

function mount(setup: ProviderSetup & { database?: Database; rateLimiter?: RateLimiter } = {}) {
  const { database, rateLimiter, ...providers } = setup;
  const deps = routerDeps(providers);
  return { app: mountAtApi(createValuationsApi({ ...deps, ...(database ? { database } : {}), ...(rateLimiter ? { rateLimiter } : {}) })), logs: deps.logs };
}

describe('every route', () => {
  it('answers 404 Unknown dealer when the host names no dealer', async () => {
    const { app } = mount();
    for (const response of [await post(app, '/valuations', {}, { 'x-dealer': '-' }), await put(app, '/valuations/x', {}, { 'x-dealer': '-' })]) {
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: 'Unknown dealer' });
    }
  });

  it('refuses bodies that are not JSON, not parseable or over 16 KB, without a 5xx', async () => {
    const { app } = mount();
    const broken = await post(app, '/valuations', '{"make": "Toyota",');
    expect(broken.status).toBe(400);
    expect((await read(broken)).error).toMatch(/not valid JSON/);
    for (const body of ['null', '[]', '"text"', '42']) {
      const response = await post(app, '/valuations', body);
      expect(response.status, `/valuations ${body}`).toBe(400);
    }
  });

  it('limits each client address per minute, on a count of its own, with 429 and Retry-After', async () => {
    const { app } = mount({ rateLimiter: memoryRateLimiter({ limit: 2, now: () => NOW }) });
    const car = { make: 'Toyota', model: 'RAV4', year: 2021, km: 60_000 };
    expect((await post(app, '/valuations', car)).status).toBe(200);
    expect((await put(app, '/valuations/x', { adjustmentAnswers: {} })).status).toBe(503);
    const refused = await post(app, '/valuations', car);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ error: 'Too many requests. Please wait a minute and try again.' });
    expect(refused.headers.get('retry-after')).toBe('60');
    expect((await post(app, '/valuations', car, { 'x-dealer': 'beta' })).status).toBe(429);
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
  });

  it('answers 503 when the valuation service cannot answer', async () => {
    const { app } = mount({ providers: { valuation: () => Promise.reject(new ProviderUnavailableError('down')) } });
    expect((await post(app, '/valuations', { make: 'Toyota', model: 'RAV4', year: 2021, km: 1 })).status).toBe(503);
  });
});

describe.each(routeTestDatabaseKinds())('stored on %s', (kind) => {
  const db = useTestDatabase(kind);
  let database: Database;

  beforeEach(async () => {
    database = db.current;
    await resetTestDatabase(database);
    await seedTradeInLeads(database);
  });

  const car = { make: 'Toyota', model: 'RAV4', year: 2021, km: 60_000 };

  it('POST /valuations stores the request and the result', async () => {
    const { app } = mount({ database });
    const response = await post(app, '/valuations', { ...car, lead_id: 'lead-alpha', rego: 'abc 123', regoState: 'qld', variant: 'GXL' });
    expect(response.status).toBe(201);
    const answer = await read(response);
    expect(answer.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(answer).toHaveProperty('estimate');
    const [row] = await database.db
      .select()
      .from(valuations)
      .where(eq(valuations.id, String(answer.id)));
    expect(row?.dealer).toBe('alpha');
    expect(row?.lead_id).toBe('lead-alpha');
    expect(row?.data).toMatchObject({
      input: { ...car, rego: 'ABC123', regoState: 'QLD', variant: 'GXL', adjustmentAnswers: {} },
      market: 'AU',
      result: { estimate: answer.estimate },
    });
  });

  it('keeps any plate the trade-in form takes, US states too', async () => {
    const { app } = mount({ database });
    const response = await post(app, '/valuations', {
      ...car,
      rego: '8ABC-123',
      regoState: 'ca',
      adjustmentAnswers: { condition: 'Fair', two_sets_of_keys: 'Yes' },
    });
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
});
