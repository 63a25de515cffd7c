import { describe, expect, it } from 'vitest';
import { fallbackPage, searchFallbackPrefixes, siteFallbackRules } from './fallback-routes';
import { testSite } from '../../../tests/support/test-site';

describe('fallback routes', () => {
  const rules = [
    { prefix: '/cars/', page: '/shell/car/' },
    ...searchFallbackPrefixes(testSite({ search: { default_search_path: '/pre-owned' } })).map((prefix) => ({ prefix, page: '/shell/search/' })),
  ];

  it('sends an unbuilt car or search path to its shell', () => {
    expect(fallbackPage('/cars/2024-toyota-hilux-123', rules)).toBe('/shell/car/');
    expect(fallbackPage('/search/used-cars-brisbane', rules)).toBe('/shell/search/');
    expect(fallbackPage('/pre-owned/pre-owned-cars-qld', rules)).toBe('/shell/search/');
  });

  it('leaves the prefixes themselves and other paths alone', () => {
    expect(fallbackPage('/cars/', rules)).toBeUndefined();
    expect(fallbackPage('/pre-owned', rules)).toBeUndefined();
    expect(fallbackPage('/contact', rules)).toBeUndefined();
  });
});

describe('fallback rules with a suffix', () => {
  const rules = [
    { prefix: '/cars/', suffix: '/checkout', page: '/shell/checkout/' },
    { prefix: '/cars/', page: '/shell/car/' },
  ];

  it('sends every car’s checkout to one shell page, and the car itself to the car shell', () => {
    expect(fallbackPage('/cars/2024-toyota-hilux-123/checkout', rules)).toBe('/shell/checkout/');
    expect(fallbackPage('/cars/2024-toyota-hilux-123/checkout/', rules)).toBe('/shell/checkout/');
    expect(fallbackPage('/cars/2024-toyota-hilux-123', rules)).toBe('/shell/car/');
    expect(fallbackPage('/cars/checkout', rules)).toBe('/shell/car/');
  });
});

describe('a site’s rules', () => {
  it('sends a car’s checkout to the checkout page even where the dealer takes no deposits online, not to the car page that would call the car missing', () => {
    for (const enabled_pages of [[], ['checkout']] as const) {
      const rules = siteFallbackRules(testSite({ features: { enabled_pages: [...enabled_pages] } }));
      expect(fallbackPage('/cars/2024-toyota-hilux-123/checkout', rules)).toBe('/shell/checkout/');
      expect(fallbackPage('/cars/2024-toyota-hilux-123', rules)).toBe('/shell/car/');
      expect(fallbackPage('/search/used-cars-brisbane', rules)).toBe('/shell/search/');
    }
  });
});
