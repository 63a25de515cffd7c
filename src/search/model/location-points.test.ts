import { describe, expect, it } from 'vitest';
import type { Vehicle } from '../../stock/model/vehicle';
import { withLocationPoints } from './location-points';

const site = {
  locations: [
    { id: 7, name: 'North Lakes', address: { lat: -27.2361, long: 153.0206 } },
    { id: 'b-9', name: 'Penrith', address: { lat: -33.756, long: 150.686 } },
    { id: 3, name: 'Coming soon', address: {} },
  ],
} as unknown as Parameters<typeof withLocationPoints>[0];

const car = (fields: Partial<Vehicle>) => ({ id: 1, ...fields }) as Vehicle;

describe('withLocationPoints', () => {
  it("gives each car its location's point by id, else by name", () => {
    const [byId, byStringId, byName] = withLocationPoints(site, [car({ location_id: 7 }), car({ location_id: 'b-9' }), car({ location_name: 'Penrith' })]);
    expect(byId!._geo).toEqual({ lat: -27.2361, lng: 153.0206 });
    expect(byStringId!._geo).toEqual({ lat: -33.756, lng: 150.686 });
    expect(byName!._geo).toEqual({ lat: -33.756, lng: 150.686 });
  });

  it('leaves a car without a known, placed location without a point', () => {
    const cars = withLocationPoints(site, [car({ location_id: 3 }), car({ location_id: 99 }), car({})]);
    expect(cars.map((c) => c._geo)).toEqual([undefined, undefined, undefined]);
  });
});
