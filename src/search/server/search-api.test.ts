import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_QUERIES, MAX_RESPONSE_BYTES, MAX_TAG_LENGTH, SearchEngine } from '@dealer-sites/search-engine';
import { indexSettings } from '../model/index-settings';
import type { VehicleInput } from '../../stock/model/vehicle';
import { Hono } from 'hono';
import { MAX_SEARCH_BODY_BYTES, SEARCH_RATE_LIMIT, createSearchApi } from './search-api';
import { createStockIndexes, type StockIndexes } from './search-indexes';

/** A valid stock document; each test names only the fields it is about. */
function car(id: number, fields: Partial<VehicleInput> = {}): VehicleInput {
  const make = fields.make ?? 'Toyota';
  const model = fields.model ?? 'Corolla';
  return {
    id,
    slug: `car-${id}`,
    name: `2022 ${make} ${model}`,
    make,
    model,
    make_model: `${make} ${model}`,
    body: 'Hatchback',
    car_type: 'used',
    status: 'in_stock',
    price: 20_000 + id,
    km: 1000 * id,
    year: 2022,
    categories: ['cars'],
    item_type: 'car',
    created_at_timestamp: 1_700_000_000 + id,
    custom_rank: id,
    ...fields,
  };
}

let work: string;
let dealersDir: string;
let stockDir: string;
let dist: string;
let app: Hono;
let indexes: StockIndexes;
const logged: string[] = [];

function writeStock(slug: string, vehicles: VehicleInput[], mtime?: Date): void {
  const file = path.join(stockDir, `${slug}.json`);
  writeFileSync(file, JSON.stringify({ dealer: slug, imported_at: '2025-01-01T00:00:00Z', source: 'test', vehicles }));
  if (mtime) utimesSync(file, mtime, mtime);
}

beforeAll(() => {
  work = mkdtempSync(path.join(tmpdir(), 'search-api-'));
  dealersDir = path.join(work, 'dealers');
  stockDir = path.join(work, 'stock');
  dist = path.join(work, 'dist');
  for (const dir of [dealersDir, stockDir, path.join(dist, 'alpha'), path.join(dist, 'beta')]) mkdirSync(dir, { recursive: true });
  const fixture = JSON.parse(readFileSync('tests/fixtures/dealers/fixture-motors.json', 'utf8')) as Record<string, unknown>;
  writeFileSync(path.join(dealersDir, 'alpha.json'), JSON.stringify({ ...fixture, slug: 'alpha', search: {} }));
  writeFileSync(path.join(dealersDir, 'beta.json'), JSON.stringify({ ...fixture, slug: 'beta', search: { index_uid: 'beta_stock' } }));
  writeStock('alpha', [car(1), car(2, { make: 'Mazda', model: 'CX-5', body: 'SUV' }), car(3, { status: 'sold', sold_date_timestamp: 1_700_000_000 })]);
  writeStock('beta', [car(10, { make: 'Kia', model: 'Sportage', body: 'SUV' })]);
  // recheckMs 0: the reload tests rewrite a stock file and search at once.
  indexes = createStockIndexes({ dealers: ['alpha', 'beta'], dealersDir, env: { STOCK_DIR: stockDir }, log: (m) => logged.push(m), recheckMs: 0 });
  app = searchApp(indexes);
});

/** The search routes mounted where the platform mounts them. */
const searchApp = (indexes: Parameters<typeof createSearchApi>[0], options: Parameters<typeof createSearchApi>[1] = { env: {} }): Hono =>
  new Hono().route('/api/search', createSearchApi(indexes, options));

afterAll(() => {
  indexes.close();
  rmSync(work, { recursive: true, force: true });
});

