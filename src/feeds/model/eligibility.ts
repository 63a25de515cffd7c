/**
 * The validator: which of the cars the site lists each inventory feed may carry, and for every
 * car left out, every reason. A feed row missing an attribute its specification requires gets
 * the row (or the whole feed) refused by Google or Meta, so such a car is left out and reported
 * to the dealer instead. Sources and choices: docs/decisions/inventory-feeds.md.
 */
import type { Vehicle } from '../../stock/model/vehicle';
import type { FeedCar } from './feed-car';

export const feedIds = ['google-vehicle-listings', 'google-vehicle-ads', 'meta-vehicles'] as const;
export type FeedId = (typeof feedIds)[number];

/** Why a car is left out of a feed, in the order they are checked. */
export const leftOutReasons = {
  sold: 'sold (still listed on the site for its sold window)',
  not_in_stock: 'not for sale on the lot now (sale pending, or not there yet: in transit, in production, coming soon)',
  not_for_sale: 'not for sale (rental or subscription only)',
  vehicle_type: 'a vehicle type the feed does not take (caravans, motorcycles)',
  no_vin: 'no VIN',
  invalid_vin: 'VIN is not 17 characters',
  no_price: 'no price (price on application)',
  no_photo: 'no photo the feed takes (placeholder or SVG images only)',
  no_mileage: 'used car without an odometer reading',
  no_colour: 'no exterior colour',
  no_location: 'no dealership location with an address for the car',
} as const;
export type LeftOutReason = keyof typeof leftOutReasons;

interface FeedRules {
  /** Only passenger cars and pickups (Google's vehicle products); Meta also takes caravans and motorcycles. */
  passengerOnly: boolean;
  /** VIN length: 17 from 1981 model years (Google exempts older classics), or always 17 (Meta). */
  vin: 'by-model-year' | 'always-17';
  photoRequired: boolean;
  colourRequired: boolean;
}

export interface FeedDefinition {
  id: FeedId;
  /** The platform's own name for it. */
  title: string;
  /** Where the site serves it. */
  path: string;
  contentType: string;
  rules: FeedRules;
}

export const FEEDS: Record<FeedId, FeedDefinition> = {
  'google-vehicle-listings': {
    id: 'google-vehicle-listings',
    title: 'Google vehicle listings (Business Profile)',
    path: '/feeds/google-vehicle-listings.csv',
    contentType: 'text/csv; charset=utf-8',
    // image_link is recommended, not required, for vehicle listings.
    rules: { passengerOnly: true, vin: 'by-model-year', photoRequired: false, colourRequired: false },
  },
  'google-vehicle-ads': {
    id: 'google-vehicle-ads',
    title: 'Google Vehicle Ads (Merchant Center)',
    path: '/feeds/google-vehicle-ads.xml',
    contentType: 'application/xml; charset=utf-8',
    rules: { passengerOnly: true, vin: 'by-model-year', photoRequired: true, colourRequired: false },
  },
  'meta-vehicles': {
    id: 'meta-vehicles',
    title: 'Meta automotive catalog',
    path: '/feeds/meta-vehicles.csv',
    contentType: 'text/csv; charset=utf-8',
    rules: { passengerOnly: false, vin: 'always-17', photoRequired: true, colourRequired: true },
  },
};

/** Stock categories a car is sold from; a car only in rental or subscription is not for sale. */
const FOR_SALE = new Set<Vehicle['categories'][number]>(['cars', 'trucks', 'caravans', 'motorcycles']);
/** Google's vehicle products: passenger cars and pickups ("utes" in AU). */
const PASSENGER_TYPES = new Set(['car', 'truck']);
/** Towed, so no odometer: a used caravan's 0 km is not a missing reading. */
const TOWED = new Set(['caravan']);

/** Every reason `feed` leaves the car out; empty when the car goes in. */
export function leftOutBecause(facts: FeedCar, feed: FeedDefinition): LeftOutReason[] {
  const { car } = facts;
  const { rules } = feed;
  const reasons: LeftOutReason[] = [];
  if (car.status === 'sold') reasons.push('sold');
  else if (car.status !== 'in_stock') reasons.push('not_in_stock');
  if (!car.categories.some((c) => FOR_SALE.has(c))) reasons.push('not_for_sale');
  if (rules.passengerOnly && !PASSENGER_TYPES.has(car.item_type.toLowerCase())) reasons.push('vehicle_type');
  if (!car.vin) reasons.push('no_vin');
  else if ((rules.vin === 'always-17' || facts.vinLength === 17) && car.vin.length !== 17) reasons.push('invalid_vin');
  if (!facts.price) reasons.push('no_price');
  if (rules.photoRequired && facts.photos.length === 0) reasons.push('no_photo');
  if (facts.condition === 'used' && car.km <= 0 && !TOWED.has(car.item_type.toLowerCase())) reasons.push('no_mileage');
  if (rules.colourRequired && !car.colour?.trim()) reasons.push('no_colour');
  if (!facts.store) reasons.push('no_location');
  return reasons;
}

export interface LeftOutCar {
  id: number;
  stocknum?: string;
  name: string;
  reasons: LeftOutReason[];
}

export interface FeedSelection {
  feed: FeedDefinition;
  cars: FeedCar[];
  leftOut: LeftOutCar[];
}

/** Splits the listed cars into those `feed` carries, in stock order, and those it leaves out. */
export function selectCars(listed: readonly FeedCar[], feed: FeedDefinition): FeedSelection {
  const cars: FeedCar[] = [];
  const leftOut: LeftOutCar[] = [];
  for (const facts of listed) {
    const reasons = leftOutBecause(facts, feed);
    if (reasons.length === 0) cars.push(facts);
    else leftOut.push({ id: facts.car.id, ...(facts.car.stocknum ? { stocknum: facts.car.stocknum } : {}), name: facts.car.name, reasons });
  }
  return { feed, cars, leftOut };
}
