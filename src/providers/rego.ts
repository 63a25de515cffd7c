/**
 * Registration lookup for the trade-in form (POST /api/nevdis, POST /api/simple-autograb-lookup):
 * a plate and state in, the vehicle it belongs to out.
 *
 * Offline default: a made-up but stable vehicle per plate, drawn from the demo catalogue and
 * marked `source: 'demo'`, so the form can be tried end to end without an account anywhere.
 * With NEVDIS_URL or AUTOGRAB_URL set, the matching route asks that service instead (shapes
 * assumed below: neither service's request or answer is documented for us).
 */
import { carCatalogue, usedMakeShare, vinPrefixes, type Market, type ModelSpec } from '../stock/model/catalogue';
import { PLATE_STATES_BY_REGION } from '../platform/config/regions';
import { vinCheckDigit } from '../stock/model/demo';
import { hashSeed, seededRandom } from '../stock/model/random';
import {
  cleanText,
  DEFAULT_TIMEOUT_MS,
  envUrl,
  errorText,
  fetchWithTimeout,
  logUrl,
  ProviderUnavailableError,
  readJson,
  type HttpOptions,
} from '../platform/http/outbound';

export const AU_STATES = ['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA'] as const;
/**
 * An Australian state or territory, '' for New Zealand (one national register), or on a US site
 * a US state's code. Which list applies is the site's region: 'WA' is Western Australia to an
 * Australian dealer and Washington to an American one.
 */
export type RegoState = string;

export interface RegoQuery {
  rego: string;
  state: string;
  /** The site's region; without it the plate is Australian, or New Zealand's when the state is ''. */
  market?: Market;
}

export interface RegoVehicle {
  make: string;
  model: string;
  year: number;
  variant: string;
  body: string;
  fuel: string;
  transmission: string;
  vin?: string;
  /** Who answered: 'demo' is invented data for trying the form, never a real vehicle. */
  source: 'demo' | 'nevdis' | 'autograb';
}

/** Resolves to the vehicle, null when no vehicle has that plate; rejects with ProviderUnavailableError when the service cannot answer. */
export type RegoLookup = (query: RegoQuery) => Promise<RegoVehicle | null>;

/** AU and NZ plates run to 7 characters; some US states issue 8. */
const PLATE: Record<Market, RegExp> = { AU: /^[A-Z0-9]{1,7}$/, NZ: /^[A-Z0-9]{1,7}$/, US: /^[A-Z0-9]{1,8}$/ };

/** The plate without spaces (and hyphens, as the form drops them), upper-cased; null unless 1–7 (US: 1–8) letters and digits remain. */
export function normaliseRego(rego: string, market: Market = 'AU'): string | null {
  const plate = rego.replace(/[\s-]+/g, '').toUpperCase();
  return PLATE[market].test(plate) ? plate : null;
}

/**
 * The state upper-cased, or null when the site's region has no such register: an AU state or
 * '' (NZ) when no region is given, a US state's code on a US site (never ''), '' in New Zealand.
 */
export function normaliseRegoState(state: string, market?: Market): RegoState | null {
  const code = state.trim().toUpperCase();
  if (market === 'US') return code !== '' && PLATE_STATES_BY_REGION.US.includes(code) ? code : null;
  if (code === '') return '';
  if (market === 'NZ') return null;
  return (AU_STATES as readonly string[]).includes(code) ? code : null;
}

/** The market a plate is registered in: the site's region, else New Zealand for '' and Australia otherwise. */
const plateMarket = ({ state, market }: RegoQuery): Market => market ?? (state.trim() === '' ? 'NZ' : 'AU');

// ---------------------------------------------------------------------------
// Offline demo lookup
// ---------------------------------------------------------------------------

const FUEL_NAMES = { petrol: 'Petrol', diesel: 'Diesel', hybrid: 'Hybrid', electric: 'Electric' } as const;

/** Cars on the road: mostly 2–9 years old, a few older. */
const AGE_WEIGHTS: (readonly [number, number])[] = [
  [1, 5],
  [2, 9],
  [3, 11],
  [4, 11],
  [5, 10],
  [6, 9],
  [7, 8],
  [8, 7],
  [9, 6],
  [10, 5],
  [12, 4],
  [15, 3],
];

function demoVin(spec: ModelSpec, year: number, draw: () => number): string {
  const chars = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
  const pick = () => chars.charAt(Math.floor(draw() * chars.length));
  const prefixes = vinPrefixes[spec.make] ?? ['6FP'];
  const prefix = prefixes[Math.floor(draw() * prefixes.length)] ?? '6FP';
  const yearCode = 'ABCDEFGHJKLMNPRSTVWXY123456789'.charAt((((year - 1980) % 30) + 30) % 30);
  const serial = String(Math.floor(draw() * 1_000_000)).padStart(6, '0');
  const draft = `${prefix}${Array.from({ length: 5 }, pick).join('')}0${yearCode}${pick()}${serial}`;
  return `${draft.slice(0, 8)}${vinCheckDigit(draft)}${draft.slice(9)}`;
}

