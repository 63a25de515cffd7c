import { describe, expect, it } from 'vitest';
import { CAR_TYPE_ORDER, carTypeSearchPath, defaultSearchPath } from './search-path';
import { testSite } from '../../../tests/support/test-site';

describe('default search path', () => {
  it('uses the site setting when given', () => {
    expect(defaultSearchPath(testSite({ search: { default_search_path: '/pre-owned' } }))).toBe('/pre-owned');
  });

  it('follows what the dealer sells otherwise', () => {
    expect(defaultSearchPath(testSite())).toBe('/search/new-used-and-demo-cars');
    expect(defaultSearchPath(testSite({ search: { categories: ['trucks'] } }))).toBe('/search/new-used-and-demo-trucks');
    expect(defaultSearchPath(testSite({ search: { categories: ['subscription'] } }))).toBe('/search/subscription-cars');
    expect(defaultSearchPath(testSite({ search: { categories: ['rental'] } }))).toBe('/search/rental-cars');
  });
});

describe('car type paths: a car type searches /search/{type}-cars', () => {
  it('names one path per car type, in the display order new, demo, used', () => {
    expect(CAR_TYPE_ORDER.map(carTypeSearchPath)).toEqual(['/search/new-cars', '/search/demo-cars', '/search/used-cars']);
  });

  it('prefers trucks to subscription and rental only when cars are not sold too', () => {
    expect(defaultSearchPath(testSite({ search: { categories: ['cars', 'trucks'] } }))).toBe('/search/new-used-and-demo-cars');
    expect(defaultSearchPath(testSite({ search: { categories: ['subscription', 'cars'] } }))).toBe('/search/new-used-and-demo-cars');
  });
});
