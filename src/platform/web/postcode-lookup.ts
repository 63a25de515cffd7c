/**
 * Asking GET /api/postcode where a postcode is, from a page: the search page's postcode box and
 * the "Find your nearest" boxes. The postcode rule is checked here first, so a typo never costs a
 * request; what the route refuses comes back as its own sentence ('Invalid postcode').
 */
import type { Region } from '../config/regions';
import { lookupPostcode, postcodeRule } from '../formats/postcode';

export interface NearestLocation {
  slug: string;
  name: string;
  metres: number;
  /** "12 km", "3.4 miles": in the site's unit. */
  distance: string;
}

export interface PostcodePoint {
  postcode: string;
  lat: number;
  lng: number;
  /** The dealer's locations with coordinates, nearest first. */
  locations: NearestLocation[];
}

export type PostcodeAnswer = { point: PostcodePoint } | { error: string };

const UNAVAILABLE = 'Finding the nearest location is not available right now. Please try again shortly.';

export async function findPostcode(input: string, region: Region, fetchImpl: typeof fetch = (url, init) => fetch(url, init)): Promise<PostcodeAnswer> {
  const postcode = lookupPostcode(input, region);
  if (postcode === null) return { error: postcodeRule(region).message };
  try {
    const response = await fetchImpl(`/api/postcode?postcode=${postcode}`, { headers: { accept: 'application/json' } });
    const body = (await response.json()) as Partial<PostcodePoint> & { error?: string };
    if (response.ok && typeof body.lat === 'number' && typeof body.lng === 'number') {
      return { point: { postcode: body.postcode ?? postcode, lat: body.lat, lng: body.lng, locations: body.locations ?? [] } };
    }
    return { error: response.status < 500 && typeof body.error === 'string' ? body.error : UNAVAILABLE };
  } catch {
    return { error: UNAVAILABLE };
  }
}
