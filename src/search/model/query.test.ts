import { describe, expect, it } from 'vitest';
import { testSite } from '../../../tests/support/test-site';
import { baseFilter, buildMultiSearch, comparison, filterToString, searchFilter, searchSort, searchText, stateFilter, type SearchContext } from './query';
import { MAX_LIST_LENGTH, MAX_QUERIES, MAX_TAG_LENGTH } from '@dealer-sites/search-engine';
import { emptySearchState, rangeFields, refinementFields, type SearchState } from './state';

const NOW = 1_800_000_000;
const SOLD_SINCE = NOW - 3 * 86_400;
const LISTING = [
  'status IN ["in_stock", "sale_pending", "in_transit", "in_production", "coming_soon"]',
  `(status = "sold" AND show_on_dealer_website = true AND sold_date_timestamp >= ${SOLD_SINCE})`,
];

const context = (search: Parameters<typeof testSite>[0] = {}): SearchContext => ({ site: testSite(search), nowSeconds: NOW });
const state = (refinements: SearchState['refinements'], extra: Partial<SearchState> = {}): SearchState => ({ refinements, ranges: {}, ...extra });

describe('filter values: double quotes are stripped before a value is quoted', () => {
  it('turns one value into an equality and several into one OR group', () => {
    expect(stateFilter(state({ make: ['Toyota'] }))).toEqual(['make = "Toyota"']);
    expect(stateFilter(state({ make: ['Toyota', 'Mazda'] }))).toEqual([['make = "Toyota"', 'make = "Mazda"']]);
    expect(stateFilter(state({ make: ['Toyota'], body: ['SUV', 'Ute'] }))).toEqual(['make = "Toyota"', ['body = "SUV"', 'body = "Ute"']]);
  });

  it('never lets OR, AND, brackets, parentheses or backslashes in a value widen the filter', () => {
    const hostile = state({
      make: ['Toyota" OR make EXISTS OR make = "x'],
      model: ['RAV4) OR (price > 0'],
      colour: ['Red AND NOT colour = Blue'],
      body: ['[SUV, Ute]'],
      tag: ['x\\" OR status = "sold'],
      badge: ["it's"],
    });
    expect(stateFilter(hostile)).toEqual([
      'make = "Toyota OR make EXISTS OR make = x"',
      'model = "RAV4) OR (price > 0"',
      'body = "[SUV, Ute]"',
      'colour = "Red AND NOT colour = Blue"',
      'tag = "x\\\\ OR status = sold"',
      'badge = "it\'s"',
    ]);
    expect(filterToString(stateFilter(hostile))).toBe(
      'make = "Toyota OR make EXISTS OR make = x" AND model = "RAV4) OR (price > 0" AND body = "[SUV, Ute]" AND colour = "Red AND NOT colour = Blue" AND tag = "x\\\\ OR status = sold" AND badge = "it\'s"',
    );
  });

  it('drops values that are nothing but double quotes', () => {
    expect(stateFilter(state({ make: ['""', 'Mazda'] }))).toEqual(['make = "Mazda"']);
    expect(stateFilter(state({ make: ['"'] }))).toEqual([]);
  });
});

describe('comparisons: values containing < or > pass as raw comparison expressions', () => {
  it('reads "> 2015" on year and "price < 20000" anywhere', () => {
    expect(stateFilter(state({ seats: ['>= 7'] }))).toEqual(['seats >= 7']);
    expect(comparison('year', '> 2015')).toBe('year > 2015');
    expect(comparison('year', '>2015')).toBe('year > 2015');
    expect(comparison('tag', 'price < 20000')).toBe('price < 20000');
    expect(comparison('tag', 'km <= 50000.5')).toBe('km <= 50000.5');
  });

  it('matches any other value with < or > as quoted text, never as syntax', () => {
    expect(comparison('year', '> 2015 OR price > 0')).toBeUndefined();
    expect(comparison('year', '> 2015)')).toBeUndefined();
    expect(comparison('tag', 'status < 1')).toBeUndefined();
    expect(comparison('make', '> abc')).toBeUndefined();
    expect(comparison('make', '> 1e3')).toBeUndefined();
    expect(comparison('make', '<script>')).toBeUndefined();
    expect(comparison('make', 'Toyota')).toBeUndefined();
    expect(stateFilter(state({ seats: ['> 5 OR price > 0'] }))).toEqual(['seats = "> 5 OR price > 0"']);
    expect(stateFilter(state({ tag: ['<b>Sale</b>', '> 2015 OR 1'] }))).toEqual([['tag = "<b>Sale</b>"', 'tag = "> 2015 OR 1"']]);
  });
});