/**
 * The demo vehicle for a plate: the same plate and state always give the same car (for a given
 * year, since ages count back from `now`). Each market draws from its own catalogue: AU states
 * from Australia's, '' from New Zealand's, US states (on a US site) from America's. Null for a
 * plate or state that fails the market's format: no car has that plate.
 */
export function demoVehicleForRego(query: RegoQuery, now: number = Date.now()): RegoVehicle | null {
  const market = plateMarket(query);
  const plate = normaliseRego(query.rego, market);
  const code = normaliseRegoState(query.state, market);
  if (plate === null || code === null) return null;
  // AU and NZ keep the seed they always had, so a plate tried before gives the same car.
  const r = seededRandom(hashSeed(market === 'US' ? `rego:US:${code}:${plate}` : `rego:${code}:${plate}`));
  const thisYear = new Date(now).getUTCFullYear();

  const cars = carCatalogue(market).filter((m) => m.itemType === 'car');
  const share = usedMakeShare[market];
  const makes = [...new Set(cars.map((m) => m.make))].map((make) => [make, share[make] ?? 1] as const);
  const make = r.weighted(makes);
  const spec = r.weighted(cars.filter((m) => m.make === make).map((m) => [m, m.weight] as const));

  const newest = Math.min(spec.until ?? thisYear, thisYear);
  const year = Math.max(spec.since ?? 0, Math.min(newest, thisYear - r.weighted(AGE_WEIGHTS)));
  const trim = r.pick(spec.trims);
  const fuel = spec.fuels.length > 0 ? r.pick(spec.fuels) : 'petrol';
  const manual = fuel !== 'electric' && fuel !== 'hybrid' && r.chance(spec.manual ?? 0);
  return {
    make: spec.make,
    model: spec.model,
    year,
    variant: trim === 'Standard' ? '' : trim,
    body: spec.body,
    fuel: FUEL_NAMES[fuel],
    transmission: manual ? 'Manual' : 'Automatic',
    vin: demoVin(spec, year, () => r.next()),
    source: 'demo',
  };
}

export function demoRegoLookup(now: () => number = Date.now): RegoLookup {
  return (query) => Promise.resolve(demoVehicleForRego(query, now()));
}

// ---------------------------------------------------------------------------
// HTTP adapters
// ---------------------------------------------------------------------------

export interface RegoServiceOptions extends HttpOptions {
  url: string;
  /** API key, sent when set (see each adapter for the header). */
  key?: string;
}

/**
 * A vehicle record from a service answer, accepting the field names either service is likely to
 * use (snake_case and the common alternatives). Null when make, model or a plausible year is missing.
 */
export function vehicleFromRecord(record: unknown, source: RegoVehicle['source']): RegoVehicle | null {
  if (record === null || typeof record !== 'object' || Array.isArray(record)) return null;
  const r = record as Record<string, unknown>;
  const first = (...keys: string[]) => keys.map((k) => cleanText(r[k])).find((v) => v !== undefined);
  const make = first('make', 'manufacturer', 'make_name');
  const model = first('model', 'family', 'model_name');
  const yearText = first('year', 'year_of_manufacture', 'build_year', 'release_year', 'model_year');
  const year = yearText !== undefined && /^\d{4}$/.test(yearText) ? Number(yearText) : undefined;
  if (!make || !model || year === undefined || year < 1900 || year > 2100) return null;
  const vin = first('vin', 'vin_number', 'chassis');
  return {
    make,
    model,
    year,
    variant: first('variant', 'badge', 'series', 'trim') ?? '',
    body: first('body', 'body_type', 'body_style') ?? '',
    fuel: first('fuel', 'fuel_type') ?? '',
    transmission: first('transmission', 'transmission_type', 'gearbox') ?? '',
    ...(vin && /^[A-HJ-NPR-Z0-9]{11,17}$/i.test(vin) ? { vin: vin.toUpperCase() } : {}),
    source,
  };
}

