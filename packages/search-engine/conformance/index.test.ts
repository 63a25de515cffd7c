/**
 * The same tables of cases against the embedded engine, always; and against a real Meilisearch
 * when MEILISEARCH_HOST is set (with MEILISEARCH_ADMIN_KEY when it needs one): a temporary index
 * per suite gets the suite's settings and documents, every case runs, and the index is deleted.
 * The suites are the dealer stock's own table and the facts taken from Meilisearch's tests; the
 * embedded run prints how many cases passed and how many were refused on purpose (a wrong answer
 * fails its test).
 * The dealer sites run the same table through their HTTP API too (src/server/app.search-conformance.test.ts).
 */
import { Meilisearch, type Settings } from 'meilisearch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MeiliError, SearchEngine, indexSearch, multiSearch, type EngineLookup } from '../src/index';
import {
  cjkSuites,
  cjkTranscribedCaseCount,
  conformanceCases,
  conformanceDocuments,
  conformanceSettings,
  meilisearchCaseCount,
  meilisearchSuites,
  runCase,
  textSettingsCaseCount,
  textSettingsSuites,
  type Backend,
  type ConformanceSuite,
  type Outcome,
  type Reply,
} from './index';

const suites: ConformanceSuite[] = [
  { name: 'dealer stock', documents: conformanceDocuments, settings: conformanceSettings, cases: conformanceCases },
  ...meilisearchSuites,
  ...textSettingsSuites,
  ...cjkSuites,
];

// ---- the embedded engine, in process ---------------------------------------------------------

describe('conformance: embedded engine', () => {
  const outcomes: Outcome[] = [];
  afterAll(() => {
    const count = (o: Outcome): number => outcomes.filter((x) => x === o).length;
    const total = suites.reduce((n, s) => n + s.cases.length, 0);
    console.log(
      `conformance: ${total} cases (${meilisearchCaseCount + textSettingsCaseCount + cjkTranscribedCaseCount} from Meilisearch's tests): ${count('pass')} pass, ${count('refused')} refused, ${total - outcomes.length} wrong`,
    );
  });

  describe.each(suites.map((suite) => [suite.name, suite] as const))('%s', (_suiteName, suite) => {
    const indexUid = 'conformance';
    const engine = new SearchEngine(suite.documents, { ...suite.settings, searchableAttributes: [...suite.settings.searchableAttributes] });
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

    it.each(suite.cases.map((c) => [c.name, c] as const))('%s', async (_name, testCase) => {
      const outcome = await runCase(backend, testCase);
      expect(outcome).toBe(testCase.refused ? 'refused' : 'pass');
      outcomes.push(outcome);
    });
  });
});

// ---- a real Meilisearch, when one is configured ---------------------------------------------

/** The suite's synonyms, stop words and typo tolerance as Meilisearch's settings take them. */
function textSettings(settings: ConformanceSuite['settings']): Settings {
  const { synonyms, stopWords, typoTolerance } = settings;
  return {
    ...(synonyms ? { synonyms: Object.fromEntries(Object.entries(synonyms).map(([word, list]) => [word, [...list]])) } : {}),
    ...(stopWords ? { stopWords: [...stopWords] } : {}),
    ...(typoTolerance
      ? {
          typoTolerance: {
            ...(typoTolerance.enabled !== undefined ? { enabled: typoTolerance.enabled } : {}),
            ...(typoTolerance.minWordSizeForTypos ? { minWordSizeForTypos: { ...typoTolerance.minWordSizeForTypos } } : {}),
            ...(typoTolerance.disableOnWords ? { disableOnWords: [...typoTolerance.disableOnWords] } : {}),
            ...(typoTolerance.disableOnAttributes ? { disableOnAttributes: [...typoTolerance.disableOnAttributes] } : {}),
          },
        }
      : {}),
  };
}

const host = process.env.MEILISEARCH_HOST?.replace(/\/+$/, '');
const apiKey = process.env.MEILISEARCH_ADMIN_KEY ?? process.env.MEILISEARCH_API_KEY;
if (!host) {
  console.log('conformance: real-Meilisearch run SKIPPED (set MEILISEARCH_HOST, and MEILISEARCH_ADMIN_KEY if it needs one, to run every case against it too).');
}

describe.skipIf(!host)('conformance: real Meilisearch', () => {
  const client = new Meilisearch({ host: host ?? 'http://unused', ...(apiKey ? { apiKey } : {}) });
  const wait = { timeout: 120_000, interval: 100 };

  describe.each(suites.map((suite, i) => [suite.name, suite, i] as const))('%s', (_suiteName, suite, i) => {
    const indexUid = `conformance_${i}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
    const { settings } = suite;

    beforeAll(async () => {
      console.log(`conformance: running "${suite.name}" against the real Meilisearch at ${host}, index ${indexUid}`);
      await client.createIndex(indexUid, { primaryKey: settings.primaryKey }).waitTask(wait);
      const index = client.index(indexUid);
      await index
        .updateSettings({
          searchableAttributes: [...settings.searchableAttributes],
          filterableAttributes: [...settings.filterableAttributes],
          sortableAttributes: [...settings.sortableAttributes],
          rankingRules: [...settings.rankingRules],
          faceting: { ...settings.faceting },
          pagination: { ...settings.pagination },
          ...textSettings(settings),
        })
        .waitTask(wait);
      const task = await index.addDocuments([...suite.documents]).waitTask(wait);
      if (task.status !== 'succeeded') throw new Error(`adding the "${suite.name}" stock failed: ${JSON.stringify(task.error)}`);
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

    it.each(suite.cases.filter((c) => c.only !== 'embedded').map((c) => [c.name, c] as const))('%s', async (_name, testCase) => {
      await runCase(backend, testCase, false);
    });
  });
});
