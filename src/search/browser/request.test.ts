import { describe, expect, it } from 'vitest';
import { testSite } from '../../../tests/support/test-site';
import { filterToString, searchFilter } from '../model/query';
import { searchSite } from '../model/site';
import type { SearchState } from '../model/state';
import { adaptRequest, parseFacetFilter, parseNumericFilter, requestState } from './request';

const site = searchSite(testSite());
const INDEX = site.slug;
const ctx = { site, nowSeconds: 1_750_000_000, indexUid: INDEX };
/** The filter query.ts builds for these refinements: what every request must carry. */
const expected = (refinements: SearchState['refinements'], ranges: SearchState['ranges'] = {}) => filterToString(searchFilter({ refinements, ranges }, ctx));

describe('reading InstantSearch filters', () => {
  it('splits a facet filter at the first colon and unescapes a leading minus', () => {
    expect(parseFacetFilter('make:Land Rover')).toEqual(['make', 'Land Rover']);
    expect(parseFacetFilter('badge:Pick: of the week')).toEqual(['badge', 'Pick: of the week']);
    expect(parseFacetFilter('tag:\\-50%')).toEqual(['tag', '-50%']);
  });

  it('drops exclusions and filters without a field', () => {
    expect(parseFacetFilter('-make:Toyota')).toBeUndefined();
    expect(parseFacetFilter(':Toyota')).toBeUndefined();
  });

  it('reads numeric comparisons and nothing else', () => {
    expect(parseNumericFilter('price>=5000')).toEqual(['price', '>=', 5000]);
    expect(parseNumericFilter('km <= 20000.5')).toEqual(['km', '<=', 20000.5]);
    expect(parseNumericFilter('price>=5000 OR 1=1')).toBeUndefined();
  });

  it('turns a request into the search state it stands for', () => {
    const state = requestState(
      {
        indexName: `${INDEX}:price:asc`,
        params: {
          query: 'rav4',
          facetFilters: [['make:Toyota', 'make:Mazda'], 'body:SUV', 'nonsense:x'],
          numericFilters: ['price>=5000', 'price<=20000', 'year>=2020'],
        },
      },
      INDEX,
    );
    expect(state).toEqual({
      query: 'rav4',
      sortBy: 'price:asc',
      refinements: { make: ['Toyota', 'Mazda'], body: ['SUV'] },
      ranges: { price: { min: 5000, max: 20000 }, year: { min: 2020 } },
    });
  });
});

describe('the request instant-meilisearch sends', () => {
  it('carries our filter string and no Algolia filters', () => {
    const adapted = adaptRequest(
      {
        indexName: INDEX,
        params: {
          query: '',
          facets: ['make', 'body'],
          facetFilters: [['make:Toyota', 'make:Mazda']],
          numericFilters: ['price<=20000'],
          hitsPerPage: 21,
          page: 1,
        },
      },
      ctx,
    );
    expect(adapted.params?.facetFilters).toBeUndefined();
    expect(adapted.params?.numericFilters).toBeUndefined();
    expect(adapted.params?.filters).toBe(expected({ make: ['Toyota', 'Mazda'] }, { price: { max: 20000 } }));
    expect(adapted.params?.filters).toMatch(/ AND \(make = "Toyota" OR make = "Mazda"\) AND price <= 20000$/);
    expect(adapted.params?.hitsPerPage).toBe(21);
    expect(adapted.params?.page).toBe(1);
  });

  it('a value cannot widen the filter', () => {
    const adapted = adaptRequest({ indexName: INDEX, params: { facetFilters: [['make:x" OR make != "y']], hitsPerPage: 21 } }, ctx);
    expect(adapted.params?.filters).toMatch(/ AND make = "x OR make != y"$/);
  });

  it('puts the default sort in the index name where instant-meilisearch reads it', () => {
    expect(adaptRequest({ indexName: INDEX, params: {} }, ctx).indexName).toBe(`${INDEX}:custom_rank:desc`);
    expect(adaptRequest({ indexName: `${INDEX}:year:desc`, params: {} }, ctx).indexName).toBe(`${INDEX}:year:desc`);
  });

  it('wraps a stock number in quotes', () => {
    expect(adaptRequest({ indexName: INDEX, params: { query: 'AB1234' } }, ctx).params?.query).toBe('"AB1234"');
    expect(adaptRequest({ indexName: INDEX, params: { query: 'corolla' } }, ctx).params?.query).toBe('corolla');
  });

  it('asks the main query for car type counts, which the shown total may need', () => {
    expect(adaptRequest({ indexName: INDEX, params: { facets: ['make'], hitsPerPage: 21 } }, ctx).params?.facets).toEqual(['make', 'car_type']);
  });

  it('does not ask for counts nobody shows', () => {
    expect(
      adaptRequest({ indexName: INDEX, params: { facets: ['make', 'model', 'tag'], hitsPerPage: 21 } }, { ...ctx, omitFacets: ['model', 'tag'] }).params
        ?.facets,
    ).toEqual(['make', 'car_type']);
  });

  it('keeps a facet query to its one facet, without its own filter (InstantSearch left it out)', () => {
    const adapted = adaptRequest({ indexName: INDEX, params: { facets: 'make', facetFilters: ['body:SUV'], hitsPerPage: 0 } }, ctx);
    expect(adapted.params?.facets).toEqual(['make']);
    expect(adapted.params?.filters).toBe(expected({ body: ['SUV'] }));
    expect(adapted.params?.filters).not.toContain('make =');
  });

  it('turns the shopper’s point into the geo radius filter and the nearest-first sort, and sends no point of its own', () => {
    const near = { lat: -27.46794, lng: 153.02809, postcode: '4000', within: { distance: 50, unit: 'km' } };
    const adapted = adaptRequest({ indexName: `${INDEX}:_geo:asc`, params: { near, hitsPerPage: 21 } }, ctx);
    expect(adapted.indexName).toBe(`${INDEX}:_geoPoint(-27.46794, 153.02809):asc`);
    expect(adapted.params?.filters).toMatch(/ AND _geoRadius\(-27\.46794, 153\.02809, 50000\)$/);
    expect(adapted.params?.near).toBeUndefined();
    // A point that is not one is no point: the default sort and no radius.
    const bad = adaptRequest({ indexName: `${INDEX}:_geo:asc`, params: { near: { lat: 'x', lng: 1 } } }, ctx);
    expect(bad.indexName).toBe(`${INDEX}:custom_rank:desc`);
    expect(bad.params?.filters).not.toContain('_geo');
  });
});
