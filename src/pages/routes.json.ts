import type { APIRoute } from 'astro';
import { site } from '../platform/config/current';
import { searchFallbackPrefixes } from '../search/model/fallback-routes';

/**
 * Rewrites for URLs no build can list in advance: a search landing path nobody prerendered, or a
 * car added after the last build. The local server reads this file; a CDN gets the same rules
 * (see docs/decisions/search-and-stock.md). The shell pages read the URL in the browser.
 */
export const GET: APIRoute = () =>
  new Response(
    JSON.stringify({
      fallbacks: [
        // One checkout page for every car, before the car shell that would otherwise take the path.
        ...(site.features.enabled_pages.includes('checkout') ? [{ prefix: '/cars/', suffix: '/checkout', page: '/shell/checkout/' }] : []),
        { prefix: '/cars/', page: '/shell/car/' },
        ...searchFallbackPrefixes(site).map((prefix) => ({ prefix, page: '/shell/search/' })),
      ],
    }),
    { headers: { 'Content-Type': 'application/json; charset=utf-8' } },
  );
