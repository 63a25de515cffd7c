/**
 * The trail a lead carries (spec §3 'visited_pages', 'linked_query_params'): the pages this tab
 * saw and the campaign parameters it arrived with, kept per site in sessionStorage. Apart from
 * the lead client because every page records its visit: this is all the footer script loads.
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

function readJsonItem(storage: Storage | undefined, key: string): unknown {
  try {
    const raw = storage?.getItem(key);
    return raw ? (JSON.parse(raw) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

function writeJsonItem(storage: Storage | undefined, key: string, value: unknown): void {
  try {
    storage?.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or refused: the lead goes without its trail rather than failing.
  }
}

export function readVisitedPages(siteSlug: string, storage: Storage | undefined = browserStorage('sessionStorage')): string[] {
  const value = readJsonItem(storage, visitedPagesKey(siteSlug));
  if (!Array.isArray(value)) return [];
  return value.filter((p): p is string => typeof p === 'string' && p.startsWith('/') && p.length <= MAX_PATH).slice(-MAX_VISITED);
}

export function readLinkedParams(siteSlug: string, storage: Storage | undefined = browserStorage('sessionStorage')): Record<string, string> {
  const value = readJsonItem(storage, linkedParamsKey(siteSlug));
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  const params: Record<string, string> = {};
  for (const [key, v] of Object.entries(value).slice(0, MAX_PARAMS)) {
    if (isLinkedParam(key) && typeof v === 'string') params[key] = v.slice(0, MAX_PARAM_VALUE);
  }
  return params;
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
 * Runs on every page view (the footer's page script): appends the path to this tab's trail
 * (last 20, a reload not counted twice) and keeps the campaign parameters of the page the
 * shopper arrived by, replaced only when a later URL carries new ones.
 */
export function recordVisit(
  siteSlug: string,
  where: Pick<Location, 'pathname' | 'search'> = window.location,
  storage: Storage | undefined = browserStorage('sessionStorage'),
): void {
  if (!storage || !siteSlug) return;
  const path = where.pathname.slice(0, MAX_PATH);
  const pages = readVisitedPages(siteSlug, storage);
  if (pages[pages.length - 1] !== path) writeJsonItem(storage, visitedPagesKey(siteSlug), [...pages, path].slice(-MAX_VISITED));
  const params = linkedParamsOf(where.search);
  if (params) writeJsonItem(storage, linkedParamsKey(siteSlug), params);
}
