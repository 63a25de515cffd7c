/**
 * The shopper's search state (text, page, sort, chosen values and ranges) and the limits and
 * constants every search module shares. Other modules import limits from here, never restate them.
 */

import type { Near } from './near';

/** Vehicle fields a shopper can refine by choosing values (OR within a field, AND across fields). */
export const refinementFields = [
  'car_type',
  // Availability: in stock, sale pending, in transit, in production, coming soon (sold within the sold window).
  'status',
  'make',
  'model',
  'make_model',
  'body',
  'fuel',
  'transmission',
  'drive',
  'colour',
  'location_name',
  'dealership_name',
  'state',
  'city',
  'categories',
  'tag',
  'badge',
  'seats',
] as const;
export type RefinementField = (typeof refinementFields)[number];

/** Numeric fields a shopper can narrow with a min and/or max. */
export const rangeFields = ['price', 'subscription_price', 'km', 'year', 'created_at_timestamp'] as const;
export type RangeField = (typeof rangeFields)[number];

export interface NumericRange {
  min?: number;
  max?: number;
}

export interface SearchState {
  /** Free text from the header search or the search box. */
  query?: string;
  /** 1-based page; 1 is left out of URLs. */
  page?: number;
  /** Meilisearch sort expression such as "price:asc"; the site default when absent. */
  sortBy?: string;
  refinements: Partial<Record<RefinementField, string[]>>;
  ranges: Partial<Record<RangeField, NumericRange>>;
  /** The landing path the shopper came in on, e.g. "/search/used-cars". */
  currentPath?: string;
  /** The shopper's postcode as a point, for "Nearest first" and a radius (near.ts). */
  near?: Near;
}

/** Which ends of a range are open: no lower limit (isMinRange), no upper limit (isMaxRange). */
export function rangeEnds(range: NumericRange | undefined): { isMinRange: boolean; isMaxRange: boolean } {
  return { isMinRange: range?.min === undefined, isMaxRange: range?.max === undefined };
}

/**
 * Where a slider's thumbs sit against the stock's floor and ceiling: a thumb at (or past) its end
 * of the track sets no limit on its side.
 */
export function sliderEnds([low, high]: readonly [number, number], floor: number, ceiling: number): { isMinRange: boolean; isMaxRange: boolean } {
  return { isMinRange: low <= floor, isMaxRange: high >= ceiling };
}

export const emptySearchState = (): SearchState => ({ refinements: {}, ranges: {} });

export const HITS_PER_PAGE = 21;
/** Above this, estimated totals are unreliable and the sum of facet counts is shown instead. */
export const FACET_COUNT_THRESHOLD = 1999;
export const SECONDS_PER_DAY = 86_400;
export const DEFAULT_SOLD_WINDOW_DAYS = 3;
export const DEFAULT_SORT = 'custom_rank:desc';
export const MAKE_DROPDOWN_LIMIT = 100;
export const MODEL_DROPDOWN_LIMIT = 250;
export const POPULAR_MAKES_COUNT = 20;
export const AUTOCOMPLETE_IMAGE_HEIGHT = 50;
export const AUTOCOMPLETE_MIN_PRICE = 250;
export const PRICE_SLIDER = { step: 500, min: 5_000, max: 250_000 } as const;
export const BODY_TILES = { standard: 4, custom: 20 } as const;
