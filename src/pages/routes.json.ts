import type { APIRoute } from 'astro';
import { site } from '../platform/config/current';
import { siteFallbackRules } from '../search/model/fallback-routes';

/**
 * Rewrites for URLs no build can list in advance: a search landing path nobody prerendered, or a
 * car added after the last build. The local server reads this file; a CDN gets the same rules
 * (see docs/decisions/search-and-stock.md). The shell pages read the URL in the browser.
 */
export const GET: APIRoute = () =>
  new Response(
    JSON.stringify({
      fallbacks: siteFallbackRules(site),
    }),
    { headers: { 'Content-Type': 'application/json; charset=utf-8' } },
  );
