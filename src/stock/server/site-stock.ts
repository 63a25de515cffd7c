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
 * False in a first-look build (CAR_PAGES=shell, src/build/run.ts): the site is built without its
 * car pages and the car shell serves every car until the full build.
 */
export const carPagesPrerendered = (): boolean => process.env.CAR_PAGES !== 'shell';
