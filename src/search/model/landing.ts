/**
 * Search landing pages: which search paths are prerendered, and the title, description
 * and heading of each in the dealer's wording. Paths come from the routing module, so a landing
 * page's URL is exactly the URL the search island writes for the same filters.
 */
import { regionDefaults } from '../../platform/config/regions';
import type { DealerConfig } from '../../platform/config/schema';
import { currencyFor, formatMoney, wording } from '../../platform/formats/region';
import { slugify } from '../../platform/formats/slugify';
import type { Vehicle } from '../../stock/model/vehicle';
import { CAR_TYPE_ORDER, orderCarTypes, type CarType } from './car-type';
import { isPreOwnedSite, isRefinementField, normalizeState, stateToRoute, vocabularyFromFacets } from './routing';
import { refinementFields, type RefinementField, type SearchState } from './state';

// ---------------------------------------------------------------------------

export interface LandingMeta {
  title: string;
  description: string;
  h1: string;
}

export interface LandingPage extends LandingMeta {
  path: string;
  canonical: string;
  state: SearchState;
}

/**
 * Facet counts of the stock: `field → value → count` per refinement field, plus joint counts per
 * path pattern under the pattern's name with the values JSON-encoded in pattern order, e.g.
 * `facets['car_type+make']['["used","Toyota"]'] = 12` (see `landingFacets`).
 */
export type LandingFacets = Readonly<Record<string, Readonly<Record<string, number>>>>;

/** Most landing pages prerendered per dealer; the rest are served by the search shell. */
export const MAX_LANDING_PAGES = 400;

const JOINT_KEYS = ['car_type+make', 'car_type+state+city', 'car_type+state', 'car_type+categories', 'city+make', 'location_name+make', 'make+model'] as const;

/** Counts for `landingPages` from the listed stock (callers pass cars the default listing shows). */
export function landingFacets(vehicles: readonly Vehicle[]): Record<string, Record<string, number>> {
  const facets: Record<string, Record<string, number>> = {};
  const add = (key: string, value: string) => {
    // No prototype: a stock value such as "__proto__" or "constructor" is just another key.
    const counts = (facets[key] ??= Object.create(null) as Record<string, number>);
    counts[value] = (counts[value] ?? 0) + 1;
  };
  for (const car of vehicles) {
    const fieldValues = (field: RefinementField): string[] => {
      const value = (car as Partial<Record<RefinementField, unknown>>)[field];
      if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
      if (typeof value === 'string') return value === '' ? [] : [value];
      return typeof value === 'number' || typeof value === 'boolean' ? [String(value)] : [];
    };
    for (const field of refinementFields) for (const value of fieldValues(field)) add(field, value);
    for (const key of JOINT_KEYS) {
      const fields = key.split('+') as RefinementField[];
      let combos: string[][] = [[]];
      for (const field of fields) combos = combos.flatMap((combo) => fieldValues(field).map((v) => [...combo, v]));
      for (const combo of combos) add(key, JSON.stringify(combo));
    }
  }
  return facets;
}

function jointCombos(facets: LandingFacets, key: string): string[][] {
  const combos: string[][] = [];
  for (const [encoded, count] of Object.entries(facets[key] ?? {})) {
    if (count <= 0) continue;
    try {
      const parsed: unknown = JSON.parse(encoded);
      if (Array.isArray(parsed) && parsed.every((v): v is string => typeof v === 'string')) combos.push(parsed);
    } catch {
      // A malformed key is skipped: it names no page.
    }
  }
  return combos;
}

const withStock = (facets: LandingFacets, field: string): string[] =>
  Object.entries(facets[field] ?? {})
    .filter(([, count]) => count > 0)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([value]) => value);

/**
 * A first-look build's landing pages: the unfiltered default search alone. The search shell
 * serves every other landing path, as it serves a path nobody prerendered, until the full build.
 */
export const firstLookLandingPages = (pages: readonly LandingPage[]): LandingPage[] =>
  pages.filter((page) => Object.keys(page.state.refinements).length === 0 && Object.keys(page.state.ranges).length === 0);

