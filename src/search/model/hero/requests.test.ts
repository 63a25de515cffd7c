import { describe, expect, it } from 'vitest';
import { testSite } from '../../../../tests/support/test-site';
import { baseFilter, searchFilter } from '../query';
import { routeToState } from '../routing';
import { budgetSearchPath } from './routes';
import { searchSite } from '../site';
import {
  AUTOCOMPLETE_LIMIT,
  autocompleteHit,
  autocompleteQuery,
  budgetCountQuery,
  makeFacetQuery,
  modelFacetQuery,
  priceStats,
  priceStatsQuery,
  searchCountQuery,
  stockWords,
  stockWordsQuery,
} from './requests';
import { readingsOf, understandQuery } from '../shopper-words';

const site = searchSite(testSite({ search: { search_filters: 'dealership_slug = "fixture-motors"' } }));
const ctx = { site, nowSeconds: 1_800_000_000 };
const base = baseFilter(ctx);

describe('hero queries', () => {
  it('asks for makes of the chosen car type, without hits', () => {
    expect(makeFacetQuery({ car_type: 'new,demo', make: 'Kia', make_model: 'Kia EV6' }, ctx, 'idx')).toEqual({
      indexUid: 'idx',
      q: '',
      limit: 0,
      offset: 0,
      facets: ['make'],
      filter: [...base, ['car_type = "new"', 'car_type = "demo"']],
    });
  });

  it('asks for models of the chosen car type and make', () => {
    expect(modelFacetQuery({ car_type: 'used', make: 'Kia', make_model: 'Kia EV6' }, ctx, 'idx')).toMatchObject({
      facets: ['make_model'],
      limit: 0,
      filter: [...base, 'car_type = "used"', 'make = "Kia"'],
    });
  });

  it('keeps the site filter in every query', () => {
    expect(base[0]).toBe('(dealership_slug = "fixture-motors")');
  });

  it('asks for the price range of cars over $1,000', () => {
    expect(priceStatsQuery(ctx, 'idx')).toMatchObject({ facets: ['price'], limit: 0, filter: [...base, 'price > 1000'] });
  });

  it('counts cars over $1,000 within the budget', () => {
    // "Price on application" cars ($0) are not within any budget: left out of the count and the results alike.
    expect(budgetCountQuery(54_000, ctx, 'idx')).toMatchObject({ limit: 0, filter: [...base, 'price >= 1001', 'price <= 54000'] });
  });
});

const typed = (query: string) => ({ query, refinements: {}, ranges: {} });

describe('header autocomplete query', () => {
  it('searches the base index with the base filter, custom_rank:desc, a handful of hits', () => {
    expect(autocompleteQuery(typed('rav4'), ctx, 'idx')).toEqual({
      indexUid: 'idx',
      q: 'rav4',
      offset: 0,
      limit: AUTOCOMPLETE_LIMIT,
      filter: base,
      sort: ['custom_rank:desc'],
    });
  });
  it('wraps stock numbers in quotes for an exact match', () => {
    expect(autocompleteQuery(typed('AB12345'), ctx, 'idx').q).toBe('"AB12345"');
  });

  // Issue 30: 'used suv' suggested nothing (Enter found 273) and 'ranger under 40k' listed cars over $40k.
  it('reads shoppers’ words as the results page does: the words as filters first, then the text as typed', () => {
    const vocabulary = stockWords({ hits: [], facetDistribution: { body: { SUV: 40, Ute: 9 }, make: { Ford: 12 }, model: { Ranger: 5 } } });
    expect(vocabulary).toEqual({ body: ['SUV', 'Ute'], make: ['Ford'], model: ['Ranger'] });

    const [usedSuv, usedSuvTyped] = readingsOf(typed('used suv'), vocabulary).map((reading) => autocompleteQuery(reading, ctx, 'idx'));
    expect(usedSuv).toMatchObject({ q: '', filter: [...base, 'car_type = "used"', 'body = "SUV"'] });
    expect(usedSuvTyped).toMatchObject({ q: 'used suv', filter: base });
    // The same filter the results page counts 'used suv' with.
    expect(usedSuv?.filter).toEqual(searchCountQuery(understandQuery(typed('used suv'), vocabulary)!, ctx, 'idx').filter);

    const [ranger] = readingsOf(typed('ranger under 40k'), vocabulary).map((reading) => autocompleteQuery(reading, ctx, 'idx'));
    expect(ranger).toMatchObject({ q: 'ranger', filter: [...base, 'price <= 40000'] });
  });

  it('asks once for the stock values the words may name, without hits', () => {
    expect(stockWordsQuery(ctx, 'idx')).toEqual({
      indexUid: 'idx',
      q: '',
      limit: 0,
      offset: 0,
      filter: base,
      facets: ['make', 'model', 'body', 'fuel', 'categories'],
    });
    expect(stockWords(undefined)).toEqual({});
  });
});

