import { describe, expect, it } from 'vitest';
import { testSite } from '../../../tests/support/test-site';
import { dealerConfigSchema } from '../../platform/config/schema';
import { dealerGaragePage, garagePages } from './garage-pages';

describe('dealer-specific garage pages', () => {
  it('gives a dealer its own garage page at the path its file names, besides My Garage, titled for the dealer unless the file says', () => {
    const site = testSite({ name: 'Fixture Motors', features: { garage_page: { path: '/fixture-garage' } } });
    expect(garagePages(site)).toEqual([
      { path: '/my-garage', title: 'My Garage' },
      { path: '/fixture-garage', title: 'Fixture Motors Garage' },
    ]);
    expect(dealerGaragePage(testSite({ features: { garage_page: { path: '/owners', title: 'Owners Club' } } }))).toEqual({
      path: '/owners',
      title: 'Owners Club',
    });
    expect(garagePages(testSite())).toEqual([{ path: '/my-garage', title: 'My Garage' }]);
  });

  it('refuses a path that is not one segment, is /my-garage, or is a service booking page', () => {
    const base = testSite();
    const parse = (garage_page: unknown, extra: Record<string, unknown> = {}) =>
      dealerConfigSchema.safeParse({ ...JSON.parse(JSON.stringify(base)), ...extra, features: { ...base.features, garage_page } });
    expect(parse({ path: '/fixture-garage' }).success).toBe(true);
    for (const path of ['fixture-garage', '/a/b', '/Garage', '/my-garage', '/x?y']) expect(parse({ path }).success, path).toBe(false);
    const booking = { leads: { ...base.leads, service_booking_pages: [{ path: '/book-here', location_slug: base.locations[0]!.slug }] } };
    expect(parse({ path: '/book-here' }, booking).success).toBe(false);
    expect(parse({ path: '/fixture-garage' }, booking).success).toBe(true);
  });
});
