/**
 * Which cars a dealer's stock search may ever return: the listing rule every search page already
 * sends (`defaultListingFilter` in src/search/model/query.ts: in stock and coming soon, plus sold
 * cars flagged for the website and sold within `include_sold_cars_days`), enforced on the server.
 * The rule is the filter itself, run by the engine, so the server and the pages cannot disagree.
 *
 * Only that rule: the site filter, template and franchise filters choose what a page lists, but a
 * car outside them is not private (its car page is built, and its live refresh asks for it).
 */
import { SearchEngine, type DocumentSet } from '@dealer-sites/search-engine';
import type { DealerConfig } from '../../platform/config/schema';
import type { Vehicle } from '../../stock/model/vehicle';
import { indexSettings } from '../model/index-settings';
import { defaultListingFilter } from '../model/query';

// The rule reads no text, so its engine skips the text index (the one part built up front).
const RULE_SETTINGS = { ...indexSettings, searchableAttributes: [] };

/** The documents of `engine` the site lists at `nowSeconds`. */
export function listedScope(engine: SearchEngine, site: Pick<DealerConfig, 'search'>, nowSeconds: number): DocumentSet | null {
  // One OR group, as the pages send it.
  return engine.matching([defaultListingFilter(site, nowSeconds)]);
}

/** The vehicles the site lists at `nowSeconds`, in their order: what may go into a public index. */
export function listedVehicles(site: Pick<DealerConfig, 'search'>, vehicles: readonly Vehicle[], nowSeconds: number): Vehicle[] {
  const scope = listedScope(new SearchEngine(vehicles, RULE_SETTINGS), site, nowSeconds);
  return scope ? vehicles.filter((_, position) => scope.has(position)) : [...vehicles];
}

/** A car of the dealer's current stock by id (createStockLookup in src/stock/server/store.ts). */
export type CarLookup = (site: DealerConfig, carId: string) => Vehicle | undefined;

/** Whether the site lists `car` at `nowSeconds`: the same rule, run on the one car. */
export function isListed(site: Pick<DealerConfig, 'search'>, car: Vehicle, nowSeconds: number): boolean {
  return listedVehicles(site, [car], nowSeconds).length === 1;
}

/**
 * `lookup` narrowed to the cars the site lists at the clock's second. Every route a shopper
 * reaches looks cars up through this, so a car the site hides is, to a shopper, a car that does
 * not exist: the same answer, word for word, and nothing about it kept or sent to the dealer.
 */
export function listedCarLookup(lookup: CarLookup, now: () => number = Date.now): CarLookup {
  return (site, carId) => {
    const car = lookup(site, carId);
    return car && isListed(site, car, Math.floor(now() / 1000)) ? car : undefined;
  };
}
