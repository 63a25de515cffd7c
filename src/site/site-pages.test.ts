import { describe, expect, it } from 'vitest';
import { vehicleSchema, type VehicleInput } from '../stock/model/vehicle';
import { carPaths, cataloguePaths, searchLandingPaths, sitemapOptions, sitePaths } from './site-pages';
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

describe('sitemapOptions, the filter @astrojs/sitemap applies to the pages the build wrote', () => {
  const site = testSite({
    url: 'https://dealer.example',
    models: [{ name: 'RAV4', slug: 'rav4', make: 'Toyota' }],
    manufacturers: [{ name: 'Toyota', slug: 'toyota' }],
  });
  const stock = [car(1), car(2, { status: 'coming_soon' }), car(3, { status: 'sold', sold_date_timestamp: 1_760_100_000 })];
  // Addresses as the integration hands them over: absolute, with the directory build's trailing slash.
  const page = (path: string) => `https://dealer.example${path === '/' ? '/' : `${path}/`}`;

  it('keeps the pages the sitemap lists, cars for sale and landing pages with cars among them', () => {
    const { filter } = sitemapOptions(site, () => stock);
    for (const path of [
      '/',
      '/contact',
      '/privacy-policy',
      '/models',
      '/models/rav4',
      '/brands/toyota',
      '/dealerships/toyota',
      '/search/used-cars',
      '/search/mazda/cx-5',
      '/cars/2022-mazda-cx-5-1',
      '/cars/2022-mazda-cx-5-2',
    ]) {
      expect(filter?.(page(path)), path).toBe(true);
    }
  });

  it('drops the shell, header search, success, form and 404 pages, and sold cars', () => {
    const { filter } = sitemapOptions(site, () => stock);
    for (const path of [
      '/shell/car',
      '/shell/search',
      '/search',
      '/success',
      '/404',
      '/apply-for-finance',
      '/finance-enquiry',
      '/cars/trade-in',
      '/cars/2022-mazda-cx-5-3',
    ]) {
      expect(filter?.(page(path)), path).toBe(false);
    }
  });

  it('drops an empty /models page and landing pages only sold cars would fill', () => {
    const { filter } = sitemapOptions(testSite({ url: 'https://dealer.example' }), () => [
      car(4, { make: 'Kia', model: 'EV6', make_model: 'Kia EV6', status: 'sold', sold_date_timestamp: 1_760_100_000 }),
    ]);
    expect(filter?.(page('/models'))).toBe(false);
    expect(filter?.(page('/search/kia'))).toBe(false);
  });

  it('reads the stock once, however many pages it checks', () => {
    let reads = 0;
    const { filter } = sitemapOptions(site, () => {
      reads += 1;
      return stock;
    });
    filter?.(page('/'));
    filter?.(page('/contact'));
    expect(reads).toBe(1);
  });

  it('writes each page at its canonical address, without the trailing slash', async () => {
    const { serialize } = sitemapOptions(site, () => stock);
    expect(await serialize?.({ url: page('/contact') })).toEqual({ url: 'https://dealer.example/contact' });
    expect(await serialize?.({ url: page('/') })).toEqual({ url: 'https://dealer.example/' });
  });
});
