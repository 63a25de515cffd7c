/**
 * What every car page of one build shares, worked out once per build rather than once per page:
 * a 2,400-car dealer renders this module's callers 2,400 times.
 */
import { perSite, site } from '../../platform/config/current';
import type { Location } from '../../platform/config/schema';
import { carSite, type CarSite, type CarView } from '../../stock/model/car';
import { repaymentOf } from '../../stock/model/repayments';
import { findCarLocation } from '../../stock/model/car-page';
import { sortLocations } from '../../dealer/model/locations';
import { dealerId } from '../../dealer/model/seo';
import { searchEndpoint, type SearchEndpoint } from '../../platform/config/search-endpoint';

export interface CarPageContext {
  carSite: CarSite;
  /** `@id` of the AutoDealer node BaseLayout's structured data describes (src/dealer/model/seo.ts). */
  sellerId: string;
  endpoint: SearchEndpoint;
  /** Visible locations, primary first: a car without a known location is shown at the first. */
  locations: Location[];
}

export function carPageContext(): CarPageContext {
  return perSite('car page context', () => ({
    // With the advertised finance terms: the car page and its shell show repayments from them.
    carSite: { ...carSite(site), ...repaymentOf(site) },
    sellerId: dealerId(site),
    endpoint: searchEndpoint(site),
    locations: sortLocations(site.locations),
  }));
}

/** Where the car stands, else the dealer's main location. */
export function carLocation(car: Pick<CarView, 'location_id' | 'location_name'>): Location | undefined {
  const { locations } = carPageContext();
  return findCarLocation(car, locations) ?? locations[0];
}
