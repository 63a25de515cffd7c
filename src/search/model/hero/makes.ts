/**
 * The hero's make and model dropdowns: makes from a facet on make, at most 100, by
 * stock volume, alphabetically or in the preferred regional order, optionally 20 popular makes
 * first; models from a facet on make_model for the chosen make, at most 250, always sorted.
 */
import { MAKE_DROPDOWN_LIMIT, MODEL_DROPDOWN_LIMIT, POPULAR_MAKES_COUNT } from '../state';
import type { SearchSite } from '../site';

export type MakeSort = SearchSite['features']['make_sort'];

/** The preferred make order of the region that uses it; makes not listed follow alphabetically. */
export const PREFERRED_MAKES = [
  'Audi',
  'BMW',
  'Ford',
  'Honda',
  'Holden',
  'Hyundai',
  'Isuzu',
  'Jeep',
  'Kia',
  'Land Rover',
  'Lexus',
  'Mazda',
  'Mercedes Benz',
  'Mitsubishi',
  'Nissan',
  'Subaru',
  'Suzuki',
  'Toyota',
  'Volkswagen',
  'Volvo',
] as const;

// Feeds write "Mercedes-Benz", "MERCEDES BENZ" or "Mercedes Benz" for the same make.
const makeKey = (make: string) => make.toLowerCase().replace(/[^a-z0-9]/g, '');
const preferredRank = new Map<string, number>(PREFERRED_MAKES.map((make, i) => [makeKey(make), i]));

const byName = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' });

export interface FacetValue {
  value: string;
  count: number;
}

/** Facet counts as a list, empty values and non-positive counts left out. */
export function facetValues(distribution: Readonly<Record<string, number>> | undefined): FacetValue[] {
  return Object.entries(distribution ?? {})
    .filter(([value, count]) => value.trim() !== '' && count > 0)
    .map(([value, count]) => ({ value, count }));
}

/** Most stock first; equal counts by name so the order never depends on the engine. */
function byVolume(a: FacetValue, b: FacetValue): number {
  return b.count - a.count || byName(a.value, b.value);
}

function byPreferred(a: FacetValue, b: FacetValue): number {
  const ra = preferredRank.get(makeKey(a.value)) ?? PREFERRED_MAKES.length;
  const rb = preferredRank.get(makeKey(b.value)) ?? PREFERRED_MAKES.length;
  return ra - rb || byName(a.value, b.value);
}

export function sortMakes(makes: readonly FacetValue[], sort: MakeSort): FacetValue[] {
  const compare = sort === 'volume' ? byVolume : sort === 'preferred' ? byPreferred : (a: FacetValue, b: FacetValue) => byName(a.value, b.value);
  return [...makes].sort(compare);
}

export interface MakeDropdown {
  /** The popular makes, shown first; empty unless the site asks for them. */
  popular: string[];
  /** Every other make; under an 'All Makes' group when popular makes are shown. */
  rest: string[];
}

/**
 * The make dropdown for a facet distribution. The limit keeps the 100 makes with the most stock
 * (what a facet limit of 100 gives); popular makes are the 20 with the most stock, and both groups
 * follow the site's make order.
 */
export function makeDropdown(
  distribution: Readonly<Record<string, number>> | undefined,
  features: Pick<SearchSite['features'], 'popular_makes' | 'make_sort'>,
): MakeDropdown {
  const makes = facetValues(distribution).sort(byVolume).slice(0, MAKE_DROPDOWN_LIMIT);
  if (!features.popular_makes) return { popular: [], rest: sortMakes(makes, features.make_sort).map((m) => m.value) };
  const popularSet = new Set(makes.slice(0, POPULAR_MAKES_COUNT).map((m) => m.value));
  const sorted = sortMakes(makes, features.make_sort);
  return {
    popular: sorted.filter((m) => popularSet.has(m.value)).map((m) => m.value),
    rest: sorted.filter((m) => !popularSet.has(m.value)).map((m) => m.value),
  };
}

export interface ModelChoice {
  /** The make_model value searched, e.g. "Toyota RAV4". */
  value: string;
  /** What the shopper reads, e.g. "RAV4" once Toyota is chosen. */
  label: string;
}

/**
 * The model part of a make_model value: "Toyota RAV4" → "RAV4" for make Toyota. Undefined when
 * the value does not start with the make, as a feed may spell them differently.
 */
export function modelOf(make: string, makeModel: string): string | undefined {
  const prefix = `${make} `;
  if (!make || makeModel.length <= prefix.length || makeModel.slice(0, prefix.length).toLowerCase() !== prefix.toLowerCase()) return undefined;
  return makeModel.slice(prefix.length).trim() || undefined;
}

/** Models for the chosen make: the 250 with the most stock, sorted by name. */
export function modelDropdown(distribution: Readonly<Record<string, number>> | undefined, make: string): ModelChoice[] {
  return facetValues(distribution)
    .sort(byVolume)
    .slice(0, MODEL_DROPDOWN_LIMIT)
    .map(({ value }) => ({ value, label: modelOf(make, value) ?? value }))
    .sort((a, b) => byName(a.label, b.label) || byName(a.value, b.value));
}
