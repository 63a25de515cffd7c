import { describe, expect, it } from 'vitest';
import { MAX_SAVED_CARS, type SavedCar } from '../../saved-cars/model/saved-list';
import { mergeLists } from './saved';
import { checkCars } from './routes';

const car = (id: number): SavedCar => ({ id: String(id), name: `Car ${id}`, slug: `car-${id}`, make: 'Toyota', model: 'Corolla' });

describe('mergeLists', () => {
  it("keeps the account's order, then adds the device's cars it lacks in the device's order", () => {
    expect(mergeLists([car(1), car(2)], [car(3), car(2), car(4)]).map((c) => c.id)).toEqual(['1', '2', '3', '4']);
    expect(mergeLists([], [car(3), car(3)]).map((c) => c.id)).toEqual(['3']);
  });

  it('stops at the cap, the account’s cars first', () => {
    const account = Array.from({ length: 40 }, (_, i) => car(i + 1));
    const device = Array.from({ length: 40 }, (_, i) => car(i + 100));
    const merged = mergeLists(account, device);
    expect(merged).toHaveLength(MAX_SAVED_CARS);
    expect(merged.slice(0, 40)).toEqual(account);
  });
});

describe('checkCars', () => {
  it('takes saved-car entries, dropping repeats', () => {
    expect(checkCars([car(1), { ...car(1), name: 'Again' }, { ...car(2), id: 2 }])).toEqual({ ok: true, cars: [car(1), car(2)] });
  });

  it('names each entry that is not a car of this site, or carries control characters', () => {
    expect(checkCars([car(1), 'x', { ...car(2), id: '0' }, { ...car(3), make: 'Toy\nota' }, { ...car(4), model: 'a\u202eb' }])).toEqual({
      ok: false,
      fields: {
        'cars.1': 'This is not a car of this site.',
        'cars.2': 'This is not a car of this site.',
        'cars.3': 'Use letters, digits and punctuation only.',
        'cars.4': 'Use letters, digits and punctuation only.',
      },
    });
  });
});
