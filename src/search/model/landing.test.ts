import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { dealerConfigSchema, type DealerConfig } from '../../platform/config/schema';
import { testSite } from '../../../tests/support/test-site';
import { vehicleSchema, type Vehicle, type VehicleInput } from '../../stock/model/vehicle';
import { firstLookLandingPages, landingFacets, landingMeta, landingPages, MAX_LANDING_PAGES } from './landing';
import { routeToState, stateToRoute } from './routing';
import type { SearchState } from './state';

const dealer = (slug: string): DealerConfig => dealerConfigSchema.parse(JSON.parse(readFileSync(`tests/fixtures/dealer-files/${slug}.json`, 'utf8')));
const kingfisher = dealer('kingfisher-toyota');
const drivesmart = dealer('drivesmart-pre-owned');
const loneStar = dealer('lone-star-auto');

let nextId = 1;
function car(fields: Partial<VehicleInput>): Vehicle {
  const id = nextId++;
  return vehicleSchema.parse({
    id,
    slug: `car-${id}`,
    name: `Car ${id}`,
    make: 'Toyota',
    model: 'RAV4',
    make_model: `${fields.make ?? 'Toyota'} ${fields.model ?? 'RAV4'}`,
    body: 'SUV',
    car_type: 'used',
    status: 'in_stock',
    price: 30_000,
    km: 10_000,
    year: 2022,
    categories: ['cars'],
    item_type: 'car',
    created_at_timestamp: 1_700_000_000,
    ...fields,
  });
}

const s = (refinements: SearchState['refinements'], extra: Partial<SearchState> = {}): SearchState => ({ refinements, ranges: {}, ...extra });

describe('landing wording: every search landing path has its own title, description and canonical URL', () => {
  it("names type, make, model and place in the dealer's words", () => {
    const meta = landingMeta(s({ car_type: ['used'], make: ['Toyota'], model: ['RAV4'], state: ['QLD'], city: ['Brisbane'] }), kingfisher);
    expect(meta).toEqual({
      title: 'Used Toyota RAV4 for sale in Brisbane | Kingfisher Toyota',
      h1: 'Used Toyota RAV4 for sale in Brisbane',
      description: 'Browse our used Toyota RAV4 for sale in Brisbane at Kingfisher Toyota. Compare prices, km and features, then enquire online.',
    });
  });

  it('speaks for the whole stock on the default path', () => {
    expect(landingMeta(s({}), kingfisher).h1).toBe('New, Demo & Used Cars for sale');
    expect(landingMeta(s({}), drivesmart).h1).toBe('Pre-Owned Cars for sale');
    expect(landingMeta(s({}), testSite({ search: { categories: ['rental'] } })).h1).toBe('Rental cars');
    expect(landingMeta(s({ car_type: ['new', 'demo'] }), kingfisher).h1).toBe('New & Demo Cars for sale');
  });

  it('calls rental and subscription cars what they are, not cars for sale', () => {
    const rentals = landingMeta(s({ categories: ['rental'] }), kingfisher);
    expect(rentals.h1).toBe('Rental cars');
    expect(rentals.title).toBe('Rental cars | Kingfisher Toyota');
    expect(rentals.description).toMatch(/^Browse our rental cars at Kingfisher Toyota\./);
    expect(landingMeta(s({ categories: ['subscription'] }), kingfisher).h1).toBe('Subscription cars');
    expect(landingMeta(s({ categories: ['subscription'], make: ['Toyota'] }), kingfisher).h1).toBe('Toyota subscription cars');
    expect(landingMeta(s({ categories: ['rental'], city: ['Brisbane'] }), kingfisher).h1).toBe('Rental cars in Brisbane');
  });

  it('names body styles, categories, fuel, price ranges and pages', () => {
    expect(landingMeta(s({ car_type: ['used'], body: ['SUV'] }), kingfisher).h1).toBe('Used SUVs for sale');
    expect(landingMeta(s({ car_type: ['new'], categories: ['motorcycles'] }), kingfisher).h1).toBe('New Motorcycles for sale');
    expect(landingMeta(s({ car_type: ['used'], fuel: ['Electric'] }), kingfisher).h1).toBe('Used Electric Cars for sale');
    expect(landingMeta({ refinements: { car_type: ['used'] }, ranges: { price: { max: 20_000 } } }, kingfisher).h1).toBe('Used Cars under $20,000 for sale');
    expect(landingMeta(s({ location_name: ['Kingfisher Toyota - Sales'] }, { page: 3 }), kingfisher).title).toBe(
      'New, Demo & Used Cars for sale at Kingfisher Toyota - Sales – Page 3 | Kingfisher Toyota',
    );
  });

  it("uses US wording for the site's own sentences, and keeps stock values as indexed", () => {
    const meta = landingMeta(s({ car_type: ['used'], fuel: ['Petrol'] }), loneStar);
    expect(meta.h1).toBe('Used Petrol Cars for sale');
    expect(meta.description).toBe('Browse our used Petrol Cars for sale at Lone Star Auto Group. Compare prices, mileage and features, then inquire online.');
  });

  it('heads a text search with the text, shortened', () => {
    expect(landingMeta(s({}, { query: 'red hybrid' }), kingfisher).h1).toBe('Search results for “red hybrid”');
    expect(landingMeta(s({}, { query: 'x'.repeat(100) }), kingfisher).h1).toBe(`Search results for “${'x'.repeat(59)}…”`);
  });
});

