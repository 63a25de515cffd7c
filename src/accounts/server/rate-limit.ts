/**
 * The account routes' rate limits: one limiter (Redis when REDIS_URL is set), counted per client
 * address in each route's bucket, and for sign-in per email address too, so neither one machine
 * nor a botnet can flood one inbox with codes or guess one address's code.
 * ACCOUNTS_RATE_LIMIT_PER_MINUTE (10) is the one setting; each bucket's limit is read from it.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { problem, send } from '../../platform/http/answers';
import type { AppEnv } from '../../platform/http/app-env';
import { limitByAddress, memoryRateLimiter, rateLimitPerMinute, type RateLimiter, type RateLimitSetting } from '../../platform/http/rate-limit';
import { sha256Hex } from './secrets';

export const ACCOUNT_RATE_LIMIT: RateLimitSetting = { variable: 'ACCOUNTS_RATE_LIMIT_PER_MINUTE', perMinute: 10, prefix: 'accounts:rate:', name: 'accounts' };

export const memoryAccountLimiter = (env: NodeJS.ProcessEnv): RateLimiter => memoryRateLimiter({ limit: rateLimitPerMinute(ACCOUNT_RATE_LIMIT, env) });

/**
 * Each bucket's count per minute, from the setting (10):
 * - sign-in: codes asked for from one address (10); sign-in-email: sent to one address (3).
 * - verify: codes and links tried from one address (10); verify-email: codes tried for one email (10).
 *   With five tries a code and three codes a minute, one address's code cannot be guessed.
 * - passkey: passkey options and answers from one address (30).
 * - account: every other change a signed-in shopper makes (60); interest sends a lead (10).
 * - unsubscribe: one-click unsubscribes from one address (30): mail providers post them.
 */
export const ACCOUNT_BUCKETS = {
  'sign-in': (base: number) => base,
  'sign-in-email': (base: number) => Math.max(1, Math.floor(base / 3)),
  verify: (base: number) => base,
  'verify-email': (base: number) => base,
  passkey: (base: number) => base * 3,
  account: (base: number) => base * 6,
  interest: (base: number) => base,
  unsubscribe: (base: number) => base * 3,
} as const;

export type AccountBucket = keyof typeof ACCOUNT_BUCKETS;

export const TOO_MANY_TRIES = 'Too many tries. Please wait a minute and try again.';

const refuse = (c: Context, retryAfterSeconds: number): Response => {
  c.header('Retry-After', String(retryAfterSeconds));
  return send(c, problem(429, TOO_MANY_TRIES));
};

/** Counts the request in `bucket` for its client address; past the limit, 429 with Retry-After. */
export function limitAddress(limiter: RateLimiter, bucket: AccountBucket, env: NodeJS.ProcessEnv): MiddlewareHandler<AppEnv> {
  return limitByAddress(limiter, { bucket, limit: ACCOUNT_BUCKETS[bucket](limiter.limit), env, refuse });
}

/**
 * Counts one request for `email` on `dealer` in `bucket`; the answer to send when past the
 * limit, else undefined. The key holds the address's hash, never the address.
 */
export async function limitEmail(
  c: Context,
  limiter: RateLimiter,
  bucket: Extract<AccountBucket, 'sign-in-email' | 'verify-email'>,
  dealer: string,
  email: string,
): Promise<Response | undefined> {
  const decision = await limiter.hit(`${bucket}:${dealer}:${sha256Hex(email)}`, ACCOUNT_BUCKETS[bucket](limiter.limit));
  return decision.allowed ? undefined : refuse(c, decision.retryAfterSeconds);
}
