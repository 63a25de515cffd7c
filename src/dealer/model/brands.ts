/**
 * Models and brands pages as data (`/models?body=all`, `/models/{slug}`, `/brands/{slug}`,
 * `/dealerships/{make}?filter=brand`). Pure: the pages and the body
 * filter script only lay out what these functions return.
 */
import type { DealerConfig, Location, Manufacturer, Model } from '../../platform/config/schema';
import { MODEL_DESCRIPTION_LIMIT, MODEL_LABELS } from './navigation';
import { sortLocations } from './locations';
import { slugify } from '../../platform/formats/slugify';
import { truncateAtWord } from '../../platform/formats/text';

/** The body value in `/models?body=…` that shows every model. */
export const ALL_BODIES = 'all';

export interface ModelCard {
  slug: string;
  name: string;
  make?: string;
  /** 'All-New' and 'New' are shown before the name; 'Coming Soon' as well, as a label. */
  label?: (typeof MODEL_LABELS)[keyof typeof MODEL_LABELS];
  /** The link: the model's override URL when it has one, else /models/{slug}. */
  url: string;
  /** Cut at 75 characters on a word break. */
  description?: string;
  fullDescription?: string;
  image?: string;
  priceFrom?: number;
  body?: string;
  bodySlug?: string;
}

const byPosition = (a: Model, b: Model) => a.position - b.position || a.name.localeCompare(b.name, 'en');

export function modelCard(model: Model, site: Pick<DealerConfig, 'manufacturer'>): ModelCard {
  const make = model.make ?? site.manufacturer?.name;
  const image = model.cloudfront_new_image_url ?? model.image?.url;
  return {
    slug: model.slug,
    name: model.name,
    url: model.override_url ?? `/models/${model.slug}`,
    ...(make ? { make } : {}),
    ...(model.status ? { label: MODEL_LABELS[model.status] } : {}),
    ...(model.short_description
      ? { description: truncateAtWord(model.short_description, MODEL_DESCRIPTION_LIMIT).text, fullDescription: model.short_description }
      : {}),
    ...(image ? { image } : {}),
    ...(model.price_from !== undefined ? { priceFrom: model.price_from } : {}),
    ...(model.body ? { body: model.body, bodySlug: slugify(model.body) } : {}),
  };
}

/** Models in the site's order (position, then name). */
export function modelCards(site: Pick<DealerConfig, 'models' | 'manufacturer'>): ModelCard[] {
  return [...site.models].sort(byPosition).map((m) => modelCard(m, site));
}

/**
 * Body filter choices for the models list: the site's body styles that have models, in the
 * site's order, then any other body a model names, alphabetically.
 */
export function modelBodies(cards: readonly ModelCard[], bodyStyles: readonly string[]): { name: string; slug: string }[] {
  const present = new Map<string, string>();
  for (const card of cards) if (card.body && card.bodySlug && !present.has(card.bodySlug)) present.set(card.bodySlug, card.body);
  const ordered = bodyStyles.map((b) => slugify(b)).filter((s) => present.has(s));
  const rest = [...present.keys()].filter((s) => !ordered.includes(s)).sort((a, b) => a.localeCompare(b, 'en'));
  return [...new Set([...ordered, ...rest])].map((slug) => ({ slug, name: present.get(slug) ?? slug }));
}

/** `?body=` read back: a known body slug, else all (unknown, empty or hostile values show everything). */
export function bodyFilter(search: string, known: readonly string[]): string {
  const value = new URLSearchParams(search).get('body')?.trim().toLowerCase() ?? '';
  return known.includes(value) ? value : ALL_BODIES;
}

export function modelsPath(body: string = ALL_BODIES): string {
  return `/models?body=${encodeURIComponent(body)}`;
}

// ---------------------------------------------------------------------------
// Brands
// ---------------------------------------------------------------------------

export interface BrandTile {
  name: string;
  slug: string;
  /** The manufacturer's own link when configured, else /brands/{slug}. */
  url: string;
  logo?: string;
}

