import type { DealerConfig } from '../../platform/config/schema';

/** The fixed route for electric cars alone. */
export const ELECTRIC_PATH = '/electric-cars';

/**
 * The site's default stock search path: the site setting when given, else the path
 * its template implies from what the dealer sells.
 */
export function defaultSearchPath(site: Pick<DealerConfig, 'search'>): string {
  if (site.search.default_search_path) return site.search.default_search_path;
  const { categories } = site.search;
  if (categories.includes('subscription') && categories.length === 1) return '/search/subscription-cars';
  if (categories.includes('rental') && categories.length === 1) return '/search/rental-cars';
  if (categories.includes('trucks') && !categories.includes('cars')) return '/search/new-used-and-demo-trucks';
  return '/search/new-used-and-demo-cars';
}

export const CAR_TYPE_ORDER = ['new', 'demo', 'used'] as const;
export type CarType = (typeof CAR_TYPE_ORDER)[number];

export function carTypeSearchPath(type: CarType): string {
  return `/search/${type}-cars`;
}
