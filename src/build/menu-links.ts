/**
 * Menu links that lead nowhere: a header or footer link to a search (`/search/ford/super-duty`)
 * that finds no car in the dealer's current stock. The search runs exactly as the site's page
 * would run it: the routing module reads the link, the site's filter narrows it, the embedded
 * engine answers over the cars the site lists. And a link to a page the site does not build at all
 * (`/service/capped-price`, a location taken out of the dealer file).
 */
import { MAX_QUERIES, multiSearch, SearchEngine } from '@dealer-sites/search-engine';
import type { DealerConfig, NavigationItem } from '../platform/config/schema';
import { indexSettings } from '../search/model/index-settings';
import { landingFacets } from '../search/model/landing';
import { filterToString, searchFilter, searchText } from '../search/model/query';
import { ELECTRIC_PATH, FIND_RENTAL_PATH, HEADER_SEARCH_PATH, routeToState, vocabularyFromFacets } from '../search/model/routing';
import { defaultSearchPath } from '../search/model/search-path';
import type { Vehicle } from '../stock/model/vehicle';

export interface MenuLink {
  name: string;
  url: string;
}

/** Every link of the header and footer menus, dropdowns and columns included. */
export function menuLinks(site: Pick<DealerConfig, 'navigation'>): MenuLink[] {
  const links: MenuLink[] = [];
  const walk = (item: NavigationItem) => {
    if (item.url) links.push({ name: item.name, url: item.url });
    for (const link of item.dropdownItems) links.push({ name: link.name, url: link.url });
    for (const menu of item.dropdownMenus ?? []) for (const link of menu.items) links.push({ name: link.name, url: link.url });
  };
  for (const item of [...site.navigation.header, ...(site.navigation.footer ?? [])]) walk(item);
  return links;
}

/** Whether a link opens one of the site's search pages, rather than a brochure page or another site. */
export function isSearchLink(url: string, site: Pick<DealerConfig, 'search'>): boolean {
  if (!url.startsWith('/') || url.startsWith('//')) return false;
  const path = (url.split(/[?#]/)[0] ?? '').replace(/\/+$/, '').toLowerCase();
  return (
    path === HEADER_SEARCH_PATH ||
    path.startsWith(`${HEADER_SEARCH_PATH}/`) ||
    path === ELECTRIC_PATH ||
    path === FIND_RENTAL_PATH ||
    path === '/pre-owned' ||
    path === defaultSearchPath(site).toLowerCase()
  );
}

/** The menu's search links that find no car in `stock` (the dealer's whole feed; sold cars count as the site counts them). */
export async function emptySearchLinks(site: DealerConfig, stock: readonly Vehicle[], nowSeconds: number): Promise<MenuLink[]> {
  const links = menuLinks(site).filter((link) => isSearchLink(link.url, site));
  if (links.length === 0) return [];
  const vocabulary = vocabularyFromFacets(landingFacets(stock.filter((car) => car.status !== 'sold')));
  const engine = new SearchEngine(stock, indexSettings);
  const ctx = { site, nowSeconds };
  const queries = links.map((link) => {
    const state = routeToState(link.url, site, vocabulary);
    return { indexUid: 'stock', q: searchText(state.query), filter: filterToString(searchFilter(state, ctx)), limit: 0 };
  });
  const counts: number[] = [];
  for (let i = 0; i < queries.length; i += MAX_QUERIES) {
    const { results } = await multiSearch((uid) => (uid === 'stock' ? engine : undefined), { queries: queries.slice(i, i + MAX_QUERIES) });
    counts.push(...results.map((result) => result.estimatedTotalHits ?? 0));
  }
  return links.filter((_, i) => (counts[i] ?? 0) === 0);
}

/**
 * Pages every dealer site builds whatever its file says, beyond those the sitemap lists
 * (src/pages: compare, saved cars, the finance form's other addresses, trade-in).
 */
const ALWAYS_BUILT = ['/compare', '/favourites', '/finance-enquiry', '/apply-for-finance', '/cars/trade-in'];

/** A local link's path, lower case and without its query, fragment or trailing slash; undefined for another site's link. */
function localPath(url: string): string | undefined {
  if (!url.startsWith('/') || url.startsWith('//')) return undefined;
  const path = (url.split(/[?#]/)[0] ?? '').replace(/\/+$/, '').toLowerCase();
  return path === '' ? '/' : path;
}

/**
 * The menu's links to a local page the site does not build: not a search (emptySearchLinks judges
 * those), not one of `sitePages` (the pages the dealer file and the stock decide, as the sitemap
 * lists them: src/site/site-pages.ts, a floor above this one), nor one every site has.
 * A #fragment is not checked here: the page's own HTML decides it (tests/browser crawl the menus).
 */
export function missingPageLinks(site: DealerConfig, sitePages: readonly string[]): MenuLink[] {
  const built = new Set([...sitePages, ...ALWAYS_BUILT].map((path) => path.toLowerCase()));
  return menuLinks(site).filter((link) => {
    const path = localPath(link.url);
    return path !== undefined && !isSearchLink(link.url, site) && !built.has(path);
  });
}