async function answer(response: Response, url: string, source: RegoVehicle['source'], log: (m: string) => void): Promise<RegoVehicle | null> {
  if (response.status === 404) {
    void response.body?.cancel().catch(() => undefined);
    return null;
  }
  if (!response.ok) {
    void response.body?.cancel().catch(() => undefined);
    log(`${source}: ${logUrl(url)} answered ${response.status}`);
    throw new ProviderUnavailableError(`${source} answered ${response.status}`, response.status);
  }
  const body = await readJson(response);
  if (body === undefined || body === null || typeof body !== 'object') {
    log(`${source}: ${logUrl(url)} answered something that is not a JSON object`);
    throw new ProviderUnavailableError(`${source} answered something that is not JSON`);
  }
  const record = body as Record<string, unknown>;
  // A found vehicle sits under `vehicle`, or is the object itself; `vehicle: null` or an empty
  // `vehicles` list means no match.
  if ('vehicle' in record) return vehicleFromRecord(record.vehicle, source);
  if (Array.isArray(record.vehicles)) return vehicleFromRecord(record.vehicles[0], source);
  return vehicleFromRecord(record, source);
}

async function call(source: RegoVehicle['source'], url: string, init: RequestInit, options: RegoServiceOptions): Promise<RegoVehicle | null> {
  const { fetch: fetchFn = fetch, log = console.error, timeoutMs = DEFAULT_TIMEOUT_MS } = options;
  let response: Response;
  try {
    response = await fetchWithTimeout(fetchFn, url, init, timeoutMs);
  } catch (error) {
    log(`${source}: ${logUrl(url)} did not answer: ${errorText(error)}`);
    throw new ProviderUnavailableError(`${source} did not answer`);
  }
  return answer(response, url, source, log);
}

/**
 * NEVDIS through a broker (assumed shape):
 *
 *   POST {NEVDIS_URL}   Authorization: Bearer {key}   {"plate": "ABC123", "state": "NSW"}
 *   200 {"vehicle": {"make", "model", "year", "variant", "body_type", "fuel_type",
 *                    "transmission", "vin"}}      (or `"vehicle": null` when no match)
 *   404                                           no match
 *
 * NZ plates send `"state": ""`.
 */
export function nevdisRegoLookup(options: RegoServiceOptions): RegoLookup {
  return async (query) => {
    const market = plateMarket(query);
    const plate = normaliseRego(query.rego, market);
    const state = normaliseRegoState(query.state, market);
    if (plate === null || state === null) return null;
    const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
    if (options.key) headers.Authorization = `Bearer ${options.key}`;
    return call('nevdis', options.url, { method: 'POST', headers, body: JSON.stringify({ plate, state }) }, options);
  };
}

/**
 * AutoGrab's registration lookup (assumed shape):
 *
 *   GET {AUTOGRAB_URL}/vehicles/registrations/{plate}?state=NSW&region=au   ApiKey: {key}
 *   200 {"vehicle": {"make", "model", "year", "badge", "body_type", "fuel", "transmission", "vin"}}
 *   404                                                                    no match
 *
 * NZ plates send `region=nz` and no state.
 */
export function autograbRegoLookup(options: RegoServiceOptions): RegoLookup {
  return async (query) => {
    const market = plateMarket(query);
    const plate = normaliseRego(query.rego, market);
    const state = normaliseRegoState(query.state, market);
    if (plate === null || state === null) return null;
    const url = new URL(`${options.url.replace(/\/+$/, '')}/vehicles/registrations/${encodeURIComponent(plate)}`);
    if (state) url.searchParams.set('state', state);
    url.searchParams.set('region', market.toLowerCase());
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (options.key) headers.ApiKey = options.key;
    return call('autograb', url.toString(), { method: 'GET', headers }, options);
  };
}

export interface RegoLookups {
  nevdis: RegoLookup;
  autograb: RegoLookup;
}

/**
 * The lookups the API uses: NEVDIS when NEVDIS_URL is set (key in NEVDIS_API_KEY), AutoGrab
 * when AUTOGRAB_URL is set (key in AUTOGRAB_API_KEY), the demo lookup otherwise.
 */
export function regoLookupsFromEnv(env: NodeJS.ProcessEnv, options: HttpOptions & { now?: () => number } = {}): RegoLookups {
  const demo = demoRegoLookup(options.now);
  const nevdisUrl = envUrl(env, 'NEVDIS_URL');
  const autograbUrl = envUrl(env, 'AUTOGRAB_URL');
  const key = (name: string) => env[name]?.trim() || undefined;
  return {
    nevdis: nevdisUrl ? nevdisRegoLookup({ ...options, url: nevdisUrl, ...optional('key', key('NEVDIS_API_KEY')) }) : demo,
    autograb: autograbUrl ? autograbRegoLookup({ ...options, url: autograbUrl, ...optional('key', key('AUTOGRAB_API_KEY')) }) : demo,
  };
}

/** `{ [name]: value }` when value is set, `{}` otherwise (exactOptionalPropertyTypes-friendly). */
function optional<K extends string, V>(name: K, value: V | undefined): Partial<Record<K, V>> {
  return value === undefined ? {} : ({ [name]: value } as Record<K, V>);
}
