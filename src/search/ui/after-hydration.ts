/**
 * The search island's parts that load just after hydration (see SearchApp): one chunk, one request.
 * Nothing here is needed for the first paint: the postcode box, the wording of a changed search's
 * heading, title and canonical link, the error notice, and the range filters' number boxes and
 * quick picks. The reading of a typed query (../browser/understand.ts) is a chunk of its own,
 * fetched only by an address that carries one.
 */
import type { SearchState } from '../model/state';
import type { SearchSite } from '../model/site';
import { landingMeta } from '../model/landing';

export { NearestBox } from './NearestBox';
export { SearchErrorView } from './SearchError';
export { RangeChoices } from './RangeChoices';

/**
 * The page follows the shopper's search: its title, and its canonical link, which is the page's
 * own clean URL (the shell page stands in for any search path, and a refined search may have moved
 * to another). Returns the heading to show.
 */
export function followSearch(state: SearchState, site: SearchSite): string {
  const meta = landingMeta(state, site);
  document.title = meta.title;
  const canonical = document.querySelector<HTMLLinkElement>('link[rel=canonical]');
  if (canonical) canonical.href = new URL(location.pathname, canonical.href).href;
  return meta.h1;
}
