import { readFileSync } from 'node:fs';
import { seededRandom } from '../../stock/model/random';
import { describe, expect, it } from 'vitest';
import { dealerConfigSchema, type DealerConfig, type DealerConfigInput } from '../../platform/config/schema';
import { testSite } from '../../../tests/support/test-site';
import {
  PATH_PATTERNS,
  headerSearchRoute,
  normalizeState,
  parsePage,
  parseRange,
  priceRangeToRange,
  routeToState,
  simpleSearchPath,
  siteVocabulary,
  stateToRoute,
  unknownPathWords,
  type Vocabulary,
} from './routing';
import { rangeFields, refinementFields, type SearchState } from './state';
import { defaultSearchPath } from './search-path';

const dealer = (slug: string): DealerConfig => dealerConfigSchema.parse(JSON.parse(readFileSync(`tests/fixtures/dealer-files/${slug}.json`, 'utf8')));
const drivesmart = dealer('drivesmart-pre-owned');
const kingfisher = dealer('kingfisher-toyota');
const southernLakes = dealer('southern-lakes-motors');
const loneStar = dealer('lone-star-auto');

type Location = NonNullable<DealerConfigInput['locations']>[number];
const base = testSite();
const location = (id: number, name: string, city: string, state: string): Location => ({
  ...(base.locations[0] as Location),
  id,
  name,
  slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
  primary: id === 1,
  address: { street: '1 Test Street', city, state, postcode: '4000' },
});
/** Fixture dealer with Brisbane, Rockhampton (QLD) and Penrith (NSW) yards and every pattern allowed. */
const everyPattern = testSite({
  locations: [
    location(1, 'Fixture Brisbane', 'Brisbane', 'QLD'),
    location(2, 'Fixture Rockhampton', 'Rockhampton', 'QLD'),
    location(3, 'Fixture Penrith', 'Penrith', 'NSW'),
  ],
  dealerships: [
    { id: 1, name: 'RV Vehicles QLD', slug: 'rv-vehicles-qld' },
    { id: 2, name: 'RV Utes QLD', slug: 'rv-utes-qld' },
  ],
  search: { path_patterns: [...PATH_PATTERNS] },
});

const s = (refinements: SearchState['refinements'], extra: Partial<SearchState> = {}): SearchState => ({ refinements, ranges: {}, ...extra });
const refinementsOf = (url: string, site: DealerConfig, vocabulary?: Vocabulary) => routeToState(url, site, vocabulary).refinements;

