import { describe, expect, it } from 'vitest';
import { testCar } from '../../../tests/support/test-car';
import { testSite } from '../../../tests/support/test-site';
import { savedSearchMatcher, savedSearchState, stockVocabulary } from './saved-search-match';

const site = testSite();
const NOW = 1_780_000_000;
const rav4 = testCar({ id: 1, slug: 'rav4-1' });
const hybrid = testCar({ id: 2, slug: 'rav4-2', name: '2022 Toyota RAV4 Cruiser Hybrid', variant: 'Cruiser Hybrid', price: 45990 });
const ute = testCar({ id: 3, slug: 'hilux-3', name: '2020 Toyota HiLux SR', model: 'HiLux', make_model: 'Toyota HiLux', body: 'Ute', price: 41990 });
const sold = testCar({ id: 4, slug: 'rav4-4', status: 'sold', sold_date_timestamp: NOW - 30 * 86_400, show_on_dealer_website: true });
const stock = [rav4, hybrid, ute, sold];
const all = new Set(['1', '2', '3', '4']);

describe('savedSearchState', () => {
  it('reads a saved path as the search page reads its address, whatever page it was saved on', () => {
    const state = savedSearchState('/search/toyota/rav4?range[price]=:40000&page=3&sortBy=price:asc', site, stockVocabulary(stock));
    expect(state).toEqual({
      refinements: { make: ['Toyota'], model: ['RAV4'] },
      ranges: { price: { max: 40000 } },
      sortBy: 'price:asc',
      currentPath: '/search/toyota/rav4',
    });
  });
});

describe('savedSearchMatcher', () => {
  it('lists the cars the search shows, never a sold one past the sold window', () => {
    const matcher = savedSearchMatcher(site, stock, all, NOW);
    expect(matcher.match('/search/toyota/rav4').sort()).toEqual(['1', '2']);
    expect(matcher.match('/search/ute')).toEqual(['3']);
    expect(matcher.match('/search/toyota/rav4?range[price]=:40000')).toEqual(['1']);
    expect(matcher.match('/search/mazda')).toEqual([]);
  });

  it('answers only with the cars it was given as new', () => {
    expect(
      savedSearchMatcher(site, stock, new Set(['2', '3']), NOW)
        .match('/search/new-used-and-demo-cars')
        .sort(),
    ).toEqual(['2', '3']);
    expect(savedSearchMatcher(site, stock, new Set(), NOW).match('/search/new-used-and-demo-cars')).toEqual([]);
  });

  it('needs every search word', () => {
    const matcher = savedSearchMatcher(site, stock, all, NOW);
    expect(matcher.match('/search?query=rav4+cruiser')).toEqual(['2']);
    expect(matcher.match('/search?query=rav4').sort()).toEqual(['1', '2']);
  });
});
