import type { DealerConfig } from '../../platform/config/schema';
import { defaultSearchPath } from './search-path';

/**
 * Path prefixes (with trailing slash) under which any unbuilt URL is a search landing page. A
 * request path matches a prefix when it starts with it and is longer; the prefix itself is
 * always prerendered.
 */
export function searchFallbackPrefixes(site: Pick<DealerConfig, 'search'>): string[] {
  const prefixes = new Set(['/search/', '/electric-cars/']);
  prefixes.add(`${defaultSearchPath(site).replace(/\/$/, '')}/`);
  return [...prefixes];
}

export interface FallbackRule {
  prefix: string;
  page: string;
}

/** The shell page to serve for a path that has no file of its own, if any. */
export function fallbackPage(pathname: string, rules: readonly FallbackRule[]): string | undefined {
  return rules.find((r) => pathname.startsWith(r.prefix) && pathname.length > r.prefix.length)?.page;
}
