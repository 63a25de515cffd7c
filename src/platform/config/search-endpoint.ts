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

/** The variable through which `npm run build` hands a dealer's build its signed tenant token. */
export const BUILD_SEARCH_KEY = 'DEALER_SEARCH_KEY';

/**
 * The dealer as a build shows it. With `search.read_only_key_uid`, the key is the secret a tenant
 * token is signed with (src/search/server/tenant-token.ts): the pages carry the token the build
 * signed, never the key, and a build without a token (astro build run alone) stops rather than
 * publish the key.
 */
export function withBuildSearchKey(site: DealerConfig, env: NodeJS.ProcessEnv): DealerConfig {
  if (!site.search.read_only_key_uid) return site;
  const token = env[BUILD_SEARCH_KEY]?.trim();
  if (!token) {
    throw new Error(
      `${site.slug}: search.read_only_key_uid is set, so its pages carry a tenant token that npm run build signs; build it with npm run build (a build without the token would publish the key itself)`,
    );
  }
  return { ...site, search: { ...site.search, read_only_key: token } };
}

/** The host as an absolute URL, resolved against the page in the browser. */
export function resolveSearchHost(endpoint: SearchEndpoint, origin: string): string {
  return new URL(endpoint.host, origin).href.replace(/\/$/, '');
}
