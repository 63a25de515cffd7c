/**
 * How a range slider counts and moves. A slider works in the units the shopper reads (miles on a
 * US site) while the index and URLs keep kilometres: `toShown` and `toStored` convert at that edge,
 * so typed values, quick picks and key steps are round numbers in the shopper's own units.
 */
import { KM_TO_MILES } from '../../platform/formats/region';

export interface RangeScale {
  toShown: (stored: number) => number;
  toStored: (shown: number) => number;
}

const SAME: RangeScale = { toShown: (value) => value, toStored: (value) => value };
/** Whole miles and whole kilometres: 50,000 mi is stored as 80,467 km and shows as 50,000 mi again. */
const MILES: RangeScale = {
  toShown: (km) => Math.round(km * KM_TO_MILES),
  toStored: (miles) => Math.round(miles / KM_TO_MILES),
};

export function rangeScale(miles: boolean): RangeScale {
  return miles ? MILES : SAME;
}

/**
 * PageUp and PageDown: the next round value (a multiple of `page`) in that direction, within the
 * track. From $250,000 down to $40,000 is 21 presses of PageDown in $10,000 pages, where the
 * browser's own 10% of the track would stop on $225,500, $201,000 and never on $40,000.
 */
export function pagedValue(value: number, direction: 1 | -1, page: number, track: { min: number; max: number }): number {
  const next = direction > 0 ? (Math.floor(value / page) + 1) * page : (Math.ceil(value / page) - 1) * page;
  return Math.min(track.max, Math.max(track.min, next));
}
