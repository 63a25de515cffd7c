/**
 * Distances as the shopper reads them: haversine on a sphere of radius 6371 km (the same
 * function the search engine sorts and filters by, so a car "within 50 km" in search is 50 km
 * on the location page too), shown in miles on US sites and kilometres elsewhere.
 */
import { haversineMetres } from '@dealer-sites/search-engine/geo';

export type DistanceUnit = 'km' | 'miles';

export interface Point {
  lat: number;
  lng: number;
}

const METRES_PER_UNIT: Record<DistanceUnit, number> = { km: 1000, miles: 1609.344 };

/** Metres between two points. */
export function metresBetween(a: Point, b: Point): number {
  return haversineMetres([a.lat, a.lng], [b.lat, b.lng]);
}

/** Metres in the site's unit. */
export function inUnit(metres: number, unit: DistanceUnit): number {
  return metres / METRES_PER_UNIT[unit];
}

/** The site's unit in metres, for a search radius. */
export function toMetres(distance: number, unit: DistanceUnit): number {
  return Math.round(distance * METRES_PER_UNIT[unit]);
}

/** "3.4 km", "27 km", "1 mile", "12 miles": one decimal under 10, whole numbers above. */
export function formatDistance(metres: number, unit: DistanceUnit): string {
  const value = inUnit(metres, unit);
  const shown = value < 10 ? Math.round(value * 10) / 10 : Math.round(value);
  const word = unit === 'km' ? 'km' : shown === 1 ? 'mile' : 'miles';
  return `${shown.toLocaleString('en')} ${word}`;
}
