import { SearchEngine, type SearchDocument } from '@dealer-sites/search-engine';
import { describe, expect, it } from 'vitest';
import { testCar } from '../../../tests/support/test-car';
import { testSite } from '../../../tests/support/test-site';
import { BUDGET_MIN_PRICE } from './hero/budget';
import { indexSettings } from './index-settings';
import { buildMultiSearch } from './query';
import { indexSort, withSortPrice } from './sort-price';

const NOW = 1_800_000_000;
const cars = [
  testCar({ id: 1, slug: 'a-1', price: 25_000 }),
  testCar({ id: 2, slug: 'a-2', price: 0 }),
  testCar({ id: 3, slug: 'a-3', price: 9_000 }),
  testCar({ id: 4, slug: 'a-4', price: 41_000 }),
];
const engine = new SearchEngine(cars.map(withSortPrice), indexSettings);

/** The ids of the search page's main query for this sort, as the engine answers it. */
function idsSortedBy(sortBy: string): unknown[] {
  const [main] = buildMultiSearch({ refinements: {}, ranges: {}, sortBy }, { site: testSite(), nowSeconds: NOW }, { indexUid: 'stock', facets: [] });
  const { indexUid: _uid, ...query } = main!;
  return engine.search(query as Parameters<SearchEngine['search']>[0]).hits.map((hit: SearchDocument) => hit.id);
}

describe('price-on-application cars sort last in both price directions', () => {
  it('lists priced cars low to high, then the price-on-application car', () => {
    expect(idsSortedBy('price:asc')).toEqual([3, 1, 4, 2]);
  });

  it('lists priced cars high to low, then the price-on-application car', () => {
    expect(idsSortedBy('price:desc')).toEqual([4, 1, 3, 2]);
  });

  it('leaves price itself alone, so cards, price filters and the budget rule read it as before', () => {
    expect(withSortPrice(cars[1]!)).toEqual(cars[1]);
    expect(withSortPrice(cars[0]!)).toMatchObject({ price: 25_000, sort_price: 25_000 });
    const budget = engine.search({ q: '', filter: `price > ${BUDGET_MIN_PRICE}`, limit: 10, offset: 0 } as Parameters<SearchEngine['search']>[0]);
    expect(budget.hits.map((hit: SearchDocument) => hit.id).sort()).toEqual([1, 3, 4]);
  });

  it('asks the index for sort_price on price sorts only', () => {
    expect(indexSort(['price:asc', 'km:desc', 'subscription_price:asc'])).toEqual(['sort_price:asc', 'km:desc', 'subscription_price:asc']);
  });
});
