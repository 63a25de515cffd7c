import { describe, expect, it } from 'vitest';
import { testSite } from '../../../tests/support/test-site';
import type { DealerConfigInput } from '../../platform/config/schema';
import {
  bodyFilter,
  dealershipsByMake,
  dealershipsPath,
  manufacturersAtoZ,
  modelBodies,
  modelCards,
  modelsOfMake,
  modelsPath,
  stockModelLines,
} from './brands';

const models: DealerConfigInput['models'] = [
  {
    name: 'HiLux',
    slug: 'hilux',
    body: 'Ute',
    status: 'coming_soon',
    position: 2,
    short_description: 'The next-generation HiLux is on its way. Register your interest for first allocation and early test drives.',
  },
  {
    name: 'RAV4',
    slug: 'rav4',
    make: 'Toyota',
    body: 'SUV',
    status: 'all_new',
    position: 1,
    short_description: "The all-new RAV4 brings hybrid and plug-in hybrid power to Australia's favourite mid-size SUV.",
    image: { url: '/assets/models/rav4.svg' },
    cloudfront_new_image_url: 'https://cdn.example/rav4.webp',
    price_from: 45990,
  },
  { name: 'Camry', slug: 'camry', body: 'Sedan', status: 'new', position: 3, override_url: 'https://www.toyota.example/camry' },
  { name: 'Coaster', slug: 'coaster', body: 'Bus', position: 3 },
];

const site = testSite({ models, manufacturer: { name: 'Toyota', slug: 'toyota' } });

describe('model cards', () => {
  const cards = modelCards(site);

  it('keeps the site order: position, then name', () => {
    expect(cards.map((c) => c.slug)).toEqual(['rav4', 'hilux', 'camry', 'coaster']);
  });

  it('labels all_new as All-New, new as New and coming_soon as Coming Soon', () => {
    expect(cards.map((c) => c.label)).toEqual(['All-New', 'Coming Soon', 'New', undefined]);
  });

  it('cuts descriptions at 75 characters on a word break', () => {
    expect(cards[0]?.description).toBe("The all-new RAV4 brings hybrid and plug-in hybrid power to Australia's…");
    expect(cards[1]?.description).toBe('The next-generation HiLux is on its way. Register your interest for first…');
    for (const card of cards) expect((card.description ?? '').replace(/…$/, '').length).toBeLessThanOrEqual(75);
    expect(cards[1]?.fullDescription).toMatch(/early test drives\.$/);
  });

  it('links to the override URL when there is one, else /models/{slug}', () => {
    expect(cards.map((c) => c.url)).toEqual(['/models/rav4', '/models/hilux', 'https://www.toyota.example/camry', '/models/coaster']);
  });

  it('prefers the CDN image and takes the franchise make when a model names none', () => {
    expect(cards[0]).toMatchObject({ image: 'https://cdn.example/rav4.webp', make: 'Toyota', priceFrom: 45990 });
    expect(cards[1]?.make).toBe('Toyota');
  });
});

describe('models body filter (/models?body=all)', () => {
  const cards = modelCards(site);

  it('offers the site’s body styles that have models in the site’s order, then others A–Z', () => {
    expect(modelBodies(cards, ['SUV', 'Hatchback', 'Ute', 'Sedan'])).toEqual([
      { slug: 'suv', name: 'SUV' },
      { slug: 'ute', name: 'Ute' },
      { slug: 'sedan', name: 'Sedan' },
      { slug: 'bus', name: 'Bus' },
    ]);
  });

  it('reads ?body= back, showing everything for all, unknown or hostile values', () => {
    const known = ['suv', 'ute'];
    expect(bodyFilter('?body=all', known)).toBe('all');
    expect(bodyFilter('?body=SUV', known)).toBe('suv');
    expect(bodyFilter('?body=van', known)).toBe('all');
    expect(bodyFilter('?body=%3Cscript%3E', known)).toBe('all');
    expect(bodyFilter('', known)).toBe('all');
  });

  it('builds the list links', () => {
    expect(modelsPath()).toBe('/models?body=all');
    expect(modelsPath('suv')).toBe('/models?body=suv');
  });
});

