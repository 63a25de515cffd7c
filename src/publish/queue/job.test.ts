import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY, errorText, mergeJobs, parsePublishRequest, retryDelayMs, retryOptions, type PublishJob } from './job';

const job = (fields: Partial<PublishJob>): PublishJob => ({ dealer: 'acme-motors', reasons: ['stock'], requestedAt: '2026-11-02T10:00:00.000Z', ...fields });

describe('mergeJobs', () => {
  it('joins reasons and changed cars in first-asked order, keeping the earlier request time', () => {
    const waiting = job({ reasons: ['stock', 'code'], changedCars: ['c1', 'c2'], requestedAt: '2026-11-02T10:00:00.000Z' });
    const next = job({ reasons: ['dealer-file', 'stock'], changedCars: ['c2', 'c3'], requestedAt: '2026-11-02T10:05:00.000Z' });
    expect(mergeJobs(waiting, next)).toEqual({
      dealer: 'acme-motors',
      reasons: ['stock', 'code', 'dealer-file'],
      changedCars: ['c1', 'c2', 'c3'],
      requestedAt: '2026-11-02T10:00:00.000Z',
    });
    expect(mergeJobs(next, waiting).requestedAt).toBe('2026-11-02T10:00:00.000Z');
  });

  it('publishes every car when either side does not know which changed', () => {
    expect(mergeJobs(job({ changedCars: ['c1'] }), job({})).changedCars).toBeUndefined();
    expect(mergeJobs(job({}), job({ changedCars: ['c1'] })).changedCars).toBeUndefined();
    expect('changedCars' in mergeJobs(job({}), job({ changedCars: ['c1'] }))).toBe(false);
  });

  it('takes the new job as it is when nothing waits, and refuses to merge two dealers', () => {
    const next = job({ changedCars: ['c1'] });
    expect(mergeJobs(undefined, next)).toBe(next);
    expect(() => mergeJobs(job({}), job({ dealer: 'other-motors' }))).toThrow('mergeJobs: acme-motors and other-motors are different dealers');
  });
});

describe('parsePublishRequest', () => {
  it('passes a good request and names each bad field', () => {
    expect(parsePublishRequest({ dealer: 'acme-motors', reasons: ['code'], changedCars: ['KT-1'] })).toEqual({
      dealer: 'acme-motors',
      reasons: ['code'],
      changedCars: ['KT-1'],
    });
    expect(() => parsePublishRequest({ dealer: '../etc', reasons: ['stock'] })).toThrow(
      'publish request: dealer: must be a dealer slug (lower-case letters, digits and hyphens)',
    );
    expect(() => parsePublishRequest({ dealer: 'acme-motors', reasons: ['nightly' as 'code'], changedCars: [''] })).toThrow(
      /^publish request: reasons\.0: .*; changedCars\.0: /,
    );
  });
});

describe('retries', () => {
  it('defaults to 3 tries, 5 s apart and doubling', () => {
    expect(retryOptions()).toEqual(DEFAULT_RETRY);
    expect(DEFAULT_RETRY).toEqual({ attempts: 3, delaySeconds: 5, backoff: true });
    expect(() => retryOptions({ attempts: 0 })).toThrow('retry.attempts must be a whole number of at least 1 (got 0)');
    expect(() => retryOptions({ delaySeconds: -1 })).toThrow('retry.delaySeconds must be 0 or more (got -1)');
  });

  it('waits as pg-boss does: the delay doubling with each failed try, plus up to as much again of jitter', () => {
    const retry = { attempts: 4, delaySeconds: 5, backoff: true };
    expect([1, 2, 3].map((failed) => retryDelayMs(retry, failed, () => 0))).toEqual([5_000, 10_000, 20_000]);
    expect([1, 2, 3].map((failed) => retryDelayMs(retry, failed, () => 1))).toEqual([10_000, 20_000, 40_000]);
    expect(retryDelayMs({ ...retry, backoff: false }, 3, () => 1)).toBe(5_000);
    expect(retryDelayMs({ ...retry, delaySeconds: 0 }, 2)).toBe(0);
  });
});

describe('errorText', () => {
  it('reports an error by its message, anything else as it was thrown', () => {
    expect(errorText(new Error('disk full'))).toBe('disk full');
    expect(errorText(new TypeError(''))).toBe('TypeError');
    expect(errorText('refused')).toBe('refused');
    expect(errorText({ status: 503 })).toBe('{"status":503}');
    expect(errorText(undefined)).toBe('undefined');
  });
});
