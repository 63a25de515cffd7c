/**
 * Refusing posts from other websites. A JSON post from another site needs a CORS preflight this
 * API never grants, but a plain HTML form on any site can post form-encoded or multipart bodies
 * with no preflight at all, and the shopper's browser would deliver them with the shopper's
 * cookies. So every state-changing route asks the browser where the request came from:
 *
 * - `Sec-Fetch-Site: cross-site` (every current browser sends it) is refused.
 * - An `Origin`, whenever there is one, must be the dealer's own: the host the request came to
 *   (its port included, so a development host's other ports are other sites), or `https://` one
 *   of the dealer's domains (its url's host and `domains`). `null` (a sandboxed
 *   frame, a file, a redirect from elsewhere) is no one's own. `Sec-Fetch-Site: same-site` does
 *   not vouch for the page: it also covers any sibling host under the same registrable domain
 *   (a hosting provider's shared domain, a forgotten subdomain), so the Origin decides.
 * - Without either header the request is not from a browser page (a server, curl) and passes.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { problem, send } from './answers';
import type { AppEnv } from './app-env';
import { hostnameOf, requestHost } from './dealer-host';

export const CROSS_SITE_FORM = problem(403, 'This form can only be sent from the dealer’s own website.');

/** Whether `origin` (an Origin header) is a page of the site the request came to. */
function isOwnOrigin(c: Context, origin: string, ownDomains: readonly string[]): boolean {
  let from: URL;
  try {
    from = new URL(origin);
  } catch {
    return false;
  }
  if (from.protocol !== 'https:' && from.protocol !== 'http:') return false;
  if (from.host === requestHost(c.req).trim().toLowerCase().replace(/\.$/, '')) return true;
  return from.protocol === 'https:' && from.port === '' && ownDomains.includes(hostnameOf(from.hostname));
}

/** Whether the browser says the request came from a page of another site. */
export function fromAnotherSite(c: Context, ownDomains: readonly string[]): boolean {
  const fetchSite = c.req.header('sec-fetch-site')?.trim().toLowerCase();
  if (fetchSite === 'cross-site') return true;
  const origin = c.req.header('origin')?.trim();
  if (origin === undefined || origin === '') return false;
  return !isOwnOrigin(c, origin, ownDomains);
}

/** Refuses (403) a post another site's page sent; `ownDomains` are the domains of the dealer the route acts for. */
export function refuseOtherSites(ownDomains: (c: Context<AppEnv>) => Promise<readonly string[]>): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (fromAnotherSite(c, await ownDomains(c))) return send(c, CROSS_SITE_FORM);
    await next();
  };
}