const post = (url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> =>
  Promise.resolve(
    app.request(`http://127.0.0.1:4321${url}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: 'Bearer any-key-at-all', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
  );

interface Result {
  indexUid?: string;
  hits: { id: number; _formatted?: Record<string, unknown> }[];
  estimatedTotalHits: number;
  facetDistribution?: Record<string, Record<string, number>>;
}

describe('POST /api/search/multi-search', () => {
  it('answers each query in order with the Meilisearch result shape', async () => {
    const res = await post('/api/search/multi-search', {
      queries: [
        { indexUid: 'alpha', q: '', filter: [['status = in_stock', 'status = coming_soon']], facets: ['make', 'body'], sort: ['price:asc'], limit: 21 },
        { indexUid: 'alpha', q: '', filter: 'status = in_stock', facets: ['make'], limit: 1 },
        { indexUid: 'beta_stock', q: 'spor', attributesToHighlight: ['*'], highlightPreTag: '<mark>', highlightPostTag: '</mark>' },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const { results } = (await res.json()) as { results: Result[] };
    expect(results.map((r) => r.indexUid)).toEqual(['alpha', 'alpha', 'beta_stock']);
    expect(results[0]).toMatchObject({ estimatedTotalHits: 2, facetDistribution: { make: { Mazda: 1, Toyota: 1 }, body: { Hatchback: 1, SUV: 1 } } });
    expect(results[0]?.hits.map((h) => h.id)).toEqual([1, 2]);
    expect(results[1]?.hits).toHaveLength(1);
    expect(results[2]?.hits[0]?._formatted?.name).toBe('2022 Kia <mark>Spor</mark>tage');
  });

  it('answers an unknown index in a multi-search with index_not_found (400, as Meilisearch), naming the query', async () => {
    const res = await post('/api/search/multi-search', { queries: [{ indexUid: 'alpha' }, { indexUid: 'nope' }] });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      message: 'Inside `.queries[1]`: Index `nope` not found.',
      code: 'index_not_found',
      type: 'invalid_request',
      link: 'https://docs.meilisearch.com/errors#index_not_found',
    });
  });

  it('answers bad queries with 400 and the Meilisearch code', async () => {
    const bad = async (body: unknown): Promise<{ status: number; code: string; message: string }> => {
      const res = await post('/api/search/multi-search', body);
      const json = (await res.json()) as { code: string; message: string };
      return { status: res.status, ...json };
    };
    expect(await bad({ queries: [{ indexUid: 'alpha', filter: 'colour_code = red' }] })).toMatchObject({ status: 400, code: 'invalid_search_filter' });
    expect(await bad({ queries: [{ indexUid: 'alpha', hitsPerPage: 21, page: 2 }] })).toMatchObject({ status: 400, code: 'invalid_search_hits_per_page' });
    expect(await bad({ queries: [{ indexUid: 'alpha', sort: ['vin:asc'] }] })).toMatchObject({ status: 400, code: 'invalid_search_sort' });
    expect(await bad({ queries: [{ q: 'x' }] })).toMatchObject({ status: 400, code: 'missing_index_uid' });
    expect(await bad({ queries: [], federation: {} })).toMatchObject({ status: 400, code: 'invalid_multi_search_federated' });
    expect(await bad({ nope: [] })).toMatchObject({ status: 400, code: 'bad_request' });
    expect(await bad('{"queries": [')).toMatchObject({ status: 400, code: 'malformed_payload' });
    expect(await bad('')).toMatchObject({ status: 400, code: 'missing_payload' });
  });

  it('needs a JSON content type, as Meilisearch does', async () => {
    const res = await post('/api/search/multi-search', { queries: [] }, { 'Content-Type': 'text/plain' });
    expect(res.status).toBe(415);
    expect(((await res.json()) as { code: string }).code).toBe('invalid_content_type');
  });

  it('refuses bodies over the size limit with payload_too_large (413)', async () => {
    const huge = JSON.stringify({ queries: [{ indexUid: 'alpha', q: 'x'.repeat(MAX_SEARCH_BODY_BYTES) }] });
    const res = await post('/api/search/multi-search', huge);
    expect(res.status).toBe(413);
    expect(((await res.json()) as { code: string }).code).toBe('payload_too_large');
  });

  it('allows cross-origin calls, with a preflight', async () => {
    const preflight = await app.request('http://127.0.0.1:4321/api/search/multi-search', {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://cdn.example',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type, authorization, x-meilisearch-client',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('authorization');
    const res = await post('/api/search/multi-search', { queries: [] }, { Origin: 'https://cdn.example' });
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });
});

describe('other search routes', () => {
  it('POST /indexes/{uid}/search answers one query', async () => {
    const res = await post('/api/search/indexes/alpha/search', { q: 'mazda' });
    expect(res.status).toBe(200);
    const json = (await res.json()) as Result & Record<string, unknown>;
    expect(json.hits.map((h) => h.id)).toEqual([2]);
    expect(json).not.toHaveProperty('indexUid');
    const missing = await post('/api/search/indexes/nope/search', {});
    expect(missing.status).toBe(404);
  });

  it('GET /indexes/{uid}/documents/{id} returns one car, or document_not_found', async () => {
    const res = await app.request('http://127.0.0.1:4321/api/search/indexes/alpha/documents/2');
    expect(res.status).toBe(200);
    expect(((await res.json()) as { make: string }).make).toBe('Mazda');
    const missing = await app.request('http://127.0.0.1:4321/api/search/indexes/alpha/documents/99');
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { code: string }).code).toBe('document_not_found');
  });

  it('GET /health says available', async () => {
    const res = await app.request('http://127.0.0.1:4321/api/search/health');
    expect(await res.json()).toEqual({ status: 'available' });
  });
});

describe('stock reloads', () => {
  it('rebuilds the index when the stock file changes, without a restart, answering from the old one meanwhile', async () => {
    const count = async (): Promise<number> => ((await (await post('/api/search/indexes/beta_stock/search', {})).json()) as Result).estimatedTotalHits;
    expect(await count()).toBe(1);
    writeStock('beta', [car(10), car(11), car(12)], new Date(Date.now() + 5000));
    // This search notices the change: it is answered from the index it had, the new one is built behind it.
    expect(await count()).toBe(1);
    await indexes.settled();
    expect(await count()).toBe(3);
  });

  it('keeps serving the previous stock when the new file is broken, and says so in the log', async () => {
    const file = path.join(stockDir, 'beta.json');
    writeFileSync(file, '{"dealer": "beta", "vehicles": [');
    utimesSync(file, new Date(Date.now() + 10_000), new Date(Date.now() + 10_000));
    expect(((await (await post('/api/search/indexes/beta_stock/search', {})).json()) as Result).estimatedTotalHits).toBe(3);
    await indexes.settled();
    const res = await post('/api/search/indexes/beta_stock/search', {});
    expect(res.status).toBe(200);
    expect(((await res.json()) as Result).estimatedTotalHits).toBe(3);
    expect(logged.filter((m) => m.includes('still serving the previous stock'))).toHaveLength(1);
  });

  it('answers a dealer whose stock cannot be read at all with a Meilisearch-shaped 500', async () => {
    const indexes = createStockIndexes({ dealers: ['alpha'], dealersDir, env: { STOCK_DIR: path.join(work, 'broken') }, log: () => undefined });
    mkdirSync(path.join(work, 'broken'), { recursive: true });
    writeFileSync(path.join(work, 'broken', 'alpha.json'), 'not json');
    const broken = searchApp(indexes);
    const res = await broken.request('http://127.0.0.1:4321/api/search/indexes/alpha/search', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(500);
    expect(((await res.json()) as { code: string; type: string }).type).toBe('internal');
  });
});

describe('an injected index provider', () => {
  it('serves whatever engine it returns', async () => {
    const engine = new SearchEngine([{ id: 1, name: 'One' }], indexSettings);
    const custom = searchApp({ get: (uid) => Promise.resolve(uid === 'x' ? { engine } : undefined) });
    const res = await custom.request('http://127.0.0.1:4321/api/search/indexes/x/search', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(((await res.json()) as Result).hits).toEqual([{ id: 1, name: 'One' }]);
  });
});

interface MeiliErrorBody {
  code: string;
  type: string;
  message: string;
  link: string;
}

const refused = async (res: Response): Promise<{ status: number } & MeiliErrorBody> => ({ status: res.status, ...((await res.json()) as MeiliErrorBody) });

describe('limits', () => {
  const query = (fields: Record<string, unknown>) => ({ queries: [{ indexUid: 'alpha', ...fields }] });

  it('answers a limit above 100 as Meilisearch does, clamped to pagination.maxTotalHits', async () => {
    const res = await post('/api/search/multi-search', query({ limit: 1000 }));
    expect(res.status).toBe(200);
    const { results } = (await res.json()) as { results: { hits: unknown[]; limit: number; estimatedTotalHits: number }[] };
    // alpha lists two of its three cars (the sold one is private).
    expect(results[0]).toMatchObject({ limit: 1000, estimatedTotalHits: 2 });
    expect(results[0]?.hits).toHaveLength(2);

    const docs = Array.from({ length: 60 }, (_, i) => ({ id: i + 1, name: `Car ${i + 1}` }));
    const engine = new SearchEngine(docs, { ...indexSettings, pagination: { maxTotalHits: 50 } });
    const capped = searchApp({ get: (uid) => Promise.resolve(uid === 'capped' ? { engine } : undefined) });
    const answer = await capped.request('http://127.0.0.1:4321/api/search/indexes/capped/search', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ limit: 1000, offset: 10 }),
    });
    expect(answer.status).toBe(200);
    const result = (await answer.json()) as { hits: { id: number }[]; limit: number; offset: number; estimatedTotalHits: number };
    expect(result).toMatchObject({ offset: 10, limit: 40, estimatedTotalHits: 50 });
    expect(result.hits.map((h) => h.id)).toEqual(Array.from({ length: 40 }, (_, i) => i + 11));
  });

  it("refuses what no site asks for with the parameter's Meilisearch error (400)", async () => {
    expect(await refused(await post('/api/search/indexes/alpha/search', { hitsPerPage: 1000 }))).toMatchObject({
      status: 400,
      code: 'invalid_search_hits_per_page',
    });
    const tag = '<'.repeat(19_000);
    expect(await refused(await post('/api/search/multi-search', query({ q: 'toyota', attributesToHighlight: ['*'], highlightPreTag: tag })))).toMatchObject({
      status: 400,
      code: 'invalid_search_highlight_pre_tag',
    });
    expect(await refused(await post('/api/search/multi-search', query({ highlightPostTag: 'x'.repeat(MAX_TAG_LENGTH + 1) })))).toMatchObject({
      code: 'invalid_search_highlight_post_tag',
    });
    const many = { queries: Array.from({ length: MAX_QUERIES + 1 }, () => ({ indexUid: 'alpha' })) };
    expect(await refused(await post('/api/search/multi-search', many))).toMatchObject({ status: 400, code: 'bad_request' });
  });

  it('refuses JSON nested 30,000 deep as malformed_payload (400), as Meilisearch would', async () => {
    const deep = `{"queries":[{"indexUid":"alpha","filter":${'['.repeat(30_000)}${']'.repeat(30_000)}}]}`;
    expect(await refused(await post('/api/search/multi-search', deep))).toMatchObject({
      status: 400,
      code: 'malformed_payload',
      message: 'The json payload provided is malformed. `recursion limit exceeded at line 1 column 166`.',
    });
  });

  it('refuses an answer over MAX_RESPONSE_BYTES, and streams a large one that is within it', async () => {
    // 30 KB descriptions: all 100 (a limit of 1,000, clamped by nothing smaller) pass 2 MiB; 20 hits are a 600 KB answer.
    const docs = Array.from({ length: 100 }, (_, i) => ({ id: i + 1, name: `Car ${i + 1}`, description: `${i}`.padEnd(30_000, '.') }));
    const engine = new SearchEngine(docs, indexSettings);
    const big = searchApp({ get: (uid) => Promise.resolve(uid === 'big' ? { engine } : undefined) });
    const ask = (body: unknown) =>
      big.request('http://127.0.0.1:4321/api/search/multi-search', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    const tooLarge = await refused(await ask({ queries: [{ indexUid: 'big', limit: 1000 }] }));
    expect(tooLarge).toMatchObject({ status: 400, code: 'bad_request' });
    expect(tooLarge.message).toContain(`larger than ${MAX_RESPONSE_BYTES / 1024 / 1024} MiB`);
    const res = await ask({ queries: [{ indexUid: 'big', limit: 20 }] });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    const { results } = (await res.json()) as { results: { hits: { id: number; description: string }[] }[] };
    expect(results[0]?.hits.map((h) => h.id)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(results[0]?.hits[19]?.description).toBe(docs[19]?.description);
  });
});

describe('rate limit', () => {
  it('answers an address over SEARCH_RATE_LIMIT_PER_MINUTE with a Meilisearch-shaped 429 and Retry-After', async () => {
    expect(SEARCH_RATE_LIMIT).toMatchObject({ variable: 'SEARCH_RATE_LIMIT_PER_MINUTE', perMinute: 1200 });
    const limited = searchApp(createStockIndexes({ dealers: ['alpha'], dealersDir, env: { STOCK_DIR: stockDir } }), {
      env: { SEARCH_RATE_LIMIT_PER_MINUTE: '2' },
    });
    const ask = () =>
      limited.request('http://127.0.0.1:4321/api/search/multi-search', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ queries: [{ indexUid: 'alpha' }] }),
      });
    expect((await ask()).status).toBe(200);
    expect((await ask()).status).toBe(200);
    const res = await ask();
    const retryAfter = Number(res.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await refused(res)).toEqual({
      status: 429,
      code: 'too_many_search_requests',
      type: 'system',
      link: 'https://docs.meilisearch.com/errors#too_many_search_requests',
      message: `Too many search requests from this address. Retry after ${retryAfter}s.`,
    });
    // Document reads count too; the health check and preflights do not.
    expect((await limited.request('http://127.0.0.1:4321/api/search/indexes/alpha/documents/1')).status).toBe(429);
    expect((await limited.request('http://127.0.0.1:4321/api/search/health')).status).toBe(200);
  });
});

describe('private stock', () => {
  const DAY = 86_400;
  const NOW = 1_760_000_000;
  const hidden = [
    // Sold yesterday but never flagged for the website.
    car(21, { status: 'sold', sold_date_timestamp: NOW - DAY, show_on_dealer_website: false, vin: 'JTNB11HK103000021', stocknum: 'HID021' }),
    // Flagged, but sold ten days ago: past the 3-day window.
    car(22, { status: 'sold', sold_date_timestamp: NOW - 10 * DAY, show_on_dealer_website: true, vin: 'JTNB11HK103000022', stocknum: 'OLD022' }),
  ];
  const listed = [car(23), car(24, { status: 'coming_soon' }), car(25, { status: 'sold', sold_date_timestamp: NOW - DAY, show_on_dealer_website: true })];
  let shop: Hono;

  beforeAll(() => {
    writeStock('gamma', [...hidden, ...listed]);
    const fixture = JSON.parse(readFileSync('tests/fixtures/dealers/fixture-motors.json', 'utf8')) as Record<string, unknown>;
    writeFileSync(path.join(dealersDir, 'gamma.json'), JSON.stringify({ ...fixture, slug: 'gamma', search: { include_sold_cars_days: 3 } }));
    shop = searchApp(createStockIndexes({ dealers: ['gamma'], dealersDir, env: { STOCK_DIR: stockDir }, now: () => NOW * 1000 }));
  });

  const search = async (body: Record<string, unknown>): Promise<Result> => {
    const res = await shop.request('http://127.0.0.1:4321/api/search/multi-search', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ queries: [{ indexUid: 'gamma', limit: 100, ...body }] }),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { results: Result[] }).results[0]!;
  };

  it('never returns hidden or long-sold cars, whatever the filter asks', async () => {
    for (const body of [
      {},
      { filter: 'show_on_dealer_website = false' },
      { filter: 'status = sold' },
      { filter: ['id IN [21, 22]'] },
      { filter: [['status = sold', 'status != sold']], sort: ['price:asc'] },
      { q: 'JTNB11HK103000021' },
      { q: 'OLD022' },
    ]) {
      const ids = (await search(body)).hits.map((h) => h.id);
      expect(
        ids.filter((id) => id === 21 || id === 22),
        JSON.stringify(body),
      ).toEqual([]);
    }
    expect((await search({})).hits.map((h) => h.id).sort()).toEqual([23, 24, 25]);
    expect(await search({ filter: 'status = sold', limit: 0 })).toMatchObject({ estimatedTotalHits: 1 });
  });

  it('leaves them out of facet counts', async () => {
    const { facetDistribution } = await search({ limit: 0, facets: ['status', 'show_on_dealer_website', 'stocknum'] });
    expect(facetDistribution).toEqual({
      status: { coming_soon: 1, in_stock: 1, sold: 1 },
      show_on_dealer_website: { false: 2, true: 1 },
      stocknum: {},
    });
  });

  it('answers a document read of one as document_not_found', async () => {
    for (const id of [21, 22]) {
      const res = await shop.request(`http://127.0.0.1:4321/api/search/indexes/gamma/documents/${id}`);
      expect(await refused(res)).toMatchObject({ status: 404, code: 'document_not_found' });
    }
    expect((await shop.request('http://127.0.0.1:4321/api/search/indexes/gamma/documents/25')).status).toBe(200);
  });
});
