import { describe, expect, it } from 'vitest';
import { SearchEngine } from '@dealer-sites/search-engine';
import { indexSettings } from '../model/index-settings';
import type { Vehicle } from '../../stock/model/vehicle';
import type { DealerConfig } from '../../platform/config/schema';
import { isListed, listedCarLookup, listedScope, listedVehicles } from './listed-stock';

const DAY = 86_400;
const NOW = 1_760_000_000;

// Only the fields the listing rule reads.
const stock = [
  { id: 1, status: 'in_stock', show_on_dealer_website: false, sold_date_timestamp: null },
  { id: 2, status: 'coming_soon', show_on_dealer_website: false, sold_date_timestamp: null },
  { id: 3, status: 'sold', show_on_dealer_website: true, sold_date_timestamp: NOW - 2 * DAY },
  { id: 4, status: 'sold', show_on_dealer_website: true, sold_date_timestamp: NOW - 4 * DAY },
  { id: 5, status: 'sold', show_on_dealer_website: false, sold_date_timestamp: NOW - DAY },
] as Vehicle[];

const site = (days: number) => ({ search: { include_sold_cars_days: days } }) as Parameters<typeof listedVehicles>[0];
const ids = (vehicles: readonly Vehicle[]) => vehicles.map((v) => v.id);

describe('listedVehicles', () => {
  it('keeps cars in stock and coming soon, and sold cars flagged for the website within the sold window', () => {
    expect(ids(listedVehicles(site(3), stock, NOW))).toEqual([1, 2, 3]);
  });

  it("follows the dealer's window and the clock", () => {
    expect(ids(listedVehicles(site(5), stock, NOW))).toEqual([1, 2, 3, 4]);
    expect(ids(listedVehicles(site(0), stock, NOW))).toEqual([1, 2]);
    expect(ids(listedVehicles(site(3), stock, NOW + DAY))).toEqual([1, 2, 3]);
    expect(ids(listedVehicles(site(3), stock, NOW + DAY + 1))).toEqual([1, 2]);
  });
});

describe('listedScope', () => {
  it('is the same rule as a scope over an engine', () => {
    const scope = listedScope(new SearchEngine(stock, indexSettings), site(3), NOW);
    expect(scope?.toArray()).toEqual(Int32Array.from([0, 1, 2]));
  });
});

describe('isListed and listedCarLookup', () => {
  it('is the same rule, one car at a time', () => {
    for (const days of [0, 3, 5]) {
      expect(stock.filter((car) => isListed(site(days), car, NOW)).map((car) => car.id)).toEqual(ids(listedVehicles(site(days), stock, NOW)));
    }
  });

  it('finds only the cars the site lists at the clock’s second, as if the others did not exist', () => {
    let now = NOW * 1000;
    const byId = new Map(stock.map((car) => [String(car.id), car]));
    const lookup = listedCarLookup(
      (_site, id) => byId.get(id),
      () => now,
    );
    const dealer = site(3) as DealerConfig;
    const found = () => ['1', '2', '3', '4', '5', '6'].filter((id) => lookup(dealer, id) !== undefined);
    expect(found()).toEqual(['1', '2', '3']);
    now += 2 * DAY * 1000;
    expect(found()).toEqual(['1', '2']);
  });
});
