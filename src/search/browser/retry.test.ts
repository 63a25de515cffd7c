import { describe, expect, it } from 'vitest';
import { RETRY_MAX_MS, retryDelay } from './retry';

describe('automatic retry after a failed search', () => {
  it('backs off 2, 4, 8, 16 seconds, then every 30', () => {
    expect([0, 1, 2, 3, 4, 5, 50].map(retryDelay)).toEqual([2000, 4000, 8000, 16_000, RETRY_MAX_MS, RETRY_MAX_MS, RETRY_MAX_MS]);
  });

  it('treats nonsense as the first attempt', () => {
    expect(retryDelay(-1)).toBe(2000);
    expect(retryDelay(Number.NaN)).toBe(2000);
  });
});
