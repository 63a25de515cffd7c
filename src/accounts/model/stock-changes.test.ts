import { describe, expect, it } from 'vitest';
import { testCar } from '../../../tests/support/test-car';
import { nextWatch, stockChanges, watchRows, type WatchedCar } from './stock-changes';

const car = (id: number, price: number, status: 'in_stock' | 'coming_soon' | 'sold' = 'in_stock') =>
  testCar({ id, slug: `car-${id}`, price, status, ...(status === 'sold' ? { sold_date_timestamp: 1_760_000_000 } : {}) });
const row = (id: number, price: number | null, sold = false): WatchedCar => ({ car_id: String(id), price, sold });

describe('stockChanges', () => {
  it('finds a price drop only between two given prices of a car for sale', () => {
    const changes = stockChanges(
      [row(1, 30000), row(2, 30000), row(3, 0), row(4, 30000), row(5, 30000, true), row(6, null)],
      [car(1, 28500), car(2, 31000), car(3, 20000), car(4, 0), car(5, 20000), car(6, 20000)],
    );
    expect([...changes.priceDrops.values()]).toEqual([{ car_id: '1', was: 30000, now: 28500 }]);
    expect(changes.sold.size).toBe(0);
    expect(changes.arrived.size).toBe(0);
  });

  it('counts a car sold or gone from the feed as sold, once', () => {
    const changes = stockChanges([row(1, 30000), row(2, 30000), row(3, 30000, true), row(4, 30000)], [car(1, 30000, 'sold'), car(4, 30000, 'coming_soon')]);
    expect([...changes.sold].sort()).toEqual(['1', '2']);
    expect(changes.priceDrops.size).toBe(0);
  });

  it('finds cars for sale that were never seen, but not a car back after selling', () => {
    const changes = stockChanges([row(1, 30000, true)], [car(1, 30000), car(2, 20000), car(3, 20000, 'sold')]);
    expect([...changes.arrived]).toEqual(['2']);
  });

  it('watches whole prices, so cents in a feed are no price drop', () => {
    expect(watchRows([car(1, 30000.4)])).toEqual([row(1, 30000)]);
    expect(stockChanges([row(1, 30000)], [car(1, 29999.6)]).priceDrops.size).toBe(0);
    expect(stockChanges([row(1, 30000)], [car(1, 29499.5)]).priceDrops.get('1')).toEqual({ car_id: '1', was: 30000, now: 29500 });
  });
});

describe('the watch kept after a run', () => {
  it('is the new stock, sold cars marked', () => {
    expect(watchRows([car(1, 100), car(2, 200, 'sold')])).toEqual([row(1, 100), row(2, 200, true)]);
  });

  it('keeps the old row, or no row, for cars whose alert could not be sent', () => {
    const previous = [row(1, 30000), row(2, 30000), row(3, 30000)];
    const current = [car(1, 25000), car(3, 30000), car(4, 10000)];
    const kept = nextWatch(previous, current, new Set(['1', '2', '4']));
    expect(kept.sort((a, b) => a.car_id.localeCompare(b.car_id))).toEqual([row(1, 30000), row(2, 30000), row(3, 30000)]);
    // The next run finds the same changes again.
    const again = stockChanges(kept, current);
    expect(again.priceDrops.get('1')).toEqual({ car_id: '1', was: 30000, now: 25000 });
    expect([...again.sold]).toEqual(['2']);
    expect([...again.arrived]).toEqual(['4']);
  });
});
