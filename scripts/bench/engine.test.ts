import { describe, expect, it } from 'vitest';
import { SearchEngine } from '@dealer-sites/search-engine';
import { indexSettings } from '../../src/search/model/index-settings';
import { benchEngine, embeddedMultiSearch, FACET_QUERY_FIELDS, meiliQueries, oramaIndex, oramaMultiSearch, oramaQueries, scenarios, summarise } from './engine';
import { dealerFileCopy } from '../../tests/support/test-site';
import { generateDemoStock } from '../../src/stock/model/demo';

const NOW = 1_750_000_000;
const stock = generateDemoStock(dealerFileCopy('kingfisher-toyota'), 200, NOW * 1000);

describe('the benchmark queries', () => {
  it('are one main query plus six facet queries of limit 1, each without its own filter', () => {
    const queries = meiliQueries({ q: '', make: ['Kia'], page: 2 }, 'idx', NOW);
    expect(queries).toHaveLength(1 + FACET_QUERY_FIELDS.length);
    expect(queries[0]).toMatchObject({ indexUid: 'idx', limit: 21, offset: 21 });
    expect(queries.slice(1).every((q) => q.limit === 1)).toBe(true);
    const makeQuery = queries.find((q) => (q.facets as string[])[0] === 'make');
    expect(JSON.stringify(makeQuery?.filter)).not.toContain('make =');
    expect(JSON.stringify(queries[0]?.filter)).toContain('make = \\"Kia\\"');
  });

  it('give the same hit counts on both engines when they only filter', async () => {
    const engine = new SearchEngine(stock, indexSettings);
    const db = await oramaIndex(stock);
    const filterOnly = scenarios().filter((s) => s.q === '');
    expect(filterOnly.length).toBeGreaterThan(3);
    for (const scenario of filterOnly) {
      const embedded = embeddedMultiSearch(engine, meiliQueries(scenario, 'idx', NOW)).map((r) => r.estimatedTotalHits);
      const orama = (await oramaMultiSearch(db, oramaQueries(scenario, NOW))).map((r) => r.count);
      expect(embedded, JSON.stringify(scenario)).toEqual(orama);
      expect(embedded[0], JSON.stringify(scenario)).toBeGreaterThan(0);
    }
  });
});

describe('benchEngine', () => {
  it('reports latency percentiles for both engines', async () => {
    const result = await benchEngine(stock, { rounds: 2, warmup: 1, nowSeconds: NOW });
    expect(result.queries).toBe(2 * scenarios().length);
    for (const summary of [result.embedded, result.orama]) {
      expect(summary.p50).toBeGreaterThan(0);
      expect(summary.p95).toBeGreaterThanOrEqual(summary.p50);
      expect(summary.mean).toBeGreaterThan(0);
    }
  });

  it('summarises with nearest-rank percentiles', () => {
    const samples = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(summarise(samples)).toEqual({ p50: 50, p95: 95, mean: 50.5 });
    expect(summarise([])).toEqual({ p50: 0, p95: 0, mean: 0 });
  });
});
