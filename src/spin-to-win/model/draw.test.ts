import { describe, expect, it } from 'vitest';
import { currentOdds, drawPrize, expectedShares } from './draw';

const prizes = [
  { id: 'service', weight: 1, stock: 2 },
  { id: 'fuel', weight: 3 },
  { id: 'nothing', weight: 6 },
  { id: 'car', weight: 0 },
];

/** A seeded roll sequence in [0, 1) (mulberry32), so the statistics below are the same every run. */
function seededRolls(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('the odds', () => {
  it('are the weights of prizes still in stock', () => {
    expect(currentOdds(prizes, {})).toEqual({ service: 1, fuel: 3, nothing: 6, car: 0 });
    expect(currentOdds(prizes, { service: 1, fuel: 500 })).toEqual({ service: 1, fuel: 3, nothing: 6, car: 0 });
    expect(currentOdds(prizes, { service: 2 })).toEqual({ service: 0, fuel: 3, nothing: 6, car: 0 });
    expect(expectedShares(currentOdds(prizes, {}))).toEqual({ service: 0.1, fuel: 0.3, nothing: 0.6, car: 0 });
  });
});

describe('the draw', () => {
  const odds = { service: 1, fuel: 3, nothing: 6, car: 0 };

  it('lays prizes end to end by weight in the order of their ids and picks where the roll lands', () => {
    // car (0) | fuel [0, 0.3) | nothing [0.3, 0.9) | service [0.9, 1)
    expect(drawPrize(odds, 0)).toBe('fuel');
    expect(drawPrize(odds, 0.2999)).toBe('fuel');
    expect(drawPrize(odds, 0.3)).toBe('nothing');
    expect(drawPrize(odds, 0.8999)).toBe('nothing');
    expect(drawPrize(odds, 0.9)).toBe('service');
    expect(drawPrize(odds, 0.999999999)).toBe('service');
  });

  it('draws the same from the same odds whatever order their keys come in', () => {
    const reordered = { car: 0, service: 1, nothing: 6, fuel: 3 };
    for (const roll of [0, 0.1, 0.35, 0.5, 0.95]) expect(drawPrize(reordered, roll)).toBe(drawPrize(odds, roll));
  });

  it('never draws a prize of weight 0, nor anything when nothing has weight or the roll is out of range', () => {
    expect(drawPrize({ car: 0, fuel: 1, nothing: 0 }, 0)).toBe('fuel');
    expect(drawPrize({ car: 0, fuel: 1, nothing: 0 }, 0.9999)).toBe('fuel');
    expect(drawPrize({ a: 0, b: 0 }, 0.5)).toBeUndefined();
    expect(drawPrize(odds, 1)).toBeUndefined();
    expect(drawPrize(odds, -0.1)).toBeUndefined();
    expect(drawPrize(odds, Number.NaN)).toBeUndefined();
  });

  it('follows the weights over many seeded rolls (chi-square well under the 0.1% critical value)', () => {
    const roll = seededRolls(20261124);
    const n = 100_000;
    const counts: Record<string, number> = { service: 0, fuel: 0, nothing: 0, car: 0 };
    for (let i = 0; i < n; i++) {
      const prize = drawPrize(odds, roll());
      if (prize) counts[prize] = (counts[prize] ?? 0) + 1;
    }
    expect(counts.car).toBe(0);
    const shares = expectedShares(odds);
    let chi = 0;
    for (const id of ['service', 'fuel', 'nothing']) {
      const expected = n * (shares[id] ?? 0);
      chi += ((counts[id] ?? 0) - expected) ** 2 / expected;
      expect(Math.abs((counts[id] ?? 0) / n - (shares[id] ?? 0))).toBeLessThan(0.01);
    }
    // Two degrees of freedom: 13.82 is the 0.1% critical value.
    expect(chi).toBeLessThan(13.82);
  });
});
