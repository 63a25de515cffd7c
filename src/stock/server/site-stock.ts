/**
 * The dealer's stock for this build, read (or generated) once: car pages, model pages, search
 * landing pages and the sitemap all list the same cars.
 */
import { perSite, site } from '../../platform/config/current';
import { noteStockRead } from '../../platform/config/page-inputs';
import type { Vehicle } from '../model/vehicle';
import { loadStock } from './store';

/** The stock, read by a page that depends on all of it: any change to the stock re-renders the page. */
export function siteStock(): Vehicle[] {
  noteStockRead();
  return stockForPathsAndSearch();
}

/**
 * The stock, for a route's `getStaticPaths` (a page depends on the props it is given, which the
 * publisher compares) or for a prerendered search (a page depends on the answers, which are
 * recorded): reading it here does not make a page depend on the whole stock.
 */
export function stockForPathsAndSearch(): Vehicle[] {
  return perSite('stock', () => loadStock(site));
}

/**
 * A first-look build (SITE_BUILD=first-look, set by the render worker, src/publish/render-worker.ts): a newcomer's first site, built
 * without its car pages and with one search landing page, so it answers in seconds; the car and
 * search shells serve the rest (as they serve a car or a search path added since the last build)
 * until the full build replaces it.
 */
export const firstLookBuild = (): boolean => process.env.SITE_BUILD === FIRST_LOOK_ENV.SITE_BUILD;

/** What tells a render that it is a first look. */
export const FIRST_LOOK_ENV = { SITE_BUILD: 'first-look' } as const;

/** False in a first-look build: the car shell serves every car until the full build. */
export const carPagesPrerendered = (): boolean => !firstLookBuild();
