import { describe, expect, it } from 'vitest';
import { carTypeCounts, displayCount, pagination, ResultCache, stableKey } from './results';

describe('displayed count: counts above 1999 are replaced by the sum of facet counts', () => {
  const facets = { car_type: { new: 900, demo: 150, used: 1400 }, make: { Toyota: 10 } };

  it('shows the estimate up to 1,999', () => {
    expect(displayCount(1999, facets)).toBe(1999);
    expect(displayCount(0, facets)).toBe(0);
  });

  it('shows the sum of the car type counts above 1,999', () => {
    expect(displayCount(2000, facets)).toBe(2450);
    expect(displayCount(5000, facets, 'make')).toBe(10);
  });

  it('keeps the estimate when the facet is missing or empty', () => {
    expect(displayCount(2500, {})).toBe(2500);
    expect(displayCount(2500, undefined)).toBe(2500);
    expect(displayCount(2500, { car_type: {} })).toBe(2500);
  });

  it('never shows a negative or fractional count', () => {
    expect(displayCount(-3, facets)).toBe(0);
    expect(displayCount(Number.NaN, facets)).toBe(0);
    expect(displayCount(2500, { car_type: { new: -5, used: 2.5, demo: Number.NaN } })).toBe(2);
  });
});

describe('pagination: ceiling of total hits / page size', () => {
  it('lists page numbers', () => {
    expect(pagination(0, 21)).toEqual([]);
    expect(pagination(21, 21)).toEqual([1]);
    expect(pagination(22, 21)).toEqual([1, 2]);
    expect(pagination(2450, 21)).toHaveLength(117);
  });

  it('has no pages for a page size that is not positive', () => {
    expect(pagination(100, 0)).toEqual([]);
    expect(pagination(100, -21)).toEqual([]);
  });
});

describe('car type counts: shown in the order new, demo, used', () => {
  const configured = { new: 86, demo: 14, used: 0 };

  it('lists types with stock in the order new, demo, used', () => {
    expect(carTypeCounts({ car_type: { used: 12, new: 3, demo: 0 } }, configured)).toEqual([
      { type: 'new', count: 3 },
      { type: 'used', count: 12 },
    ]);
  });

  it('falls back to the configured counts when the live counts are missing', () => {
    expect(carTypeCounts(undefined, configured)).toEqual([
      { type: 'new', count: 86 },
      { type: 'demo', count: 14 },
    ]);
    expect(carTypeCounts({ make: { Toyota: 1 } }, configured)).toHaveLength(2);
  });
});

describe('result cache: kept per unique query, oldest evicted first when full', () => {
  it('keeps one result per key and evicts the oldest first', () => {
    const cache = new ResultCache<number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.set('c', 3);
    expect([cache.get('a'), cache.get('b'), cache.get('c'), cache.size]).toEqual([undefined, 2, 3, 2]);
    cache.set('b', 20);
    cache.set('d', 4);
    expect([cache.has('b'), cache.has('c'), cache.has('d')]).toEqual([true, false, true]);
  });

  it('refuses a size below 1', () => {
    expect(() => new ResultCache(0)).toThrow(RangeError);
  });

  it('shares a request in flight and keeps its answer', async () => {
    const cache = new ResultCache<string>(50);
    let calls = 0;
    let finish: (value: string) => void = () => undefined;
    const loader = () => {
      calls++;
      return new Promise<string>((resolve) => (finish = resolve));
    };
    const first = cache.load('q', loader);
    const second = cache.load('q', loader);
    finish('answer');
    expect(await Promise.all([first, second])).toEqual(['answer', 'answer']);
    expect(await cache.load('q', loader)).toBe('answer');
    expect(calls).toBe(1);
  });

  it('does not keep failures, so the next request tries again', async () => {
    const cache = new ResultCache<string>(50);
    await expect(cache.load('q', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(cache.has('q')).toBe(false);
    expect(await cache.load('q', () => Promise.resolve('back'))).toBe('back');
  });

  it('keys requests by their content, whatever the order of their fields', () => {
    expect(stableKey({ b: 1, a: { d: [2, { f: 1, e: 0 }], c: 3 } })).toBe(stableKey({ a: { c: 3, d: [2, { e: 0, f: 1 }] }, b: 1 }));
    expect(stableKey({ a: [1, 2] })).not.toBe(stableKey({ a: [2, 1] }));
  });
});