describe('brands', () => {
  const manufacturers = [
    { name: 'Volkswagen', slug: 'volkswagen' },
    { name: 'Audi', slug: 'audi', logo: { url: '/assets/brands/audi.svg' } },
    { name: 'Škoda', slug: 'skoda' },
    { name: 'smart', slug: 'smart', url: 'https://smart.example' },
    { name: '9ff', slug: '9ff' },
    { name: 'Subaru', slug: 'subaru' },
  ];

  it('lists manufacturers A–Z by first letter, accents folded, others last', () => {
    const groups = manufacturersAtoZ(testSite({ manufacturers }).manufacturers);
    expect(groups.map((g) => [g.letter, g.brands.map((b) => b.name)])).toEqual([
      ['A', ['Audi']],
      ['S', ['Škoda', 'smart', 'Subaru']],
      ['V', ['Volkswagen']],
      ['#', ['9ff']],
    ]);
    expect(groups[0]?.brands[0]).toEqual({ name: 'Audi', slug: 'audi', url: '/brands/audi', logo: '/assets/brands/audi.svg' });
    expect(groups[1]?.brands[1]?.url).toBe('https://smart.example');
  });

  it('finds a make’s models by name', () => {
    expect(modelsOfMake(modelCards(site), 'TOYOTA').length).toBe(4);
    expect(modelsOfMake(modelCards(site), 'Lexus')).toEqual([]);
  });
});

describe('dealerships per make (/dealerships/{make}?filter=brand)', () => {
  const base = testSite();
  const location = base.locations[0];
  if (!location) throw new Error('fixture has a location');
  const at = (overrides: Partial<typeof location>) => ({ ...location, ...overrides });

  it('lists the locations whose manufacturers name the make', () => {
    const site = {
      manufacturers: testSite({
        manufacturers: [
          { name: 'Mitsubishi', slug: 'mitsubishi' },
          { name: 'Jayco', slug: 'jayco' },
        ],
      }).manufacturers,
      locations: [
        at({ id: 1, slug: 'motors', name: 'Motors', manufacturers: ['Mitsubishi', 'Suzuki'] }),
        at({ id: 2, slug: 'caravans', name: 'Caravans', manufacturers: ['Jayco'] }),
        at({ id: 3, slug: 'service', name: 'Service', location_type: 'service', manufacturers: ['Mitsubishi'] }),
        at({ id: 4, slug: 'hidden', name: 'Hidden', visible: false, manufacturers: ['Jayco'] }),
      ],
    };
    const pages = dealershipsByMake(site);
    expect(pages.map((p) => [p.slug, p.locations.map((l) => l.slug)])).toEqual([
      ['jayco', ['caravans']],
      ['mitsubishi', ['motors', 'service']],
      ['suzuki', ['motors']],
    ]);
  });

  it('gives every sales location every make when no location lists makes (a used-car group)', () => {
    const site = {
      manufacturers: testSite({ manufacturers: [{ name: 'Toyota', slug: 'toyota' }] }).manufacturers,
      locations: [at({ id: 1, slug: 'a', name: 'A' }), at({ id: 2, slug: 'b', name: 'B', location_type: 'service' })],
    };
    expect(dealershipsByMake(site).map((p) => [p.slug, p.locations.map((l) => l.slug)])).toEqual([['toyota', ['a']]]);
  });

  it('links with ?filter=brand', () => {
    expect(dealershipsPath('mitsubishi')).toBe('/dealerships/mitsubishi?filter=brand');
  });
});

// "/models?body=all | Models list" — on a dealer with no models configured, the models in stock.
describe('stockModelLines', () => {
  it('lists the makes and models in stock, alphabetically, with counts, leaving sold cars out', () => {
    const car = (make: string, model: string, status = 'in_stock') => ({ make, model, status });
    expect(
      stockModelLines([
        car('Toyota', 'RAV4'),
        car('Mazda', 'CX-5'),
        car('Toyota', 'Corolla'),
        car('Toyota', 'RAV4', 'coming_soon'),
        car('Mazda', 'CX-5', 'sold'),
        car('Kia', ' '),
      ]),
    ).toEqual([
      { make: 'Mazda', models: [{ name: 'CX-5', count: 1 }] },
      {
        make: 'Toyota',
        models: [
          { name: 'Corolla', count: 1 },
          { name: 'RAV4', count: 2 },
        ],
      },
    ]);
  });
});
