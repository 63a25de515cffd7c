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
  /**
   * Only paths ending so (a trailing slash aside): `/cars/{slug}/checkout` is one shell page for
   * every car. Rules are tried in order, so such a rule comes before its prefix's general one.
   */
  suffix?: string;
  page: string;
}

const matches = (pathname: string, rule: FallbackRule): boolean => {
  if (!pathname.startsWith(rule.prefix) || pathname.length <= rule.prefix.length) return false;
  if (rule.suffix === undefined) return true;
  const path = pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  return path.endsWith(rule.suffix) && path.length > rule.prefix.length + rule.suffix.length;
};

/** The shell page to serve for a path that has no file of its own, if any. */
export function fallbackPage(pathname: string, rules: readonly FallbackRule[]): string | undefined {
  return rules.find((r) => matches(pathname, r))?.page;
}

/**
 * A site's rules (routes.json), in order. Every site sends `/cars/{slug}/checkout` to the checkout
 * shell, whether or not the dealer takes deposits online: the car shell would read `checkout` as
 * part of the car's name and say an in-stock car was not found, where the checkout page says what
 * is true (src/checkout/ui/CheckoutPage.astro).
 */
export function siteFallbackRules(site: Pick<DealerConfig, 'search'>): FallbackRule[] {
  return [
    { prefix: '/cars/', suffix: '/checkout', page: '/shell/checkout/' },
    { prefix: '/cars/', page: '/shell/car/' },
    ...searchFallbackPrefixes(site).map((prefix) => ({ prefix, page: '/shell/search/' })),
  ];
}
