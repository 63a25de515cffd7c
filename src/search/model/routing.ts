/**
 * Search URLs: the shopper's state to a landing path plus query string, and back.
 * `routeToState(stateToRoute(s))` equals `normalizeState(s)`.
 *
 * The path
 * - No filter that a path can carry: the site's default search path (`defaultSearchPath`: the
 *   site setting, else the template's, e.g. `/search/new-used-and-demo-cars`, `/pre-owned`).
 * - Otherwise the first of the site's `search.path_patterns` that applies, in the fixed order
 *   car_type+make; car_type+state+city; car_type+state; car_type; dealership_name; state;
 *   city+make; city; location_name+make; location_name; make+model; make; body; drive; fuel;
 *   categories. A pattern applies when each of its fields has exactly one chosen value, and the
 *   path it gives reads back as exactly those values (so nothing is lost or misread).
 * - The car_type field is the "stock word": car types, then what is sold.
 *     types: new, used, demo, new-and-demo, new-and-used, demo-and-used; used is `pre-owned`
 *     on sites whose default path is /pre-owned. All three types is the same as none.
 *     what:  cars, or a single chosen category: trucks, caravans, motorcycles, rental-cars,
 *     subscription-cars (that category then rides in the stock word too).
 *   `used-cars`, `pre-owned-cars`, `new-and-demo-cars`, `used-motorcycles`, `new-caravans`;
 *   a category without a type: `new-used-and-demo-trucks`, `rental-cars`, `subscription-cars`.
 * - Patterns that start with car_type make one segment, the stock word and the other values
 *   joined by hyphens: `/search/used-cars-toyota`, `/search/used-cars-qld`,
 *   `/search/used-cars-qld-brisbane`. In car_type+state+city the state is left out when the
 *   dealer's locations put that city in that state (`/search/used-cars-brisbane`,
 *   `/search/subscription-cars-{city}`); reading the path back puts it in again.
 * - Other patterns give one segment per value: `/search/{make}/{model}` (the route table's
 *   form), `/search/{city}/{make}`, `/search/suv`, `/search/qld`, `/search/rv-vehicles-qld`
 *   (a location named "RV Vehicles QLD"). Segments are values slugified (src/platform/formats/slugify.ts);
 *   a state is its abbreviation in lowercase because stock stores states as "QLD".
 * - fuel Electric alone reads as the fixed route `/electric-cars`, in the place of the fuel pattern.
 *
 * Reading a path back maps each slug to a value through a vocabulary: the values the stock
 * holds (facet values, passed in) first, then what the site config names (makes, models,
 * body styles, locations, cities, states, dealerships, categories), else the slug title-cased
 * ("land-rover" → "Land Rover"). Known readings win in pattern order; then two segments whose
 * first is known (`/search/toyota/gr86`, `/search/penrith/kia`); then the route table's routes:
 * one unknown segment is a make, two are make and model, a stock word plus an unknown rest is
 * car type and make.
 *
 * The query string
 * Everything the path does not carry: `query`, each refinement field as comma-joined values,
 * ranges as `range[price]=20000:30000` (min-only `20000:`, max-only `:30000`), `sortBy`, and
 * `page` only above 1, and the shopper's point (`near`, `postcode`, `within`, see near.ts).
 * Values are percent-encoded, so a comma inside a value is `%2C` and only
 * a bare comma separates values; spaces are `+`.
 */
import type { DealerConfig } from '../../platform/config/schema';
import { defaultSearchPath, ELECTRIC_PATH } from './search-path';

export { ELECTRIC_PATH };
import { slugify } from '../../platform/formats/slugify';
import { stockCategories } from '../../stock/model/kinds';
import { CAR_TYPE_ORDER, orderCarTypes, type CarType } from './car-type';
import { isValidSort } from './query';
import { nearParams, normalNear, parseNear } from './near';
import { priceRangeEnds } from './price-range';
import { rangeFields, refinementFields, type NumericRange, type RangeField, type RefinementField, type SearchState } from './state';

import { PATH_PATTERNS, type PathPattern } from '../../platform/config/path-patterns';