describe('search routes every site answers', () => {
  it('reads the car type routes', () => {
    expect(refinementsOf('/search/new-cars', kingfisher)).toEqual({ car_type: ['new'] });
    expect(refinementsOf('/search/used-cars', kingfisher)).toEqual({ car_type: ['used'] });
    expect(refinementsOf('/search/demo-cars', kingfisher)).toEqual({ car_type: ['demo'] });
    expect(refinementsOf('/search/new-and-demo-cars', kingfisher)).toEqual({ car_type: ['new', 'demo'] });
    // All three car types is the whole stock.
    expect(refinementsOf('/search/new-used-and-demo-cars', kingfisher)).toEqual({});
  });

  it('writes the car type routes', () => {
    expect(stateToRoute(s({ car_type: ['new'] }), kingfisher)).toBe('/search/new-cars');
    expect(stateToRoute(s({ car_type: ['used'] }), kingfisher)).toBe('/search/used-cars');
    expect(stateToRoute(s({ car_type: ['demo'] }), kingfisher)).toBe('/search/demo-cars');
    expect(stateToRoute(s({ car_type: ['demo', 'new'] }), kingfisher)).toBe('/search/new-and-demo-cars');
    expect(stateToRoute(s({ car_type: ['used', 'new', 'demo'] }), kingfisher)).toBe('/search/new-used-and-demo-cars');
  });

  it("uses the template's default search path for an empty search, or the site setting", () => {
    expect(stateToRoute(s({}), kingfisher)).toBe('/search/new-used-and-demo-cars');
    expect(stateToRoute(s({}), drivesmart)).toBe('/pre-owned');
    expect(stateToRoute(s({}), testSite({ search: { categories: ['trucks'] } }))).toBe('/search/new-used-and-demo-trucks');
    expect(stateToRoute(s({}), testSite({ search: { categories: ['subscription'] } }))).toBe('/search/subscription-cars');
    expect(stateToRoute(s({}), testSite({ search: { categories: ['rental'] } }))).toBe('/search/rental-cars');
    expect(stateToRoute(s({}), testSite({ search: { default_search_path: '/find/rental-cars' } }))).toBe('/find/rental-cars');
    expect(stateToRoute(s({ make: ['Toyota', 'Mazda'] }), drivesmart)).toBe('/pre-owned?make=Toyota,Mazda');
  });

  it('reads the default path as the whole listing, and the template paths elsewhere as what they name', () => {
    expect(refinementsOf('/pre-owned', drivesmart)).toEqual({});
    expect(refinementsOf('/pre-owned', kingfisher)).toEqual({ car_type: ['used'] });
    expect(refinementsOf('/search/new-used-and-demo-trucks', loneStar)).toEqual({ categories: ['trucks'] });
    expect(refinementsOf('/search/subscription-cars', kingfisher)).toEqual({ categories: ['subscription'] });
    expect(refinementsOf('/search/rental-cars', kingfisher)).toEqual({ categories: ['rental'] });
    expect(refinementsOf('/find/rental-cars', kingfisher)).toEqual({ categories: ['rental'] });
    expect(refinementsOf('/find/rental-cars', testSite({ search: { default_search_path: '/find/rental-cars' } }))).toEqual({});
  });

  it("reads and writes body style routes: suv, hatchback, ute, coupe, sedan, wagon and the site's own", () => {
    for (const [slug, body] of [
      ['suv', 'SUV'],
      ['hatchback', 'Hatchback'],
      ['ute', 'Ute'],
      ['coupe', 'Coupe'],
      ['sedan', 'Sedan'],
      ['wagon', 'Wagon'],
    ]) {
      expect(refinementsOf(`/search/${slug}`, kingfisher)).toEqual({ body: [body] });
      expect(stateToRoute(s({ body: [body as string] }), kingfisher)).toBe(`/search/${slug}`);
    }
    expect(refinementsOf('/search/van', loneStar)).toEqual({ body: ['Van'] });
    expect(refinementsOf('/search/truck', loneStar)).toEqual({ body: ['Truck'] });
  });

  it('reads and writes make and model routes', () => {
    expect(refinementsOf('/search/toyota', kingfisher)).toEqual({ make: ['Toyota'] });
    expect(refinementsOf('/search/toyota/rav4', kingfisher)).toEqual({ make: ['Toyota'], model: ['RAV4'] });
    expect(stateToRoute(s({ make: ['Toyota'], model: ['RAV4'] }), kingfisher)).toBe('/search/toyota/rav4');
    expect(stateToRoute(s({ make: ['Toyota'] }), kingfisher)).toBe('/search/toyota');
    // Makes the site does not name read title-cased; stock facets name the rest.
    expect(refinementsOf('/search/land-rover/defender', kingfisher)).toEqual({ make: ['Land Rover'], model: ['Defender'] });
    expect(refinementsOf('/search/mercedes-benz', kingfisher, { make: ['Mercedes-Benz'] })).toEqual({ make: ['Mercedes-Benz'] });
    expect(refinementsOf('/search/mercedes-benz', kingfisher)).toEqual({ make: ['Mercedes Benz'] });
    // A known first value with an unknown second: make and model, or city and make.
    expect(refinementsOf('/search/toyota/gr86', kingfisher)).toEqual({ make: ['Toyota'], model: ['Gr86'] });
    expect(refinementsOf('/search/penrith/kia', everyPattern)).toEqual({ city: ['Penrith'], make: ['Kia'] });
  });

  it('writes values that would not read back the same into the query string instead', () => {
    expect(stateToRoute(s({ make: ['Mercedes-Benz'] }), kingfisher)).toBe('/search/new-used-and-demo-cars?make=Mercedes-Benz');
    expect(stateToRoute(s({ make: ['Mercedes-Benz'] }), kingfisher, { make: ['Mercedes-Benz'] })).toBe('/search/mercedes-benz');
    expect(stateToRoute(s({ make: ['Toyota'], model: ['GR86'] }), kingfisher)).toBe('/search/toyota?model=GR86');
    expect(stateToRoute(s({ make: ['Toyota'], model: ['C-HR'] }), kingfisher)).toBe('/search/toyota/c-hr');
  });

  it('reads the header search /search?query={text}', () => {
    expect(routeToState('/search?query=red+rav4', kingfisher)).toEqual({ query: 'red rav4', refinements: {}, ranges: {}, currentPath: '/search' });
    expect(headerSearchRoute(' red rav4 ')).toBe('/search?query=red+rav4');
    expect(headerSearchRoute('  ')).toBe('/search');
  });

  it('reads and writes /electric-cars', () => {
    expect(refinementsOf('/electric-cars', kingfisher)).toEqual({ fuel: ['Electric'] });
    expect(stateToRoute(s({ fuel: ['Electric'] }), kingfisher)).toBe('/electric-cars');
    expect(stateToRoute(s({ fuel: ['Electric'], make: ['Toyota'] }), kingfisher)).toBe('/search/toyota?fuel=Electric');
  });
});

