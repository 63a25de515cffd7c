/**
 * The same table of cases against the embedded engine, always; and against a real Meilisearch
 * when MEILISEARCH_HOST is set (with MEILISEARCH_ADMIN_KEY when it needs one): a temporary index
 * gets the conformance settings and documents, every case runs, and the index is deleted.
 * The dealer sites run the same table through their HTTP API too (src/server/app.search-conformance.test.ts).
 */
import { Meilisearch } from 'meilisearch';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { MeiliError, SearchEngine, indexSearch, multiSearch, type EngineLookup } from '../src/index';
import { conformanceCases, conformanceDocuments, conformanceSettings, runCase, type Backend, type Reply } from './index';

// ---- the embedded engine, in process ---------------------------------------------------------

describe('conformance: embedded engine', () => {
  const indexUid = 'conformance';
  const engine = new SearchEngine(conformanceDocuments, conformanceSettings);
  const lookup: EngineLookup = (uid) => (uid === indexUid ? engine : undefined);
  const answer = async (work: () => Promise<unknown>): Promise<Reply> => {
    try {
      return { status: 200, body: JSON.parse(JSON.stringify(await work())) as unknown };
    } catch (error) {
      if (error instanceof MeiliError) return { status: error.status, body: error.toBody() };
      throw error;
    }
  };
  const backend: Backend = {
    indexUid,
    post(path, body) {
      const single = /^\/indexes\/([^/]+)\/search$/.exec(path);
      if (single) return answer(() => indexSearch(lookup, decodeURIComponent(single[1]!), body));
      if (path === '/multi-search') return answer(() => multiSearch(lookup, body));
      throw new Error(`no such route in the conformance suite: ${path}`);
    },
  };

  it.each(conformanceCases.map((c) => [c.name, c] as const))('%s', async (_name, testCase) => {
    await runCase(backend, testCase);
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
    await client.createIndex(indexUid, { primaryKey: conformanceSettings.primaryKey }).waitTask(wait);
    const index = client.index(indexUid);
    await index
      .updateSettings({
        searchableAttributes: [...conformanceSettings.searchableAttributes],
        filterableAttributes: [...conformanceSettings.filterableAttributes],
        sortableAttributes: [...conformanceSettings.sortableAttributes],
        rankingRules: [...conformanceSettings.rankingRules],
        faceting: { ...conformanceSettings.faceting },
        pagination: { ...conformanceSettings.pagination },
      })
      .waitTask(wait);
    const task = await index.addDocuments(conformanceDocuments).waitTask(wait);
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
    await runCase(backend, testCase);
  });
});