export { PATH_PATTERNS, type PathPattern };

/** Car type, make and model, make, and body routes (/search/used-cars, /search/toyota/rav4,
 * /search/toyota, /search/suv): every site answers them whatever its patterns. */
const ROUTE_TABLE_PATTERNS: readonly PathPattern[] = ['car_type', 'make+model', 'make', 'body'];

/** Known values per field (facet values of the stock), used to read slugs back. */
export type Vocabulary = Partial<Record<RefinementField, readonly string[]>>;

export const HEADER_SEARCH_PATH = '/search';
const PRE_OWNED_PATH = '/pre-owned';
/** The rental template's search address; it reads as the rental cars' landing page. */
export const FIND_RENTAL_PATH = '/find/rental-cars';
export const RENTAL_SEARCH_PATH = '/search/rental-cars';

/** Longest value kept from a URL: stock values are capped at 200 characters, queries likewise. */
export const MAX_VALUE_LENGTH = 200;
/** Most values kept per field; more than any stock has. */
export const MAX_VALUES_PER_FIELD = 100;

const DEFAULT_VOCABULARY: Vocabulary = {
  body: ['SUV', 'Hatchback', 'Ute', 'Coupe', 'Sedan', 'Wagon'],
  fuel: ['Petrol', 'Diesel', 'Hybrid', 'Electric'],
  drive: ['AWD', '4WD', 'FWD', 'RWD', '2WD', '4x4'],
  categories: stockCategories,
};

// ---------------------------------------------------------------------------
// Normal form
// ---------------------------------------------------------------------------

/** Page from a URL: a canonical integer string above 1, else the first page. */
export function parsePage(raw: string | undefined | null): number {
  if (!raw || !/^[1-9]\d{0,8}$/.test(raw)) return 1;
  return Number(raw);
}

const NUMBER = /^\d{1,15}(?:\.\d{1,6})?$/;
const validBound = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n) && NUMBER.test(String(n));

/**
 * The one form of a state: pages from 2 only, sorts the index can answer, values non-empty and
 * unique (at most 100 per field, 200 characters each), car types known and in display order
 * (all three is the same as none), ranges with finite non-negative bounds only.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text a URL can carry: a lone surrogate half would make encodeURIComponent throw. */
const wellFormed = (text: string) => text.replace(LONE_SURROGATE, '\uFFFD');

/** At most `max` characters, counted in code points so an emoji is never cut in half. */
const clipText = (text: string, max: number) => (text.length <= max ? text : Array.from(text).slice(0, max).join(''));

export function normalizeState(state: SearchState): SearchState {
  const normal: SearchState = { refinements: {}, ranges: {} };
  const query = typeof state.query === 'string' ? clipText(wellFormed(state.query).trim(), MAX_VALUE_LENGTH).trim() : '';
  if (query) normal.query = query;
  if (typeof state.page === 'number' && Number.isSafeInteger(state.page) && state.page > 1 && state.page < 1e9) normal.page = state.page;
  const near = normalNear(state.near);
  if (near) normal.near = near;
  // A distance sort without a point has nothing to measure from.
  if (isValidSort(state.sortBy) && (near || !state.sortBy.startsWith('_geo:'))) normal.sortBy = state.sortBy;
  for (const field of refinementFields) {
    const given = (state.refinements[field] ?? []).filter((v) => typeof v === 'string' && v.trim() !== '' && v.length <= MAX_VALUE_LENGTH);
    let values = [...new Set(given.map(wellFormed))];
    if (field === 'car_type') {
      values = orderCarTypes(values);
      if (values.length === CAR_TYPE_ORDER.length) values = [];
    }
    values = values.slice(0, MAX_VALUES_PER_FIELD);
    if (values.length > 0) normal.refinements[field] = values;
  }
  for (const field of rangeFields) {
    const range = state.ranges[field];
    const clean: NumericRange = {};
    if (validBound(range?.min)) clean.min = range.min;
    if (validBound(range?.max)) clean.max = range.max;
    if (clean.min !== undefined || clean.max !== undefined) normal.ranges[field] = clean;
  }
  if (state.currentPath !== undefined) normal.currentPath = state.currentPath;
  return normal;
}

