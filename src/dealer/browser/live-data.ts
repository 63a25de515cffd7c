/**
 * What the dealer changes between builds, put into a built page after it loads: the stock
 * menus' car types from the live counts (GET /api/car-types), holiday hours and the header
 * navigation from the dealer dashboard (GET /api/session-data). Each answer is fetched once per
 * tab for a few minutes and kept in sessionStorage (the query data cache,
 * src/platform/web/query-cache.ts); it is never fetched again because the tab regains focus. A
 * failed fetch leaves the built page as it is, is told to the console and asked again once the
 * browser is back online.
 *
 * Nothing here moves the page: stock menu links are all in the built page (hidden or not), the
 * holiday hours button keeps its place while there is nothing to show, and the navigation row has
 * a fixed height.
 */
import type { NavigationItem, SpecialHours } from '../../platform/config/schema';
import type { CarType } from '../../search/model/search-path';
import { navigationDigest, STOCK_MENU_ORDER, stockMenuTypes } from '../model/live-menus';
import { createQueryCache, type QueryCache } from '../../platform/web/query-cache';
import type * as Redraw from './live-redraw';

/** How long one tab keeps an answer before asking again on its next page. */
export const LIVE_DATA_TTL_MS = 5 * 60_000;

/** The JSON at `path`; a non-2xx answer is a failure. */
async function fetchJson(path: string): Promise<unknown> {
  const response = await fetch(path, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return response.json() as Promise<unknown>;
}

/** The live data of this page, by API path: one request per path, kept for the tab a few minutes. */
export function createLiveData(load: (path: string) => Promise<unknown> = fetchJson, now?: () => number): QueryCache<unknown> {
  return createQueryCache(load, {
    store: { storage: () => sessionStorage, prefix: 'live-data:' },
    maxAgeMs: LIVE_DATA_TTL_MS,
    ...(now ? { now } : {}),
  });
}

export const liveData = createLiveData();

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/** Counts per car type from a /api/car-types answer; undefined when it is not one. */
export function readCarTypeCounts(body: unknown): Partial<Record<CarType, number>> | undefined {
  const list = isObject(body) ? body.car_types : undefined;
  if (!Array.isArray(list)) return undefined;
  const counts: Partial<Record<CarType, number>> = {};
  for (const entry of list) {
    if (isObject(entry) && (STOCK_MENU_ORDER as readonly unknown[]).includes(entry.car_type) && typeof entry.count === 'number' && Number.isFinite(entry.count))
      counts[entry.car_type as CarType] = entry.count;
  }
  return counts;
}

/** Shows a stock menu's car-type links for the types with stock in `counts`. */
export function applyStockCounts(doc: Document, counts: Partial<Record<CarType, number>>): void {
  const shown = new Set<string>(stockMenuTypes(counts));
  doc.querySelectorAll<HTMLElement>('[data-car-type]').forEach((item) => {
    item.hidden = !shown.has(item.dataset.carType ?? '');
  });
}

const isNavigationList = (value: unknown): value is NavigationItem[] =>
  Array.isArray(value) &&
  value.every(
    (i) => isObject(i) && typeof i.name === 'string' && Array.isArray(i.dropdownItems) && Array.isArray(i.dropdownMenus) && typeof i.target === 'string',
  );

/** Special hours and header and footer navigation from a /api/session-data answer, each undefined when unusable. */
export function readSessionData(body: unknown): { special_hours?: SpecialHours[]; header?: NavigationItem[]; footer?: NavigationItem[] } {
  if (!isObject(body)) return {};
  // The API checked them with the dealer file's own rules; here only their outline is checked.
  const hours = Array.isArray(body.special_hours)
    ? (body.special_hours as unknown[]).filter((e): e is SpecialHours => isObject(e) && typeof e.date === 'string')
    : undefined;
  const navigation = isObject(body.navigation) ? body.navigation : {};
  const header = isNavigationList(navigation.header) ? navigation.header : undefined;
  const footer = isNavigationList(navigation.footer) ? navigation.footer : undefined;
  return { ...(hours ? { special_hours: hours } : {}), ...(header ? { header } : {}), ...(footer ? { footer } : {}) };
}

/** The rating out of 5 from a /api/reviews/snap21 answer; undefined when it has none. */
export function readSnap21Rating(body: unknown): number | undefined {
  const rating = isObject(body) ? body.rating : undefined;
  return typeof rating === 'number' && rating >= 0 && rating <= 5 ? rating : undefined;
}

/** The redrawing code (./live-redraw.ts), fetched once and only when a page needs it. */
let redraw: Promise<typeof Redraw> | undefined;
const redrawing = () => (redraw ??= import('./live-redraw'));

/**
 * Whether the dashboard's navigation in `items` differs from what the page was built with
 * (`digest`, on the element carrying it): only then is it worth loading the code to redraw it.
 */
const navigationChanged = (digest: string | undefined, items: readonly NavigationItem[] | undefined): items is readonly NavigationItem[] =>
  digest !== undefined && items !== undefined && digest !== navigationDigest(items);

/** One kind of live data: where it comes from, what it is called to the console, and how it is drawn. */
interface LiveDraw {
  path: string;
  what: string;
  draw: (body: unknown) => void | Promise<void>;
  /** The Snap21 rating's failure is an error; the others are warnings, as the built page stands in for them. */
  error?: boolean;
}

function liveDraws(doc: Document): LiveDraw[] {
  const draws: LiveDraw[] = [];
  const snap21 = doc.querySelector<HTMLElement>('[data-snap21]');
  if (snap21) {
    draws.push({
      path: `/api/reviews/snap21?orgId=${encodeURIComponent(snap21.dataset.snap21 ?? '')}`,
      // Only the console hears of it: the badge keeps the rating the page was built with.
      what: 'Snap21 rating',
      error: true,
      draw: async (body) => {
        const rating = readSnap21Rating(body);
        if (rating === undefined) throw new Error('the answer has no rating');
        (await redrawing()).applySnap21(snap21, rating);
      },
    });
  }
  if (doc.querySelector('[data-car-type]')) {
    draws.push({
      path: '/api/car-types',
      // The stock menus keep the car types the dealer file names.
      what: 'Live stock counts',
      draw: (body) => {
        const counts = readCarTypeCounts(body);
        if (!counts) throw new Error('the answer has no counts');
        applyStockCounts(doc, counts);
      },
    });
  }
  draws.push({
    path: '/api/session-data',
    // The built holiday hours and menus stay.
    what: 'Session data',
    draw: async (body) => {
      const data = readSessionData(body);
      const hours = doc.querySelector('[data-holiday-hours]') ? data.special_hours : undefined;
      const header = doc.querySelector<HTMLElement>('[data-nav-digest]')?.dataset.navDigest;
      const footer = doc.querySelector<HTMLElement>('[data-footer-digest]')?.dataset.footerDigest;
      const headerChanged = navigationChanged(header, data.header);
      const footerChanged = navigationChanged(footer, data.footer);
      if (!hours && !headerChanged && !footerChanged) return;
      const draw = await redrawing();
      if (hours) draw.applyHolidayHours(doc, hours);
      if (headerChanged && data.header) draw.applyNavigation(doc, data.header);
      if (footerChanged && data.footer) draw.applyFooterNavigation(doc, data.footer);
    },
  });
  return draws;
}

/**
 * Draws the live data into the page and resolves to the paths that failed. A failure leaves the
 * built page as it is, is told to the console, and stays the cache's error state for this page;
 * the failed ones are asked again when the browser comes back online (never because the tab
 * regains focus).
 */
export async function applyLiveData(
  doc: Document = document,
  data: QueryCache<unknown> = liveData,
  win: Pick<Window, 'addEventListener'> | undefined = globalThis.window,
): Promise<string[]> {
  const draws = liveDraws(doc);
  const run = (draw: LiveDraw, ask: (path: string) => Promise<unknown>) =>
    ask(draw.path)
      .then(draw.draw)
      .catch((error: unknown) => {
        (draw.error ? console.error : console.warn)(`${draw.what} could not be fetched:`, error);
        throw error;
      });
  const results = await Promise.allSettled(draws.map((draw) => run(draw, data.get)));
  const failed = draws.filter((_, i) => results[i]?.status === 'rejected');
  if (failed.length > 0) win?.addEventListener('online', () => void Promise.allSettled(failed.map((draw) => run(draw, data.refetch))), { once: true });
  return failed.map((draw) => draw.path);
}
