/**
 * The dealer's stock for this build, read (or generated) once: car pages, model pages, search
 * landing pages and the sitemap all list the same cars.
 */
import { perSite, site } from '../../platform/config/current';
import type { Vehicle } from '../model/vehicle';
import { loadStock } from './store';

export function siteStock(): Vehicle[] {
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
