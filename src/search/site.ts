import type { DealerConfig } from '../config/schema';

/**
 * The part of a dealer's config that search code needs. Islands and browser scripts get only
 * this (serialised into the page), never the whole config.
 */
export type SearchSite = Pick<DealerConfig, 'slug' | 'name' | 'template' | 'region' | 'locale' | 'search' | 'manufacturer' | 'features'>;

export function searchSite(site: DealerConfig): SearchSite {
  const { slug, name, template, region, locale, search, manufacturer, features } = site;
  return { slug, name, template, region, locale, search, manufacturer, features };
}
