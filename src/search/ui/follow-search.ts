/**
 * The page follows the shopper's search once they change it (SearchApp loads this then, not
 * before: the landing page wording tables cost the first download nothing).
 */
import type { SearchState } from '../model/state';
import type { SearchSite } from '../model/site';
import { landingMeta } from '../model/landing';

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