describe('search path building: the first allowed pattern that applies wins', () => {
  it('builds used-cars-brisbane, used-cars-rockhampton and keeps the state where the city does not imply it', () => {
    expect(stateToRoute(s({ car_type: ['used'], state: ['QLD'], city: ['Brisbane'] }), everyPattern)).toBe('/search/used-cars-brisbane');
    expect(stateToRoute(s({ car_type: ['used'], state: ['QLD'], city: ['Rockhampton'] }), everyPattern)).toBe('/search/used-cars-rockhampton');
    expect(refinementsOf('/search/used-cars-rockhampton', everyPattern)).toEqual({ car_type: ['used'], state: ['QLD'], city: ['Rockhampton'] });
    // A city with no yard of the dealer's: known from the stock, so the state stays in the path.
    const vocabulary = { city: ['Mackay'], state: ['QLD'] };
    expect(stateToRoute(s({ car_type: ['used'], state: ['QLD'], city: ['Mackay'] }), everyPattern, vocabulary)).toBe('/search/used-cars-qld-mackay');
    expect(refinementsOf('/search/used-cars-qld-mackay', everyPattern, vocabulary)).toEqual({ car_type: ['used'], state: ['QLD'], city: ['Mackay'] });
  });

  it('builds pre-owned-cars on a pre-owned site', () => {
    expect(stateToRoute(s({ car_type: ['used'] }), drivesmart)).toBe('/search/pre-owned-cars');
    expect(stateToRoute(s({ car_type: ['used'], state: ['NSW'], city: ['Penrith'] }), drivesmart)).toBe('/search/pre-owned-cars-penrith');
    expect(refinementsOf('/search/pre-owned-cars', kingfisher)).toEqual({ car_type: ['used'] });
  });

  it('builds used-motorcycles, new-motorcycles, used-caravans, new-caravans', () => {
    for (const type of ['used', 'new']) {
      for (const category of ['motorcycles', 'caravans']) {
        const state = s({ car_type: [type], categories: [category] });
        expect(stateToRoute(state, southernLakes)).toBe(`/search/${type}-${category}`);
        expect(refinementsOf(`/search/${type}-${category}`, southernLakes)).toEqual(state.refinements);
      }
    }
  });

  it('builds rv-vehicles-qld and rv-utes-qld from single chosen values, slugified', () => {
    expect(stateToRoute(s({ dealership_name: ['RV Vehicles QLD'] }), everyPattern)).toBe('/search/rv-vehicles-qld');
    expect(stateToRoute(s({ dealership_name: ['RV Utes QLD'] }), everyPattern)).toBe('/search/rv-utes-qld');
    expect(refinementsOf('/search/rv-utes-qld', everyPattern)).toEqual({ dealership_name: ['RV Utes QLD'] });
  });

  it('builds subscription-cars-{city}', () => {
    const subscription = testSite({ search: { categories: ['subscription'], path_patterns: ['car_type+state+city', 'car_type'] } });
    const state = s({ categories: ['subscription'], state: ['QLD'], city: ['Brisbane'] });
    expect(stateToRoute(state, subscription)).toBe('/search/subscription-cars-brisbane');
    expect(refinementsOf('/search/subscription-cars-brisbane', subscription)).toEqual(state.refinements);
  });

  it('takes the first pattern that applies, in the fixed pattern order', () => {
    const state = s({ car_type: ['used'], make: ['Toyota'], state: ['QLD'], city: ['Brisbane'], body: ['SUV'] });
    expect(stateToRoute(state, everyPattern)).toBe('/search/used-cars-toyota?body=SUV&state=QLD&city=Brisbane');
    expect(stateToRoute(s({ car_type: ['used'], state: ['NSW'] }), everyPattern)).toBe('/search/used-cars-nsw');
    expect(stateToRoute(s({ state: ['NSW'], city: ['Penrith'] }), everyPattern)).toBe('/search/nsw?city=Penrith');
    expect(stateToRoute(s({ city: ['Penrith'], make: ['Toyota'] }), everyPattern)).toBe('/search/penrith/toyota');
    expect(stateToRoute(s({ location_name: ['Fixture Penrith'], make: ['Toyota'] }), everyPattern)).toBe('/search/fixture-penrith/toyota');
    expect(stateToRoute(s({ drive: ['AWD'] }), everyPattern)).toBe('/search/awd');
    expect(stateToRoute(s({ fuel: ['Diesel'] }), everyPattern)).toBe('/search/diesel');
    expect(stateToRoute(s({ categories: ['trucks'], body: ['Ute'], fuel: ['Diesel'] }), testSite({ search: { path_patterns: ['categories'] } }))).toBe(
      '/search/trucks?body=Ute&fuel=Diesel',
    );
  });

  it('applies only the patterns the site allows', () => {
    expect(stateToRoute(s({ car_type: ['used'], make: ['Toyota'] }), kingfisher)).toBe('/search/used-cars?make=Toyota');
    expect(stateToRoute(s({ city: ['Morayfield'] }), kingfisher)).toBe('/search/new-used-and-demo-cars?city=Morayfield');
    expect(stateToRoute(s({ car_type: ['used'] }), testSite({ search: { path_patterns: ['make'] } }))).toBe('/search/new-used-and-demo-cars?car_type=used');
  });

  it('applies a pattern only when each of its fields has exactly one value', () => {
    expect(stateToRoute(s({ make: ['Toyota', 'Mazda'] }), kingfisher)).toBe('/search/new-used-and-demo-cars?make=Toyota,Mazda');
    expect(stateToRoute(s({ make: ['Toyota'], model: ['RAV4', 'Corolla'] }), kingfisher)).toBe('/search/toyota?model=RAV4,Corolla');
  });

  it('has a simpler builder: car type, new plus demo, make with model', () => {
    expect(simpleSearchPath(kingfisher, { carTypes: ['used'] })).toBe('/search/used-cars');
    expect(simpleSearchPath(kingfisher, { carTypes: ['new', 'demo'] })).toBe('/search/new-and-demo-cars');
    expect(simpleSearchPath(kingfisher, { make: 'Toyota', model: 'RAV4' })).toBe('/search/toyota/rav4');
    expect(simpleSearchPath(kingfisher, { make: 'Land Rover' })).toBe('/search/land-rover');
    expect(simpleSearchPath(drivesmart, { carTypes: ['used'] })).toBe('/search/pre-owned-cars');
    expect(simpleSearchPath(drivesmart, {})).toBe('/pre-owned');
  });

  it("reads paths the same with only the browser's slice of the config", () => {
    const slice = { search: everyPattern.search, site_vocabulary: siteVocabulary(everyPattern) };
    const state = s({ car_type: ['used'], state: ['QLD'], city: ['Rockhampton'] });
    expect(stateToRoute(state, slice)).toBe('/search/used-cars-rockhampton');
    expect(routeToState('/search/used-cars-rockhampton', slice).refinements).toEqual(state.refinements);
    expect(JSON.parse(JSON.stringify(slice.site_vocabulary))).toEqual(slice.site_vocabulary);
  });
});

