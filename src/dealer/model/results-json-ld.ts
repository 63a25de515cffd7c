/**
 * The schema.org `ItemList` of a search landing page: the cars its first page of results shows, in
 * order, each a `ListItem` with its position and the car page's canonical URL (Google's "summary
 * page" list: the details live on each car's own page, whose `Car` JSON-LD says the rest).
 * Serialise with `serializeJsonLd`: car names are feed text.
 */
import type { DealerConfig } from '../../platform/config/schema';
import { isRecord } from '../../platform/formats/records';
import { carPath, isCarSlug } from '../../stock/model/car';
import { siteUrl } from './seo';

export interface ListedCar {
  slug: string;
  name: string;
}

export function resultsJsonLd(cars: readonly ListedCar[], site: Pick<DealerConfig, 'url'>, page: { path: string; name: string }): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name: page.name,
    url: siteUrl(site, page.path),
    numberOfItems: cars.length,
    itemListElement: cars.map((car, i) => ({ '@type': 'ListItem', position: i + 1, url: siteUrl(site, carPath(car.slug)), name: car.name })),
  };
}

/**
 * The cars of the first page of results in a prerendered search state (InstantSearch's server
 * state: `initialResults[index].results[0].hits`), in the order shown. Read defensively: the
 * state is a library's shape, and anything unexpected gives no list rather than a wrong one.
 */
export function shownCars(serverState: unknown, indexUid: string): ListedCar[] {
  if (!isRecord(serverState) || !isRecord(serverState.initialResults)) return [];
  const index = serverState.initialResults[indexUid];
  if (!isRecord(index) || !Array.isArray(index.results)) return [];
  const first: unknown = index.results[0];
  if (!isRecord(first) || !Array.isArray(first.hits)) return [];
  return first.hits.flatMap((hit: unknown) =>
    isRecord(hit) && typeof hit.slug === 'string' && isCarSlug(hit.slug) && typeof hit.name === 'string' ? [{ slug: hit.slug, name: hit.name }] : [],
  );
}
