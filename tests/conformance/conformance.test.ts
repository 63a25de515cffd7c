/**
 * The same table of cases against the embedded engine, through the real HTTP routes, always; and
 * against a real Meilisearch when MEILISEARCH_HOST is set (with MEILISEARCH_ADMIN_KEY when it
 * needs one): a temporary index gets the project's index settings and the conformance stock, every
 * case runs, and the index is deleted.
 */
import { Meilisearch } from 'meilisearch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchEngine } from '../../src/search/engine/engine';
import { indexSettings } from '../../src/search/index-settings';
import { createApp } from '../../src/server/app';
import { conformanceCases, type ConformanceCase, type Expectation } from './cases';
import { conformanceStock } from './dataset';

interface Reply {
  status: number;
  body: unknown;
}

interface Backend {
  indexUid: string;
  post(path: string, body: unknown): Promise<Reply>;
}

interface Hit {
  id: number;
  _formatted?: Record<string, unknown>;
}

interface Result {
  hits: Hit[];
  estimatedTotalHits: number;
  facetDistribution?: Record<string, Record<string, number>>;
  facetStats?: Record<string, { min: number; max: number }>;
}

async function run(backend: Backend, testCase: ConformanceCase): Promise<void> {
  const queries = testCase.queries.map((q) => ({ indexUid: backend.indexUid, ...q }));
  let reply: Reply;
  let results: Result[] = [];
  if (testCase.route === 'index') {
    const { indexUid, ...query } = queries[0]!;
    reply = await backend.post(`/indexes/${indexUid}/search`, query);
    if (reply.status === 200) results = [reply.body as Result];
  } else {
    reply = await backend.post('/multi-search', { queries });
    if (reply.status === 200) results = (reply.body as { results: Result[] }).results;
  }

  if (testCase.error) {
    expect(reply.status, JSON.stringify(reply.body)).toBe(testCase.error.status);
    expect(reply.body).toMatchObject({ code: testCase.error.code, type: 'invalid_request' });
    expect(reply.body).toHaveProperty('message');
    expect(reply.body).toHaveProperty('link');
    return;
  }
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  expect(results).toHaveLength(testCase.expect?.length ?? 0);
  (testCase.expect ?? []).forEach((expected: Expectation, i) => {
    const result = results[i]!;
    const ids = result.hits.map((h) => h.id);
    if (expected.ids) expect(ids, `ids of query ${i}`).toEqual(expected.ids);
    if (expected.idSet) expect([...ids].sort((a, b) => a - b), `id set of query ${i}`).toEqual([...expected.idSet].sort((a, b) => a - b));
    if (expected.total !== undefined) expect(result.estimatedTotalHits, `estimatedTotalHits of query ${i}`).toBe(expected.total);
    if (expected.facetDistribution) expect(result.facetDistribution, `facetDistribution of query ${i}`).toEqual(expected.facetDistribution);
    if (expected.facetStats) expect(result.facetStats, `facetStats of query ${i}`).toEqual(expected.facetStats);
    for (const { id, field, value } of expected.formatted ?? []) {
      expect(result.hits.find((h) => h.id === id)?._formatted?.[field], `_formatted.${field} of hit ${id}`).toEqual(value);
    }
  });
}

// ---- embedded engine, through the HTTP routes ----------------------------------------------

describe('conformance: embedded engine over HTTP', () => {
  const indexUid = 'conformance';
  const engine = new SearchEngine(conformanceStock, indexSettings);
  const app = createApp({
    distDir: 'does-not-matter',
    dealers: ['conformance'],
    defaultDealer: 'conformance',
    search: { get: (uid) => Promise.resolve(uid === indexUid ? engine : undefined) },
  });
  const backend: Backend = {
    indexUid,
    async post(path, body) {
      const res = await app.request(`http://127.0.0.1/api/search${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: 'Bearer ignored' },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: await res.json() };
    },
  };

  it.each(conformanceCases.map((c) => [c.name, c] as const))('%s', async (_name, testCase) => {
    await run(backend, testCase);
  });
});

// ---- a real Meilisearch, when one is configured ---------------------------------------------

const host = process.env.MEILISEARCH_HOST?.replace(/\/+$/, '');
const apiKey = process.env.MEILISEARCH_ADMIN_KEY ?? process.env.MEILISEARCH_API_KEY;
if (!host) {
  console.log('conformance: real-Meilisearch run SKIPPED (set MEILISEARCH_HOST, and MEILISEARCH_ADMIN_KEY if it needs one, to run every case against it too).');
}

describe.skipIf(!host)('conformance: real Meilisearch', () => {
  const indexUid = `conformance_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const client = new Meilisearch({ host: host ?? 'http://unused', ...(apiKey ? { apiKey } : {}) });
  const wait = { timeout: 120_000, interval: 100 };

  beforeAll(async () => {
    console.log(`conformance: running every case against the real Meilisearch at ${host}, index ${indexUid}`);
    await client.createIndex(indexUid, { primaryKey: indexSettings.primaryKey }).waitTask(wait);
    const index = client.index(indexUid);
    await index
      .updateSettings({
        searchableAttributes: [...indexSettings.searchableAttributes],
        filterableAttributes: [...indexSettings.filterableAttributes],
        sortableAttributes: [...indexSettings.sortableAttributes],
        rankingRules: [...indexSettings.rankingRules],
        faceting: { ...indexSettings.faceting },
        pagination: { ...indexSettings.pagination },
      })
      .waitTask(wait);
    const task = await index.addDocuments(conformanceStock).waitTask(wait);
    if (task.status !== 'succeeded') throw new Error(`adding the conformance stock failed: ${JSON.stringify(task.error)}`);
  }, 180_000);

  afterAll(async () => {
    await client.deleteIndex(indexUid).waitTask(wait);
  }, 180_000);

  const backend: Backend = {
    indexUid,
    async post(path, body) {
      const res = await fetch(`${host}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(apiKey ? { Authorization: `Bearer ${apiKey}` } : {}) },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: await res.json() };
    },
  };

  it.each(conformanceCases.filter((c) => c.only !== 'embedded').map((c) => [c.name, c] as const))('%s', async (_name, testCase) => {
    await run(backend, testCase);
  });
});
