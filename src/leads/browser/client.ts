/**
 * Sending leads from the browser (docs/decisions/leads.md 'The request'). One submission attempt
 * has one Idempotency-Key, and a retry of that attempt reuses it: the server answers a repeated
 * key with the lead it already stored, so a flaky network or a double click never makes two.
 */
import { isRecord } from '../../platform/formats/records';
import { browserStorage } from '../../platform/web/storage';
import { LEADS_MODE_META, type LeadsMode } from '../model/leads-mode';
import type { PageLeadContext } from '../model/payload';
import { linkedParamsOf, readLinkedParams, readVisitedPages, recordVisit } from './visits';

export { linkedParamsKey, linkedParamsOf, readLinkedParams, readVisitedPages, recordVisit, visitedPagesKey } from './visits';

/** A failed submit: the browser alert's text, and the inline message when the server gave none. */
export const SUBMIT_ERROR = 'An error occurred when submitting this form';

export type LeadResult = { ok: true; id: string } | { ok: false; error: string; fields?: Record<string, string> };

/** The alternative address a new lead may be created at, as form fields. */
export type LeadCreateTarget = 'carClarityCustomer';

export interface SendLeadRequest {
  method?: 'POST' | 'PUT';
  /** Create the lead at POST /api/carClarityCustomer (form fields) instead of /api/leads; updates always go to /api/leads/{id}. Not on test builds. */
  createAt?: LeadCreateTarget;
  /** The lead to update, for PUT. */
  id?: string;
  lead: Record<string, unknown>;
  idempotencyKey: string;
}

export interface SendLeadDeps {
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  /** Waits before each retry; its length is the number of retries. */
  retryDelays?: readonly number[];
  /** A request that has not answered by then counts as a network failure and is retried. */
  timeoutMs?: number;
  /** Where leads go; by default what the page says (pageLeadsMode). */
  mode?: LeadsMode;
}

const RETRY_DELAYS = [400, 1200, 3000] as const;
const TIMEOUT_MS = 15_000;
/** A Retry-After longer than this is not worth keeping a shopper waiting for. */
const MAX_RETRY_AFTER_MS = 5_000;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A fresh key per submission attempt (never per retry). */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  const bytes = c.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** A test build's pages say so in a meta tag (model/leads-mode.ts); every other page sends real leads. */
export function pageLeadsMode(doc: Pick<Document, 'querySelector'> | undefined = globalThis.document): LeadsMode {
  return doc?.querySelector<HTMLMetaElement>(`meta[name="${LEADS_MODE_META}"]`)?.content === 'mock' ? 'mock' : 'live';
}

export function leadUrl(id?: string, mode: LeadsMode = 'live'): string {
  const base = mode === 'mock' ? '/api/mock/leads' : '/api/leads';
  return id === undefined ? base : `${base}/${encodeURIComponent(id)}`;
}

/**
 * A lead as form fields, the way /api/carClarityCustomer reads them: text as is, yes/no as
 * "true"/"false", a list of text as the name repeated, and lists of objects or objects as JSON text.
 */
export function leadFormFields(lead: Record<string, unknown>): URLSearchParams {
  const fields = new URLSearchParams();
  for (const [name, value] of Object.entries(lead)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value) && value.every((v) => typeof v === 'string')) for (const v of value) fields.append(name, v);
    else if (typeof value === 'string') fields.append(name, value);
    else if (typeof value === 'number' || typeof value === 'boolean') fields.append(name, String(value));
    else fields.append(name, JSON.stringify(value));
  }
  return fields;
}

const retryable = (status: number) => status === 429 || status >= 500;

async function readJson(response: Response): Promise<Record<string, unknown>> {
  try {
    const body: unknown = await response.json();
    return isRecord(body) ? body : {};
  } catch {
    return {};
  }
}

/** The server names fields by their place in the body ("lead.phone"); forms know them as "phone". */
function fieldErrors(value: unknown): Record<string, string> | undefined {
  if (!isRecord(value)) return undefined;
  const fields: Record<string, string> = {};
  for (const [key, message] of Object.entries(value)) {
    if (typeof message === 'string' && message.length > 0) fields[key.replace(/^lead\./, '')] = message;
  }
  return Object.keys(fields).length > 0 ? fields : undefined;
}

function failure(body: Record<string, unknown>): LeadResult {
  const error = typeof body.error === 'string' && body.error.trim().length > 0 ? body.error : SUBMIT_ERROR;
  const fields = fieldErrors(body.fields);
  return fields ? { ok: false, error, fields } : { ok: false, error };
}

