/**
 * The dealer a request is for, read from its Host: the one place that decides it, for the static
 * sites and every /api route (app.ts puts the answer in `c.get('dealer')`).
 *
 * - A dealer's domains (its url's host and `domains`, src/platform/config/dealer-domains.ts) name
 *   it in production, where the CDN passes the shopper's Host on to this server.
 * - `<slug>.localhost` names a dealer on a development machine.
 * - `localhost`, `127.0.0.1` and `[::1]` are the default dealer's, so `http://127.0.0.1:4321/` is
 *   a whole site (pages, forms, search) during development. Except behind a proxy (TRUST_PROXY
 *   set): there a loopback Host means the proxy sent its own host instead of the shopper's, and
 *   guessing the default dealer would file other dealers' customers under it.
 * - Any other host names no dealer, and nothing answers as if it did.
 */
import type { DomainOwners } from '../config/dealer-domains';

export interface HostRules {
  /** Domain → dealer slug, for the dealers this server serves. */
  owners: DomainOwners;
  /** The dealers this server serves, for `<slug>.localhost`. */
  dealers: readonly string[];
  /** The dealer of `localhost`, `127.0.0.1` and `[::1]`; undefined behind a proxy. */
  localDealer: string | undefined;
}

/**
 * `local`: a development host (`*.localhost`, or a loopback name when not behind a proxy), the
 * only place the server may list the dealers it serves. `unknown`: the name that matched nothing
 * (for `<x>.localhost`, the `<x>`).
 */
export type HostMatch = { dealer: string; local: boolean } | { unknown: string; local: boolean };

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** node-server builds the URL from Host; app.request() callers may set either. */
export const requestHost = (req: { header(name: string): string | undefined; url: string }): string => req.header('host') ?? new URL(req.url).host;

/** `www.example.com` from `WWW.Example.com.:443`: lower case, no port, no trailing dot. */
export const hostnameOf = (host: string | undefined): string => (host ?? '').trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');

export function dealerForHost(host: string | undefined, { owners, dealers, localDealer }: HostRules): HostMatch {
  const name = hostnameOf(host);
  const owner = owners.get(name);
  if (owner !== undefined) return { dealer: owner, local: false };
  if (name.endsWith('.localhost')) {
    const label = name.slice(0, -'.localhost'.length);
    return dealers.includes(label) ? { dealer: label, local: true } : { unknown: label, local: true };
  }
  if (LOOPBACK.has(name) && localDealer !== undefined) return { dealer: localDealer, local: true };
  return { unknown: name, local: false };
}
