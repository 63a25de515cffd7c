/**
 * The lead routes' rate limits. One limiter serves every route that writes, each route counting
 * in its own bucket (RATE_BUCKETS) so a shopper's valuation does not use up their enquiry.
 * LEADS_RATE_LIMIT_PER_MINUTE is the one setting; each bucket's limit is read from it.
 */
import type { MiddlewareHandler } from 'hono';
import { problem, send } from '../../platform/http/answers';
import type { AppEnv } from '../../platform/http/app-env';
import { limitByAddress, memoryRateLimiter, rateLimitPerMinute, type RateLimiter, type RateLimitSetting } from '../../platform/http/rate-limit';

export const LEAD_RATE_LIMIT: RateLimitSetting = { variable: 'LEADS_RATE_LIMIT_PER_MINUTE', perMinute: 30, prefix: 'leads:rate:', name: 'leads' };

/** Counted in this process's memory at LEADS_RATE_LIMIT_PER_MINUTE: a route mounted without the platform's limiter. */
export const memoryLeadLimiter = (env: NodeJS.ProcessEnv): RateLimiter => memoryRateLimiter({ limit: rateLimitPerMinute(LEAD_RATE_LIMIT, env) });

/**
 * Each route's count, as a share of LEADS_RATE_LIMIT_PER_MINUTE (30): generous for a real
 * shopper, who sends a lead or two, values one car a few times and saves its valuation once.
 * - leads: every lead route (/leads, /leads/:id, /leads/with-files, /leads/:id/files, /carClarityCustomer).
 * - files: /leads/with-files and /leads/:id/files again, lower (5 a minute): each request may carry 40 MB to read.
 * - valuations, miscellaneous: their own writes, as many as leads.
 * - file_links: the dealer opening a delivered lead's files (GET /leads/:id/files/:fileId), as
 *   many as leads, on a count of its own so a dealer's office opening a lead's ten photos never
 *   uses up the lead a shopper at the same address is sending.
 */
export const RATE_BUCKETS = {
  leads: (base: number) => base,
  files: (base: number) => Math.max(1, Math.floor(base / 6)),
  valuations: (base: number) => base,
  miscellaneous: (base: number) => base,
  file_links: (base: number) => base,
} as const;

export type RateBucket = keyof typeof RATE_BUCKETS;

export const TOO_MANY_REQUESTS = 'Too many requests. Please wait a minute and try again.';

/** Counts the request in `bucket` for its client address; past the limit, 429 with Retry-After. */
export function rateLimit(limiter: RateLimiter, bucket: RateBucket, env: NodeJS.ProcessEnv): MiddlewareHandler<AppEnv> {
  return limitByAddress(limiter, { bucket, limit: RATE_BUCKETS[bucket](limiter.limit), env, refuse: (c) => send(c, problem(429, TOO_MANY_REQUESTS)) });
}
