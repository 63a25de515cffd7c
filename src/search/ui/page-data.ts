/**
 * Build-time data for the search pages: which landing pages exist, the vocabulary islands need
 * to read search paths back, and what result cards need of the config.
 */
import type { DealerConfig } from '../../platform/config/schema';
import { landingFacets, landingPages, type LandingFacets, type LandingPage } from '../model/landing';
import { isPreOwnedSite, vocabularyFromFacets, type Vocabulary } from '../model/routing';
import type { Vehicle } from '../../stock/model/vehicle';
import type { CardSite } from './HitCard';
import { repaymentOf } from '../../stock/model/repayments';

export function cardSite(site: DealerConfig): CardSite {
  return {
    slug: site.slug,
    region: site.region,
    locale: site.locale,
    units: site.units,
    saved_cars: site.features.saved_cars,
    ...(isPreOwnedSite(site) ? { pre_owned: true } : {}),
    ...(site.image_cdn ? { image_cdn: site.image_cdn } : {}),
    ...repaymentOf(site),
  };
}

/**
 * Counts from the cars a listing shows, as the sitemap takes them (src/site/site-pages.ts): sold
 * cars are left out, so no landing page exists that only sold cars would fill.
 */
export function listedFacets(stock: readonly Vehicle[]): LandingFacets {
  return landingFacets(stock.filter((car) => car.status !== 'sold'));
}

/** Fields a search path can carry; only their values are needed to read a path back. */
const PATH_FIELDS = ['make', 'model', 'body', 'drive', 'fuel', 'state', 'city', 'location_name', 'dealership_name', 'categories'] as const;

/** Stock values of the path fields, for the island (values of other fields stay in the build). */
export function pathVocabulary(facets: LandingFacets): Vocabulary {
  const all = vocabularyFromFacets(facets);
  const vocabulary: Vocabulary = {};
  for (const field of PATH_FIELDS) {
    const values = all[field];
    if (values && values.length > 0) vocabulary[field] = [...values].sort();
  }
  return vocabulary;
}

export function searchLandingPages(site: DealerConfig, facets: LandingFacets): LandingPage[] {
  return landingPages(site, facets);
}

/** landingMeta titles end in " | Dealer"; the layout adds that itself. */
export function pageTitle(title: string, site: Pick<DealerConfig, 'name'>): string {
  const suffix = ` | ${site.name}`;
  return title.endsWith(suffix) ? title.slice(0, -suffix.length) : title;
}