/**
 * Landing paths to prerender, with their head metadata: the default path, each car type with
 * stock (and new-and-demo), electric cars, body styles, makes and make/models with stock, then
 * every combination the site's path patterns allow that has stock. Only paths that carry all of
 * their state (no query string) are landing pages; at most 400.
 */
export function landingPages(site: DealerConfig, facets: LandingFacets): LandingPage[] {
  const vocabulary = vocabularyFromFacets(Object.fromEntries(Object.entries(facets).filter(([key]) => isRefinementField(key))));
  const states: SearchState['refinements'][] = [{}];
  const types = CAR_TYPE_ORDER.filter((type) => (facets.car_type?.[type] ?? 0) > 0);
  for (const type of types) states.push({ car_type: [type] });
  if (types.includes('new') && types.includes('demo')) states.push({ car_type: ['new', 'demo'] });
  for (const fuel of withStock(facets, 'fuel')) if (slugify(fuel) === 'electric') states.push({ fuel: [fuel] });
  const bodies = new Set(withStock(facets, 'body'));
  for (const body of [...site.search.body_styles.filter((b) => bodies.has(b)), ...bodies]) states.push({ body: [body] });
  const makes = withStock(facets, 'make');
  for (const make of makes) states.push({ make: [make] });
  for (const [make, model] of jointCombos(facets, 'make+model')) if (make && model) states.push({ make: [make], model: [model] });
  for (const [type, make] of jointCombos(facets, 'car_type+make')) if (type && make) states.push({ car_type: [type], make: [make] });
  for (const [type, category] of jointCombos(facets, 'car_type+categories')) if (type && category) states.push({ car_type: [type], categories: [category] });
  for (const category of withStock(facets, 'categories')) states.push({ categories: [category] });
  for (const [type, state, city] of jointCombos(facets, 'car_type+state+city'))
    if (type && state && city) states.push({ car_type: [type], state: [state], city: [city] });
  for (const [type, state] of jointCombos(facets, 'car_type+state')) if (type && state) states.push({ car_type: [type], state: [state] });
  for (const field of ['dealership_name', 'state', 'city', 'location_name', 'drive', 'fuel'] as const) {
    for (const value of withStock(facets, field)) states.push({ [field]: [value] });
  }
  for (const [city, make] of jointCombos(facets, 'city+make')) if (city && make) states.push({ city: [city], make: [make] });
  for (const [location, make] of jointCombos(facets, 'location_name+make')) if (location && make) states.push({ location_name: [location], make: [make] });

  const pages: LandingPage[] = [];
  const seen = new Set<string>();
  const origin = site.url.replace(/\/+$/, '');
  for (const refinements of states) {
    if (pages.length >= MAX_LANDING_PAGES) break;
    const state = normalizeState({ refinements, ranges: {} });
    const path = stateToRoute(state, site, vocabulary);
    if (path.includes('?') || seen.has(path)) continue;
    seen.add(path);
    pages.push({ path, canonical: `${origin}${path}`, state: { ...state, currentPath: path }, ...landingMeta(state, site) });
  }
  return pages;
}

const CATEGORY_LABELS: Record<string, string> = {
  cars: 'Cars',
  trucks: 'Trucks',
  caravans: 'Caravans',
  motorcycles: 'Motorcycles',
  rental: 'Rental cars',
  subscription: 'Subscription cars',
};

function onlyOne(values: readonly string[] | undefined): string | undefined {
  return values?.length === 1 ? values[0] : undefined;
}

function plural(word: string): string {
  return /s$/i.test(word) ? word : `${word}s`;
}

function typeLabel(types: readonly CarType[], site: Pick<DealerConfig, 'search'>): string {
  const names: Record<CarType, string> = { new: 'New', demo: 'Demo', used: isPreOwnedSite(site) ? 'Pre-Owned' : 'Used' };
  const labels = types.map((type) => names[type]);
  if (labels.length <= 1) return labels[0] ?? '';
  return `${labels.slice(0, -1).join(', ')} & ${labels[labels.length - 1]}`;
}

