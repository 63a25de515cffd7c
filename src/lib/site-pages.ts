/**
 * The brochure pages each dealer site has, for the sitemap and the tests. Dynamic pages come
 * from the config so the sitemap cannot drift from what the build produced.
 */
import type { DealerConfig } from '../config/schema';
import { contactPages, sortLocations } from './locations';

export const BROCHURE_PATHS = ['/', '/contact', '/privacy-policy', '/service', '/finance', '/sell-my-car', '/valuations'] as const;

export function sitePaths(site: DealerConfig): string[] {
  return [
    ...BROCHURE_PATHS,
    ...[...contactPages(site.locations).keys()].map((slug) => `/contact-us/${slug}`),
    ...sortLocations(site.locations).map((l) => `/our-location/${l.slug}`),
  ];
}
