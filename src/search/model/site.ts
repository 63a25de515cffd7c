import type { DealerConfig } from '../../platform/config/schema';
import { siteVocabulary, type SiteVocabulary } from './routing';

/**
 * The part of a dealer's config that search code needs. Islands and browser scripts get only
 * this (serialised into the page), never the whole config. `site_vocabulary` is what routing
 * needs of the rest (make, model, location, city and state names) so search paths read back in
 * the browser exactly as they do in the build.
 */
/** How the index reads words: the server's and Meilisearch's business, never sent to the browser. */
type IndexOnlySearch = 'synonyms' | 'stop_words' | 'typo_tolerance';

export type SearchSite = Pick<DealerConfig, 'slug' | 'name' | 'region' | 'locale' | 'manufacturer' | 'features'> & {
  search: Omit<DealerConfig['search'], IndexOnlySearch>;
  /** Optional only so older serialised sites still parse; searchSite() always sets it. */
  site_vocabulary?: SiteVocabulary;
};

export function searchSite(site: DealerConfig): SearchSite {
  const { slug, name, region, locale, manufacturer, features } = site;
  const { synonyms: _synonyms, stop_words: _stopWords, typo_tolerance: _typoTolerance, ...search } = site.search;
  return { slug, name, region, locale, search, manufacturer, features, site_vocabulary: siteVocabulary(site) };
}
