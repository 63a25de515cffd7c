/**
 * The dealer's stock for this build, read (or generated) once: car pages, model pages, search
 * landing pages and the sitemap all list the same cars.
 */
import { site } from '../../platform/config/current';
import type { Vehicle } from '../model/vehicle';
import { loadStock } from './store';

let stock: Vehicle[] | undefined;

export function siteStock(): Vehicle[] {
  stock ??= loadStock(site);
  return stock;
}

/**
 * A first-look build (SITE_BUILD=first-look, src/build/run.ts): a newcomer's first site, built
 * without its car pages and with one search landing page, so it answers in seconds; the car and
 * search shells serve the rest (as they serve a car or a search path added since the last build)
 * until the full build replaces it.
 */
export const firstLookBuild = (): boolean => process.env.SITE_BUILD === 'first-look';

/** False in a first-look build: the car shell serves every car until the full build. */
export const carPagesPrerendered = (): boolean => !firstLookBuild();
