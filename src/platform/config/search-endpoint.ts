import type { DealerConfig } from './schema';

/** Path on the site's own origin where the embedded engine answers the Meilisearch protocol. */
export const EMBEDDED_SEARCH_PATH = '/api/search';

export interface SearchEndpoint {
  /** Absolute Meilisearch host, or the embedded path to resolve against the page's origin. */
  host: string;
  /** Read-only key; the embedded engine needs none. */
  apiKey: string;
  indexUid: string;
}

/** What the browser needs to reach this dealer's stock index: host, read-only key and index. */
export function searchEndpoint(site: Pick<DealerConfig, 'slug' | 'search'>): SearchEndpoint {
  return {
    host: site.search.host ?? EMBEDDED_SEARCH_PATH,
    apiKey: site.search.read_only_key ?? '',
    indexUid: site.search.index_uid ?? site.slug,
  };
}

/** The host as an absolute URL, resolved against the page in the browser. */
export function resolveSearchHost(endpoint: SearchEndpoint, origin: string): string {
  return new URL(endpoint.host, origin).href.replace(/\/$/, '');
}