describe('query string: filters not in the path go to the query string', () => {
  it('comma-joins values and adds query, sortBy and page above 1', () => {
    const state: SearchState = {
      query: 'hybrid',
      page: 2,
      sortBy: 'price:asc',
      refinements: { car_type: ['used'], make: ['Toyota', 'Mazda'], body: ['SUV'] },
      ranges: { price: { min: 20_000, max: 30_000 }, km: { max: 50_000 }, year: { min: 2018 } },
    };
    expect(stateToRoute(state, kingfisher)).toBe(
      '/search/used-cars?query=hybrid&make=Toyota,Mazda&body=SUV&range[price]=20000:30000&range[km]=:50000&range[year]=2018:&sortBy=price:asc&page=2',
    );
    expect(stateToRoute({ ...state, page: 1 }, kingfisher)).not.toContain('page=');
  });

  it('keeps commas, ampersands, plus signs and percent signs inside values', () => {
    const state = s({ make: ['a,b', 'c'], tag: ['x&y=z', '1+1', '100%'] }, { query: 'red, fast & cheap' });
    const url = stateToRoute(state, kingfisher);
    expect(url).toBe('/search/new-used-and-demo-cars?query=red%2C+fast+%26+cheap&make=a%2Cb,c&tag=x%26y%3Dz,1%2B1,100%25');
    expect(routeToState(url, kingfisher)).toMatchObject({ query: 'red, fast & cheap', refinements: state.refinements });
  });

  it('turns a price range menu value "$a - $b" into range[price]=a:b', () => {
    expect(priceRangeToRange('$20,000 - $30,000')).toEqual({ min: 20_000, max: 30_000 });
    expect(priceRangeToRange('$20,000 -')).toEqual({ min: 20_000 });
    expect(priceRangeToRange('- $30,000')).toEqual({ max: 30_000 });
    expect(priceRangeToRange('$20,000')).toBeUndefined();
    expect(priceRangeToRange('cheap - cheerful')).toBeUndefined();
    const url = stateToRoute({ refinements: {}, ranges: { price: priceRangeToRange('$20,000 - $30,000') } }, kingfisher);
    expect(url).toBe('/search/new-used-and-demo-cars?range[price]=20000:30000');
    expect(routeToState('/search?range[price]=%2420%2C000+-+%2430%2C000', kingfisher).ranges).toEqual({ price: { min: 20_000, max: 30_000 } });
  });

  it('reads a menu price range however the dealer file spells its dash: en or em dash, minus sign, or "to"', () => {
    // As a dealer writes a menu link in the dealer file, and as a browser sends it once encoded.
    const menuLinks = [
      '/search/used-cars?range[price]=$20,000–$30,000',
      '/search/used-cars?range[price]=$20,000%C2%A0%E2%80%93%C2%A0$30,000',
      '/search/used-cars?range[price]=$20,000%E2%80%89%E2%80%93%E2%80%89$30,000',
      '/search/used-cars?range[price]=$20,000—$30,000',
      '/search/used-cars?range[price]=$20,000+%E2%80%94+$30,000',
      '/search/used-cars?range[price]=$20,000−$30,000',
      '/search/used-cars?range[price]=$20,000+to+$30,000',
    ];
    for (const link of menuLinks) expect(routeToState(link, kingfisher).ranges, link).toEqual({ price: { min: 20_000, max: 30_000 } });
    expect(priceRangeToRange('$20,000 —')).toEqual({ min: 20_000 });
    expect(priceRangeToRange('to $30,000')).toEqual({ max: 30_000 });
    expect(priceRangeToRange('Toyota to Lexus')).toBeUndefined();
  });

  it('reads min-only and max-only ranges', () => {
    expect(parseRange('20000:')).toEqual({ min: 20_000 });
    expect(parseRange(':30000')).toEqual({ max: 30_000 });
    expect(parseRange('5.5:9')).toEqual({ min: 5.5, max: 9 });
    expect(parseRange(':')).toBeUndefined();
    expect(parseRange('abc:def')).toBeUndefined();
    expect(parseRange('1e3:')).toBeUndefined();
    expect(parseRange('-5:')).toBeUndefined();
    expect(parseRange('1:2:3')).toBeUndefined();
  });
});

