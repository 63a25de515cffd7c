/**
 * The currency input: quick-pick values, thousands separators and a dollar prefix.
 * The prefix is drawn beside the field, so the field itself holds digits and separators only.
 */
import type { SearchSite } from '../site';

/** The quick picks most sites offer, $5,000 to $70,000. */
export const QUICK_PICKS = [5_000, 10_000, 15_000, 20_000, 25_000, 30_000, 40_000, 50_000, 70_000] as const;
/** A luxury site's picks run $300,000 to $800,000; we step by $100,000 between them. */
export const LUXURY_QUICK_PICKS = [300_000, 400_000, 500_000, 600_000, 700_000, 800_000] as const;

export function quickPicks(features: Pick<SearchSite['features'], 'luxury_quick_picks'>): readonly number[] {
  return features.luxury_quick_picks ? LUXURY_QUICK_PICKS : QUICK_PICKS;
}

const groupings = new Map<string, Intl.NumberFormat>();

/** "54,000": the amount as the field shows it, grouped the locale's way. */
export function formatAmount(amount: number, locale: string): string {
  let format = groupings.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
    groupings.set(locale, format);
  }
  return format.format(amount);
}
