/**
 * The saved-search matcher against the search API: for real search paths of the demo dealers,
 * the cars the matcher finds are the cars the search page's own request, sent to the embedded
 * search API, lists (every page of it), so an alert never names a car the search would not show.
 */
import { multiSearchJson, joinAnswer } from '@dealer-sites/search-engine';
import { describe, expect, it } from 'vitest';
import { DEALER_FILES_DIR, dealerFileCopy } from '../../../tests/support/test-site';
import { landingFacets } from '../../search/model/landing';
import { buildMultiSearch } from '../../search/model/query';
import { vocabularyFromFacets } from '../../search/model/routing';
import { createStockIndexes } from '../../search/server/search-indexes';
import { loadStock } from '../../stock/server/store';
import { savedSearchMatcher, savedSearchState, stockVocabulary } from '../model/saved-search-match';

const NOW = Date.UTC(2026, 5, 1, 3, 0, 0);
const env = { STOCK_DIR: '/nonexistent-stock-dir' };

/** Every car id the search page's main query lists for `path`, page after page, through the search API. */
async function pageAnswer(slug: string, path: string): Promise<string[]> {
  const site = dealerFileCopy(slug);
  const indexes = createStockIndexes({ dealers: [slug], dealersDir: DEALER_FILES_DIR, env, now: () => NOW });
  const state = savedSearchState(path, site, stockVocabulary(loadStock(site, env)));
  const [main] = buildMultiSearch(state, { site, nowSeconds: Math.floor(NOW / 1000) }, { indexUid: slug, facets: ['make'] });
  if (!main) throw new Error('no main query');
  const ids: string[] = [];
  for (let offset = 0; ; offset += 100) {
    const { facets: _facets, ...query } = main;
    const answer = await multiSearchJson((uid) => indexes.get(uid), { queries: [{ ...query, limit: 100, offset }] });
    const { results } = JSON.parse(new TextDecoder().decode(joinAnswer(answer))) as { results: { hits: { id: number }[] }[] };
    const hits = results[0]?.hits ?? [];
    ids.push(...hits.map((hit) => String(hit.id)));
    if (hits.length < 100) return ids;
  }
}

const cases: [slug: string, paths: string[]][] = [
  [
    'kingfisher-toyota',
    ['/search/new-used-and-demo-cars', '/search/toyota/rav4', '/search/used-cars', '/search/suv?range[price]=:40000', '/search?query=hilux'],
  ],
  [
    'drivesmart-pre-owned',
    ['/pre-owned?range[price]=:20000', '/pre-owned?range[km]=:40000', '/electric-cars', '/search/mazda', '/search/sedan?sortBy=price:asc'],
  ],
  ['lone-star-auto', ['/search/ford/f-150', '/search/used-cars?range[year]=2018:&transmission=Automatic', '/search/ram/1500']],
  ['southern-lakes-motors', ['/search/new-caravans', '/search/used-cars?fuel=Diesel', '/search/jayco/journey']],
];

describe.each(cases)('saved searches of %s', (slug, paths) => {
  const site = dealerFileCopy(slug);
  const vehicles = loadStock(site, env);
  const everyCar = new Set(vehicles.map((car) => String(car.id)));

  it.each(paths)('%s: the matcher lists what the search page lists', async (path) => {
    const page = await pageAnswer(slug, path);
    const matched = savedSearchMatcher(site, vehicles, everyCar, Math.floor(NOW / 1000)).match(path);
    expect(page.length).toBeGreaterThan(0);
    expect(new Set(matched)).toEqual(new Set(page));
  });

  it('answers only for the new cars it is given', async () => {
    const path = paths[0] ?? '/search';
    const newCars = new Set([...everyCar].filter((_, i) => i % 7 === 0));
    const page = await pageAnswer(slug, path);
    const matched = savedSearchMatcher(site, vehicles, newCars, Math.floor(NOW / 1000)).match(path);
    expect(matched.length).toBeGreaterThan(0);
    expect(new Set(matched)).toEqual(new Set(page.filter((id) => newCars.has(id))));
  });
});

describe('search words', () => {
  it('match only cars with every word, a part of what the page lists', async () => {
    const slug = 'kingfisher-toyota';
    const site = dealerFileCopy(slug);
    const vehicles = loadStock(site, env);
    const path = '/search?query=rav4+hybrid';
    const page = await pageAnswer(slug, path);
    const matched = savedSearchMatcher(site, vehicles, new Set(vehicles.map((car) => String(car.id))), Math.floor(NOW / 1000)).match(path);
    expect(matched.length).toBeGreaterThan(0);
    expect(matched.every((id) => page.includes(id))).toBe(true);
    expect(matched.length).toBeLessThan(page.length);
    const byId = new Map(vehicles.map((car) => [String(car.id), car]));
    for (const id of matched) expect(byId.get(id)?.name).toMatch(/RAV4.*Hybrid/i);
  });
});

describe('the vocabulary paths are read with', () => {
  it.each(cases.map(([slug]) => slug))('is the one the search pages build for %s', (slug) => {
    const vehicles = loadStock(dealerFileCopy(slug), env);
    const listed = vehicles.filter((car) => car.status !== 'sold');
    const sorted = (vocabulary: Record<string, readonly string[] | undefined>) =>
      Object.fromEntries(Object.entries(vocabulary).map(([field, values]) => [field, [...(values ?? [])].sort()]));
    expect(sorted(stockVocabulary(vehicles))).toEqual(sorted(vocabularyFromFacets(landingFacets(listed))));
  });
});
