import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../../platform/db/open';
import { miscellaneous } from '../../platform/db/schema';
import { SMALL_BODY_BYTES } from '../../platform/http/request-body';
import { resetTestDatabase, routeTestDatabaseKinds, useTestDatabase } from '../../../tests/support/test-databases';
import { mountAtApi, NOW, post, read, routerDeps, seedTradeInLeads } from '../../../tests/support/provider-routes';
import { memoryRateLimiter, type RateLimiter } from '../../platform/http/rate-limit';
import { createMiscellaneousApi } from './miscellaneous-api';

function mount({ database, rateLimiter }: { database?: Database; rateLimiter?: RateLimiter } = {}) {
  return { app: mountAtApi(createMiscellaneousApi({ ...routerDeps(), ...(database ? { database } : {}), ...(rateLimiter ? { rateLimiter } : {}) })) };
}

describe('every route', () => {
  it('answers 404 Unknown dealer when the host names no dealer', async () => {
    const { app } = mount();
    const response = await post(app, '/miscellaneous', {}, { 'x-dealer': '-' });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'Unknown dealer' });
  });

  it('refuses bodies that are not JSON, not parseable or over 16 KB, without a 5xx', async () => {
    const { app } = mount();
    const huge = await post(app, '/miscellaneous', { column_name: 'valuation', blob: 'x'.repeat(SMALL_BODY_BYTES) });
    expect(huge.status).toBe(413);
    for (const body of ['null', '[]', '"text"', '42']) {
      const response = await post(app, '/miscellaneous', body);
      expect(response.status, `/miscellaneous ${body}`).toBe(400);
    }
  });

  it('limits each client address per minute, on a count of its own, with 429 and Retry-After', async () => {
    const { app } = mount({ rateLimiter: memoryRateLimiter({ limit: 2, now: () => NOW }) });
    const values = { column_name: 'valuation', valuation: { low: 1 } };
    expect((await post(app, '/miscellaneous', values)).status).toBe(503);
    expect((await post(app, '/miscellaneous', values)).status).toBe(503);
    const refused = await post(app, '/miscellaneous', values);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ error: 'Too many requests. Please wait a minute and try again.' });
    expect(refused.headers.get('retry-after')).toBe('60');
  });
});

describe('without a database', () => {
  it('answers 503 where the database is needed', async () => {
    const { app } = mount();
    expect((await post(app, '/miscellaneous', { column_name: 'valuation', valuation: { low: 1 } })).status).toBe(503);
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