describe('ranges: a min becomes >= and a max becomes <=', () => {
  it('gives >= for a min and <= for a max on price, subscription_price, km, year, created_at_timestamp', () => {
    const filter = stateFilter({
      refinements: {},
      ranges: {
        price: { min: 20_000, max: 30_000 },
        subscription_price: { max: 150 },
        km: { min: 0 },
        year: { min: 2015, max: 2020 },
        created_at_timestamp: { min: 1_700_000_000 },
      },
    });
    expect(filter).toEqual([
      'price >= 20000',
      'price <= 30000',
      'subscription_price <= 150',
      'km >= 0',
      'year >= 2015',
      'year <= 2020',
      'created_at_timestamp >= 1700000000',
    ]);
  });

  it('ignores bounds that are not finite numbers', () => {
    expect(stateFilter({ refinements: {}, ranges: { price: { min: Number.NaN, max: Number.POSITIVE_INFINITY } } })).toEqual([]);
  });

  it("drops one field's own filter for its facet query", () => {
    const s: SearchState = { refinements: { make: ['Toyota'], body: ['SUV'] }, ranges: { price: { max: 30_000 } } };
    expect(stateFilter(s, 'make')).toEqual(['body = "SUV"', 'price <= 30000']);
    expect(stateFilter(s, 'price')).toEqual(['make = "Toyota"', 'body = "SUV"']);
  });
});

describe('base filter: default listing plus site, template and manufacturer filters', () => {
  it('lists every car not sold (in stock, sale pending, in transit, in production, coming soon) plus sold cars flagged show_on_dealer_website within 3 days (259200 seconds)', () => {
    expect(baseFilter(context())).toEqual([LISTING]);
  });

  it('measures the sold window in include_sold_cars_days', () => {
    expect(baseFilter(context({ search: { include_sold_cars_days: 7 } }))).toEqual([
      [
        'status IN ["in_stock", "sale_pending", "in_transit", "in_production", "coming_soon"]',
        `(status = "sold" AND show_on_dealer_website = true AND sold_date_timestamp >= ${NOW - 7 * 86_400})`,
      ],
    ]);
  });

  it('combines the site filter, per-template filter and manufacturer filter', () => {
    const site = testSite({ manufacturer: { name: 'Toyota' }, search: { search_filters: 'dealership_slug = "north" OR dealership_slug = "south"' } });
    const filter = baseFilter({ site, nowSeconds: NOW });
    expect(filter).toEqual(['(dealership_slug = "north" OR dealership_slug = "south")', ['car_type = "used"', 'make = "Toyota"'], LISTING]);
    expect(filterToString(filter)).toBe(
      `(dealership_slug = "north" OR dealership_slug = "south") AND (car_type = "used" OR make = "Toyota") AND (status IN ["in_stock", "sale_pending", "in_transit", "in_production", "coming_soon"] OR (status = "sold" AND show_on_dealer_website = true AND sold_date_timestamp >= ${SOLD_SINCE}))`,
    );
  });

  it('filters by what the template sells', () => {
    expect(baseFilter(context({ search: { default_search_path: '/pre-owned' } }))[0]).toBe('car_type = "used"');
    expect(baseFilter(context({ search: { categories: ['trucks'] } }))[0]).toBe('categories = "trucks"');
    expect(baseFilter(context({ search: { categories: ['subscription'] } }))[0]).toBe('categories = "subscription"');
    expect(baseFilter(context({ search: { categories: ['rental'] } }))[0]).toBe('categories = "rental"');
    expect(baseFilter(context({ search: { categories: ['cars', 'caravans'] } }))).toEqual([LISTING]);
  });

  it('refuses a site filter whose parentheses could break out of its own group', () => {
    expect(() => baseFilter(context({ search: { search_filters: 'make = x) OR (make EXISTS' } }))).toThrow(/unbalanced/);
  });
});