// ---------------------------------------------------------------------------
// Stock words
// ---------------------------------------------------------------------------

type Category = (typeof stockCategories)[number];
const CATEGORY_NOUNS: Record<Exclude<Category, 'cars'>, string> = {
  trucks: 'trucks',
  caravans: 'caravans',
  motorcycles: 'motorcycles',
  rental: 'rental-cars',
  subscription: 'subscription-cars',
};
const nounCategories = Object.keys(CATEGORY_NOUNS) as Array<Exclude<Category, 'cars'>>;
const isNounCategory = (value: string): value is Exclude<Category, 'cars'> => (nounCategories as string[]).includes(value);

interface StockWord {
  word: string;
  types: CarType[];
  category?: Exclude<Category, 'cars'>;
}

const TYPE_WORDS: ReadonlyArray<[string, CarType[]]> = [
  ['new-used-and-demo', []],
  ['new-and-demo', ['new', 'demo']],
  ['new-and-used', ['new', 'used']],
  ['demo-and-used', ['demo', 'used']],
  ['pre-owned', ['used']],
  ['new', ['new']],
  ['demo', ['demo']],
  ['used', ['used']],
];

/** Every stock word a path may start with, longest first so "new-and-demo-cars" beats "new-…". */
const STOCK_WORDS: readonly StockWord[] = (() => {
  const words: StockWord[] = [];
  for (const [typeWord, types] of TYPE_WORDS) {
    words.push({ word: `${typeWord}-cars`, types });
    for (const category of nounCategories) words.push({ word: `${typeWord}-${CATEGORY_NOUNS[category]}`, types, category });
  }
  words.push({ word: 'rental-cars', types: [], category: 'rental' }, { word: 'subscription-cars', types: [], category: 'subscription' });
  return words.sort((a, b) => b.word.length - a.word.length);
})();

function typeWord(types: readonly CarType[], preOwned: boolean): string {
  if (types.length === 1 && types[0] === 'used' && preOwned) return 'pre-owned';
  return types.length === 0 ? 'new-used-and-demo' : types.join('-and-');
}

/** The stock word for a state, if car types or a single category give one. */
function stockWordFor(refinements: SearchState['refinements'], preOwned: boolean): StockWord | undefined {
  const types = orderCarTypes(refinements.car_type ?? []);
  const categories = refinements.categories ?? [];
  const category = categories.length === 1 && categories[0] !== undefined && isNounCategory(categories[0]) ? categories[0] : undefined;
  if (types.length === 0 && !category) return undefined;
  if (types.length === 0 && (category === 'rental' || category === 'subscription')) return { word: CATEGORY_NOUNS[category], types, category };
  const noun = category ? CATEGORY_NOUNS[category] : 'cars';
  return { word: `${typeWord(types, preOwned)}-${noun}`, types, category };
}

function matchStockWord(segment: string): { stock: StockWord; rest: string } | undefined {
  for (const stock of STOCK_WORDS) {
    if (segment === stock.word) return { stock, rest: '' };
    if (segment.startsWith(`${stock.word}-`)) return { stock, rest: segment.slice(stock.word.length + 1) };
  }
  return undefined;
}

function stockRefinements(stock: StockWord): PathRefinements {
  const refinements: PathRefinements = {};
  if (stock.types.length > 0) refinements.car_type = [...stock.types];
  if (stock.category) refinements.categories = [stock.category];
  return refinements;
}

export function isPreOwnedSite(site: Pick<DealerConfig, 'search'>): boolean {
  const path = defaultSearchPath(site);
  return path === PRE_OWNED_PATH || path.startsWith(`${PRE_OWNED_PATH}/`);
}

// ---------------------------------------------------------------------------
// Lexicon: slug → value per field
// ---------------------------------------------------------------------------

/**
 * What the site config names, for reading slugs back: per field values, and the state each city
 * of the dealer's locations is in. Small enough to travel to the browser with the search island.
 */
