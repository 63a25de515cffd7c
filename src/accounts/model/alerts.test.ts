import { describe, expect, it } from 'vitest';
import { alertKey, countAlerts, type AlertCar } from './alerts';

const car: AlertCar = { id: '42', name: '2021 Toyota RAV4 GX', slug: 'rav4-42', make: 'Toyota', model: 'RAV4', price: 30000 };
const search = { id: 's1', name: 'SUVs', path: '/search/suv' };

describe('alert keys', () => {
  it('name the account, kind, car and for a price drop the new price', () => {
    expect(alertKey('a1', { kind: 'price_drop', car, was: 32000, now: 30000 })).toBe('a1:price_drop:42:30000');
    expect(alertKey('a1', { kind: 'sold', car })).toBe('a1:sold:42:');
    expect(alertKey('a1', { kind: 'new_match', car, search })).toBe('a1:new_match:42:');
  });

  it('differ for a further drop, and not for the same one found again', () => {
    const first = alertKey('a1', { kind: 'price_drop', car, was: 32000, now: 30000 });
    expect(alertKey('a1', { kind: 'price_drop', car, was: 31000, now: 30000 })).toBe(first);
    expect(alertKey('a1', { kind: 'price_drop', car, was: 30000, now: 29000 })).not.toBe(first);
    expect(alertKey('a2', { kind: 'price_drop', car, was: 32000, now: 30000 })).not.toBe(first);
  });

  it('are counted by kind', () => {
    expect(
      countAlerts([
        { kind: 'sold', car },
        { kind: 'new_match', car, search },
        { kind: 'sold', car },
      ]),
    ).toEqual({ price_drop: 0, sold: 2, new_match: 1 });
  });
});
