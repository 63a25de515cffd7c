import { describe, expect, it } from 'vitest';
import { memoryRateLimiter } from '../../platform/http/rate-limit';
import { LEAD_RATE_LIMIT, RATE_BUCKETS } from './rate-limit';

describe('lead rate limits', () => {
  it('read LEADS_RATE_LIMIT_PER_MINUTE, 30 by default, counted apart from other route families', () => {
    expect(LEAD_RATE_LIMIT).toMatchObject({ variable: 'LEADS_RATE_LIMIT_PER_MINUTE', perMinute: 30, prefix: 'leads:rate:' });
  });

  it('give files a sixth of the lead limit, never below one a minute', async () => {
    const limiter = memoryRateLimiter({ limit: 30, now: () => 0 });
    const files = RATE_BUCKETS.files(limiter.limit);
    expect(files).toBe(5);
    const out: boolean[] = [];
    for (let i = 0; i < 6; i++) out.push((await limiter.hit('files:a', files)).allowed);
    expect(out).toEqual([true, true, true, true, true, false]);
    expect(RATE_BUCKETS.files(1)).toBe(1);
    expect(RATE_BUCKETS.leads(30)).toBe(30);
  });
});
