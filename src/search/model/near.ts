/**
 * Where the shopper is, for "Nearest first" and "within 50 km": the point of the postcode they
 * gave (looked up by GET /api/postcode), the postcode itself so the box can show it again, and
 * an optional radius in kilometres or miles.
 *
 * A search URL carries the point, not just the postcode (`near=-27.46794,153.02809&postcode=4000
 * &within=50km&sortBy=_geo:asc`), so a shared link or a prerendered page shows the same cars
 * without waiting on a lookup. The box keeps five decimals (about a metre), as
 * instant-meilisearch sends them.
 *
 * To the engine this is Meilisearch's geo search: `_geoRadius(lat, lng, metres)` for the radius
 * and `_geoPoint(lat, lng):asc` for the sort `_geo:asc`, which means nothing without a point.
 */
import { toMetres, type DistanceUnit } from '../../platform/formats/distance';

export interface Radius {
  distance: number;
  unit: DistanceUnit;
}

export interface Near {
  lat: number;
  lng: number;
  postcode?: string;
  within?: Radius;
}

/** The radius menu, in the site's unit (kilometres, or miles on US sites). */
export const WITHIN_CHOICES = [25, 50, 100, 250] as const;

/** The sort that puts the nearest cars first; only meaningful with a point. */
export const NEAREST_SORT = '_geo:asc';

// Digits and a ZIP+4's hyphen: safe to show and to put in a URL as it is.
const POSTCODE = /^[\d-]{4,10}$/;
/** Five decimals (about a metre): what the postcode box puts in a URL (see near-state.ts). */
export const roundCoordinate = (n: number) => Math.round(n * 1e5) / 1e5;
const inRange = (n: unknown, limit: number): n is number => typeof n === 'number' && Number.isFinite(n) && Math.abs(n) <= limit;

/** The one form of a point: real coordinates, a postcode that looks like one, a menu radius. */
export function normalNear(value: unknown): Near | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { lat, lng, postcode, within } = value as Partial<Near>;
  if (!inRange(lat, 90) || !inRange(lng, 180)) return undefined;
  const near: Near = { lat, lng };
  if (typeof postcode === 'string' && POSTCODE.test(postcode)) near.postcode = postcode;
  // Only a radius from the menu, in either unit.
  const { distance, unit } = within ?? {};
  if ((WITHIN_CHOICES as readonly unknown[]).includes(distance) && (unit === 'km' || unit === 'miles')) near.within = { distance: distance!, unit };
  return near;
}

/** `near=-27.46794,153.02809` and `within=50km` read back; `postcode` as given (normalNear checks it). */
export function parseNear(point: string | undefined, postcode: string | undefined, within: string | undefined): Near | undefined {
  const [lat, lng, ...rest] = (point ?? '').split(',');
  if (rest.length > 0 || !lat || !lng) return undefined;
  const radius = /^(\d+)(km|miles)$/.exec(within ?? '');
  return normalNear({ lat: Number(lat), lng: Number(lng), postcode, within: radius && { distance: Number(radius[1]), unit: radius[2] } });
}

/** The query-string parts for a point, in the order URLs write them. */
export function nearParams(near: Near): string[] {
  const parts = [`near=${near.lat},${near.lng}`];
  if (near.postcode) parts.push(`postcode=${near.postcode}`);
  if (near.within) parts.push(`within=${near.within.distance}${near.within.unit}`);
  return parts;
}

/** The radius as a filter, when there is one. */
export function nearFilter(near: Near | undefined): string | undefined {
  return near?.within ? `_geoRadius(${near.lat}, ${near.lng}, ${toMetres(near.within.distance, near.within.unit)})` : undefined;
}

/** `_geo:asc` as the engine takes it, with the point; undefined for another sort or without a point. */
export function nearSort(sort: string, near: Near | undefined): string | undefined {
  return sort === NEAREST_SORT && near ? `_geoPoint(${near.lat}, ${near.lng}):asc` : undefined;
}
