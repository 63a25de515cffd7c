import { describe, expect, it } from 'vitest';
import { LUXURY_QUICK_PICKS, QUICK_PICKS, formatAmount, quickPicks } from './quick-picks';

describe('currency quick picks', () => {
  it('are $5,000 to $70,000 on most sites', () => {
    expect(quickPicks({ luxury_quick_picks: false })).toEqual([5_000, 10_000, 15_000, 20_000, 25_000, 30_000, 40_000, 50_000, 70_000]);
    expect(quickPicks({ luxury_quick_picks: false })).toBe(QUICK_PICKS);
  });
  it('run $300,000 to $800,000 on a luxury site', () => {
    const picks = quickPicks({ luxury_quick_picks: true });
    expect(picks).toBe(LUXURY_QUICK_PICKS);
    expect(picks[0]).toBe(300_000);
    expect(picks.at(-1)).toBe(800_000);
  });
});

describe('formatAmount: thousands separators', () => {
  it.each([
    [0, 'en-AU', '0'],
    [54_000, 'en-AU', '54,000'],
    [1_000_000, 'en-NZ', '1,000,000'],
    [800_000, 'en-US', '800,000'],
  ])('%d in %s → %s', (amount, locale, expected) => {
    expect(formatAmount(amount, locale)).toBe(expected);
  });
});