export interface SiteVocabulary {
  values: Vocabulary;
  cityStates: Array<[city: string, state: string]>;
}

/**
 * The part of a site routing reads: its search settings, and the names its config gives (either
 * the config itself, or `site_vocabulary` where only a slice of the config reaches the browser).
 */
export type RoutingSite = Pick<DealerConfig, 'search'> &
  Partial<Pick<DealerConfig, 'manufacturer' | 'manufacturers' | 'models' | 'locations' | 'dealerships'>> & {
    site_vocabulary?: SiteVocabulary;
  };

export function siteVocabulary(site: RoutingSite): SiteVocabulary {
  if (site.site_vocabulary) return site.site_vocabulary;
  const locations = site.locations ?? [];
  return {
    values: {
      make: [...(site.manufacturer ? [site.manufacturer.name] : []), ...(site.manufacturers ?? []).map((m) => m.name)],
      model: (site.models ?? []).map((m) => m.name),
      body: site.search.body_styles,
      location_name: locations.map((l) => l.name),
      city: locations.map((l) => l.address.city),
      state: locations.map((l) => l.address.state),
      dealership_name: (site.dealerships ?? []).map((d) => d.name),
    },
    cityStates: locations.map((l) => [l.address.city, l.address.state]),
  };
}

interface Lexicon {
  values: Map<RefinementField, Map<string, string>>;
  /** city slug → the state the dealer's locations put it in; null when more than one. */
  cityStates: Map<string, string | null>;
}

const lexicons = new WeakMap<RoutingSite, WeakMap<Vocabulary, Lexicon>>();
const NO_VOCABULARY: Vocabulary = {};

function lexicon(site: RoutingSite, vocabulary: Vocabulary = NO_VOCABULARY): Lexicon {
  let perSite = lexicons.get(site);
  if (!perSite) lexicons.set(site, (perSite = new WeakMap()));
  const cached = perSite.get(vocabulary);
  if (cached) return cached;

  const named = siteVocabulary(site);
  const values = new Map<RefinementField, Map<string, string>>();
  for (const source of [vocabulary, named.values, DEFAULT_VOCABULARY]) {
    for (const field of refinementFields) {
      let bySlug = values.get(field);
      if (!bySlug) values.set(field, (bySlug = new Map<string, string>()));
      const fromThisSource = new Map<string, string>();
      for (const value of source[field] ?? []) {
        const slug = slugify(value);
        // Two values with one slug ("Mercedes-Benz", "Mercedes Benz"): the lesser one, so the
        // answer does not depend on the order the values came in (build and browser agree).
        const known = fromThisSource.get(slug);
        if (slug && (known === undefined || value < known)) fromThisSource.set(slug, value);
      }
      // Stock values before config names before defaults.
      for (const [slug, value] of fromThisSource) if (!bySlug.has(slug)) bySlug.set(slug, value);
    }
  }
  const cityStates = new Map<string, string | null>();
  for (const [cityName, state] of named.cityStates) {
    const city = slugify(cityName);
    const known = cityStates.get(city);
    if (known === undefined) cityStates.set(city, state);
    else if (known !== state) cityStates.set(city, null);
  }
  const built = { values, cityStates };
  perSite.set(vocabulary, built);
  return built;
}

