/**
 * The draw, as a pure function of the odds and a roll. The server works out the odds as they
 * stand (each prize's weight, or 0 once as many have been won as the dealer has in stock), rolls
 * once with a secure random number in [0, 1), and this picks the prize whose share of the total
 * weight the roll falls in. The odds and the roll are stored with every draw, so anyone can
 * replay a draw and get the same prize.
 */
import type { Prize } from './campaign';

/** Prize id → weight used for one draw; a prize out of stock weighs 0. */
export type Odds = Record<string, number>;

/** The odds now: weights of prizes still in stock, given how many of each have been won. */
export function currentOdds(prizes: readonly Pick<Prize, 'id' | 'weight' | 'stock'>[], wins: Readonly<Record<string, number>>): Odds {
  const odds: Odds = {};
  for (const prize of prizes) {
    const won = wins[prize.id] ?? 0;
    odds[prize.id] = prize.stock !== undefined && won >= prize.stock ? 0 : prize.weight;
  }
  return odds;
}

export const totalWeight = (odds: Odds): number => Object.values(odds).reduce((sum, weight) => sum + Math.max(0, weight), 0);

/**
 * The prize a roll in [0, 1) draws: prizes laid end to end in the order of their ids (sorted, so
 * the stored odds replay the same however the database hands their keys back), each as long as
 * its weight; the roll times the total lands in one of them. A prize of weight 0 has no length
 * and is never drawn. Undefined when nothing can be drawn (every prize out of stock) or the roll
 * is outside [0, 1).
 */
export function drawPrize(odds: Odds, roll: number): string | undefined {
  if (!(roll >= 0 && roll < 1)) return undefined;
  const total = totalWeight(odds);
  if (total <= 0) return undefined;
  const point = roll * total;
  let end = 0;
  let last: string | undefined;
  for (const id of Object.keys(odds).sort()) {
    const weight = odds[id] ?? 0;
    if (weight <= 0) continue;
    end += weight;
    last = id;
    if (point < end) return id;
  }
  // Floating-point rounding at the very top of the range: the last prize that has weight.
  return last;
}

/** The roll's resolution: `crypto.randomInt(ROLL_STEPS) / ROLL_STEPS` gives 2^48 equally likely rolls. */
export const ROLL_STEPS = 2 ** 48 - 1;

/** The expected share of each prize under these odds (0 for prizes out of stock). */
export function expectedShares(odds: Odds): Record<string, number> {
  const total = totalWeight(odds);
  return Object.fromEntries(Object.entries(odds).map(([id, weight]) => [id, total > 0 ? Math.max(0, weight) / total : 0]));
}