describe('search filter and sort', () => {
  it('adds price > 0 to a price-ascending sort where the site says so', () => {
    const withFlag = context({ search: { price_asc_requires_price: true } });
    expect(searchFilter(state({}, { sortBy: 'price:asc' }), withFlag)).toEqual([LISTING, 'price > 0']);
    expect(searchFilter(state({}, { sortBy: 'price:desc' }), withFlag)).toEqual([LISTING]);
    expect(searchFilter(state({}, { sortBy: 'price:asc' }), context())).toEqual([LISTING]);
    const defaultAsc = context({ search: { price_asc_requires_price: true, default_sort: 'price:asc' } });
    expect(searchFilter(state({}), defaultAsc)).toEqual([LISTING, 'price > 0']);
  });

  it('sorts by the state, else the site default, else custom_rank:desc', () => {
    const site = testSite({ search: { default_sort: 'year:desc' } });
    expect(searchSort(state({}, { sortBy: 'price:asc' }), site)).toEqual(['price:asc']);
    expect(searchSort(state({}), site)).toEqual(['year:desc']);
    expect(searchSort(state({}), testSite())).toEqual(['custom_rank:desc']);
  });

  it('sorts nearest first from the shopper’s point and keeps to their radius, as Meilisearch geo search does', () => {
    const near = { lat: -27.5, lng: 153, within: { distance: 100, unit: 'km' as const } };
    expect(searchSort(state({}, { sortBy: '_geo:asc', near }), testSite())).toEqual(['_geoPoint(-27.5, 153):asc']);
    expect(searchFilter(state({}, { near }), context())).toEqual([LISTING, '_geoRadius(-27.5, 153, 100000)']);
    // No point, nothing to measure from: the default sort, no radius.
    expect(searchSort(state({}, { sortBy: '_geo:asc' }), testSite())).toEqual(['custom_rank:desc']);
    expect(searchFilter(state({}, { near: { lat: -27.5, lng: 153 } }), context())).toEqual([LISTING]);
  });

  it('ignores sorts the index cannot answer', () => {
    expect(searchSort(state({}, { sortBy: 'colour:asc' }), testSite())).toEqual(['custom_rank:desc']);
    expect(searchSort(state({}, { sortBy: 'price:asc,km:desc' }), testSite())).toEqual(['custom_rank:desc']);
  });
});

describe('filterToString', () => {
  it('joins AND items and parenthesises OR groups', () => {
    expect(filterToString([])).toBe('');
    expect(filterToString(['make = "Toyota"'])).toBe('make = "Toyota"');
    expect(filterToString([['make = "Toyota"', 'make = "Mazda"']])).toBe('make = "Toyota" OR make = "Mazda"');
    expect(filterToString(['year >= 2015', ['make = "Toyota"', 'make = "Mazda"']])).toBe('year >= 2015 AND (make = "Toyota" OR make = "Mazda")');
  });

  it('parenthesises items whose own AND or OR would otherwise bind across', () => {
    expect(filterToString(['a = 1 OR b = 2', 'c = 3'])).toBe('(a = 1 OR b = 2) AND c = 3');
    expect(filterToString([['a = 1 AND b = 2', 'c = 3']])).toBe('(a = 1 AND b = 2) OR c = 3');
    expect(filterToString([['a = 1 AND b = 2', 'c = 3'], 'd = 4'])).toBe('((a = 1 AND b = 2) OR c = 3) AND d = 4');
    // An OR inside quotes or a word is not an operator.
    expect(filterToString(['make = "A OR B"', 'colour = ORANGE', 'tag = x_OR_y'])).toBe('make = "A OR B" AND colour = ORANGE AND tag = x_OR_y');
  });
});

