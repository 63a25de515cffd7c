/** What the garage pages read off their root element: the site's slug, search and region. */
import type { CompareSite } from '../model/compare';
import { searchConfig, type SearchConfig } from '../../cars/browser/fetch-car';

export interface GarageSite extends CompareSite {
  slug: string;
  search: SearchConfig;
}

export function garageSite(root: HTMLElement): GarageSite | undefined {
  const { siteSlug, locale, region, units } = root.dataset;
  const search = searchConfig(root);
  if (!siteSlug || !locale || !search || (region !== 'AU' && region !== 'NZ' && region !== 'US') || (units !== 'km' && units !== 'miles')) return undefined;
  return { slug: siteSlug, locale, region, units, search };
}
