/**
 * The finance link query: car pages link to
 * `/finance?preferredDealership=…&vehiclePriceBudget=…&car_id=…&car_type=…&vin=…#finance-form`
 * and the finance form starts from it. The query is whatever anyone typed into a URL, so each
 * value is checked on its own: a bad one is dropped (or a budget clamped), never passed on into
 * the form or the lead.
 */

export const FINANCE_CAR_TYPES = ['new', 'used', 'demo'] as const;
export type FinanceCarType = (typeof FINANCE_CAR_TYPES)[number];

/** A budget stays within 0 to 1,000,000, like the hero's budget inputs. */
export const MAX_VEHICLE_PRICE_BUDGET = 1_000_000;

export interface FinanceLinkQuery {
  preferredDealership?: string;
  vehiclePriceBudget?: number;
  car_id?: string;
  car_type?: FinanceCarType;
  vin?: string;
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const CAR_ID = /^[A-Za-z0-9_-]{1,40}$/;
// 17 characters for modern vehicles; older and imported ones carry shorter chassis numbers. I, O and Q never appear.
const VIN = /^[A-HJ-NPR-Z0-9]{6,17}$/;
const PLAIN_NUMBER = /^\$?\s*\d{1,3}(?:,?\d{3})*(?:\.\d+)?$/;

export interface ParseOptions {
  /** Dealership slugs the site has; a preferredDealership outside them is dropped. Omit to accept any well-formed slug. */
  dealerships?: readonly string[];
}

function single(params: URLSearchParams, key: string): string | undefined {
  // A repeated key is ambiguous: the first one wins, as URLSearchParams.get does.
  const value = params.get(key);
  if (value === null) return undefined;
  const trimmed = value.trim();
  return trimmed === '' || trimmed.length > 200 ? undefined : trimmed;
}

/** "$38,990", "38990" or "38990.5" → 38990 / 38991, clamped to the budget bounds; anything else undefined. */
export function parseBudget(raw: string | undefined): number | undefined {
  if (raw === undefined || !PLAIN_NUMBER.test(raw)) return undefined;
  const amount = Number(raw.replace(/[$,\s]/g, ''));
  if (!Number.isFinite(amount)) return undefined;
  return Math.min(MAX_VEHICLE_PRICE_BUDGET, Math.max(0, Math.round(amount)));
}

export function parseFinanceQuery(search: string | URLSearchParams, options: ParseOptions = {}): FinanceLinkQuery {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const query: FinanceLinkQuery = {};

  const dealership = single(params, 'preferredDealership')?.toLowerCase();
  if (dealership && SLUG.test(dealership) && dealership.length <= 80 && (!options.dealerships || options.dealerships.includes(dealership))) {
    query.preferredDealership = dealership;
  }
  const budget = parseBudget(single(params, 'vehiclePriceBudget'));
  if (budget !== undefined && budget > 0) query.vehiclePriceBudget = budget;

  const carId = single(params, 'car_id');
  if (carId && CAR_ID.test(carId)) query.car_id = carId;

  const carType = single(params, 'car_type')?.toLowerCase();
  if (carType && (FINANCE_CAR_TYPES as readonly string[]).includes(carType)) query.car_type = carType as FinanceCarType;

  const vin = single(params, 'vin')?.toUpperCase();
  if (vin && VIN.test(vin)) query.vin = vin;
  return query;
}

/** `?…` in the car page's key order, empty values and a 0 budget left out; '' when nothing is set. */
export function buildFinanceQuery(query: FinanceLinkQuery): string {
  const params = new URLSearchParams();
  if (query.preferredDealership) params.set('preferredDealership', query.preferredDealership);
  if (query.vehiclePriceBudget) params.set('vehiclePriceBudget', String(query.vehiclePriceBudget));
  if (query.car_id) params.set('car_id', query.car_id);
  if (query.car_type) params.set('car_type', query.car_type);
  if (query.vin) params.set('vin', query.vin);
  const text = params.toString();
  return text ? `?${text}` : '';
}