describe('the shopper’s point: a postcode’s coordinates, nearest first, within a radius', () => {
  const near = { lat: -27.46794, lng: 153.02809, postcode: '4000', within: { distance: 50, unit: 'km' as const } };

  it('carries the point, the postcode and the radius in the query string, so a link reproduces the search', () => {
    const url = stateToRoute(s({ car_type: ['used'] }, { near, sortBy: '_geo:asc' }), kingfisher);
    expect(url).toBe('/search/used-cars?near=-27.46794,153.02809&postcode=4000&within=50km&sortBy=_geo:asc');
    expect(routeToState(url, kingfisher)).toEqual({
      refinements: { car_type: ['used'] },
      ranges: {},
      near,
      sortBy: '_geo:asc',
      currentPath: '/search/used-cars',
    });
  });

  it('reads miles on a US site’s link, and a point without a radius', () => {
    expect(routeToState('/search?near=30.53,-97.689&postcode=78681&within=25miles', loneStar).near).toEqual({
      lat: 30.53,
      lng: -97.689,
      postcode: '78681',
      within: { distance: 25, unit: 'miles' },
    });
    expect(routeToState('/search?near=30.53,-97.689', loneStar).near).toEqual({ lat: 30.53, lng: -97.689 });
  });

  it('drops a nearest-first sort or a radius with no point to measure from', () => {
    expect(routeToState('/search?sortBy=_geo:asc&postcode=4000&within=50km', kingfisher)).toEqual({ refinements: {}, ranges: {}, currentPath: '/search' });
    expect(routeToState('/search?near=200,1&sortBy=_geo:asc', kingfisher)).toEqual({ refinements: {}, ranges: {}, currentPath: '/search' });
  });
});