describe('search text: a term resembling a stock number is wrapped in quotes for an exact match', () => {
  it('wraps stock-number lookalikes: optional letters, 3+ digits, optional letters', () => {
    expect(searchText('AB1234')).toBe('"AB1234"');
    expect(searchText('12345')).toBe('"12345"');
    expect(searchText('1234XY')).toBe('"1234XY"');
    expect(searchText('  U123  ')).toBe('"U123"');
  });

  it('leaves everything else unchanged', () => {
    expect(searchText(undefined)).toBe('');
    expect(searchText('')).toBe('');
    expect(searchText('AB12')).toBe('AB12');
    expect(searchText('toyota rav4')).toBe('toyota rav4');
    expect(searchText('"AB1234"')).toBe('"AB1234"');
    expect(searchText('AB 1234')).toBe('AB 1234');
    expect(searchText('AB12-34')).toBe('AB12-34');
    expect(searchText('A1B234')).toBe('A1B234');
  });
});

describe('multi-search: one main query plus one per filtered facet', () => {
  const ctx = context();
  const facets = ['make', 'model', 'body', 'car_type', 'price'];

  it('sends a main query of 21 hits at the page offset with every facet', () => {
    const [main, ...rest] = buildMultiSearch(state({}, { page: 3, query: 'rav4' }), ctx, { indexUid: 'fixture-motors', facets });
    expect(rest).toEqual([]);
    expect(main).toEqual({
      indexUid: 'fixture-motors',
      q: 'rav4',
      filter: [LISTING],
      sort: ['custom_rank:desc'],
      facets,
      limit: 21,
      offset: 42,
      attributesToHighlight: ['name'],
      highlightPreTag: '__ais-highlight__',
      highlightPostTag: '__/ais-highlight__',
    });
  });

  it("adds a limit-1 query per faceted field with a filter, without that field's own filter", () => {
    const s: SearchState = { refinements: { make: ['Toyota'], colour: ['Red'] }, ranges: { price: { max: 30_000 } } };
    const queries = buildMultiSearch(s, ctx, { indexUid: 'x', facets });
    expect(queries.map((q) => [q.facets, q.limit, q.offset])).toEqual([
      [facets, 21, 0],
      [['make'], 1, 0],
      [['price'], 1, 0],
    ]);
    expect(queries[1]?.filter).toEqual([LISTING, 'colour = "Red"', 'price <= 30000']);
    expect(queries[2]?.filter).toEqual([LISTING, 'make = "Toyota"', 'colour = "Red"']);
  });

  it("stays within the embedded engine's caps with every field refined (queries, lists, tags)", () => {
    const every: SearchState = {
      refinements: Object.fromEntries(refinementFields.map((field) => [field, ['x', 'y']])),
      ranges: Object.fromEntries(rangeFields.map((field) => [field, { min: 1, max: 2 }])),
    };
    const queries = buildMultiSearch(every, ctx, { indexUid: 'x', facets: [...refinementFields, ...rangeFields] });
    expect(queries).toHaveLength(1 + refinementFields.length + rangeFields.length);
    expect(queries.length).toBeLessThanOrEqual(MAX_QUERIES);
    for (const query of queries) {
      expect(query.facets.length).toBeLessThanOrEqual(MAX_LIST_LENGTH);
      expect(Math.max(query.highlightPreTag?.length ?? 0, query.highlightPostTag?.length ?? 0)).toBeLessThanOrEqual(MAX_TAG_LENGTH);
    }
  });

  it('treats odd page numbers as the first page', () => {
    for (const page of [0, -1, 1.5, Number.NaN]) {
      expect(buildMultiSearch(state({}, { page }), ctx, { indexUid: 'x', facets: [] })[0]?.offset).toBe(0);
    }
  });

  it('quotes a stock number in every query', () => {
    const queries = buildMultiSearch({ ...emptySearchState(), query: 'AB1234', refinements: { make: ['Toyota'] } }, ctx, { indexUid: 'x', facets: ['make'] });
    expect(queries.map((q) => q.q)).toEqual(['"AB1234"', '"AB1234"']);
  });
});
