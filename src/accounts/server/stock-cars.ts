/**
 * The dealer's cars by id, as far as enquiries and interest need them: name, slug, type and the
 * dealership it is sold from. Read from the dealer's stock (stock/server/store.ts) once per stock
 * version, not once a request.
 */
import type { DealerConfig } from '../../platform/config/schema';
import { loadStock, stockVersion } from '../../stock/server/store';

export interface StockCar {
  id: string;
  name: string;
  slug: string;
  car_type: string;
  dealership_slug?: string;
  location_id?: string;
}

const cache = new Map<string, { version: string; cars: Map<string, StockCar> }>();

/** The car with this stock id in the dealer's current stock; undefined when it is not there (sold, or never was). */
export function stockCar(site: DealerConfig, id: string, env: NodeJS.ProcessEnv): StockCar | undefined {
  const version = stockVersion(site, env);
  let entry = cache.get(site.slug);
  if (entry?.version !== version) {
    const cars = new Map<string, StockCar>();
    for (const v of loadStock(site, env)) {
      cars.set(String(v.id), {
        id: String(v.id),
        name: v.name,
        slug: v.slug,
        car_type: v.car_type,
        ...(v.dealership_slug ? { dealership_slug: v.dealership_slug } : {}),
        ...(v.location_id !== undefined ? { location_id: String(v.location_id) } : {}),
      });
    }
    entry = { version, cars };
    cache.set(site.slug, entry);
  }
  return entry.cars.get(id);
}
