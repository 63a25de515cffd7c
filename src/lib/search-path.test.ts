import { describe, expect, it } from 'vitest';
import { defaultSearchPath } from './search-path';
import { testSite } from './test-site';

describe('default search path', () => {
  it('uses the site setting when given (spec §2)', () => {
    expect(defaultSearchPath(testSite({ search: { default_search_path: '/pre-owned' } }))).toBe('/pre-owned');
  });

  it('follows what the dealer sells otherwise', () => {
    expect(defaultSearchPath(testSite())).toBe('/search/new-used-and-demo-cars');
    expect(defaultSearchPath(testSite({ search: { categories: ['trucks'] } }))).toBe('/search/new-used-and-demo-trucks');
    expect(defaultSearchPath(testSite({ search: { categories: ['subscription'] } }))).toBe('/search/subscription-cars');
    expect(defaultSearchPath(testSite({ search: { categories: ['rental'] } }))).toBe('/search/rental-cars');
  });
});
