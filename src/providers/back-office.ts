/**
 * The dealer back-office: manufacturers and service / appointment
 * availability, read with basic auth from the credentials in the environment variable the dealer
 * file names (`back_office.credentials_env`, holding "user:password").
 *
 *   GET {base}/manufacturers/{slug}.json?website_id={id}
 *   GET {base}/dealerships/{id}/available_service_bookings.json
 *   GET {base}/dealerships/{id}/available_appointment_bookings.json
 *
 * Every call answers the parsed JSON body, or `false` when there is nothing usable:
 *
 * - a non-OK status, or no answer at all (network error, time limit), is tried again up to twice
 *   (three attempts); after the third the error, with the status, is logged and the call is false;
 * - an OK answer whose body says "not found" is false at once, without retrying (see
 *   `isNotFoundBody` for what counts);
 * - an OK answer that is not JSON is false at once, logged;
 * - missing credentials are false without calling out: the back-office never gets an
 *   unauthenticated request from us.
 */
import type { DealerConfig } from '../platform/config/schema';
import { DEFAULT_TIMEOUT_MS, errorText, fetchWithTimeout, logUrl, readText, type Fetch, type Log } from '../platform/http/outbound';

export type BackOfficeSettings = NonNullable<DealerConfig['back_office']>;

/** One first try and up to two retries when the back-office answers non-OK. */
export const BACK_OFFICE_ATTEMPTS = 3;
/** Wait before retry n is n times this, so a struggling back-office gets a moment. */
export const BACK_OFFICE_RETRY_DELAY_MS = 250;

export interface BackOfficeOptions {
  env?: NodeJS.ProcessEnv;
  fetch?: Fetch;
  log?: Log;
  timeoutMs?: number;
  retryDelayMs?: number;
  /** Tests pass a no-op so retries take no time. */
  sleep?: (ms: number) => Promise<void>;
}

export interface BackOfficeClient {
  /** The manufacturer page data for a make slug on this website. */
  manufacturer(slug: string, websiteId: string | number): Promise<unknown>;
  availableServiceBookings(): Promise<unknown>;
  availableAppointmentBookings(): Promise<unknown>;
}

/** A back-office failure after its retries, with the last status when there was one. */
export class BackOfficeError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'BackOfficeError';
  }
}

const NOT_FOUND_TEXT = /^\s*(404\b|not found\b)/i;

/**
 * Whether an OK answer is the back-office's way of saying "not found". It sometimes answers 200
 * with the error in the body, so these count:
 *
 * - a JSON object whose `status`, `code` or `error` is 404 (number or text), or whose `error` or
 *   `message` text starts with "404" or "Not Found";
 * - a non-JSON text body that starts with "404" or "Not Found".
 *
 * Anything else, including an empty list or object, is a real answer.
 */
export function isNotFoundBody(body: unknown): boolean {
  if (typeof body === 'string') return NOT_FOUND_TEXT.test(body);
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return false;
  const record = body as Record<string, unknown>;
  const is404 = (v: unknown) => v === 404 || (typeof v === 'string' && NOT_FOUND_TEXT.test(v));
  return is404(record.status) || is404(record.code) || is404(record.error) || (typeof record.message === 'string' && NOT_FOUND_TEXT.test(record.message));
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

type Attempt = { done: true; value: unknown } | { done: false; error: BackOfficeError };

export function createBackOfficeClient(settings: BackOfficeSettings, options: BackOfficeOptions = {}): BackOfficeClient {
  const {
    env = process.env,
    fetch: fetchFn = fetch,
    log = console.error,
    timeoutMs = DEFAULT_TIMEOUT_MS,
    retryDelayMs = BACK_OFFICE_RETRY_DELAY_MS,
    sleep = defaultSleep,
  } = options;
  const base = settings.base_url.replace(/\/+$/, '');
  const dealership = encodeURIComponent(String(settings.dealership_id));

  async function attempt(url: string, authorization: string): Promise<Attempt> {
    let response: Response;
    try {
      response = await fetchWithTimeout(fetchFn, url, { headers: { Authorization: authorization, Accept: 'application/json' } }, timeoutMs);
    } catch (error) {
      return { done: false, error: new BackOfficeError(`no answer: ${errorText(error)}`) };
    }
    if (!response.ok) {
      void response.body?.cancel().catch(() => undefined);
      return { done: false, error: new BackOfficeError(`answered ${response.status}`, response.status) };
    }
    let text: string;
    try {
      text = await readText(response);
    } catch (error) {
      return { done: false, error: new BackOfficeError(`unreadable answer: ${errorText(error)}`, response.status) };
    }
    let body: unknown;
    try {
      body = JSON.parse(text) as unknown;
    } catch {
      if (isNotFoundBody(text)) return { done: true, value: false };
      log(`back-office: GET ${logUrl(url)} answered ${response.status} with a body that is not JSON`);
      return { done: true, value: false };
    }
    if (isNotFoundBody(body)) {
      log(`back-office: GET ${logUrl(url)} answered "not found" in the body`);
      return { done: true, value: false };
    }
    return { done: true, value: body };
  }

  async function get(path: string, query: Record<string, string> = {}): Promise<unknown> {
    const credentials = env[settings.credentials_env];
    if (!credentials) {
      log(`back-office: ${settings.credentials_env} is not set, so ${path} was not requested`);
      return false;
    }
    const url = new URL(`${base}${path}`);
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
    const authorization = `Basic ${Buffer.from(credentials, 'utf8').toString('base64')}`;

    try {
      return await withRetries(url.toString(), authorization);
    } catch (error) {
      log(`back-office: ${errorText(error)}`);
      return false;
    }
  }

  /** The answer, or a BackOfficeError carrying the last status once every attempt failed. */
  async function withRetries(url: string, authorization: string): Promise<unknown> {
    let last: BackOfficeError | undefined;
    for (let n = 1; n <= BACK_OFFICE_ATTEMPTS; n++) {
      const result = await attempt(url, authorization);
      if (result.done) return result.value;
      last = result.error;
      if (n < BACK_OFFICE_ATTEMPTS) await sleep(retryDelayMs * n);
    }
    throw new BackOfficeError(`GET ${logUrl(url)} ${last?.message ?? 'failed'} (after ${BACK_OFFICE_ATTEMPTS} attempts)`, last?.status);
  }

  return {
    manufacturer: (slug, websiteId) => get(`/manufacturers/${encodeURIComponent(slug)}.json`, { website_id: String(websiteId) }),
    availableServiceBookings: () => get(`/dealerships/${dealership}/available_service_bookings.json`),
    availableAppointmentBookings: () => get(`/dealerships/${dealership}/available_appointment_bookings.json`),
  };
}