describe('landing pages', () => {
  const stock = [
    car({ car_type: 'new', make: 'Toyota', model: 'RAV4', body: 'SUV', city: 'Morayfield', state: 'QLD' }),
    car({ car_type: 'new', make: 'Toyota', model: 'Corolla', body: 'Hatchback', fuel: 'Hybrid' }),
    car({ car_type: 'demo', make: 'Toyota', model: 'HiLux', body: 'Ute' }),
    car({ car_type: 'used', make: 'Mazda', model: 'CX-5', body: 'SUV', fuel: 'Electric' }),
  ];
  const pages = landingPages(kingfisher, landingFacets(stock));
  const paths = pages.map((page) => page.path);

  it('lists the default path, car types with stock, body styles, makes and make/models with stock', () => {
    expect(paths).toEqual([
      '/search/new-used-and-demo-cars',
      '/search/new-cars',
      '/search/demo-cars',
      '/search/used-cars',
      '/search/new-and-demo-cars',
      '/electric-cars',
      '/search/suv',
      '/search/hatchback',
      '/search/ute',
      '/search/toyota',
      '/search/mazda',
      '/search/toyota/rav4',
      '/search/toyota/corolla',
      '/search/toyota/hilux',
      '/search/mazda/cx-5',
    ]);
  });

  it('keeps only the unfiltered default search in a first-look build: the search shell serves the others until the full build', () => {
    expect(firstLookLandingPages(pages).map((page) => page.path)).toEqual(['/search/new-used-and-demo-cars']);
  });

  it("gives every page a canonical URL on the dealer's site and a state that reads back from its path", () => {
    for (const page of pages) {
      expect(page.canonical).toBe(`https://www.kingfishertoyota.example${page.path}`);
      expect(stateToRoute(page.state, kingfisher, { make: ['Mazda'], model: ['CX-5', 'HiLux', 'RAV4', 'Corolla'] })).toBe(page.path);
      expect(page.title).toMatch(/ \| Kingfisher Toyota$/);
    }
    expect(new Set(pages.map((page) => page.title)).size).toBe(pages.length);
    expect(routeToState('/search/mazda/cx-5', kingfisher, { model: ['CX-5'] }).refinements).toEqual({ make: ['Mazda'], model: ['CX-5'] });
  });

  it("adds the combinations the site's patterns allow, only with stock", () => {
    const site = testSite({ search: { path_patterns: ['car_type+state+city', 'car_type+make', 'car_type', 'city', 'make'] } });
    const combos = landingPages(site, landingFacets([car({ car_type: 'used', state: 'QLD', city: 'Brisbane', make: 'Kia' })])).map((p) => p.path);
    expect(combos).toContain('/search/used-cars-brisbane');
    expect(combos).toContain('/search/used-cars-kia');
    expect(combos).toContain('/search/brisbane');
    expect(combos).not.toContain('/search/new-cars');
    expect(combos.every((path) => !path.includes('?'))).toBe(true);
  });

  it('counts hostile stock values as plain values', () => {
    const facets = landingFacets([car({ make: '__proto__', model: 'constructor' }), car({ make: '__proto__', model: 'toString' })]);
    expect(facets.make?.['__proto__']).toBe(2);
    expect(facets.model?.['constructor']).toBe(1);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('stops at 400 pages', () => {
    const many = Array.from({ length: 600 }, (_, i) => car({ make: `Make ${i}`, model: `Model ${i}` }));
    expect(landingPages(kingfisher, landingFacets(many))).toHaveLength(MAX_LANDING_PAGES);
  });

  it('skips joint counts it cannot read', () => {
    expect(landingPages(kingfisher, { 'make+model': { 'not json': 3, '[1,2]': 1 } }).map((p) => p.path)).toEqual(['/search/new-used-and-demo-cars']);
  });
});
