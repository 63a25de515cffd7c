/** The loan terms the page offers: the standard choices the dealer's lenders cover. */
import type { DealerConfig } from '../../platform/config/schema';

export function termRange(site: Pick<DealerConfig, 'finance' | 'finance_provider'>): { min: number; max: number } {
  // A broker applies its own limits; 12 to 84 months is what car lenders offer.
  const lenders = site.finance_provider === 'rate_table' ? site.finance.lenders : [];
  if (lenders.length === 0) return { min: 12, max: 84 };
  return { min: Math.min(...lenders.map((l) => l.min_term_months)), max: Math.max(...lenders.map((l) => l.max_term_months)) };
}

export function termChoices(site: Pick<DealerConfig, 'finance' | 'finance_provider'>, choices: readonly number[]): number[] {
  const { min, max } = termRange(site);
  return choices.filter((t) => t >= min && t <= max);
}
