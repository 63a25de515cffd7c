/**
 * Postcode lookup for "Find your nearest" and the search page's distance sort (mounted at /api):
 *
 *   GET /postcode?postcode=4000 → 200 {postcode, lat, lng, unit, locations: [{slug, name, metres, distance}]}
 *
 * `locations` are the dealer's visible locations with coordinates, nearest first, with the
 * distance in the site's unit (miles on US sites). The country is the dealer's region. A postcode
 * that breaks the rule gets 400 with the field's message; one the geocoder does not know gets 404
 * 'Invalid postcode' ('Invalid ZIP code' on US sites); a geocoder that cannot answer, 503. The postcode datasets stay here on the
 * server: the pages only ever send a postcode and read a point back.
 *
 * Each address may look up POSTCODE_LOOKUPS_PER_MINUTE postcodes a minute (429 with Retry-After
 * past that): a shopper tries a postcode or two, a scraper walking every postcode is slowed down.
 *
 * Here in the composition root, as the Snap21 route is: it joins the geocoding provider
 * (floor 6) with the dealer's locations.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { answerFaults, problem, send } from '../platform/http/answers';
import { knownDealer, type ConfigFor, type SiteEnv } from '../platform/http/dealer-site';
import { ProviderUnavailableError, type Log } from '../platform/http/outbound';
import { limitByAddress, memoryRateLimiter, type RateLimiter } from '../platform/http/rate-limit';
import { formatDistance, metresBetween } from '../platform/formats/distance';
import { lookupPostcode, postcodeRule } from '../platform/formats/postcode';
import type { Region } from '../platform/config/regions';
import type { Geocoder } from '../providers/geocoding';

export interface PostcodeApiOptions {
  configFor: ConfigFor;
  geocoder: Geocoder;
  log: Log;
  /** Counts lookups per address in their own bucket; in memory by default. */
  rateLimiter?: RateLimiter;
  /** TRUST_PROXY: which address is the client's. */
  env?: NodeJS.ProcessEnv;
}

/** Lookups a minute per address. */
export const POSTCODE_LOOKUPS_PER_MINUTE = 30;

/** The query, checked by the same postcode rule the boxes check before they ask. */
export function postcodeQuery(region: Region) {
  const rule = postcodeRule(region);
  return z.object({
    postcode: z
      .string({ error: rule.message })
      .max(rule.maxLength + 2, { error: rule.message })
      .transform((value, ctx) => {
        const postcode = lookupPostcode(value, region);
        if (postcode === null) {
          ctx.addIssue({ code: 'custom', message: rule.message });
          return z.NEVER;
        }
        return postcode;
      }),
  });
}

export function createPostcodeApi({ configFor, geocoder, log, rateLimiter, env = process.env }: PostcodeApiOptions): Hono<SiteEnv> {
  const api = new Hono<SiteEnv>();
  api.onError(answerFaults({ log }));
  const limited = limitByAddress(rateLimiter ?? memoryRateLimiter({ limit: POSTCODE_LOOKUPS_PER_MINUTE }), {
    bucket: 'postcode',
    limit: POSTCODE_LOOKUPS_PER_MINUTE,
    env,
    refuse: (c) => send(c, problem(429, 'Too many postcode lookups. Please wait a minute and try again.')),
  });

  api.get('/postcode', limited, knownDealer(configFor), async (c) => {
    const site = c.get('site');
    const parsed = postcodeQuery(site.region).safeParse({ postcode: c.req.query('postcode') });
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? postcodeRule(site.region).message;
      return send(c, problem(400, message, { postcode: message }));
    }
    let point;
    try {
      point = await geocoder(parsed.data.postcode, site.region);
    } catch (error) {
      if (error instanceof ProviderUnavailableError) return send(c, problem(503, 'Finding the nearest location by postcode is not available right now.'));
      throw error;
    }
    if (!point) {
      const { unknown } = postcodeRule(site.region);
      return send(c, problem(404, unknown, { postcode: unknown }));
    }
    const unit = site.units;
    const locations = site.locations
      .filter((l) => l.visible && l.address.lat !== undefined && l.address.long !== undefined)
      .map((l) => {
        const metres = metresBetween(point, { lat: l.address.lat!, lng: l.address.long! });
        return { slug: l.slug, name: l.name, metres: Math.round(metres), distance: formatDistance(metres, unit) };
      })
      .sort((a, b) => a.metres - b.metres);
    return send(c, { status: 200, body: { postcode: point.postcode, lat: point.lat, lng: point.lng, unit, locations } });
  });

  return api;
}
