/**
 * The account routes' rate limits: one limiter (Redis when REDIS_URL is set), counted per client
 * address in each route's bucket, and for sign-in per mailbox too, so neither one machine nor a
 * botnet can flood one inbox with codes or guess one address's code.
 * ACCOUNTS_RATE_LIMIT_PER_MINUTE (10) is the one setting; each bucket's limit is read from it.
 *
 * A mailbox's limits run over a minute, an hour and a day, so the wait grows as the asking goes
 * on (a minute, then the rest of the hour, then the rest of the day) and no one gets more than a
 * day's share however long they keep at it. They count the mailbox (`mailboxOf`: `+tag` and case
 * variants are one), by its keyed hash, never the address.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { problem, send } from '../../platform/http/answers';
import type { AppEnv } from '../../platform/http/app-env';
import { limitByAddress, memoryRateLimiter, rateLimitPerMinute, type RateLimiter, type RateLimitSetting } from '../../platform/http/rate-limit';
import { mailboxKey } from './secrets';

export const ACCOUNT_RATE_LIMIT: RateLimitSetting = { variable: 'ACCOUNTS_RATE_LIMIT_PER_MINUTE', perMinute: 10, prefix: 'accounts:rate:', name: 'accounts' };

export const memoryAccountLimiter = (env: NodeJS.ProcessEnv): RateLimiter => memoryRateLimiter({ limit: rateLimitPerMinute(ACCOUNT_RATE_LIMIT, env) });

/**
 * Each bucket's count per minute, from the setting (10):
 * - sign-in: codes asked for from one address (10); sign-in-email: sent to one mailbox (3).
 * - verify: codes and links tried from one address (10); verify-email: codes tried for one mailbox (10).
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

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * A mailbox's longer windows beside its minute, from the same setting (10):
 * - sign-in emails: 5 an hour, 10 a day.
 * - code tries: 30 a day. A code dies at its fifth wrong try, so a stranger guessing one mailbox's
 *   codes gets 30 of the million a day: under 0.1 % in a month of trying.
 */
export const MAILBOX_WINDOWS: Record<'sign-in-email' | 'verify-email', readonly { windowMs: number; limit: (base: number) => number }[]> = {
  'sign-in-email': [
    { windowMs: HOUR_MS, limit: (base) => Math.max(1, Math.ceil(base / 2)) },
    { windowMs: DAY_MS, limit: (base) => base },
  ],
  'verify-email': [{ windowMs: DAY_MS, limit: (base) => base * 3 }],
};

export const TOO_MANY_TRIES = 'Too many tries. Please wait a minute and try again.';

/** The refusal's words for how long the wait is. */
export function tooManyTries(retryAfterSeconds: number): string {
  if (retryAfterSeconds <= 60) return TOO_MANY_TRIES;
  if (retryAfterSeconds < 60 * 60) return `Too many tries. Please wait ${Math.ceil(retryAfterSeconds / 60)} minutes and try again.`;
  const hours = Math.ceil(retryAfterSeconds / (60 * 60));
  return `Too many tries for this address. Please try again in ${hours} ${hours === 1 ? 'hour' : 'hours'}.`;
}

const refuse = (c: Context, retryAfterSeconds: number): Response => {
  c.header('Retry-After', String(retryAfterSeconds));
  return send(c, problem(429, tooManyTries(retryAfterSeconds)));
};

/** Counts the request in `bucket` for its client address; past the limit, 429 with Retry-After. */
export function limitAddress(limiter: RateLimiter, bucket: AccountBucket, env: NodeJS.ProcessEnv): MiddlewareHandler<AppEnv> {
  return limitByAddress(limiter, { bucket, limit: ACCOUNT_BUCKETS[bucket](limiter.limit), env, refuse });
}

/**
 * Counts one request for `email`'s mailbox on `dealer` in `bucket`: its minute, then each longer
 * window; the answer to send at the first one past its limit, else undefined. A request refused
 * by a shorter window is not counted in the longer ones, so a day's cap is a day's worth of
 * requests that got through.
 */
export async function limitEmail(
  c: Context,
  limiter: RateLimiter,
  bucket: Extract<AccountBucket, 'sign-in-email' | 'verify-email'>,
  { dealer, email, secret }: { dealer: string; email: string; secret: string },
): Promise<Response | undefined> {
  const key = `${bucket}:${dealer}:${mailboxKey(secret, email)}`;
  const minute = await limiter.hit(key, ACCOUNT_BUCKETS[bucket](limiter.limit));
  if (!minute.allowed) return refuse(c, minute.retryAfterSeconds);
  for (const { windowMs, limit } of MAILBOX_WINDOWS[bucket]) {
    const decision = await limiter.hit(key, limit(limiter.limit), windowMs);
    if (!decision.allowed) return refuse(c, decision.retryAfterSeconds);
  }
  return undefined;
}