describe('page numbers: a canonical integer string above 1, else the first page', () => {
  it('reads only canonical integers above 1', () => {
    expect(parsePage('2')).toBe(2);
    expect(parsePage('10')).toBe(10);
    for (const bad of ['2.0', '-1', '1e3', '01', ' 2', '2 ', '', '0', '1', 'abc', '2abc', '0x10', '99999999999999999999', null, undefined]) {
      expect(parsePage(bad)).toBe(1);
    }
  });

  it('leaves the first page out of the state and the URL', () => {
    for (const bad of ['2.0', '-1', '1e3', '01', '%202', '']) {
      const state = routeToState(`/search/used-cars?page=${bad}`, kingfisher);
      expect(state.page).toBeUndefined();
      expect(stateToRoute(state, kingfisher)).toBe('/search/used-cars');
    }
    expect(routeToState('/search/used-cars?page=3', kingfisher).page).toBe(3);
  });
});

describe('malformed URLs read as what they can, never throw', () => {
  it('drops bad percent-encoding, unknown keys and empty values', () => {
    expect(routeToState('/search?make=%E0%A4%A,Toyota&colour=%&query=%ZZ', kingfisher)).toEqual({
      refinements: { make: ['Toyota'] },
      ranges: {},
      currentPath: '/search',
    });
    expect(routeToState('/search?&&=&make&unknown=1&make=,,Mazda,&constructor=x&__proto__=y', kingfisher).refinements).toEqual({ make: ['Mazda'] });
    expect(routeToState('/search?car_type=luxury,used', kingfisher).refinements).toEqual({ car_type: ['used'] });
    expect(routeToState('/search?sortBy=price:asc;drop&range[colour]=1:2&range[price]=x', kingfisher)).toEqual({
      refinements: {},
      ranges: {},
      currentPath: '/search',
    });
    expect(routeToState('/search?page=2&page=3', kingfisher).page).toBe(2);
    expect(routeToState('/search?range%5Bprice%5D=5:', kingfisher).ranges).toEqual({ price: { min: 5 } });
  });

  it('reads unknown or malformed paths as no filter', () => {
    for (const path of ['/search/%ZZ', '/search/../admin', '/search/toyota/rav4/extra', '/search/a_b', '/search//toyota', '/somewhere', '/search/', '']) {
      expect(refinementsOf(path, kingfisher)).toEqual({});
    }
  });

  it('reads absolute URLs, any case, trailing slashes and fragments', () => {
    expect(routeToState('https://www.kingfishertoyota.example/Search/Used-Cars/?page=2#results', kingfisher)).toMatchObject({
      refinements: { car_type: ['used'] },
      page: 2,
    });
  });

  it('never cuts a character in half or throws on lone surrogates', () => {
    const state = normalizeState(s({ make: ['a\uD83Db'] }, { query: `${'x'.repeat(199)}🚗🚗` }));
    expect(state.query).toBe(`${'x'.repeat(199)}🚗`);
    expect(state.refinements.make).toEqual(['a\uFFFDb']);
    expect(() => stateToRoute(s({ make: ['\uDC00'] }, { query: '\uD800' }), kingfisher)).not.toThrow();
  });

  it('caps huge values and value lists', () => {
    const long = 'x'.repeat(5000);
    expect(routeToState(`/search?make=${long},Toyota&query=${long}`, kingfisher)).toMatchObject({ refinements: { make: ['Toyota'] }, query: 'x'.repeat(200) });
    const many = Array.from({ length: 500 }, (_, i) => `m${i}`).join(',');
    expect(routeToState(`/search?make=${many}`, kingfisher).refinements.make).toHaveLength(100);
  });
});

