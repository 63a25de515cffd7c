/**
 * What every HTTP adapter for an outside system shares: an injectable fetch, a per-call time
 * limit, a cap on the answer's size, and an error type the API turns into "service unavailable"
 * rather than "not found" (a lookup that could not be made is not a lookup that found nothing).
 */

/** The subset of `fetch` the adapters use, so tests can pass a plain function. */
export type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

export type Log = (message: string) => void;

/** How long one call to an outside system may take before it counts as failed. */
export const DEFAULT_TIMEOUT_MS = 8_000;

/** Answers from outside systems are small JSON documents; anything larger is refused unread. */
export const MAX_ANSWER_BYTES = 2 * 1024 * 1024;

/** The outside system did not give a usable answer (down, refused us, or answered nonsense). */
export class ProviderUnavailableError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ProviderUnavailableError';
  }
}

export interface HttpOptions {
  fetch?: Fetch;
  log?: Log;
  timeoutMs?: number;
}

/** The answer's text, refused when it is larger than `maxBytes`. */
export async function readText(response: Response, maxBytes = MAX_ANSWER_BYTES): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    void response.body?.cancel().catch(() => undefined);
    throw new ProviderUnavailableError(`answer of ${declared} bytes is over the ${maxBytes}-byte limit`, response.status);
  }
  const text = await response.text();
  if (text.length > maxBytes) throw new ProviderUnavailableError(`answer is over the ${maxBytes}-byte limit`, response.status);
  return text;
}

/** The answer as JSON, or `undefined` when it is not JSON. */
export async function readJson(response: Response, maxBytes = MAX_ANSWER_BYTES): Promise<unknown> {
  const text = await readText(response, maxBytes);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A message for a caught value, never longer than a line or two of the log. */
export function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}

/** A URL for the log: no credentials, no query (which may carry keys). */
export function logUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return '(bad url)';
  }
}

/** An http(s) URL from the environment, or undefined when unset; a malformed one is an error. */
export function envUrl(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const value = env[name]?.trim();
  if (!value) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw new Error(`${name} must be an absolute http(s) URL, got "${value.slice(0, 100)}"`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error(`${name} must be an http(s) URL`);
  return value;
}

/** Calls `fetch` with the time limit applied. */
export function fetchWithTimeout(fetchFn: Fetch, url: string, init: RequestInit, timeoutMs: number): Promise<Response> {
  return fetchFn(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/g;

/**
 * A short text value from an outside system: control characters dropped, whitespace trimmed,
 * capped. Returned as data and rendered as text by the forms, so markup stays inert.
 */
export function cleanText(value: unknown, max = 80): string | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const text = String(value).replace(CONTROL, '').trim();
  if (text === '') return undefined;
  return text.length > max ? text.slice(0, max) : text;
}

/** An outside JSON service: its address, its key (sent as a bearer token) and the fetch options. */
export interface JsonService extends HttpOptions {
  url: string;
  key?: string;
  /** How the service is named: in the log ("finance broker") and in the error ("the finance broker"). */
  logName: string;
  name: string;
}

/** What an answer must look like: any schema with zod's safeParse (zod or zod/mini). */
export interface AnswerShape<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

/**
 * POSTs `body` as JSON and returns the answer once it has the expected shape. No answer in time,
 * a non-OK status or another shape is logged (the address without its query, never the body,
 * which may hold a shopper's identity) and rejects with ProviderUnavailableError.
 */
export async function postJson<T>(service: JsonService, body: unknown, shape: AnswerShape<T>): Promise<T> {
  const { url, key, fetch: fetchFn = fetch, log = console.error, timeoutMs = DEFAULT_TIMEOUT_MS, logName, name } = service;
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
  if (key) headers.Authorization = `Bearer ${key}`;
  let response: Response;
  try {
    response = await fetchWithTimeout(fetchFn, url, { method: 'POST', headers, body: JSON.stringify(body) }, timeoutMs);
  } catch (error) {
    log(`${logName}: ${logUrl(url)} did not answer: ${errorText(error)}`);
    throw new ProviderUnavailableError(`${name} did not answer`);
  }
  if (!response.ok) {
    void response.body?.cancel().catch(() => undefined);
    log(`${logName}: ${logUrl(url)} answered ${response.status}`);
    throw new ProviderUnavailableError(`${name} answered ${response.status}`, response.status);
  }
  const parsed = shape.safeParse(await readJson(response));
  if (!parsed.success) {
    log(`${logName}: ${logUrl(url)} answered in an unexpected shape`);
    throw new ProviderUnavailableError(`${name} answered in an unexpected shape`);
  }
  return parsed.data;
}
