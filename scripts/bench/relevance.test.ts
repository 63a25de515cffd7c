import { describe, expect, it } from 'vitest';
import * as engineModule from '@dealer-sites/search-engine';
import { measureRelevance, relevanceQueries, relevanceStock, type EngineModule } from './relevance';

const stock = relevanceStock();

describe('the relevance set', () => {
  it('judges more than 60 queries, each meaning cars the stock holds', () => {
    const queries = relevanceQueries(stock);
    expect(queries.length).toBeGreaterThan(60);
    for (const { q, relevant } of queries) expect(stock.some(relevant), q).toBe(true);
  });

  it('puts the cars a shopper means first, however the model is spaced or hyphenated', () => {
    const result = measureRelevance(engineModule as unknown as EngineModule, stock);
    const spelled = ['land cruiser', 'landcruiser', 'hi lux', 'rav 4', 'cx5', 'cx-5', 'crv', 'dmax', 'white hi lux', 'hilux toyta'];
    for (const q of spelled) expect(result.perQuery.find((r) => r.q === q)?.precision, q).toBe(1);
    expect(result.precisionAt5).toBeGreaterThan(0.95);
  });
});
