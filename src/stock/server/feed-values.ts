/**
 * How a cell of a dealer's export becomes a stock value, for columns whose meaning is known (a
 * preset's or the dealer file's mapping). Each reader returns the value or a reason in plain words;
 * none guesses: "1,5" is no price, "12/13/2024" no Australian date.
 */
import type { CarType, VehicleStatus } from '../model/kinds';

export type Read<T> = { value: T; reason?: undefined } | { value?: undefined; reason: string };

const fail = (reason: string): { reason: string } => ({ reason });
const quoted = (cell: string): string => `"${cell.length > 40 ? `${cell.slice(0, 40)}…` : cell}"`;

/** Prices written words instead of a number: price on application, which the stock writes as 0. */
const PRICE_ON_APPLICATION = /^(poa|p\.o\.a\.?|price on application|call|call for price|contact us|tba)$/i;

/**
 * A price as exports write it: "34990", "34990.00", "$34,990", "AU$ 34,990", "34 990", "NZD 34,990".
 * Commas and spaces only between groups of three digits, so "1,5" (a decimal comma) is refused.
 * POA and its like are 0, the stock's "price on application".
 */
export function readPrice(cell: string): Read<number> {
  const text = cell.trim();
  if (PRICE_ON_APPLICATION.test(text)) return { value: 0 };
  const bare = text.replace(/^(?:[A-Z]{2,3}\s?)?\$?\s?|\s?(?:AUD|NZD|USD)$/gi, '').trim();
  if (!/^\d{1,3}(?:([, ])\d{3})?(?:\1\d{3})*(?:\.\d{1,2})?$/.test(bare) && !/^\d+(?:\.\d{1,2})?$/.test(bare)) {
    return fail(`${quoted(cell)} is not a price (write 34990 or $34,990, or POA)`);
  }
  return { value: Math.round(Number(bare.replace(/[, ]/g, '')) * 100) / 100 };
}

/** A whole number such as an odometer reading: "45000", "45,000", "45 000 km", "12,345 mi". */
export function readWholeNumber(cell: string): Read<number> {
  const bare = cell
    .trim()
    .replace(/\s?(?:km|kms|kilometres|kilometers|mi|miles)$/i, '')
    .trim();
  if (!/^\d{1,3}(?:([, ])\d{3})?(?:\1\d{3})*(?:\.0+)?$/.test(bare) && !/^\d+(?:\.0+)?$/.test(bare)) return fail(`${quoted(cell)} is not a whole number`);
  return { value: Number(bare.replace(/[, ]/g, '')) };
}

export const KM_PER_MILE = 1.609344;

/** An odometer reading in miles, stored in km (the site shows it in its own units). */
export function milesToKm(miles: number): number {
  return Math.round(miles * KM_PER_MILE);
}

/** A year: four digits, "2022". */
export function readYear(cell: string): Read<number> {
  const text = cell.trim();
  return /^(19|20)\d{2}$/.test(text) ? { value: Number(text) } : fail(`${quoted(cell)} is not a year such as 2022`);
}

const CONDITIONS: Record<string, { car_type: CarType; certified?: boolean }> = {
  new: { car_type: 'new' },
  used: { car_type: 'used' },
  preowned: { car_type: 'used' },
  secondhand: { car_type: 'used' },
  demo: { car_type: 'demo' },
  demonstrator: { car_type: 'demo' },
  exdemo: { car_type: 'demo' },
  certified: { car_type: 'used', certified: true },
  cpo: { car_type: 'used', certified: true },
  certifiedpreowned: { car_type: 'used', certified: true },
  certifiedused: { car_type: 'used', certified: true },
};

const word = (cell: string): string => cell.toLowerCase().replace(/[^a-z]/g, '');

/** New, Used, Demo or Certified (pre-owned), as exports write them; certified is a used car. */
export function readCondition(cell: string): Read<{ car_type: CarType; certified?: boolean }> {
  const found = CONDITIONS[word(cell)];
  return found ? { value: found } : fail(`${quoted(cell)} is not New, Used, Demo or Certified`);
}

const STATUSES: Record<string, VehicleStatus> = {
  instock: 'in_stock',
  available: 'in_stock',
  active: 'in_stock',
  forsale: 'in_stock',
  stock: 'in_stock',
  salepending: 'sale_pending',
  pending: 'sale_pending',
  deposittaken: 'sale_pending',
  underoffer: 'sale_pending',
  onhold: 'sale_pending',
  intransit: 'in_transit',
  transit: 'in_transit',
  inproduction: 'in_production',
  onorder: 'in_production',
  ordered: 'in_production',
  comingsoon: 'coming_soon',
  incoming: 'coming_soon',
  sold: 'sold',
};

/** Availability words of dealer systems ("Available", "Deposit Taken", "On Order") as the stock's statuses. */
export function readStatus(cell: string): Read<VehicleStatus> {
  const found = STATUSES[word(cell)];
  return found ? { value: found } : fail(`${quoted(cell)} is not a status the site knows (Available, Sale Pending, In Transit, On Order, Coming Soon, Sold)`);
}

export function readBoolean(cell: string): Read<boolean> {
  const lower = cell.trim().toLowerCase();
  if (['true', 'yes', 'y', '1', 'certified'].includes(lower)) return { value: true };
  if (['false', 'no', 'n', '0', ''].includes(lower)) return { value: false };
  return fail(`${quoted(cell)} is not yes or no`);
}

/**
 * A date as "YYYY-MM-DD": ISO dates always, and day-first ("14/03/2026", AU/NZ) or month-first
 * ("03/14/2026", US) as the export's shape says; a time after the date is ignored.
 */
export function readDate(cell: string, order: 'dmy' | 'mdy'): Read<string> {
  const text = cell.trim().replace(/[ T]\d{1,2}:\d{2}(:\d{2})?(\s?[AP]M)?$/i, '');
  let year: number;
  let month: number;
  let day: number;
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  const local = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  if (iso) [year, month, day] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (local) {
    const [a, b] = [Number(local[1]), Number(local[2])];
    [year, month, day] = order === 'dmy' ? [Number(local[3]), b, a] : [Number(local[3]), a, b];
  } else return fail(`${quoted(cell)} is not a date (${order === 'dmy' ? 'DD/MM/YYYY' : 'MM/DD/YYYY'} or YYYY-MM-DD)`);
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return fail(`${quoted(cell)} is not a real date (${order === 'dmy' ? 'DD/MM/YYYY' : 'MM/DD/YYYY'})`);
  }
  return { value: date.toISOString().slice(0, 10) };
}

/** A list in one cell: features separated by `|`, `;`, line breaks or commas. */
export function readList(cell: string): string[] {
  const separator = /[|;\n]/.test(cell) ? /[|;\n]/ : /,/;
  return cell
    .split(separator)
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/**
 * Photo URLs in one cell, separated by `|`, `;`, spaces, line breaks, or commas before the next
 * URL (an image service's URL may hold commas of its own: `w_800,h_600`).
 */
export function readUrls(cell: string): string[] {
  return cell
    .split(/[|;\s]+|,(?=\s*(?:https?:\/\/|\/))/)
    .map((url) => url.trim())
    .filter((url) => url !== '');
}