describe('priceStats', () => {
  it('reads facetStats.price', () => {
    expect(priceStats({ hits: [], facetStats: { price: { min: 4_990, max: 89_990 } } })).toEqual({ min: 4_990, max: 89_990 });
  });
  it('is undefined without stats (no stock over $1,000)', () => {
    expect(priceStats({ hits: [] })).toBeUndefined();
    expect(priceStats(undefined)).toBeUndefined();
  });
});

describe('autocompleteHit', () => {
  const hit = { id: 1, name: '2022 Toyota RAV4 GX', slug: '2022-toyota-rav4-gx-1', price: 45_990, primary_image_url: 'https://cdn.example.com/a.jpg' };

  it('gives name, car page, price and image', () => {
    expect(autocompleteHit(hit)).toEqual({
      name: '2022 Toyota RAV4 GX',
      url: '/cars/2022-toyota-rav4-gx-1',
      price: 45_990,
      image: 'https://cdn.example.com/a.jpg',
    });
  });

  it('shows a price only above 250', () => {
    expect(autocompleteHit({ ...hit, price: 250 })?.price).toBeUndefined();
    expect(autocompleteHit({ ...hit, price: 251 })?.price).toBe(251);
    expect(autocompleteHit({ ...hit, price: 0 })?.price).toBeUndefined();
  });

  it('keeps markup in names as text for the caller to set as textContent', () => {
    expect(autocompleteHit({ ...hit, name: '<img src=x onerror=alert(1)>' })?.name).toBe('<img src=x onerror=alert(1)>');
  });

  it('falls back to a thumbnail, then the first image', () => {
    expect(autocompleteHit({ ...hit, primary_image_url: undefined, thumbnails: ['/stock-images/a.svg'] })?.image).toBe('/stock-images/a.svg');
    expect(autocompleteHit({ ...hit, primary_image_url: undefined, images: [{ image_url: 'https://x.example/b.jpg' }] })?.image).toBe(
      'https://x.example/b.jpg',
    );
  });

  it.each([
    'javascript:alert(1)',
    'http://insecure.example/a.jpg',
    '//evil.example/a.jpg',
    'data:image/svg+xml,<svg onload=alert(1)>',
    'https://a.example/x" onerror="y',
  ])('refuses the image %s', (url) => {
    expect(autocompleteHit({ ...hit, primary_image_url: url })?.image).toBeUndefined();
  });

  it.each([
    ['no name', { ...hit, name: '' }],
    ['a slug that is a path', { ...hit, slug: '../admin' }],
    ['a slug with a scheme', { ...hit, slug: 'javascript:alert(1)' }],
    ['not an object', 'car'],
  ])('drops a hit with %s', (_case, value) => {
    expect(autocompleteHit(value)).toBeUndefined();
  });
});

// "Budget search link uses range[price]=:{budget}, capped at the maximum price in stock."
describe("the budget button's count", () => {
  it('asks for exactly the search its link opens', () => {
    for (const max of [20_000, 54_321.9]) {
      const opened = routeToState(budgetSearchPath(max, site), site);
      expect(opened.ranges.price).toEqual({ min: 1_001, max: Math.floor(max) });
      expect(budgetCountQuery(max, ctx, 'idx').filter).toEqual(searchFilter(opened, ctx));
    }
  });
});
