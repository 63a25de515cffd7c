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
import { todayIn } from '../../platform/formats/zoned-time';
import { upcomingSpecialHours } from '../model/hours';
import { specialHoursFor } from '../model/locations';
import { footerColumnsOf, navigationDigest, STOCK_MENU_ORDER, stockMenuTypes } from '../model/navigation';
import { formatRating, starIcons } from '../model/reviews';
import { createQueryCache, type QueryCache } from '../../platform/web/query-cache';

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

/**
 * Rewrites each holiday hours block from `entries` (the dealer's special hours for every
 * location), with the same rules the build used. A block with nothing to show keeps its place.
 */
export function applyHolidayHours(doc: Document, entries: readonly SpecialHours[]): void {
  doc.querySelectorAll<HTMLElement>('[data-holiday-hours][data-location-id]').forEach((block) => {
    const upcoming = upcomingSpecialHours(specialHoursFor(entries, { id: block.dataset.locationId ?? '' }), todayIn(block.dataset.timeZone ?? 'UTC'), {
      allowByAppointment: block.dataset.byAppointment === 'true',
      ...(block.dataset.locale ? { locale: block.dataset.locale } : {}),
    });
    const list = block.querySelector('dl');
    if (!list) return;
    list.replaceChildren(
      ...upcoming.map((entry) => {
        const row = doc.createElement('div');
        row.className = 'hours-row';
        row.dataset.date = entry.date;
        const term = doc.createElement('dt');
        const label = doc.createElement('span');
        label.dataset.dateLabel = '';
        label.textContent = entry.label;
        term.append(label, entry.name ? ` – ${entry.name}` : '');
        const hours = doc.createElement('dd');
        hours.textContent = entry.text;
        row.append(term, hours);
        return row;
      }),
    );
    block.toggleAttribute('data-empty', upcoming.length === 0);
  });
}

/** A header menu link as the built page writes one. */
function menuLink(doc: Document, name: string, url: string, target: string, className: string): HTMLAnchorElement {
  const link = doc.createElement('a');
  link.className = className;
  link.href = url;
  link.textContent = name;
  if (target === '_blank') {
    link.target = '_blank';
    link.rel = 'noopener';
  }
  return link;
}

/**
 * Rebuilds the header menu from the dashboard's navigation when it differs from the one the page
 * was built with. Links, dropdowns and columns are drawn from the new items; a mega-menu drawn
 * from the rest of the dealer file (models, brands, bodies, stock) keeps the built panel of its
 * kind, and is left out when the page has none to keep.
 */
export function applyNavigation(doc: Document, items: readonly NavigationItem[]): void {
  const menu = doc.querySelector<HTMLElement>('[data-nav-digest]');
  if (!menu || menu.dataset.navDigest === navigationDigest(items)) return;
  const built = new Map<string, HTMLElement[]>();
  menu.querySelectorAll<HTMLElement>(':scope > [data-menu-kind]').forEach((li) => {
    const kind = li.dataset.menuKind ?? '';
    built.set(kind, [...(built.get(kind) ?? []), li]);
  });
  const entries = items.flatMap((item, index): HTMLElement[] => {
    const dynamic = item.dynamicDropdown && item.dynamicDropdown !== 'columns' && item.dynamicDropdown !== 'tractors' ? item.dynamicDropdown : undefined;
    if (dynamic) {
      const kept = built.get(dynamic)?.shift();
      return kept ? [kept] : [];
    }
    const li = doc.createElement('li');
    li.className = ['menu-item', item.className ?? ''].join(' ').trim();
    const columns = item.dropdownItems.length > 0 ? [{ heading: '', items: item.dropdownItems }] : item.dropdownMenus;
    if (columns.length === 0) {
      li.append(menuLink(doc, item.name, item.url ?? '/', item.target, 'menu-link'));
      return [li];
    }
    const id = `menu-live-${index}`;
    li.classList.add('has-dropdown');
    li.dataset.menu = '';
    const toggle = doc.createElement('button');
    toggle.type = 'button';
    toggle.className = 'menu-link menu-toggle';
    toggle.setAttribute('aria-expanded', 'false');
    toggle.setAttribute('aria-controls', id);
    toggle.textContent = item.name;
    const panel = doc.createElement('div');
    panel.id = id;
    panel.className = 'dropdown';
    panel.hidden = true;
    if (item.url) panel.append(menuLink(doc, `View all ${item.name}`, item.url, item.target, 'dropdown-all'));
    for (const column of columns) {
      if (column.heading) {
        const heading = doc.createElement('p');
        heading.className = 'dropdown-heading';
        heading.textContent = column.heading;
        panel.append(heading);
      }
      const list = doc.createElement('ul');
      list.className = 'dropdown-list';
      for (const link of column.items) {
        const row = doc.createElement('li');
        row.append(menuLink(doc, link.name, link.url, link.target, ''));
        list.append(row);
      }
      panel.append(list);
    }
    li.append(toggle, panel);
    return [li];
  });
  menu.replaceChildren(...entries);
  menu.dataset.navDigest = navigationDigest(items);
}

/**
 * Redraws the footer's link columns from the dashboard's footer navigation when it differs from
 * the one the page was built with. A footer built without columns (the minimal footer) stays so.
 */
export function applyFooterNavigation(doc: Document, items: readonly NavigationItem[]): void {
  const nav = doc.querySelector<HTMLElement>('[data-footer-digest]');
  if (!nav || nav.dataset.footerDigest === navigationDigest(items)) return;
  const columns = footerColumnsOf(items).map((column) => {
    const box = doc.createElement('div');
    box.className = 'footer-column';
    const heading = doc.createElement('h2');
    heading.className = 'footer-heading';
    heading.append(column.url ? menuLink(doc, column.heading, column.url, column.target, '') : column.heading);
    const halves = doc.createElement('div');
    halves.className = 'footer-halves';
    for (const half of column.halves.filter((h) => h.length > 0)) {
      const list = doc.createElement('ul');
      for (const link of half) {
        const row = doc.createElement('li');
        row.append(menuLink(doc, link.name, link.url, link.target, ''));
        list.append(row);
      }
      halves.append(list);
    }
    box.append(heading, halves);
    return box;
  });
  nav.replaceChildren(...columns);
  nav.dataset.footerDigest = navigationDigest(items);
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

/** Draws the dealer's Snap21 rating into its badge: the stars it earns and the rating with one decimal. */
export function applySnap21(badge: HTMLElement, rating: number): void {
  const stars = badge.querySelector<HTMLElement>('.stars');
  if (!stars) return;
  const text = formatRating(rating, badge.dataset.locale);
  stars.setAttribute('aria-label', `Rated ${text} out of 5 on Snap21`);
  const icons = starIcons(rating);
  stars.querySelectorAll('.star').forEach((star, i) => (star.className = `star star-${icons[i] ?? 'empty'}`));
  const label = stars.querySelector('.stars-text');
  if (label) label.textContent = text;
  badge.removeAttribute('data-empty');
}

/** One kind of live data: where it comes from, what it is called to the console, and how it is drawn. */
interface LiveDraw {
  path: string;
  what: string;
  draw: (body: unknown) => void;
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
      draw: (body) => {
        const rating = readSnap21Rating(body);
        if (rating === undefined) throw new Error('the answer has no rating');
        applySnap21(snap21, rating);
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
    draw: (body) => {
      const data = readSessionData(body);
      if (data.special_hours) applyHolidayHours(doc, data.special_hours);
      if (data.header) applyNavigation(doc, data.header);
      if (data.footer) applyFooterNavigation(doc, data.footer);
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
