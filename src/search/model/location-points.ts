/**
 * Where each car is, for distance search: a car's `_geo` is the point of the location that holds
 * it (its `location_id`, else its `location_name`), from the dealer file's address lat/long. A car
 * whose location is unknown or has no coordinates gets none, and sorts after every located car
 * when a search is "Nearest first".
 */
import type { DealerConfig } from '../../platform/config/schema';
import type { Vehicle } from '../../stock/model/vehicle';

export type GeoPoint = { lat: number; lng: number };
export type LocatedVehicle = Vehicle & { _geo?: GeoPoint };

/** The search documents for a dealer's stock: each car with `_geo` from its location. */
export function withLocationPoints(site: Pick<DealerConfig, 'locations'>, stock: readonly Vehicle[]): LocatedVehicle[] {
  const byId = new Map<string, GeoPoint>();
  const byName = new Map<string, GeoPoint>();
  for (const location of site.locations) {
    const { lat, long } = location.address;
    if (lat === undefined || long === undefined) continue;
    const point = { lat, lng: long };
    byId.set(String(location.id), point);
    byName.set(location.name, point);
  }
  return stock.map((car) => {
    const point =
      (car.location_id !== undefined ? byId.get(String(car.location_id)) : undefined) ?? (car.location_name ? byName.get(car.location_name) : undefined);
    return point ? { ...car, _geo: { ...point } } : car;
  });
}
