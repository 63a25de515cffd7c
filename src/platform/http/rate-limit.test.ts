import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { memoryRateLimiter, rateLimiterFromEnv, rateLimitPerMinute, redisRateLimiter, type RateLimiter, type RateLimitSetting } from './rate-limit';

const setting: RateLimitSetting = { variable: 'TEST_RATE_LIMIT_PER_MINUTE', perMinute: 30, prefix: 'test:rate:', name: 'tests' };

async function hits(limiter: RateLimiter, key: string, n: number): Promise<boolean[]> {
  const out: boolean[] = [];
  for (let i = 0; i < n; i++) out.push((await limiter.hit(key)).allowed);
  return out;
}

describe('rateLimitPerMinute', () => {
  it("defaults to the setting's figure and refuses nonsense in its variable", () => {
    expect(rateLimitPerMinute(setting, {})).toBe(30);
    expect(rateLimitPerMinute(setting, { TEST_RATE_LIMIT_PER_MINUTE: '5' })).toBe(5);
    for (const bad of ['0', '-1', '2.5', 'many']) {
      expect(() => rateLimitPerMinute(setting, { TEST_RATE_LIMIT_PER_MINUTE: bad })).toThrow('TEST_RATE_LIMIT_PER_MINUTE');
    }
  });
});

describe('memoryRateLimiter', () => {
  it('allows the limit per key per window, then refuses until the next window', async () => {
    let now = 120_000 + 15_000;
    const limiter = memoryRateLimiter({ limit: 3, now: () => now });
    expect(await hits(limiter, 'a', 4)).toEqual([true, true, true, false]);
    expect(await limiter.hit('a')).toEqual({ allowed: false, retryAfterSeconds: 45 });
    expect((await limiter.hit('b')).allowed).toBe(true);
    now = 180_000;
    expect(await hits(limiter, 'a', 3)).toEqual([true, true, true]);
  });

  it('takes a limit per hit, for the buckets that count lower or higher', async () => {
    const limiter = memoryRateLimiter({ limit: 30, now: () => 0 });
    expect(limiter.limit).toBe(30);
    const out: boolean[] = [];
    for (let i = 0; i < 6; i++) out.push((await limiter.hit('files:a', 5)).allowed);
    expect(out).toEqual([true, true, true, true, true, false]);
    expect((await limiter.hit('leads:a')).allowed).toBe(true);
  });

  it('takes a window per hit: a day’s cap counts apart from the minute’s and waits out the day', async () => {
    const DAY = 24 * 60 * 60 * 1000;
    let now = DAY + 60_000;
    const limiter = memoryRateLimiter({ limit: 10, now: () => now });
    const day: boolean[] = [];
    for (let i = 0; i < 3; i++) {
      day.push((await limiter.hit('mail:a', 2, DAY)).allowed);
      now += 60_000;
    }
    expect(day).toEqual([true, true, false]);
    expect((await limiter.hit('mail:a', 2, DAY)).retryAfterSeconds).toBe((DAY - 4 * 60_000) / 1000);
    // The minute's count of the same key is its own.
    expect((await limiter.hit('mail:a', 2)).allowed).toBe(true);
    now = 2 * DAY;
    expect((await limiter.hit('mail:a', 2, DAY)).allowed).toBe(true);
  });
});

describe('redisRateLimiter', () => {
  it('falls back to counting in memory when Redis is down, and logs that once', async () => {
    const logged: string[] = [];
    // Nothing listens on port 1.
    const limiter = await redisRateLimiter({ redis: 'redis://127.0.0.1:1', limit: 2, name: 'tests', connectWaitMs: 50, log: (m) => logged.push(m) });
    try {
      expect(await hits(limiter, 'a', 3)).toEqual([true, true, false]);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(logged).toHaveLength(1);
      expect(logged[0]).toMatch(/^tests: .*counting in memory/);
    } finally {
      await limiter.close();
    }
  });

  it.runIf(Boolean(process.env.REDIS_URL))('counts in Redis, shared between limiters', async () => {
    const url = process.env.REDIS_URL ?? '';
    const prefix = `test:${randomUUID()}:`;
    // One pinned clock, so a minute boundary cannot fall between the hits.
    const at = Date.now();
    const now = (): number => at;
    const first = await redisRateLimiter({ redis: url, limit: 3, prefix, now, log: () => undefined });
    const second = await redisRateLimiter({ redis: url, limit: 3, prefix, now, log: () => undefined });
    try {
      expect(await hits(first, 'ip', 2)).toEqual([true, true]);
      const third = await second.hit('ip');
      expect(third.allowed).toBe(true);
      const fourth = await second.hit('ip');
      expect(fourth.allowed).toBe(false);
      expect(fourth.retryAfterSeconds).toBeGreaterThan(0);
      expect(fourth.retryAfterSeconds).toBeLessThanOrEqual(60);
      // A hit's own limit is counted in Redis too.
      expect([(await first.hit('files', 1)).allowed, (await second.hit('files', 1)).allowed]).toEqual([true, false]);
      // And a hit's own window, apart from the minute's count of the same key.
      const day = 24 * 60 * 60 * 1000;
      expect([(await first.hit('mail', 1, day)).allowed, (await second.hit('mail', 1, day)).allowed]).toEqual([true, false]);
      expect((await second.hit('mail', 1, day)).retryAfterSeconds).toBeGreaterThan(60);
      expect((await first.hit('mail', 1)).allowed).toBe(true);
    } finally {
      await first.close();
      await second.close();
    }
  });
});

describe('rateLimiterFromEnv', () => {
  it('counts in memory without REDIS_URL', async () => {
    const limiter = await rateLimiterFromEnv(setting, { TEST_RATE_LIMIT_PER_MINUTE: '1' });
    expect(await hits(limiter, 'x', 2)).toEqual([true, false]);
    await limiter.close();
  });
});