// ---------------------------------------------------------------------------
// Round trip: routeToState(stateToRoute(s)) ≈ s, over many generated states
// ---------------------------------------------------------------------------

/** Seeded, so a failure names a seed that reproduces it. */
const random = (seed: number): (() => number) => {
  const source = seededRandom(seed);
  return () => source.next();
};

const VALUES = [
  'Toyota',
  'Land Rover',
  'Mercedes-Benz',
  'BMW',
  'RAV4',
  'SUV',
  'Brisbane',
  'Rockhampton',
  'Penrith',
  'QLD',
  'NSW',
  'RV Utes QLD',
  'Fixture Penrith',
  'Electric',
  'AWD',
  'trucks',
  'caravans',
  'a,b',
  'x&y=z',
  '100%',
  '1+1',
  'ünïcödé',
  'Citroën',
  'quote"d',
  'back\\slash',
  '  spaced  ',
  '#hash',
  '?q',
  'slash/ed',
  'colon:ed',
  '[br]',
  'emoji 🚗',
  'lone \uD83D half',
  `${'🚗'.repeat(150)} long`,
  'OR',
  'a) OR (b',
  '> 2015',
  '<script>alert(1)</script>',
  ',',
  '',
  ' ',
];
const SORTS = ['price:asc', 'price:desc', 'km:asc', 'year:desc', 'custom_rank:desc', 'colour:asc', 'price:up', '_geo:asc', '_geo:desc', undefined];
const POINTS: unknown[] = [
  { lat: -27.467941, lng: 153.028091, postcode: '4000' },
  { lat: 30.53, lng: -97.689, postcode: '78681', within: { distance: 25, unit: 'miles' } },
  { lat: -33.8, lng: 151.2, within: { distance: 250, unit: 'km' } },
  { lat: 95, lng: 0 },
  { lat: 1, lng: 2, postcode: 'x&y', within: { distance: 7, unit: 'km' } },
];
const NUMBERS = [0, 1, 5.5, 500, 20_000, 30_000, 250_000, 1_700_000_000, -5, Number.NaN, Number.POSITIVE_INFINITY, 1e21];

function generateState(next: () => number): SearchState {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const state: SearchState = { refinements: {}, ranges: {} };
  const fields = refinementFields.filter(() => next() < 0.3);
  for (const field of fields) {
    const count = 1 + Math.floor(next() * 3);
    const pool =
      field === 'car_type'
        ? ['new', 'demo', 'used', 'luxury']
        : field === 'categories'
          ? ['cars', 'trucks', 'caravans', 'motorcycles', 'rental', 'subscription']
          : VALUES;
    state.refinements[field] = Array.from({ length: count }, () => pick(pool));
  }
  for (const field of rangeFields) {
    if (next() < 0.15) state.ranges[field] = { ...(next() < 0.6 ? { min: pick(NUMBERS) } : {}), ...(next() < 0.6 ? { max: pick(NUMBERS) } : {}) };
  }
  if (next() < 0.3) state.query = pick(VALUES);
  if (next() < 0.3) state.sortBy = pick(SORTS);
  if (next() < 0.2) state.near = pick(POINTS) as SearchState['near'];
  if (next() < 0.3) state.page = pick([1, 2, 3, 41, 0, -1, 2.5]);
  return state;
}

const withoutPath = ({ currentPath: _currentPath, ...rest }: SearchState) => rest;

