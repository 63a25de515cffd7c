import { describe, expect, it } from 'vitest';
import { testCar } from '../../../tests/support/test-car';
import { holdDecision } from './feed-hold';

const cars = (n: number, status: 'in_stock' | 'sold' = 'in_stock') =>
  Array.from({ length: n }, (_, i) => testCar({ id: i + 1, slug: `car-${i + 1}`, status, ...(status === 'sold' ? { sold_date_timestamp: 1 } : {}) }));

describe('holdDecision', () => {
  const base = { demoListed: false, rows: 10, badRows: 0, maxShare: 0.3 };

  it('lets a feed through that takes off up to the share, and holds one that takes off more', () => {
    expect(holdDecision({ ...base, listedNow: cars(10), next: cars(7) })).toMatchObject({ held: false, removed: 3, listed: 10 });
    expect(holdDecision({ ...base, listedNow: cars(10), next: cars(6) })).toMatchObject({
      held: true,
      reason: 'it would take 4 of the 10 cars listed now off the site (40 %; the dealer file allows 30 % (stock_feed.max_removed_share))',
    });
  });

  it('does not count sold cars as listed, nor a car the feed marks sold as taken off', () => {
    const sold = cars(10).map((car, i) => (i < 5 ? { ...car, status: 'sold' as const, sold_date_timestamp: 1 } : car));
    expect(holdDecision({ ...base, listedNow: [...cars(5, 'sold').map((c) => ({ ...c, id: c.id + 100 })), ...cars(10)], next: sold }).held).toBe(false);
  });

  it('counts bad rows as taken off, and holds an empty feed while the site lists cars', () => {
    expect(holdDecision({ ...base, listedNow: [], next: cars(6), rows: 10, badRows: 4 })).toMatchObject({
      held: true,
      reason: '4 of its 10 rows are bad and would be left out (40 %; the dealer file allows 30 % (stock_feed.max_removed_share))',
    });
    expect(holdDecision({ ...base, listedNow: cars(3), next: [], rows: 0, maxShare: 1 })).toMatchObject({
      held: true,
      reason: 'the feed has no cars: it would empty the site',
    });
    expect(holdDecision({ ...base, listedNow: [], demoListed: true, next: [], rows: 0 }).held).toBe(true);
    expect(holdDecision({ ...base, listedNow: [], next: [], rows: 0 }).held).toBe(false);
  });
});
