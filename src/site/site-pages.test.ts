import { describe, expect, it } from 'vitest';
import { vehicleSchema, type VehicleInput } from '../stock/model/vehicle';
import { carPageCars, carPaths, cataloguePaths, searchLandingPaths, sitemapFiles, sitePaths } from './site-pages';
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

  it('prerenders a page for each car the site lists, and none for a car it hides', () => {
    const now = 1_760_200_000;
    const stock = [
      car(1),
      car(2, { status: 'coming_soon' }),
      car(3, { status: 'sold', sold_date_timestamp: now - 86_400, show_on_dealer_website: true }),
      car(4, { status: 'sold', sold_date_timestamp: now - 86_400, show_on_dealer_website: false, vin: 'JM0HDDEN000000004', stocknum: 'PRIV4' }),
      car(5, { status: 'sold', sold_date_timestamp: now - 400 * 86_400, show_on_dealer_website: true }),
    ];
    expect(carPageCars(testSite(), stock, now).map((c) => c.id)).toEqual([1, 2, 3]);
  });

  it('lists search landing paths with stock', () => {
    const paths = searchLandingPaths(testSite(), [car(1), car(2)]);
    expect(paths).toEqual(expect.arrayContaining(['/search/used-cars', '/search/mazda', '/search/mazda/cx-5']));
    expect(paths.every((p) => p.startsWith('/'))).toBe(true);
  });
});

describe('sitemapFiles, the sitemaps search engines read', () => {
  const site = testSite({
    url: 'https://dealer.example',
    models: [{ name: 'RAV4', slug: 'rav4', make: 'Toyota' }],
    manufacturers: [{ name: 'Toyota', slug: 'toyota' }],
  });
  const stock = [car(1), car(2, { status: 'coming_soon' }), car(3, { status: 'sold', sold_date_timestamp: 1_760_100_000 })];
  const listed = (files: { path: string; body: string }[]): string[] =>
    files.filter((f) => f.path !== '/sitemap-index.xml').flatMap((f) => [...f.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] ?? ''));

  it('lists the config’s pages, cars for sale and landing pages with cars among them, at their canonical addresses', () => {
    const urls = listed(sitemapFiles(site, stock));
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
      expect(urls, path).toContain(path === '/' ? 'https://dealer.example/' : `https://dealer.example${path}`);
    }
    expect(urls).toEqual([...urls].sort());
  });

  it('leaves out the shell, header search, success, form and 404 pages, and sold cars', () => {
    const urls = listed(sitemapFiles(site, stock));
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
      expect(urls, path).not.toContain(`https://dealer.example${path}`);
    }
  });

  it('leaves out an empty /models page and landing pages only sold cars would fill', () => {
    const urls = listed(
      sitemapFiles(testSite({ url: 'https://dealer.example' }), [
        car(4, { make: 'Kia', model: 'EV6', make_model: 'Kia EV6', status: 'sold', sold_date_timestamp: 1_760_100_000 }),
      ]),
    );
    expect(urls).not.toContain('https://dealer.example/models');
    expect(urls).not.toContain('https://dealer.example/search/kia');
  });

  it('splits past the entry limit, and the index names every part', () => {
    const files = sitemapFiles(site, stock, 5);
    const index = files[0];
    expect(index?.path).toBe('/sitemap-index.xml');
    const parts = files.slice(1);
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(index?.body).toContain(`<loc>https://dealer.example${part.path}</loc>`);
    expect(listed(files)).toEqual(listed(sitemapFiles(site, stock)));
  });

  it('escapes addresses as XML text', () => {
    const files = sitemapFiles(testSite({ url: 'https://dealer.example/?a=1&b=2' }), []);
    expect(files.map((f) => f.body).join('')).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/);
  });
});
