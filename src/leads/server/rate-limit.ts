/**
 * Per-client limits on the routes that write: a fixed window per minute, counted in memory, or in
 * Redis (REDIS_URL) so several server processes share one count. Redis being down must not stop
 * leads arriving, so the Redis limiter falls back to counting in memory and says so once.
 *
 * One limiter serves every route, each route counting in its own bucket (RATE_BUCKETS) so a
 * shopper's valuation does not use up their enquiry. LEADS_RATE_LIMIT_PER_MINUTE is the one
 * setting; each bucket's limit is read from it.
 */
import type { MiddlewareHandler } from 'hono';
import type { Redis as RedisClient } from 'ioredis';
import { problem, send } from '../../platform/http/answers';
import type { AppEnv } from '../../platform/http/app-env';
import { clientIp, proxyTrust } from '../../platform/http/client-ip';

export interface RateDecision {
  allowed: boolean;
  /** Whole seconds until the window resets (for Retry-After). */
  retryAfterSeconds: number;
}

export interface RateLimiter {
  /** Requests allowed per key per window, unless a hit names its own limit. */
  readonly limit: number;
  /** Counts one request from `key` (a bucket and the client address) and says whether it may go on. */
  hit(key: string, limit?: number): Promise<RateDecision>;
  close(): Promise<void>;
}

export interface LimiterOptions {
  /** Requests allowed per key per window. */
  limit: number;
  /** Window length (default one minute). */
  windowMs?: number;
  now?: () => number;
}

export const DEFAULT_LEADS_PER_MINUTE = 30;

/** LEADS_RATE_LIMIT_PER_MINUTE, default 30; anything but a positive whole number is a start-up error. */
export function rateLimitPerMinute(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.LEADS_RATE_LIMIT_PER_MINUTE?.trim();
  if (!raw) return DEFAULT_LEADS_PER_MINUTE;
  const limit = Number(raw);
  if (!Number.isInteger(limit) || limit < 1) throw new Error(`LEADS_RATE_LIMIT_PER_MINUTE must be a whole number above 0, got "${raw}"`);
  return limit;
}

const decide = (count: number, limit: number, window: number, windowMs: number, now: number): RateDecision => ({
  allowed: count <= limit,
  retryAfterSeconds: Math.max(1, Math.ceil(((window + 1) * windowMs - now) / 1000)),
});

export function memoryRateLimiter({ limit, windowMs = 60_000, now = Date.now }: LimiterOptions): RateLimiter {
  let current = -1;
  // Only this window's counts are kept, so memory is bounded by the clients seen in one minute.
  let counts = new Map<string, number>();
  return {
    limit,
    hit(key, keyLimit = limit) {
      const at = now();
      const window = Math.floor(at / windowMs);
      if (window !== current) {
        current = window;
        counts = new Map();
      }
      const count = (counts.get(key) ?? 0) + 1;
      counts.set(key, count);
      return Promise.resolve(decide(count, keyLimit, window, windowMs, at));
    },
    close: () => Promise.resolve(),
  };
}

export interface RedisLimiterOptions extends LimiterOptions {
  /** A client made by the caller (tests), or a URL to connect to. */
  redis: RedisClient | string;
  /** Key prefix, so one Redis can serve several deployments. */
  prefix?: string;
  log?: (message: string) => void;
  /** How long to wait for a new connection before counting in memory meanwhile (default 1 s). */
  connectWaitMs?: number;
}

function readyOrTimeout(client: RedisClient, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      client.off('ready', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    client.once('ready', done);
  });
}

export async function redisRateLimiter({
  redis,
  limit,
  windowMs = 60_000,
  now = Date.now,
  prefix = 'leads:rate:',
  log = console.error,
  connectWaitMs = 1000,
}: RedisLimiterOptions): Promise<RateLimiter> {
  const fallback = memoryRateLimiter({ limit, windowMs, now });
  let client: RedisClient;
  const owned = typeof redis === 'string';
  if (typeof redis === 'string') {
    const { Redis } = await import('ioredis');
    // No offline queue and a short timeout: while Redis is away a lead waits for nothing.
    client = new Redis(redis, { enableOfflineQueue: false, maxRetriesPerRequest: 1, commandTimeout: 500, lazyConnect: false });
  } else {
    client = redis;
  }
  let failing = false;
  const noteFailure = (error: unknown): void => {
    if (failing) return;
    failing = true;
    log(`leads: rate limit store (Redis) unavailable, counting in memory until it is back: ${error instanceof Error ? error.message : String(error)}`);
  };
  // ioredis reports connection trouble as 'error' events; unheard, they would crash the process.
  client.on('error', noteFailure);
  // Give a fresh connection a moment, so the first leads after start are counted in Redis.
  if (owned && client.status !== 'ready') await readyOrTimeout(client, connectWaitMs);

  return {
    limit,
    async hit(key, keyLimit = limit) {
      const at = now();
      const window = Math.floor(at / windowMs);
      const redisKey = `${prefix}${window}:${key}`;
      try {
        const results = await client.multi().incr(redisKey).pexpire(redisKey, windowMs).exec();
        const [incrError, count] = results?.[0] ?? [new Error('empty reply'), 0];
        if (incrError) throw incrError;
        if (failing) {
          failing = false;
          log('leads: rate limit store (Redis) is back');
        }
        return decide(Number(count), keyLimit, window, windowMs, at);
      } catch (error) {
        noteFailure(error);
        return fallback.hit(key, keyLimit);
      }
    },
    async close() {
      if (owned) client.disconnect();
      await fallback.close();
    },
  };
}

/** Redis when REDIS_URL is set, memory otherwise; the limit from LEADS_RATE_LIMIT_PER_MINUTE. */
export async function rateLimiterFromEnv(env: NodeJS.ProcessEnv = process.env, log: (message: string) => void = console.error): Promise<RateLimiter> {
  const limit = rateLimitPerMinute(env);
  const url = env.REDIS_URL?.trim();
  return url ? redisRateLimiter({ redis: url, limit, log }) : memoryRateLimiter({ limit });
}

/**
 * Each route's count, as a share of LEADS_RATE_LIMIT_PER_MINUTE (30): generous for a real
 * shopper, who sends a lead or two, values one car a few times and saves its valuation once.
 * - leads: every lead route (/leads, /leads/:id, /leads/with-files, /carClarityCustomer).
 * - files: /leads/with-files again, lower (5 a minute): each request may carry 40 MB to read.
 * - valuations, miscellaneous: their own writes, as many as leads.
 */
export const RATE_BUCKETS = {
  leads: (base: number) => base,
  files: (base: number) => Math.max(1, Math.floor(base / 6)),
  valuations: (base: number) => base,
  miscellaneous: (base: number) => base,
} as const;

export type RateBucket = keyof typeof RATE_BUCKETS;

export const TOO_MANY_REQUESTS = 'Too many requests. Please wait a minute and try again.';

/** Counts the request in `bucket` for its client address; past the limit, 429 with Retry-After. */
export function rateLimit(limiter: RateLimiter, bucket: RateBucket, env: NodeJS.ProcessEnv): MiddlewareHandler<AppEnv> {
  const limit = RATE_BUCKETS[bucket](limiter.limit);
  const trust = proxyTrust(env);
  return async (c, next) => {
    const decision = await limiter.hit(`${bucket}:${clientIp(c.env, c.req.header('x-forwarded-for'), trust)}`, limit);
    if (!decision.allowed) {
      c.header('Retry-After', String(decision.retryAfterSeconds));
      return send(c, problem(429, TOO_MANY_REQUESTS));
    }
    await next();
  };
}
