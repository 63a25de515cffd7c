/**
 * The trail a lead carries (visited_pages, linked_query_params): the pages this tab
 * saw and the campaign parameters it arrived with, kept per site in sessionStorage. The page
 * script every page runs records every visit and the lead client reads the trail when a lead is
 * sent, so both read and write the storage itself, with no store library: this is all the page
 * script loads for it on every page, and a brochure page's whole JavaScript budget is 10 KB.
 * Reading storage at the moment of asking also means a trail another page of the tab changed is
 * never stale.
 */
import { browserStorage } from '../../platform/web/storage';

const MAX_VISITED = 20;
const MAX_PATH = 300;
const MAX_PARAMS = 20;
const MAX_PARAM_VALUE = 200;
/** Campaign and ad-click parameters the dealer's CRM attributes leads by. */
const CLICK_IDS = new Set(['gclid', 'gbraid', 'wbraid', 'dclid', 'fbclid', 'msclkid', 'ttclid', 'twclid', 'li_fat_id', 'epik', 'rdt_cid']);
const isLinkedParam = (key: string) => /^utm_[a-z0-9_]{1,40}$/i.test(key) || CLICK_IDS.has(key.toLowerCase());

export const visitedPagesKey = (siteSlug: string): string => `leads:visited-pages:${siteSlug}`;
export const linkedParamsKey = (siteSlug: string): string => `leads:linked-params:${siteSlug}`;

function parseJson(raw: string | null): unknown {
  try {
    return raw ? (JSON.parse(raw) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

/** Paths only, each short, the last 20; anything else in storage is dropped. */
function parseVisitedPages(raw: string | null): string[] {
  const value = parseJson(raw);
  if (!Array.isArray(value)) return [];
  return value.filter((p): p is string => typeof p === 'string' && p.startsWith('/') && p.length <= MAX_PATH).slice(-MAX_VISITED);
}

/** Campaign parameters only, with short string values; anything else in storage is dropped. */
function parseLinkedParams(raw: string | null): Record<string, string> {
  const value = parseJson(raw);
  // Not platform/formats/records' isRecord: this loads on every page, and sharing it puts one
  // more tiny chunk on each of them.
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  const params: Record<string, string> = {};
  for (const [key, v] of Object.entries(value).slice(0, MAX_PARAMS)) {
    if (isLinkedParam(key) && typeof v === 'string') params[key] = v.slice(0, MAX_PARAM_VALUE);
  }
  return params;
}

/** What the tab holds under `key`; storage that refuses access reads as nothing remembered. */
function readKey(storage: Storage | undefined, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Keeps `value` under `key`; a write the storage refuses (full, blocked) leaves the trail as it was. */
function writeKey(storage: Storage, key: string, value: unknown): void {
  try {
    storage.setItem(key, JSON.stringify(value));
  } catch {
    // The trail is a nicety for the dealer's CRM: a page never fails for it.
  }
}

/** The paths this tab saw on the site, oldest first. */
export function readVisitedPages(siteSlug: string, storage: Storage | undefined = browserStorage('sessionStorage')): string[] {
  return parseVisitedPages(readKey(storage, visitedPagesKey(siteSlug)));
}

/** The campaign parameters of the page the shopper arrived by (or the last that carried new ones). */
export function readLinkedParams(siteSlug: string, storage: Storage | undefined = browserStorage('sessionStorage')): Record<string, string> {
  return parseLinkedParams(readKey(storage, linkedParamsKey(siteSlug)));
}

/** The campaign parameters in a URL's query string, or undefined when it has none. */
export function linkedParamsOf(search: string): Record<string, string> | undefined {
  const params: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(search)) {
    if (Object.keys(params).length >= MAX_PARAMS) break;
    if (isLinkedParam(key) && value.length > 0) params[key] = value.slice(0, MAX_PARAM_VALUE);
  }
  return Object.keys(params).length > 0 ? params : undefined;
}

/**
 * Runs on every page view (the page script, src/site/browser/page-script.ts): appends the path
 * to this tab's trail (last 20, a reload not counted twice) and keeps the campaign parameters of
 * the page the shopper arrived by, replaced only when a later URL carries new ones.
 */
export function recordVisit(
  siteSlug: string,
  where: Pick<Location, 'pathname' | 'search'> = window.location,
  storage: Storage | undefined = browserStorage('sessionStorage'),
): void {
  if (!storage || !siteSlug) return;
  const path = where.pathname.slice(0, MAX_PATH);
  const pages = readVisitedPages(siteSlug, storage);
  if (pages[pages.length - 1] !== path) writeKey(storage, visitedPagesKey(siteSlug), [...pages, path].slice(-MAX_VISITED));
  const params = linkedParamsOf(where.search);
  if (params) writeKey(storage, linkedParamsKey(siteSlug), params);
}
