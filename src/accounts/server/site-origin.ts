/**
 * The address the shopper reached the dealer's site at: the origin sign-in links, passkeys and
 * the session cookie are made for. The Host has already named this dealer (dealer-host.ts), so
 * it is one of the dealer's domains, or a development name.
 *
 * - On a dealer's domain the site is https, always: that is how a dealer site is served (a CDN
 *   or a TLS proxy in front of this server), and a session cookie must never travel in clear.
 * - On a development host (`<slug>.localhost`, loopback) it is what the request says: http, or
 *   https when the server's own URL is, or when TRUST_PROXY names a proxy that says so in
 *   X-Forwarded-Proto. Without TRUST_PROXY that header is anyone's to write, so it is ignored.
 */
import type { Context } from 'hono';
import { behindProxy, type ProxyTrust } from '../../platform/http/client-ip';
import { hostnameOf, requestHost } from '../../platform/http/dealer-host';

export interface SiteOrigin {
  /** `https://www.dealer.example`, or `http://dealer.localhost:4321` in development. */
  origin: string;
  /** The host name without port: the passkeys' relying party id. */
  hostname: string;
  /** Whether the shopper's browser is on https (the cookie is then Secure and named `__Host-…`). */
  https: boolean;
}

/** Whether the request came over https: the server's own URL, or the nearest trusted proxy's word. */
export function cameOverHttps(c: Context, trust: ProxyTrust): boolean {
  if (new URL(c.req.url).protocol === 'https:') return true;
  if (!behindProxy(trust)) return false;
  // Each proxy may add its own; the last one is what the proxy nearest us (ours) saw.
  const said = c.req.header('x-forwarded-proto')?.split(',').pop()?.trim().toLowerCase();
  return said === 'https';
}

/** Any route's context: app.ts has set `devHost` on every request. */
export function siteOrigin(c: Context, trust: ProxyTrust): SiteOrigin {
  const host = requestHost(c.req).trim().toLowerCase().replace(/\.$/, '');
  const hostname = hostnameOf(host);
  if (c.get('devHost') !== true) return { origin: `https://${hostname}`, hostname, https: true };
  const https = cameOverHttps(c, trust);
  return { origin: `${https ? 'https' : 'http'}://${host}`, hostname, https };
}
