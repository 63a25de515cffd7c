/**
 * What a shopper types into a range's number boxes, and the quick picks under a slider ("Under
 * $20,000", "Under 50,000 km", "Last 3 years"). Values are in the units the slider shows
 * (range-steps.ts), so a pick on a US site is a round number of miles.
 */
import { quickPicks } from './hero/quick-picks';
import type { SearchSite } from './site';
import type { RangeField } from './state';

export type RangeSide = 'min' | 'max';

/**
 * A typed amount as a whole number: "$40,000", "40 000", "40000 km" and "40k" are all 40000.
 * Empty means no limit on that side (undefined with `empty: true`); anything else unreadable,
 * or negative, is refused (undefined).
 */
export function readTyped(text: string): { value?: number; empty?: true } {
  const plain = text
    .trim()
    .toLowerCase()
    .replace(/[$,\s]|km$|mi$|miles$/g, '');
  if (plain === '') return { empty: true };
  const match = /^(\d+(?:\.\d+)?)(k?)$/.exec(plain);
  if (!match) return {};
  const value = Math.round(Number(match[1]) * (match[2] ? 1000 : 1));
  return Number.isFinite(value) ? { value } : {};
}

/**
 * Thumb positions after typing `text` into one side's box: kept on the track and on its own side
 * of the other thumb (a minimum above the maximum stops at the maximum). Empty moves that thumb to
 * its end of the track, which sets no limit. Undefined when the text is not a number.
 */
export function typedRange(
  text: string,
  side: RangeSide,
  [low, high]: readonly [number, number],
  track: { min: number; max: number },
): [number, number] | undefined {
  const typed = readTyped(text);
  if (typed.empty) return side === 'min' ? [track.min, high] : [low, track.max];
  if (typed.value === undefined) return undefined;
  return side === 'min' ? [Math.min(Math.max(typed.value, track.min), high), high] : [low, Math.max(Math.min(typed.value, track.max), low)];
}

export interface QuickPick {
  label: string;
  /** Thumb positions the pick sets, in shown units. */
  range: [number, number];
}

/** Odometer caps, in shown units: kilometres, or miles on a US site. */
export const DISTANCE_PICKS = [20_000, 50_000, 100_000, 150_000] as const;
const LAST_YEARS = [3, 5, 10] as const;

/**
 * The picks that fit the track: "Under" the site's currency quick picks for the price and round
 * distances for the odometer, each strictly inside the track (one at an end would change
 * nothing), or for the year "Last N years" counted back from `thisYear` to a year on it.
 */
export function rangePicks(
  attribute: RangeField,
  features: Pick<SearchSite['features'], 'luxury_quick_picks'>,
  track: { min: number; max: number },
  show: (shown: number) => string,
  thisYear: number,
): QuickPick[] {
  if (attribute === 'year') {
    return LAST_YEARS.map((years) => ({ years, from: thisYear - years + 1 }))
      .filter(({ from }) => from > track.min && from <= track.max)
      .map(({ years, from }) => ({ label: `Last ${years} years`, range: [from, track.max] }));
  }
  const under = attribute === 'price' ? quickPicks(features) : attribute === 'km' ? DISTANCE_PICKS : [];
  return under.filter((amount) => amount > track.min && amount < track.max).map((amount) => ({ label: `Under ${show(amount)}`, range: [track.min, amount] }));
}
