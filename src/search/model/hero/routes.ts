/**
 * Where the hero's buttons go, through the site's search path builder. Kept apart from the
 * rest of the hero so the home page fetches the path builder only once the shopper uses the hero.
 */
import { stateToRoute } from '../routing';
import type { SearchSite } from '../site';
import { budgetSearchState } from './budget';
import { heroSearchState } from './hero-state';
import type { HeroSelection } from './remembered';

/** The search button: e.g. "/search/used-cars?make=Toyota" or "/search/toyota/rav4". */
export function heroSearchPath(selection: HeroSelection, site: SearchSite): string {
  return stateToRoute(heroSearchState(selection), site);
}

/** The budget link: the search path with `range[price]=1001:{max}`, priced cars up to that price. */
export function budgetSearchPath(maxPrice: number, site: SearchSite): string {
  return stateToRoute(budgetSearchState(maxPrice), site);
}
