import { describe, expect, it } from 'vitest';
import { rangePicks, readTyped, typedRange } from './range-picks';

describe('typed amounts', () => {
  it('reads what people type', () => {
    for (const text of ['40000', '40,000', '$40,000', ' 40 000 ', '40k', '40K', '40.0k', '40000 km', '40,000 mi', '40000 miles'])
      expect(readTyped(text), text).toEqual({ value: 40_000 });
    expect(readTyped('2.5k')).toEqual({ value: 2_500 });
    expect(readTyped('2019')).toEqual({ value: 2019 });
  });

  it('says empty for no limit and refuses what is not an amount', () => {
    expect(readTyped('  ')).toEqual({ empty: true });
    for (const text of ['abc', '-5', '4e5', '40,000 dollars', '1.2.3', '<script>']) expect(readTyped(text), text).toEqual({});
  });
});

describe('typed range', () => {
  const track = { min: 5_000, max: 250_000 };

  it('moves the typed side, keeping the other', () => {
    expect(typedRange('40,000', 'max', [5_000, 250_000], track)).toEqual([5_000, 40_000]);
    expect(typedRange('$12k', 'min', [5_000, 40_000], track)).toEqual([12_000, 40_000]);
  });

  it('clamps to the track and to the other thumb', () => {
    expect(typedRange('1000000', 'max', [5_000, 40_000], track)).toEqual([5_000, 250_000]);
    expect(typedRange('100', 'min', [10_000, 40_000], track)).toEqual([5_000, 40_000]);
    expect(typedRange('60000', 'min', [10_000, 40_000], track)).toEqual([40_000, 40_000]);
    expect(typedRange('2000', 'max', [10_000, 40_000], track)).toEqual([10_000, 10_000]);
  });

  it('clears a side when emptied and refuses text', () => {
    expect(typedRange('', 'min', [10_000, 40_000], track)).toEqual([5_000, 40_000]);
    expect(typedRange('', 'max', [10_000, 40_000], track)).toEqual([10_000, 250_000]);
    expect(typedRange('cheap', 'max', [10_000, 40_000], track)).toBeUndefined();
  });
});

describe('quick picks', () => {
  const site = { luxury_quick_picks: false };
  const dollars = (n: number) => `$${n.toLocaleString('en-AU')}`;

  it('offers the currency quick picks inside the track as price caps', () => {
    const picks = rangePicks('price', site, { min: 5_000, max: 250_000 }, dollars, 2026);
    expect(picks.map((p) => p.label)).toEqual([
      'Under $10,000',
      'Under $15,000',
      'Under $20,000',
      'Under $25,000',
      'Under $30,000',
      'Under $40,000',
      'Under $50,000',
      'Under $70,000',
    ]);
    expect(picks[5]?.range).toEqual([5_000, 40_000]);
    expect(rangePicks('price', site, { min: 5_000, max: 20_000 }, dollars, 2026).map((p) => p.range[1])).toEqual([10_000, 15_000]);
  });

  it('offers distances in the units shown', () => {
    const picks = rangePicks('km', site, { min: 0, max: 120_000 }, (n) => `${n.toLocaleString('en-US')} mi`, 2026);
    expect(picks.map((p) => p.label)).toEqual(['Under 20,000 mi', 'Under 50,000 mi', 'Under 100,000 mi']);
  });

  it("follows a luxury site's currency quick picks, inside the track", () => {
    expect(rangePicks('price', { luxury_quick_picks: true }, { min: 100_000, max: 1_000_000 }, dollars, 2026).map((p) => p.range[1])).toEqual([
      300_000, 400_000, 500_000, 600_000, 700_000, 800_000,
    ]);
    expect(rangePicks('price', { luxury_quick_picks: true }, { min: 5_000, max: 250_000 }, dollars, 2026)).toEqual([]);
  });

  it('offers recent years counted back from this year', () => {
    const picks = rangePicks('year', site, { min: 2012, max: 2026 }, String, 2026);
    expect(picks).toEqual([
      { label: 'Last 3 years', range: [2024, 2026] },
      { label: 'Last 5 years', range: [2022, 2026] },
      { label: 'Last 10 years', range: [2017, 2026] },
    ]);
    expect(rangePicks('year', site, { min: 2020, max: 2026 }, String, 2026).map((p) => p.label)).toEqual(['Last 3 years', 'Last 5 years']);
  });

  it('offers none where a field has no amounts to pick', () => {
    expect(rangePicks('subscription_price', site, { min: 100, max: 400 }, dollars, 2026)).toEqual([]);
  });
});
