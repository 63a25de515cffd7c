import { describe, expect, it } from 'vitest';
import { cardColumns, HOME_MODELS, makesBlock } from './home';
import type { DealerConfig } from '../../platform/config/schema';

const make = (name: string) => ({ name, slug: name.toLowerCase() }) as DealerConfig['manufacturers'][number];
const model = (name: string, position: number) => ({ name, slug: name.toLowerCase(), position }) as DealerConfig['models'][number];

describe('makesBlock', () => {
  it('shows a tile per make on a dealer with two or more makes', () => {
    expect(makesBlock({ manufacturers: [make('Mazda'), make('Kia')], models: [] })).toEqual({ kind: 'brands' });
  });

  it('shows a one-brand dealer its range in the site order instead of one brand tile', () => {
    const models = Array.from({ length: HOME_MODELS + 2 }, (_, i) => model(`M${i}`, HOME_MODELS + 2 - i));
    const block = makesBlock({ manufacturer: make('Toyota'), manufacturers: [make('Toyota')], models });
    expect(block.kind).toBe('models');
    if (block.kind !== 'models') return;
    expect(block.make).toBe('Toyota');
    expect(block.models.map((m) => m.name)).toEqual(['M5', 'M4', 'M3', 'M2']);
    expect(block.more).toBe(true);
  });

  it('shows nothing for a one-brand dealer without models, or a dealer without makes', () => {
    expect(makesBlock({ manufacturers: [make('Toyota')], models: [] })).toEqual({ kind: 'none' });
    expect(makesBlock({ manufacturers: [], models: [model('Swift', 1)] })).toEqual({ kind: 'none' });
  });
});

describe('cardColumns', () => {
  const loneOnLastRow = (count: number, columns: number) => count > columns && count % columns === 1;

  it('puts up to four cards in one row on a wide screen', () => {
    expect([1, 2, 3, 4].map((n) => cardColumns(n).wide)).toEqual([1, 2, 3, 4]);
  });

  it('never leaves one card alone on the last row of a wide screen, from 2 to 12 cards', () => {
    for (let n = 2; n <= 12; n += 1) expect(loneOnLastRow(n, cardColumns(n).wide), `${n} cards`).toBe(false);
  });

  it('leaves one card alone on a tablet only where two and three columns both would (seven cards)', () => {
    const lone = [];
    for (let n = 2; n <= 12; n += 1) if (loneOnLastRow(n, cardColumns(n).medium)) lone.push(n);
    expect(lone).toEqual([7]);
    expect(cardColumns(4)).toEqual({ medium: 2, wide: 4 });
    expect(cardColumns(5)).toEqual({ medium: 3, wide: 3 });
  });
});
