/**
 * Search URLs (spec §2 "Search path building"): the shopper's state to a landing path plus query
 * string, and back. `routeToState(stateToRoute(s))` round-trips.
 *
 * CONTRACT (bodies to be written): signatures are fixed; other modules already call them.
 */
import type { SearchSite } from './site';
import type { SearchState } from './state';

/** e.g. `/search/used-cars-brisbane?make=Toyota,Mazda&sortBy=price:asc&page=2`. */
export function stateToRoute(_state: SearchState, _site: SearchSite): string {
  throw new Error('not implemented');
}

/** The state a search URL (path and query string, or absolute URL) stands for. */
export function routeToState(_url: string, _site: SearchSite): SearchState {
  throw new Error('not implemented');
}