export function brandTile(m: Manufacturer): BrandTile {
  return { name: m.name, slug: m.slug, url: m.url ?? `/brands/${m.slug}`, ...(m.logo ? { logo: m.logo.url } : {}) };
}

/** The manufacturer list: brands A–Z, grouped by first letter (digits and others under '#'). */
export function manufacturersAtoZ(manufacturers: readonly Manufacturer[]): { letter: string; brands: BrandTile[] }[] {
  const groups = new Map<string, BrandTile[]>();
  const sorted = [...manufacturers].sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }));
  for (const m of sorted) {
    const initial = slugify(m.name).charAt(0).toUpperCase();
    const letter = /^[A-Z]$/.test(initial) ? initial : '#';
    const group = groups.get(letter) ?? [];
    group.push(brandTile(m));
    groups.set(letter, group);
  }
  return [...groups]
    .map(([letter, brands]) => ({ letter, brands }))
    .sort((a, b) => (a.letter === '#' ? 1 : b.letter === '#' ? -1 : a.letter.localeCompare(b.letter)));
}

/** Models of one make (by name, ignoring case and accents); a single-franchise site's models are its make's. */
export function modelsOfMake(cards: readonly ModelCard[], make: string): ModelCard[] {
  const wanted = slugify(make);
  return cards.filter((c) => c.make !== undefined && slugify(c.make) === wanted);
}

// ---------------------------------------------------------------------------
// Dealerships per make
// ---------------------------------------------------------------------------

export interface MakeDealerships {
  /** Slug for /dealerships/{slug}. */
  slug: string;
  name: string;
  locations: Location[];
}

/**
 * Every make the site names (its manufacturers and its locations' makes) with the visible
 * locations that sell it, for `/dealerships/{make}?filter=brand`. A location sells a make when
 * its `manufacturers` list names it. When no location lists any make (a used-car group sells
 * every make), every sales location sells them all. Makes without a location get no page.
 */
export function dealershipsByMake(site: Pick<DealerConfig, 'manufacturers' | 'locations'>): MakeDealerships[] {
  const locations = sortLocations(site.locations);
  const anyListed = locations.some((l) => l.manufacturers.length > 0);
  const names = new Map<string, string>();
  for (const m of site.manufacturers) names.set(slugify(m.name), m.name);
  for (const l of locations) for (const make of l.manufacturers) if (!names.has(slugify(make))) names.set(slugify(make), make);
  const pages: MakeDealerships[] = [];
  for (const [slug, name] of names) {
    if (!slug) continue;
    const selling = anyListed
      ? locations.filter((l) => l.manufacturers.some((m) => slugify(m) === slug))
      : locations.filter((l) => l.location_type === 'sales');
    if (selling.length > 0) pages.push({ slug, name, locations: selling });
  }
  return pages.sort((a, b) => a.name.localeCompare(b.name, 'en'));
}

export function dealershipsPath(makeSlug: string): string {
  return `/dealerships/${makeSlug}?filter=brand`;
}

export interface StockModelLine {
  make: string;
  models: { name: string; count: number }[];
}

/**
 * The makes and models the dealer has cars of (sold cars left out), for a models list on a site
 * with no models in its file: makes alphabetically, each with its models alphabetically and how
 * many cars of each are in stock.
 */
export function stockModelLines(cars: readonly { make: string; model: string; status: string }[]): StockModelLine[] {
  const byMake = new Map<string, Map<string, number>>();
  for (const car of cars) {
    if (car.status === 'sold' || !car.make.trim() || !car.model.trim()) continue;
    const models = byMake.get(car.make) ?? new Map<string, number>();
    models.set(car.model, (models.get(car.model) ?? 0) + 1);
    byMake.set(car.make, models);
  }
  const byName = (a: string, b: string) => a.localeCompare(b, 'en');
  return [...byMake.keys()].sort(byName).map((make) => ({
    make,
    models: [...(byMake.get(make) ?? new Map<string, number>()).entries()].sort(([a], [b]) => byName(a, b)).map(([name, count]) => ({ name, count })),
  }));
}
