/**
 * Runs one conformance case against a backend that speaks the Meilisearch search routes and
 * checks the answer with vitest's expect: the embedded engine, the site's HTTP API or a real
 * Meilisearch all plug in as a `Backend`.
 */
import { expect } from 'vitest';
import type { ConformanceCase, Expectation } from './cases';

export interface Reply {
  status: number;
  body: unknown;
}

export interface Backend {
  indexUid: string;
  post(path: string, body: unknown): Promise<Reply>;
}

interface Hit {
  id: number | string;
  _formatted?: Record<string, unknown>;
  [field: string]: unknown;
}

interface Result {
  hits: Hit[];
  estimatedTotalHits: number;
  facetDistribution?: Record<string, Record<string, number>>;
  facetStats?: Record<string, { min: number; max: number }>;
}

/** How a case went: Meilisearch's answer, or the embedded engine's documented refusal. Anything else fails. */
export type Outcome = 'pass' | 'refused';

const byId = (a: number | string, b: number | string): number => String(a).localeCompare(String(b));

/** Runs a case; `refusing` says the backend is the embedded engine, which refuses the cases marked `refused`. */
export async function runCase(backend: Backend, testCase: ConformanceCase, refusing = true): Promise<Outcome> {
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

  if (refusing && testCase.refused) {
    expect(reply.status, JSON.stringify(reply.body)).toBe(400);
    expect(reply.body).toMatchObject({ code: testCase.refused, type: 'invalid_request' });
    return 'refused';
  }
  if (testCase.error) {
    expect(reply.status, JSON.stringify(reply.body)).toBe(testCase.error.status);
    expect(reply.body).toMatchObject({ code: testCase.error.code, type: 'invalid_request' });
    expect(reply.body).toHaveProperty('message');
    expect(reply.body).toHaveProperty('link');
    return 'pass';
  }
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  expect(results).toHaveLength(testCase.expect?.length ?? 0);
  (testCase.expect ?? []).forEach((expected: Expectation, i) => {
    const result = results[i]!;
    const ids = result.hits.map((h) => h.id);
    if (expected.ids) expect(ids, `ids of query ${i}`).toEqual(expected.ids);
    if (expected.idSet) expect([...ids].sort(byId), `id set of query ${i}`).toEqual([...expected.idSet].sort(byId));
    if (expected.count !== undefined) expect(ids, `hits of query ${i}`).toHaveLength(expected.count);
    if (expected.total !== undefined) expect(result.estimatedTotalHits, `estimatedTotalHits of query ${i}`).toBe(expected.total);
    if (expected.facetDistribution) expect(result.facetDistribution, `facetDistribution of query ${i}`).toEqual(expected.facetDistribution);
    if (expected.facetStats) expect(result.facetStats, `facetStats of query ${i}`).toEqual(expected.facetStats);
    for (const { id, field, value } of expected.formatted ?? []) {
      expect(result.hits.find((h) => h.id === id)?._formatted?.[field], `_formatted.${field} of hit ${id}`).toEqual(value);
    }
    for (const { id, field, value } of expected.fields ?? []) {
      const hit = result.hits.find((h) => h.id === id);
      expect(hit, `hit ${id}`).toBeDefined();
      expect(hit?.[field], `${field} of hit ${id}`).toEqual(value);
    }
  });
  return 'pass';
}
