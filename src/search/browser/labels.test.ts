import { describe, expect, it } from 'vitest';
import { testSite } from '../../../tests/support/test-site';
import { searchSite } from '../model/site';
import { refinementFields } from '../model/state';
import { attributeLabel, facetDefinitions, hiddenRefinementFields, rangeDefinitions, sortItems, unshownFields, valueLabel } from './labels';

describe('facets offered', () => {
  it('lists the facets in the order a shopper narrows; model is make_model', () => {
    const facets = facetDefinitions(searchSite(testSite({ search: { categories: ['cars', 'caravans'] } })));
    expect(facets.map((f) => f.attribute)).toEqual([
      'car_type',
      'status',
      'categories',
      'make',
      'make_model',
      'body',
      'fuel',
      'transmission',
      'drive',
      'colour',
      'location_name',
      'state',
      'city',
    ]);
  });

  it('offers no category list to a dealer selling one kind of stock', () => {
    expect(facetDefinitions(searchSite(testSite())).map((f) => f.attribute)).not.toContain('categories');
  });

  it("says 'Color' on US sites", () => {
    const us = facetDefinitions(searchSite(testSite({ region: 'US' })));
    expect(us.find((f) => f.attribute === 'colour')?.label).toBe('Color');
  });

  it('keeps every other refinement field in the search without a list', () => {
    const hidden = hiddenRefinementFields(facetDefinitions(searchSite(testSite())), refinementFields);
    expect(hidden).toEqual(['model', 'dealership_name', 'categories', 'tag', 'badge', 'seats']);
  });
});

describe('sliders: price step 500, default 5,000 to 250,000', () => {
  it('price has fixed ends; odometer and year follow the stock', () => {
    const [price, km, year] = rangeDefinitions(searchSite(testSite()), 'km');
    expect(price).toMatchObject({ attribute: 'price', step: 500, pageStep: 10_000, bounds: { min: 5000, max: 250_000 } });
    expect(km).toMatchObject({ attribute: 'km', label: 'Kilometres' });
    expect(km?.bounds).toBeUndefined();
    expect(year).toMatchObject({ attribute: 'year', step: 1 });
  });

  it("marks the price slider on a site whose currency quick picks are a luxury site's", () => {
    expect(rangeDefinitions(searchSite(testSite()), 'km')[0]?.luxuryPicks).toBeUndefined();
    expect(rangeDefinitions(searchSite(testSite({ features: { luxury_quick_picks: true } })), 'km')[0]?.luxuryPicks).toBe(true);
  });

  it('says mileage where the site counts miles', () => {
    const distance = rangeDefinitions(searchSite(testSite()), 'miles').find((r) => r.attribute === 'km');
    expect(distance).toMatchObject({ label: 'Mileage', miles: true });
    expect(rangeDefinitions(searchSite(testSite()), 'km').find((r) => r.attribute === 'km')?.miles).toBeUndefined();
  });
});

describe('sort options', () => {
  it('puts the default (custom_rank:desc, Featured) first as the bare index name', () => {
    const site = searchSite(testSite());
    expect(sortItems(site, 'idx', 'km')).toEqual([
      { value: 'idx', label: 'Featured' },
      { value: 'idx:price:asc', label: 'Price: low to high' },
      { value: 'idx:price:desc', label: 'Price: high to low' },
      { value: 'idx:km:asc', label: 'Lowest km' },
      { value: 'idx:year:desc', label: 'Newest year' },
      { value: 'idx:created_at_timestamp:desc', label: 'Newest listed' },
    ]);
  });

  it("a site's own default sort comes first and Featured keeps its sort", () => {
    const site = searchSite(testSite({ search: { default_sort: 'price:asc' } }));
    const items = sortItems(site, 'idx', 'km');
    expect(items[0]).toEqual({ value: 'idx', label: 'Price: low to high' });
    expect(items).toContainEqual({ value: 'idx:custom_rank:desc', label: 'Featured' });
    expect(items.filter((i) => i.label === 'Price: low to high')).toHaveLength(1);
  });
});

describe('value labels', () => {
  it('names car types and categories, and shows stock values as indexed', () => {
    expect(valueLabel('car_type', 'demo')).toBe('Demo');
    expect(valueLabel('car_type', 'used', { preOwned: true })).toBe('Pre-Owned');
    expect(valueLabel('categories', 'rental')).toBe('Rental cars');
    expect(valueLabel('make', 'Land Rover')).toBe('Land Rover');
  });

  it('names availability as the badges do', () => {
    expect(valueLabel('status', 'in_transit')).toBe('In Transit');
    expect(valueLabel('status', 'sale_pending')).toBe('Sale Pending');
    expect(valueLabel('status', 'in_production')).toBe('In Production');
    expect(valueLabel('status', 'mystery')).toBe('mystery');
  });
});

describe('field names', () => {
  it('names fields with a list, a slider, or neither', () => {
    const site = searchSite(testSite());
    const facets = facetDefinitions(site);
    const ranges = rangeDefinitions(site, 'km');
    expect(attributeLabel('make_model', facets, ranges)).toBe('Model');
    expect(attributeLabel('km', facets, ranges)).toBe('Kilometres');
    expect(attributeLabel('dealership_name', facets, ranges)).toBe('Dealership');
  });
});

describe('fields without a list or slider', () => {
  it('are the refinement fields and ranges the page does not show', () => {
    expect(unshownFields(searchSite(testSite()), 'km')).toEqual({
      refinements: ['model', 'dealership_name', 'categories', 'tag', 'badge', 'seats'],
      ranges: ['subscription_price', 'created_at_timestamp'],
    });
  });
});
