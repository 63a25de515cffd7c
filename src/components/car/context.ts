/**
 * What every car page of one build shares, worked out once per build rather than once per page:
 * a 2,400-car dealer renders this module's callers 2,400 times.
 */
import { site } from '../../config/current';
import type { Location } from '../../config/schema';
import { carSite, findCarLocation, type CarSite, type CarView } from '../../lib/car';
import { sortLocations } from '../../lib/locations';
import { dealerId } from '../../lib/seo';
import { searchEndpoint, type SearchEndpoint } from '../../search/endpoint';
import { loadStock } from '../../stock/store';
import type { Vehicle } from '../../stock/vehicle';

export interface CarPageContext {
  carSite: CarSite;
  /** `@id` of the AutoDealer node BaseLayout's structured data describes (src/lib/seo.ts). */
  sellerId: string;
  endpoint: SearchEndpoint;
  /** Visible locations, primary first: a car without a known location is shown at the first. */
  locations: Location[];
}

let context: CarPageContext | undefined;
let stock: Vehicle[] | undefined;

export function carPageContext(): CarPageContext {
  context ??= {
    carSite: carSite(site),
    sellerId: dealerId(site),
    endpoint: searchEndpoint(site),
    locations: sortLocations(site.locations),
  };
  return context;
}

/** The dealer's stock, read (or generated) once per build for car pages, models and the sitemap. */
export function siteStock(): Vehicle[] {
  stock ??= loadStock(site);
  return stock;
}

/** Where the car stands, else the dealer's main location. */
export function carLocation(car: Pick<CarView, 'location_id' | 'location_name'>): Location | undefined {
  const { locations } = carPageContext();
  return findCarLocation(car, locations) ?? locations[0];
}
