/**
 * Calling the account API from a page: JSON in and out, the session cookie along (same origin
 * only), a time limit, and every answer read through its reader (../model/answers.ts). A refusal
 * comes back as the API's envelope, `{ error, fields }`, for the page to show beside the form;
 * a request that never got an answer says so in the shopper's words. Nothing here throws.
 *
 * `fetch` is a parameter so the pages' logic is unit-tested without a server.
 */
import { isRecord } from '../../platform/formats/records';

export type Fetch = typeof globalThis.fetch;

export type ApiResult<T> = { ok: true; status: number; value: T } | { ok: false; status: number; error: string; fields?: Record<string, string> };

/** Status 0: the request never got an answer (offline, blocked, timed out). */
export const NO_ANSWER = 0;
export const OFFLINE_ERROR = 'We could not reach the server. Check your connection and try again.';
export const SERVER_ERROR = 'Something went wrong on our side. Please try again.';

const TIMEOUT_MS = 15_000;

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return (await response.json()) as unknown;
  } catch {
    return undefined;
  }
}

function fieldMessages(value: unknown): Record<string, string> | undefined {
  if (!isRecord(value)) return undefined;
  const fields: Record<string, string> = {};
  for (const [key, message] of Object.entries(value)) if (typeof message === 'string' && message.length > 0) fields[key] = message.slice(0, 300);
  return Object.keys(fields).length > 0 ? fields : undefined;
}

/** The envelope of a refusal; a body that is not one still fails, with words of our own. */
export function refusal(status: number, body: unknown): ApiResult<never> {
  const error = isRecord(body) && typeof body.error === 'string' && body.error.trim() !== '' ? body.error.slice(0, 300) : SERVER_ERROR;
  const fields = isRecord(body) ? fieldMessages(body.fields) : undefined;
  return fields ? { ok: false, status, error, fields } : { ok: false, status, error };
}

/** One call: `read` turns a 2xx body into the value, or undefined when it is not what was promised. */
export async function callAccountApi<T>(
  path: string,
  request: ApiRequest,
  read: (body: unknown) => T | undefined,
  fetcher: Fetch = fetch,
): Promise<ApiResult<T>> {
  const method = request.method ?? 'GET';
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (request.body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetcher(path, {
      method,
      headers,
      credentials: 'same-origin',
      cache: 'no-store',
      ...(request.body !== undefined ? { body: JSON.stringify(request.body) } : {}),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    return { ok: false, status: NO_ANSWER, error: OFFLINE_ERROR };
  }
  const body = await readJson(response);
  if (!response.ok) return refusal(response.status, body);
  const value = read(body);
  return value === undefined ? { ok: false, status: response.status, error: SERVER_ERROR } : { ok: true, status: response.status, value };
}

/** 401: no session (never signed in here, signed out elsewhere, or expired). */
export const isSignedOutAnswer = (result: ApiResult<unknown>): boolean => !result.ok && result.status === 401;