/** Car types a page with no car type stands for, from what the site sells. */
function siteTypes(site: Pick<DealerConfig, 'search'>): CarType[] {
  if (isPreOwnedSite(site)) return ['used'];
  const counts = site.search.car_types;
  const stocked = CAR_TYPE_ORDER.filter((type) => counts[type] > 0);
  return stocked.length > 0 ? stocked : ['new', 'used'];
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

/** What landing wording needs of a site: the whole config, or the browser's SearchSite. */
export type LandingSite = Pick<DealerConfig, 'name' | 'locale' | 'region' | 'search'> & Partial<Pick<DealerConfig, 'units'>>;

/**
 * Title, description and heading of a search landing page in the dealer's wording,
 * e.g. "Used Toyota RAV4 for sale in Brisbane | Dealer Name". The site's fixed sentences go
 * through the region's wording (US: "inquire", "mileage"); stock values are shown as indexed.
 */
export function landingMeta(state: SearchState, site: LandingSite): LandingMeta {
  const say = wording(site.locale);
  const { refinements, ranges } = normalizeState(state);
  const category = onlyOne(refinements.categories);
  const soldKind = site.search.categories.length === 1 ? site.search.categories[0] : undefined;
  const kind = CATEGORY_LABELS[category ?? soldKind ?? 'cars'] ?? category ?? 'Cars';
  const carTypes = orderCarTypes(refinements.car_type ?? []);
  const rentalLike = (category ?? soldKind) === 'rental' || (category ?? soldKind) === 'subscription';
  const types = carTypes.length > 0 ? carTypes : rentalLike ? [] : siteTypes(site);
  const make = onlyOne(refinements.make);
  const model = make ? onlyOne(refinements.model) : undefined;
  const body = onlyOne(refinements.body);
  const fuel = onlyOne(refinements.fuel);
  // Rental and subscription cars are not for sale, and read as one noun: "Toyota rental cars".
  const noun = rentalLike && (fuel || make) ? kind.toLowerCase() : kind;
  const forSale = rentalLike ? '' : ' for sale';
  const rest = [fuel ?? '', make ?? '', model ?? '', model ? '' : body ? plural(body) : noun].filter(Boolean).join(' ');
  const label = typeLabel(types, site);
  const city = onlyOne(refinements.city);
  const location = onlyOne(refinements.location_name);
  const stateName = onlyOne(refinements.state);
  const dealership = onlyOne(refinements.dealership_name);
  const place = city ? ` in ${city}` : location ? ` at ${location}` : stateName ? ` in ${stateName}` : dealership ? ` at ${dealership}` : '';
  const price = ranges.price;
  const money = (n: number) => formatMoney(n, site.locale, currencyFor(site.region));
  let priced = '';
  if (price?.min !== undefined && price.max !== undefined) priced = ` ${money(price.min)} to ${money(price.max)}`;
  else if (price?.max !== undefined) priced = ` under ${money(price.max)}`;
  else if (price?.min !== undefined) priced = ` over ${money(price.min)}`;
  const subject = `${[label, rest].filter(Boolean).join(' ')}${priced}`;
  const query = state.query?.trim();
  const heading = query ? `Search results for “${clip(query, 60)}”` : `${subject}${forSale}${place}`;
  const page = state.page && state.page > 1 ? ` – Page ${state.page}` : '';
  const units = site.units ?? regionDefaults[site.region].units;
  const closing = say(`Compare prices, ${units === 'miles' ? 'mileage' : 'km'} and features, then enquire online.`);
  const browse = `${[label.toLowerCase(), rentalLike ? rest.replace(kind, kind.toLowerCase()) : rest].filter(Boolean).join(' ')}${priced}${forSale}${place}`;
  return {
    title: `${heading}${page} | ${site.name}`,
    h1: heading,
    description: query ? `${heading} at ${site.name}. ${closing}` : `Browse our ${browse} at ${site.name}. ${closing}`,
  };
}
