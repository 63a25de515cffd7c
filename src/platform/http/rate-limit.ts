/**
 * Per-client request limits (the lead routes, the search API): a fixed window per minute,
 * counted in memory, or in Redis (REDIS_URL) so several server processes share one count. Redis
 * being down must not stop requests arriving, so the Redis limiter falls back to counting in
 * memory and says so once. Each route family names its own setting (`RateLimitSetting`): its
 * environment variable, default and Redis key prefix.
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { Redis as RedisClient } from 'ioredis';
import type { AppEnv } from './app-env';
import { clientIp, proxyTrust } from './client-ip';

export interface RateDecision {
  allowed: boolean;
  /** Whole seconds until the window resets (for Retry-After). */
  retryAfterSeconds: number;
}

export interface RateLimiter {
  /** Requests allowed per key per window, unless a hit names its own limit. */
  readonly limit: number;
  /**
   * Counts one request from `key` (a bucket and the client address) and says whether it may go
   * on. `windowMs` counts it in a window of that length instead of the limiter's own (an hour's or
   * a day's cap beside the minute's).
   */
  hit(key: string, limit?: number, windowMs?: number): Promise<RateDecision>;
  close(): Promise<void>;
}

export interface LimiterOptions {
  /** Requests allowed per key per window. */
  limit: number;
  /** Window length (default one minute). */
  windowMs?: number;
  now?: () => number;
}

/** One route family's limit: where it is configured, its default, and its own Redis counters. */
export interface RateLimitSetting {
  /** The environment variable that sets requests per minute per address, e.g. LEADS_RATE_LIMIT_PER_MINUTE. */
  variable: string;
  /** Requests per minute per address when the variable is unset. */
  perMinute: number;
  /** Redis key prefix, so two families never share a count. */
  prefix: string;
  /** What is counted, for log lines ('leads', 'search'). */
  name: string;
}

/** The setting's variable, else its default; anything but a positive whole number is a start-up error. */
export function rateLimitPerMinute(setting: RateLimitSetting, env: NodeJS.ProcessEnv = process.env): number {
  const raw = env[setting.variable]?.trim();
  if (!raw) return setting.perMinute;
  const limit = Number(raw);
  if (!Number.isInteger(limit) || limit < 1) throw new Error(`${setting.variable} must be a whole number above 0, got "${raw}"`);
  return limit;
}

const decide = (count: number, limit: number, window: number, windowMs: number, now: number): RateDecision => ({
  allowed: count <= limit,
  retryAfterSeconds: Math.max(1, Math.ceil(((window + 1) * windowMs - now) / 1000)),
});

export function memoryRateLimiter({ limit, windowMs = 60_000, now = Date.now }: LimiterOptions): RateLimiter {
  // Per window length, only the current window's counts are kept, so memory is bounded by the
  // clients seen in one window.
  const windows = new Map<number, { current: number; counts: Map<string, number> }>();
  return {
    limit,
    hit(key, keyLimit = limit, keyWindowMs = windowMs) {
      const at = now();
      const window = Math.floor(at / keyWindowMs);
      let kept = windows.get(keyWindowMs);
      if (!kept || kept.current !== window) {
        kept = { current: window, counts: new Map() };
        windows.set(keyWindowMs, kept);
      }
      const count = (kept.counts.get(key) ?? 0) + 1;
      kept.counts.set(key, count);
      return Promise.resolve(decide(count, keyLimit, window, keyWindowMs, at));
    },
    close: () => Promise.resolve(),
  };
}

export interface RedisLimiterOptions extends LimiterOptions {
  /** A client made by the caller (tests), or a URL to connect to. */
  redis: RedisClient | string;
  /** Key prefix, so one Redis can serve several deployments and route families. */
  prefix?: string;
  /** What is counted, for log lines. */
  name?: string;
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
  prefix = 'rate:',
  name = 'requests',
  log = console.error,
  connectWaitMs = 1000,
}: RedisLimiterOptions): Promise<RateLimiter> {
  const fallback = memoryRateLimiter({ limit, windowMs, now });
  let client: RedisClient;
  const owned = typeof redis === 'string';
  if (typeof redis === 'string') {
    const { Redis } = await import('ioredis');
    // No offline queue and a short timeout: while Redis is away a request waits for nothing.
    client = new Redis(redis, { enableOfflineQueue: false, maxRetriesPerRequest: 1, commandTimeout: 500, lazyConnect: false });
  } else {
    client = redis;
  }
  let failing = false;
  const noteFailure = (error: unknown): void => {
    if (failing) return;
    failing = true;
    log(`${name}: rate limit store (Redis) unavailable, counting in memory until it is back: ${error instanceof Error ? error.message : String(error)}`);
  };
  // ioredis reports connection trouble as 'error' events; unheard, they would crash the process.
  client.on('error', noteFailure);
  // Give a fresh connection a moment, so the first requests after start are counted in Redis.
  if (owned && client.status !== 'ready') await readyOrTimeout(client, connectWaitMs);

  return {
    limit,
    async hit(key, keyLimit = limit, keyWindowMs = windowMs) {
      const at = now();
      const window = Math.floor(at / keyWindowMs);
      // The limiter's own window keeps the key it always had; a longer one is named in the key.
      const redisKey = `${prefix}${keyWindowMs === windowMs ? '' : `w${keyWindowMs}:`}${window}:${key}`;
      try {
        const results = await client.multi().incr(redisKey).pexpire(redisKey, keyWindowMs).exec();
        const [incrError, count] = results?.[0] ?? [new Error('empty reply'), 0];
        if (incrError) throw incrError;
        if (failing) {
          failing = false;
          log(`${name}: rate limit store (Redis) is back`);
        }
        return decide(Number(count), keyLimit, window, keyWindowMs, at);
      } catch (error) {
        noteFailure(error);
        return fallback.hit(key, keyLimit, keyWindowMs);
      }
    },
    async close() {
      if (owned) client.disconnect();
      await fallback.close();
    },
  };
}

/** Redis when REDIS_URL is set, memory otherwise; the limit from the setting's variable. */
export async function rateLimiterFromEnv(
  setting: RateLimitSetting,
  env: NodeJS.ProcessEnv = process.env,
  log: (message: string) => void = console.error,
): Promise<RateLimiter> {
  const limit = rateLimitPerMinute(setting, env);
  const url = env.REDIS_URL?.trim();
  return url ? redisRateLimiter({ redis: url, limit, prefix: setting.prefix, name: setting.name, log }) : memoryRateLimiter({ limit });
}

export interface AddressLimit {
  /** Counted apart from every other bucket on the same limiter ('leads', 'files', 'search'). */
  bucket: string;
  /** Requests per window for this bucket (default the limiter's own). */
  limit?: number;
  /** TRUST_PROXY: which address is the client's. */
  env: NodeJS.ProcessEnv;
  /** The answer past the limit, in the route family's own shape; Retry-After is set already. */
  refuse: (c: Context<AppEnv>, retryAfterSeconds: number) => Response | Promise<Response>;
}

/** Counts the request in its bucket for the client address; past the limit, `refuse` answers. */
export function limitByAddress(limiter: RateLimiter, { bucket, limit = limiter.limit, env, refuse }: AddressLimit): MiddlewareHandler<AppEnv> {
  const trust = proxyTrust(env);
  return async (c, next) => {
    const decision = await limiter.hit(`${bucket}:${clientIp(c.env, c.req.header('x-forwarded-for'), trust)}`, limit);
    if (!decision.allowed) {
      c.header('Retry-After', String(decision.retryAfterSeconds));
      return refuse(c, decision.retryAfterSeconds);
    }
    await next();
  };
}