function titleCase(slug: string, field: RefinementField): string {
  if (field === 'state' && slug.length <= 3) return slug.toUpperCase();
  return slug
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

// ---------------------------------------------------------------------------
// Reading paths
// ---------------------------------------------------------------------------

type PathRefinements = Partial<Record<RefinementField, string[]>>;

const SLUG_SEGMENT = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

interface Reader {
  site: RoutingSite;
  lex: Lexicon;
  patterns: readonly PathPattern[];
}

function reader(site: RoutingSite, vocabulary?: Vocabulary): Reader {
  const allowed = new Set<PathPattern>([...site.search.path_patterns, ...ROUTE_TABLE_PATTERNS]);
  return { site, lex: lexicon(site, vocabulary), patterns: PATH_PATTERNS.filter((p) => allowed.has(p)) };
}

function resolve(r: Reader, field: RefinementField, slug: string, strict: boolean): string | undefined {
  if (!slug) return undefined;
  return r.lex.values.get(field)?.get(slug) ?? (strict ? undefined : titleCase(slug, field));
}

/** How sure a reading must be: every slug known, the first known and the rest title-cased, or any. */
type Strictness = 'known' | 'lead-known' | 'any';

function matchPattern(r: Reader, pattern: PathPattern, segments: readonly string[], strictness: Strictness): PathRefinements | undefined {
  const strict = strictness !== 'any';
  const fields = pattern.split('+') as RefinementField[];
  if (fields[0] === 'car_type') {
    if (segments.length !== 1 || segments[0] === undefined) return undefined;
    const matched = matchStockWord(segments[0]);
    if (!matched) return undefined;
    const base = stockRefinements(matched.stock);
    const { rest } = matched;
    if (pattern === 'car_type') return rest === '' ? base : undefined;
    if (rest === '') return undefined;
    if (pattern === 'car_type+make' || pattern === 'car_type+state') {
      const field = fields[1] as RefinementField;
      const value = resolve(r, field, rest, strict);
      return value === undefined ? undefined : { ...base, [field]: [value] };
    }
    // car_type+state+city: "qld-brisbane", or "brisbane" where the locations imply the state.
    const city = resolve(r, 'city', rest, true);
    const impliedState = r.lex.cityStates.get(rest);
    if (city !== undefined && impliedState) return { ...base, state: [impliedState], city: [city] };
    for (let i = rest.indexOf('-'); i > 0; i = rest.indexOf('-', i + 1)) {
      const state = resolve(r, 'state', rest.slice(0, i), true);
      const cityPart = resolve(r, 'city', rest.slice(i + 1), true);
      if (state !== undefined && cityPart !== undefined) return { ...base, state: [state], city: [cityPart] };
    }
    return undefined;
  }
  if (segments.length !== fields.length) return undefined;
  const refinements: PathRefinements = {};
  for (const [i, field] of fields.entries()) {
    const value = resolve(r, field, segments[i] ?? '', strictness === 'known' || (strictness === 'lead-known' && i === 0));
    if (value === undefined) return undefined;
    refinements[field] = [value];
  }
  return refinements;
}

/** Unknown slugs read as the route table's make, make and model, or car type and make. */
const FALLBACK_PATTERNS: readonly PathPattern[] = ['car_type+make', 'make+model', 'make'];

/** A reading of the segments that starts from a value someone named; undefined when none does. */
function readKnownSegments(r: Reader, segments: readonly string[]): PathRefinements | undefined {
  for (const pattern of r.patterns) {
    const found = matchPattern(r, pattern, segments, 'known');
    if (found) return found;
  }
  // "/search/brisbane/gr86": a known city or make first, the second value title-cased.
  for (const pattern of r.patterns) {
    if (pattern.startsWith('car_type') || !pattern.includes('+')) continue;
    const found = matchPattern(r, pattern, segments, 'lead-known');
    if (found) return found;
  }
  return undefined;
}

function readSegments(r: Reader, segments: readonly string[]): PathRefinements {
  const known = readKnownSegments(r, segments);
  if (known) return known;
  for (const pattern of FALLBACK_PATTERNS) {
    const found = matchPattern(r, pattern, segments, 'any');
    if (found) return found;
  }
  return {};
}

function safeDecode(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

function normalPathname(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return (trimmed === '' ? '/' : trimmed).toLowerCase();
}

/** The slugs after /search/ of a path that is no fixed search path; undefined for any other path. */
function searchSegments(r: Reader, pathname: string): string[] | undefined {
  if (pathname === normalPathname(defaultSearchPath(r.site)) || !pathname.startsWith(`${HEADER_SEARCH_PATH}/`)) return undefined;
  const segments: string[] = [];
  for (const raw of pathname.slice(HEADER_SEARCH_PATH.length + 1).split('/')) {
    const segment = safeDecode(raw)?.toLowerCase();
    if (segment === undefined || !SLUG_SEGMENT.test(segment)) return undefined;
    segments.push(segment);
  }
  return segments;
}

/** What a path alone stands for; unknown or malformed paths stand for nothing. */
function readPath(r: Reader, rawPathname: string): PathRefinements {
  const pathname = normalPathname(rawPathname);
  if (pathname === normalPathname(defaultSearchPath(r.site))) return {};
  if (pathname === ELECTRIC_PATH) return { fuel: [resolve(r, 'fuel', 'electric', false) ?? 'Electric'] };
  if (pathname === PRE_OWNED_PATH) return { car_type: ['used'] };
  if (pathname === FIND_RENTAL_PATH) return { categories: ['rental'] };
  const segments = searchSegments(r, pathname);
  return segments ? readSegments(r, segments) : {};
}

/**
 * The words of a search path that names nothing the stock, the site or the stock words know
 * (`/search/qwerty-asdf` → 'qwerty asdf'). The route table reads such a path as a make (and
 * model), but only as a guess: a make new in stock since the build has no name in the page yet.
 * The search page checks the guess against the stock and, when it finds nothing, searches for
 * the words instead. Undefined for every other path.
 */
export function unknownPathWords(url: string, site: RoutingSite, vocabulary?: Vocabulary): string | undefined {
  const pathname = normalPathname(url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '').split(/[?#]/)[0] ?? '');
  const r = reader(site, vocabulary);
  const segments = searchSegments(r, pathname);
  if (!segments || readKnownSegments(r, segments)) return undefined;
  return segments.join(' ').replace(/-/g, ' ');
}

// ---------------------------------------------------------------------------
// Query strings
// ---------------------------------------------------------------------------

/** Percent-encoding that keeps `:` and `/` readable and writes spaces as `+`; commas stay encoded. */
function encodeValue(value: string): string {
  return encodeURIComponent(value).replace(/%20/g, '+').replace(/%3A/gi, ':').replace(/%2F/gi, '/');
}

function decodeValue(raw: string): string | undefined {
  return safeDecode(raw.replace(/\+/g, ' '));
}

const formatBound = (n: number | undefined) => (n === undefined ? '' : String(n));

function parseBound(raw: string): number | undefined | null {
  if (raw === '') return undefined;
  return NUMBER.test(raw) ? Number(raw) : null;
}

/**
 * A price range menu value such as "$20,000 - $30,000" (or "$20,000 – $30,000", "$20,000 to
 * $30,000": ./price-range.ts) as a range: dollar signs, commas and spaces removed. "$20,000 -" or
 * "20000 - " is min-only, "- $30,000" max-only.
 */
export function priceRangeToRange(label: string): NumericRange | undefined {
  const ends = priceRangeEnds(label);
  if (!ends) return undefined;
  const amount = (end: string) => parseBound(end.replace(/[$,\s]/g, ''));
  const min = amount(ends[0]);
  const max = amount(ends[1]);
  if (min === null || max === null || (min === undefined && max === undefined)) return undefined;
  const range: NumericRange = {};
  if (min !== undefined) range.min = min;
  if (max !== undefined) range.max = max;
  return range;
}

/** `range[price]` value: "20000:30000", "20000:", ":30000", or a menu label "$20,000 - $30,000". */
export function parseRange(raw: string): NumericRange | undefined {
  const colon = /^([^:]*):([^:]*)$/.exec(raw.trim());
  if (!colon) return priceRangeToRange(raw);
  const min = parseBound(colon[1] ?? '');
  const max = parseBound(colon[2] ?? '');
  const range: NumericRange = {};
  if (typeof min === 'number') range.min = min;
  if (typeof max === 'number') range.max = max;
  return range.min === undefined && range.max === undefined ? undefined : range;
}

export function formatRange(range: NumericRange): string {
  return `${formatBound(range.min)}:${formatBound(range.max)}`;
}

export const isRefinementField = (key: string): key is RefinementField => (refinementFields as readonly string[]).includes(key);
const isRangeField = (key: string): key is RangeField => (rangeFields as readonly string[]).includes(key);

function readQuery(search: string, state: SearchState): void {
  const seen = new Set<string>();
  const point: Record<string, string> = {};
  for (const pair of search.split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const key = decodeValue(eq < 0 ? pair : pair.slice(0, eq));
    const rawValue = eq < 0 ? '' : pair.slice(eq + 1);
    if (key === undefined) continue;
    if (isRefinementField(key)) {
      const values = rawValue.split(',').map(decodeValue);
      const kept = values.filter((v): v is string => v !== undefined);
      state.refinements[key] = [...(state.refinements[key] ?? []), ...kept];
      continue;
    }
    // Everything else: first occurrence wins.
    if (seen.has(key)) continue;
    seen.add(key);
    const value = decodeValue(rawValue);
    if (value === undefined) continue;
    if (key === 'query') state.query = value;
    else if (key === 'sortBy') state.sortBy = value;
    else if (key === 'page') state.page = parsePage(value);
    else if (key === 'near' || key === 'postcode' || key === 'within') point[key] = value;
    else {
      const rangeKey = /^range\[([a-z_]+)\]$/.exec(key);
      if (rangeKey?.[1] && isRangeField(rangeKey[1])) {
        const range = parseRange(value);
        if (range) state.ranges[rangeKey[1]] = range;
      }
    }
  }
  const near = parseNear(point.near, point.postcode, point.within);
  if (near) state.near = near;
}

function queryString(state: SearchState, inPath: ReadonlySet<RefinementField>): string {
  const parts: string[] = [];
  if (state.query) parts.push(`query=${encodeValue(state.query)}`);
  for (const field of refinementFields) {
    const values = state.refinements[field];
    if (!values?.length || inPath.has(field)) continue;
    parts.push(`${field}=${values.map(encodeValue).join(',')}`);
  }
  for (const field of rangeFields) {
    const range = state.ranges[field];
    if (range) parts.push(`range[${field}]=${formatRange(range)}`);
  }
  if (state.near) parts.push(...nearParams(state.near));
  if (state.sortBy) parts.push(`sortBy=${encodeValue(state.sortBy)}`);
  if (state.page && state.page > 1) parts.push(`page=${state.page}`);
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

// ---------------------------------------------------------------------------
// Writing paths
// ---------------------------------------------------------------------------

function single(refinements: PathRefinements, field: RefinementField): string | undefined {
  const values = refinements[field];
  if (values?.length !== 1 || values[0] === undefined) return undefined;
  const slug = slugify(values[0]);
  return slug === '' ? undefined : slug;
}

interface Candidate {
  path: string;
  fields: RefinementField[];
}

function candidateFor(pattern: PathPattern, refinements: PathRefinements, r: Reader, preOwned: boolean): Candidate | undefined {
  const fields = pattern.split('+') as RefinementField[];
  if (fields[0] === 'car_type') {
    const stock = stockWordFor(refinements, preOwned);
    if (!stock) return undefined;
    const consumed: RefinementField[] = [];
    if (stock.types.length > 0) consumed.push('car_type');
    if (stock.category) consumed.push('categories');
    const pieces = [stock.word];
    for (const field of fields.slice(1)) {
      const slug = single(refinements, field);
      if (!slug) return undefined;
      consumed.push(field);
      pieces.push(slug);
    }
    if (pattern === 'car_type+state+city') {
      const [, state, city] = pieces;
      if (city !== undefined && r.lex.cityStates.get(city) === refinements.state?.[0] && state !== undefined) {
        pieces.splice(1, 1);
      }
    }
    return { path: `${HEADER_SEARCH_PATH}/${pieces.join('-')}`, fields: consumed };
  }
  const segments: string[] = [];
  for (const field of fields) {
    const slug = single(refinements, field);
    if (!slug) return undefined;
    segments.push(slug);
  }
  return { path: `${HEADER_SEARCH_PATH}/${segments.join('/')}`, fields };
}

function sameValues(a: readonly string[] | undefined, b: readonly string[] | undefined): boolean {
  return (a ?? []).length === (b ?? []).length && (a ?? []).every((v, i) => v === b?.[i]);
}

/** Whether a path reads back as exactly these fields' values and nothing else. */
function readsBackAs(r: Reader, candidate: Candidate, refinements: PathRefinements): boolean {
  const read = readPath(r, candidate.path);
  const readFields = Object.keys(read) as RefinementField[];
  return readFields.length === candidate.fields.length && candidate.fields.every((field) => sameValues(read[field], refinements[field]));
}

function landingPath(state: SearchState, r: Reader): Candidate | undefined {
  const { refinements } = state;
  const preOwned = isPreOwnedSite(r.site);
  const allowed = new Set(r.site.search.path_patterns);
  for (const pattern of PATH_PATTERNS) {
    if (pattern === 'fuel') {
      const electric: Candidate = { path: ELECTRIC_PATH, fields: ['fuel'] };
      if (single(refinements, 'fuel') === 'electric' && readsBackAs(r, electric, refinements)) return electric;
    }
    if (!allowed.has(pattern)) continue;
    const candidate = candidateFor(pattern, refinements, r, preOwned);
    if (candidate && readsBackAs(r, candidate, refinements)) return candidate;
  }
  return undefined;
}

/**
 * e.g. `/search/used-cars-brisbane?make=Toyota,Mazda&sortBy=price:asc&page=2`.
 * `vocabulary` (facet values of the stock) lets values the site config does not name ride in the
 * path; without it they go to the query string, so the URL always reads back the same.
 */
export function stateToRoute(state: SearchState, site: RoutingSite, vocabulary?: Vocabulary): string {
  const normal = normalizeState(state);
  const r = reader(site, vocabulary);
  const landing = landingPath(normal, r);
  return `${landing?.path ?? defaultSearchPath(site)}${queryString(normal, new Set(landing?.fields ?? []))}`;
}

/** The state a search URL (path and query string, or absolute URL) stands for. */
export function routeToState(url: string, site: RoutingSite, vocabulary?: Vocabulary): SearchState {
  const withoutOrigin = url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '');
  const withoutHash = withoutOrigin.split('#')[0] ?? '';
  const q = withoutHash.indexOf('?');
  const pathname = (q < 0 ? withoutHash : withoutHash.slice(0, q)) || '/';
  const search = q < 0 ? '' : withoutHash.slice(q + 1);
  const state: SearchState = { refinements: readPath(reader(site, vocabulary), pathname), ranges: {} };
  readQuery(search, state);
  return { ...normalizeState(state), currentPath: pathname };
}

// ---------------------------------------------------------------------------
// Other builders
// ---------------------------------------------------------------------------

/**
 * The simpler builder: a car type gives /search/{type}-cars, new plus demo gives
 * new-and-demo-cars, make with model gives /search/{make}/{model}.
 */
export function simpleSearchPath(site: RoutingSite, choice: { carTypes?: readonly string[]; make?: string; model?: string }): string {
  const make = choice.make ? slugify(choice.make) : '';
  const model = choice.model ? slugify(choice.model) : '';
  if (make) return `${HEADER_SEARCH_PATH}/${make}${model ? `/${model}` : ''}`;
  const stock = stockWordFor({ car_type: [...(choice.carTypes ?? [])] }, isPreOwnedSite(site));
  return stock ? `${HEADER_SEARCH_PATH}/${stock.word}` : defaultSearchPath(site);
}

/** The header search's target: `/search?query=…`. */
export function headerSearchRoute(text: string): string {
  const query = text.trim().slice(0, MAX_VALUE_LENGTH);
  return query ? `${HEADER_SEARCH_PATH}?query=${encodeValue(query)}` : HEADER_SEARCH_PATH;
}

/** Facet values of the stock as a vocabulary for reading paths. */
export function vocabularyFromFacets(facets: Readonly<Record<string, Readonly<Record<string, number>>>> | undefined): Vocabulary {
  const vocabulary: Vocabulary = {};
  for (const [field, counts] of Object.entries(facets ?? {})) {
    if (isRefinementField(field)) vocabulary[field] = Object.keys(counts);
  }
  return vocabulary;
}
