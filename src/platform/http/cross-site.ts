/**
 * Refusing form posts from other websites. A JSON post from another site needs a CORS preflight
 * this API never grants, but a plain HTML form on any site can post form-encoded or multipart
 * bodies with no preflight at all, and the shopper's browser would deliver them. So the routes
 * that take such bodies ask the browser where the post came from:
 *
 * - `Sec-Fetch-Site: cross-site` (every current browser sends it) is refused; `same-origin`,
 *   `same-site` and `none` pass.
 * - Without Sec-Fetch-Site, an `Origin` that is not the dealer's own is refused: not the host the
 *   request came to, nor one of the dealer's domains (its url's host and `domains`). `null` (a
 *   sandboxed frame, a file) is no one's own.
 * - Without either header the post is not from a browser form (a server, curl) and passes.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { problem, send } from './answers';
import type { AppEnv } from './app-env';
import { hostnameOf, requestHost } from './dealer-host';

export const CROSS_SITE_FORM = problem(403, 'This form can only be sent from the dealer’s own website.');

/** Whether the browser says the request came from a page of another site. */
export function fromAnotherSite(c: Context, ownDomains: readonly string[]): boolean {
  const fetchSite = c.req.header('sec-fetch-site')?.trim().toLowerCase();
  if (fetchSite) return fetchSite === 'cross-site';
  const origin = c.req.header('origin')?.trim();
  if (origin === undefined || origin === '') return false;
  let from: URL;
  try {
    from = new URL(origin);
  } catch {
    return true;
  }
  if (from.host === requestHost(c.req).toLowerCase()) return false;
  return !ownDomains.includes(hostnameOf(from.hostname));
}

/** Refuses (403) a post another site's page sent; `ownDomains` are the domains of the dealer the route acts for. */
export function refuseOtherSites(ownDomains: (c: Context<AppEnv>) => Promise<readonly string[]>): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (fromAnotherSite(c, await ownDomains(c))) return send(c, CROSS_SITE_FORM);
    await next();
  };
}
