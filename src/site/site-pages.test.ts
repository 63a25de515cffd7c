import { describe, expect, it } from 'vitest';
import { vehicleSchema, type VehicleInput } from '../stock/model/vehicle';
import { carPaths, cataloguePaths, searchLandingPaths, sitePaths } from './site-pages';
import { testSite } from '../../tests/support/test-site';

const car = (id: number, overrides: Partial<VehicleInput> = {}) =>
  vehicleSchema.parse({
    id,
    slug: `2022-mazda-cx-5-${id}`,
    name: '2022 Mazda CX-5 Maxx',
    make: 'Mazda',
    model: 'CX-5',
    make_model: 'Mazda CX-5',
    body: 'SUV',
    car_type: 'used',
    status: 'in_stock',
    price: 32990,
    km: 40000,
    year: 2022,
    categories: ['cars'],
    item_type: 'car',
    created_at_timestamp: 1_760_000_000,
    ...overrides,
  });

describe('site pages for the sitemap', () => {
  it('lists models, brands and per-make dealerships from the config', () => {
    const site = testSite({
      models: [{ name: 'RAV4', slug: 'rav4', make: 'Toyota' }],
      manufacturers: [{ name: 'Toyota', slug: 'toyota' }],
    });
    expect(cataloguePaths(site)).toEqual(['/models', '/models/rav4', '/brands/toyota', '/dealerships/toyota']);
    expect(sitePaths(site)).toEqual(expect.arrayContaining(['/', '/contact', '/models', '/brands/toyota']));
  });

  it('has no /models page without models', () => {
    expect(cataloguePaths(testSite())).toEqual([]);
  });

  it('lists car pages of cars still for sale, not sold ones', () => {
    const stock = [car(1), car(2, { status: 'coming_soon' }), car(3, { status: 'sold', sold_date_timestamp: 1_760_100_000 })];
    expect(carPaths(stock)).toEqual(['/cars/2022-mazda-cx-5-1', '/cars/2022-mazda-cx-5-2']);
  });

  it('lists search landing paths with stock', () => {
    const paths = searchLandingPaths(testSite(), [car(1), car(2)]);
    expect(paths).toEqual(expect.arrayContaining(['/search/used-cars', '/search/mazda', '/search/mazda/cx-5']));
    expect(paths.every((p) => p.startsWith('/'))).toBe(true);
  });
});
