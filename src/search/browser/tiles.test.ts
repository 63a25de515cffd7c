import { describe, expect, it } from 'vitest';
import { pickTiles, tileLimit } from './tiles';

const tile = (label: string, count: number) => ({ value: label, label, count, isRefined: false });

describe('body-type tiles: up to 4, 20 when custom, by count then name', () => {
  it('shows 4, or 20 on custom sites', () => {
    expect(tileLimit(false)).toBe(4);
    expect(tileLimit(true)).toBe(20);
  });

  it('orders by count, then by name', () => {
    const tiles = pickTiles([tile('Wagon', 5), tile('SUV', 40), tile('Ute', 12), tile('Coupe', 12), tile('Sedan', 30), tile('Van', 1)], 4);
    expect(tiles.map((t) => t.label)).toEqual(['SUV', 'Sedan', 'Coupe', 'Ute']);
  });
});
