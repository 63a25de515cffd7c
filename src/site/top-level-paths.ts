/**
 * The one-segment paths a site already has, for pages whose path the dealer file names (service
 * booking pages, the dealer's own garage page): such a page must not take one of these. Build
 * time only (it reads src/pages; builds run from the project root).
 */
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { DealerConfig } from '../platform/config/schema';
import { defaultSearchPath } from '../search/model/search-path';
import { ELECTRIC_PATH, HEADER_SEARCH_PATH } from '../search/model/routing';

/** Top-level pages and folders of src/pages ("/finance" from finance.astro, "/cars" from cars/), and the search paths. */
export function takenTopLevelPaths(site: Pick<DealerConfig, 'search'>): Set<string> {
  return new Set([
    ...readdirSync(resolve('src/pages'))
      .map((entry) => `/${entry.replace(/\.(astro|ts)$/, '')}`)
      .filter((page) => !/[[\]]/.test(page) && page !== '/index'),
    ELECTRIC_PATH,
    HEADER_SEARCH_PATH,
    `/${defaultSearchPath(site).split('/')[1] ?? ''}`,
  ]);
}