function retryAfterMs(response: Response): number | undefined {
  const header = response.headers.get('Retry-After');
  if (header === null || header.trim() === '') return undefined;
  const seconds = Number(header);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.min(seconds * 1000, MAX_RETRY_AFTER_MS) : undefined;
}

export async function sendLead(request: SendLeadRequest, deps: SendLeadDeps = {}): Promise<LeadResult> {
  const doFetch = deps.fetch ?? globalThis.fetch.bind(globalThis);
  const sleep = deps.sleep ?? wait;
  const delays = deps.retryDelays ?? RETRY_DELAYS;
  const timeoutMs = deps.timeoutMs ?? TIMEOUT_MS;
  const method = request.method ?? (request.id === undefined ? 'POST' : 'PUT');
  const mode = deps.mode ?? pageLeadsMode();
  // A test build sends every lead, a finance lead for Car Clarity too, to the mock route as JSON.
  const asFields = mode === 'live' && request.createAt === 'carClarityCustomer' && method === 'POST' && request.id === undefined;
  const url = asFields ? '/api/carClarityCustomer' : leadUrl(request.id, mode);
  const body = asFields ? leadFormFields(request.lead).toString() : JSON.stringify({ lead: request.lead });
  const contentType = asFields ? 'application/x-www-form-urlencoded' : 'application/json';

  let last: LeadResult = { ok: false, error: SUBMIT_ERROR };
  for (let attempt = 0; attempt <= delays.length; attempt += 1) {
    let pause = delays[attempt];
    try {
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), timeoutMs);
      let response: Response;
      try {
        response = await doFetch(url, {
          method,
          headers: { 'Content-Type': contentType, Accept: 'application/json', 'Idempotency-Key': request.idempotencyKey },
          body,
          credentials: 'same-origin',
          signal: controller.signal,
        });
      } finally {
        clearTimeout(timer);
      }
      const json = await readJson(response);
      if (response.ok) {
        const id = json.id;
        return typeof id === 'string' || typeof id === 'number' ? { ok: true, id: String(id) } : { ok: false, error: SUBMIT_ERROR };
      }
      last = failure(json);
      if (!retryable(response.status)) return last;
      pause = retryAfterMs(response) ?? pause;
    } catch {
      // Offline, reset or timed out: the server may or may not have the lead, so the retry
      // carries the same key and gets the stored lead back if it does.
      last = { ok: false, error: SUBMIT_ERROR };
    }
    if (attempt < delays.length && pause !== undefined) await sleep(pause);
  }
  return last;
}

// ---------------------------------------------------------------------------
// Context fields every lead carries (site, page URL, source 'Website', user agent, page trail)
// ---------------------------------------------------------------------------

export interface LeadSite {
  website_slug: string;
  dealership_slug?: string | undefined;
}

/** Longest page_id the lead API takes (its id rule in model/payload.ts). */
const PAGE_ID_MAX = 80;

/**
 * The page a form sent its lead from, as the lead's `page_id`: the page's path on the site
 * ('/contact', '/cars/2021-toyota-corolla-…'), the same for every visit and free of the query's
 * campaign and personal values. Kept to the characters and length the lead's id rule takes, so
 * an unusual address can never cost the shopper their lead; `url` still has it in full.
 */
export function pageIdOf(pathname: string): string {
  const path = pathname.replace(/[^A-Za-z0-9_.:/-]+/g, '-');
  return (path.length > PAGE_ID_MAX ? path.slice(0, PAGE_ID_MAX) : path) || '/';
}

export function leadContext(
  site: LeadSite,
  formStartedAt: number,
  env: { location: Pick<Location, 'href' | 'pathname' | 'search'>; userAgent: string; storage?: Storage | undefined } = {
    location: window.location,
    userAgent: navigator.userAgent,
    storage: browserStorage('sessionStorage'),
  },
): PageLeadContext {
  // The form page itself belongs to the trail even if the page script has not run yet.
  recordVisit(site.website_slug, env.location, env.storage);
  const visited = readVisitedPages(site.website_slug, env.storage);
  return {
    website_slug: site.website_slug,
    ...(site.dealership_slug ? { dealership_slug: site.dealership_slug } : {}),
    url: env.location.href,
    page_id: pageIdOf(env.location.pathname),
    source: 'Website',
    user_agent: env.userAgent.slice(0, 500),
    visited_pages: visited.length > 0 ? visited : [env.location.pathname],
    linked_query_params: { ...readLinkedParams(site.website_slug, env.storage), ...linkedParamsOf(env.location.search) },
    form_started_at: formStartedAt,
    company_website: '',
  };
}
