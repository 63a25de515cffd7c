/**
 * The hero's budget search: what a repayment buys, searchable once it reaches the cheapest car in
 * stock. budget = repayment × 12 (monthly) or × 52 (weekly) × 5 years + deposit.
 */
import type { SearchSite } from '../site';
import type { SearchState } from '../state';

export type Frequency = 'weekly' | 'monthly';

export const PAYMENTS_PER_YEAR: Readonly<Record<Frequency, number>> = { weekly: 52, monthly: 12 };
export const TERM_YEARS = 5;
/**
 * 600 monthly or 200 weekly; the panel opens on the region's first frequency
 * (src/platform/formats/region-terms.ts): 200 weekly in AU and NZ, 600 monthly in the US.
 */
export const DEFAULT_REPAYMENT: Readonly<Record<Frequency, number>> = { weekly: 200, monthly: 600 };
export const DEFAULT_DEPOSIT = 2_000;
export const MAX_AMOUNT = 1_000_000;
/** The link's price cap while the dearest car in stock is unknown. */
export const FALLBACK_MAX_PRICE = 100_000;
/** Budget searches only count cars priced above this: $0 and token prices mean "ask us". */
export const BUDGET_MIN_PRICE = 1_000;

/** Non-numeric input counts as 0, and amounts stay within 0 to 1,000,000. */
export function parseAmount(input: string | number | null | undefined): number {
  if (typeof input === 'number') return clampAmount(input);
  // "$54,000" and "54 000" are what people type; a decimal part of cents is dropped.
  const digits = (input ?? '')
    .trim()
    .replace(/[$,\s]/g, '')
    .replace(/\.\d*$/, '');
  return /^\d+$/.test(digits) ? clampAmount(Number(digits)) : 0;
}

export function clampAmount(amount: number): number {
  if (!Number.isFinite(amount)) return amount > 0 ? MAX_AMOUNT : 0;
  return Math.min(MAX_AMOUNT, Math.max(0, Math.round(amount)));
}

export interface BudgetInput {
  repayment: number;
  frequency: Frequency;
  deposit: number;
}

export function budgetFor({ repayment, frequency, deposit }: BudgetInput): number {
  return clampAmount(repayment) * PAYMENTS_PER_YEAR[frequency] * TERM_YEARS + clampAmount(deposit);
}

/**
 * The repayment after switching frequency: an untouched default follows the new frequency's
 * default (200 weekly ↔ 600 monthly); an amount the shopper typed stays as typed.
 */
export function repaymentAfterSwitch(repayment: number, from: Frequency, to: Frequency): number {
  return repayment === DEFAULT_REPAYMENT[from] ? DEFAULT_REPAYMENT[to] : repayment;
}

/** Prices in stock over BUDGET_MIN_PRICE, from the price facet's stats. */
export interface PriceStats {
  min: number;
  max: number;
}

/**
 * The lowest price a budget search asks for: the first whole dollar above BUDGET_MIN_PRICE, so
 * "price on application" cars ($0) and token prices are never counted as within a budget.
 */
export const BUDGET_LOWEST_PRICE = BUDGET_MIN_PRICE + 1;

/**
 * What the budget link searches for: priced cars up to `maxPrice`
 * (`range[price]={BUDGET_LOWEST_PRICE}:{max}`). The button's count asks for exactly this, so it
 * always equals the results the link opens, and neither includes a car without a real price.
 */
export function budgetSearchState(maxPrice: number): SearchState {
  return { refinements: {}, ranges: { price: { min: BUDGET_LOWEST_PRICE, max: Math.floor(maxPrice) } } };
}

/** The link's max price: the budget, capped at the dearest car in stock (or 100,000 when unknown). */
export function budgetLinkMax(budget: number, stats: PriceStats | undefined): number {
  const dearest = stats && stats.max > 0 ? stats.max : FALLBACK_MAX_PRICE;
  return Math.min(budget, Math.ceil(dearest));
}

/** Under the cheapest car in stock nothing can be found, so there is nothing to search. */
export function budgetTooLow(budget: number, stats: PriceStats | undefined): boolean {
  return stats !== undefined && budget < stats.min;
}

/** "car" on most sites; "vehicle" where the dealer also sells trucks, caravans or motorcycles. */
export function stockNoun(site: Pick<SearchSite, 'search'>): string {
  return site.search.categories.some((c) => c === 'trucks' || c === 'caravans' || c === 'motorcycles') ? 'vehicle' : 'car';
}

/** "0 cars Found", "1 car Found", "12 vehicles Found". */
export function foundLabel(count: number, noun: string): string {
  return `${count.toLocaleString('en')} ${count === 1 ? noun : `${noun}s`} Found`;
}

/** Shown with the disabled '0 {type}s Found' button when the budget is under the cheapest car. */
export function tooLowMessage(noun: string): string {
  return `No ${noun}s found for this budget`;
}
