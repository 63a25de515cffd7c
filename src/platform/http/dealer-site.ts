/**
 * The dealer an /api route acts for: the one the Host names (`c.get('dealer')`, set by app.ts
 * from dealer-host.ts), with its parsed dealer file. A host that names no dealer, or a dealer
 * without a readable file, is answered 404 'Unknown dealer' before the route reads anything.
 */
import type { MiddlewareHandler } from 'hono';
import type { DealerConfig } from '../config/schema';
import { problem, send } from './answers';
import type { AppEnv } from './app-env';

/** The answer on a host that names no dealer this server serves. */
export const UNKNOWN_DEALER = problem(404, 'Unknown dealer');

/** Answers 404 'Unknown dealer' when the Host names no dealer: what /api does before any of its routes. */
export const hostNamesDealer: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.get('dealer') === null) return send(c, UNKNOWN_DEALER);
  await next();
};

/** The dealer's parsed config; undefined for a dealer without one. A rejection is a fault (500). */
export type ConfigFor = (slug: string) => DealerConfig | undefined | Promise<DealerConfig | undefined>;

/** AppEnv, plus the dealer's config for the routes behind `knownDealer`. */
export interface SiteEnv extends AppEnv {
  Variables: AppEnv['Variables'] & { site: DealerConfig };
}

/** Sets `site` for the rest of the route, or answers 404 'Unknown dealer'. */
export function knownDealer(configFor: ConfigFor): MiddlewareHandler<SiteEnv> {
  return async (c, next) => {
    const slug = c.get('dealer');
    const site = slug ? await configFor(slug) : undefined;
    if (!site) return send(c, UNKNOWN_DEALER);
    c.set('site', site);
    await next();
  };
}