describe('round trip: routeToState(stateToRoute(s)) equals the normal form of s', () => {
  const vocabulary: Vocabulary = { make: ['Mercedes-Benz', 'BMW', 'Toyota'], model: ['RAV4'], city: ['Mackay'], body: ['SUV'] };
  const sites: Array<[string, DealerConfig]> = [
    ['kingfisher-toyota', kingfisher],
    ['drivesmart-pre-owned', drivesmart],
    ['southern-lakes-motors', southernLakes],
    ['lone-star-auto', loneStar],
    ['every pattern', everyPattern],
    ['subscription', testSite({ search: { categories: ['subscription'], path_patterns: [...PATH_PATTERNS] } })],
  ];

  it.each(sites)('round-trips 1,500 generated states on %s, with and without a vocabulary', (_name, site) => {
    const next = random(_name.length * 7919);
    for (let i = 0; i < 1500; i++) {
      const state = generateState(next);
      const words = i % 2 === 0 ? vocabulary : undefined;
      const url = stateToRoute(state, site, words);
      expect(withoutPath(routeToState(url, site, words)), `${JSON.stringify(state)} → ${url}`).toEqual(withoutPath(normalizeState(state)));
      // Building again from what was read gives the same URL: one URL per state.
      expect(stateToRoute(routeToState(url, site, words), site, words)).toBe(url);
    }
  });

  it('round-trips the example landing paths (used-cars-brisbane, pre-owned-cars, used-motorcycles, ...)', () => {
    const examples: Array<[SearchState, DealerConfig, string]> = [
      [s({ car_type: ['used'], state: ['QLD'], city: ['Brisbane'] }), everyPattern, '/search/used-cars-brisbane'],
      [s({ car_type: ['used'] }), drivesmart, '/search/pre-owned-cars'],
      [s({ car_type: ['used'], categories: ['motorcycles'] }), southernLakes, '/search/used-motorcycles'],
      [s({ dealership_name: ['RV Vehicles QLD'] }), everyPattern, '/search/rv-vehicles-qld'],
      [s({ make: ['Toyota'], model: ['RAV4'] }, { sortBy: 'price:asc', page: 2 }), kingfisher, '/search/toyota/rav4?sortBy=price:asc&page=2'],
    ];
    for (const [state, site, url] of examples) {
      expect(stateToRoute(state, site)).toBe(url);
      expect(withoutPath(routeToState(url, site))).toEqual(withoutPath(normalizeState(state)));
    }
  });
});

describe('reading slugs that two values share', () => {
  it('gives the same value whatever order the vocabulary lists them in', () => {
    const one = refinementsOf('/search/mercedes-benz', kingfisher, { make: ['Mercedes-Benz', 'Mercedes Benz'] });
    const other = refinementsOf('/search/mercedes-benz', kingfisher, { make: ['Mercedes Benz', 'Mercedes-Benz'] });
    expect(one).toEqual({ make: ['Mercedes Benz'] });
    expect(other).toEqual(one);
    // Only the value that reads back rides in the path; the other goes to the query string.
    expect(stateToRoute(s({ make: ['Mercedes-Benz'] }), kingfisher, { make: ['Mercedes-Benz', 'Mercedes Benz'] })).toBe(
      '/search/new-used-and-demo-cars?make=Mercedes-Benz',
    );
  });
});

// Issue 30: an unknown search path became a make filter with a garbled title.
describe('search paths nothing names', () => {
  const site = testSite();
  const stock = { make: ['Toyota', 'Mazda'], model: ['HiLux'] };

  it('gives the words of a path no stock value, site name or stock word reads', () => {
    expect(unknownPathWords('/search/qwerty-asdf', site, stock)).toBe('qwerty asdf');
    expect(unknownPathWords('https://dealer.test/search/qwerty/zx9?page=2', site, stock)).toBe('qwerty zx9');
    expect(unknownPathWords('/search/used-cars-qwerty', site, stock)).toBe('used cars qwerty');
  });

  it('gives nothing for a path whose first value someone named, or a fixed search path', () => {
    for (const path of [
      '/search/mazda',
      '/search/toyota/gr86',
      '/search/used-cars',
      '/search/suv',
      '/search',
      '/electric-cars',
      defaultSearchPath(site),
      '/search/%ff',
    ]) {
      expect(unknownPathWords(path, site, stock), path).toBeUndefined();
    }
  });
});
