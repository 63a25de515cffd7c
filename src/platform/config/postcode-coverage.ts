/**
 * Whether a site can offer a postcode box ("Find your nearest", the search's nearest box): only
 * where a lookup can answer. The offline datasets cover AU and US postcodes; no NZ dataset is
 * published with a licence that lets us ship it (docs/decisions/distance.md), so an NZ site shows
 * no box until a geocoder is configured (GEOCODING_URL), rather than a box that can only fail.
 *
 * Kept free of the datasets and of node modules: pages read it when they are built.
 */
import type { Region } from './regions';

/** The countries src/providers/postcode-datasets.ts has a dataset for; a test holds the two equal. */
export const OFFLINE_POSTCODE_COUNTRIES: readonly Region[] = ['AU', 'US'];

export function postcodeLookupOffered(region: Region, env: NodeJS.ProcessEnv): boolean {
  return Boolean(env.GEOCODING_URL?.trim()) || OFFLINE_POSTCODE_COUNTRIES.includes(region);
}
