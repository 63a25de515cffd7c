import { describe, expect, it } from 'vitest';
import { pagedValue, rangeScale } from './range-steps';

describe('range scale', () => {
  it('keeps dollars, kilometres and years as they are', () => {
    const same = rangeScale(false);
    expect(same.toShown(80_467)).toBe(80_467);
    expect(same.toStored(50_000)).toBe(50_000);
  });

  it('shows miles and stores kilometres, round-tripping whole miles', () => {
    const miles = rangeScale(true);
    expect(miles.toStored(50_000)).toBe(80_467);
    expect(miles.toShown(80_467)).toBe(50_000);
    for (const shown of [1, 999, 10_000, 123_457, 300_000]) expect(miles.toShown(miles.toStored(shown))).toBe(shown);
  });
});

describe('PageUp and PageDown', () => {
  const price = { min: 5_000, max: 250_000 };

  it('moves to the next round value in that direction', () => {
    expect(pagedValue(250_000, -1, 10_000, price)).toBe(240_000);
    expect(pagedValue(42_500, -1, 10_000, price)).toBe(40_000);
    expect(pagedValue(40_000, -1, 10_000, price)).toBe(30_000);
    expect(pagedValue(5_000, 1, 10_000, price)).toBe(10_000);
    expect(pagedValue(42_500, 1, 10_000, price)).toBe(50_000);
  });

  it('reaches $40,000 from the top in 21 presses', () => {
    let value = price.max;
    let presses = 0;
    while (value > 40_000) {
      value = pagedValue(value, -1, 10_000, price);
      presses += 1;
    }
    expect([value, presses]).toEqual([40_000, 21]);
  });

  it('stops at the ends of the track', () => {
    expect(pagedValue(9_000, -1, 10_000, price)).toBe(5_000);
    expect(pagedValue(245_000, 1, 10_000, price)).toBe(250_000);
    expect(pagedValue(250_000, 1, 10_000, price)).toBe(250_000);
    expect(pagedValue(2019, 1, 5, { min: 2008, max: 2026 })).toBe(2020);
    expect(pagedValue(2024, 1, 5, { min: 2008, max: 2026 })).toBe(2025);
    expect(pagedValue(2025, 1, 5, { min: 2008, max: 2026 })).toBe(2026);
  });
});
