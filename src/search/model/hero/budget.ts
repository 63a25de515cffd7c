/**
 * The hero's budget search: what a repayment buys, searchable once it reaches the cheapest car in
 * stock. Where the dealer advertises finance terms the budget is the price those repayments pay
 * off at the advertised rate and term, fees included, plus the deposit: the repayment sum of
 * stock/model/repayments.ts run backwards, so the cars it finds are quoted at about the repayment
 * the shopper typed. Only without advertised terms is it the plain
 * repayment × 12 (monthly) or × 52 (weekly) × 5 years + deposit, and the panel says so.
 */
import type { Region } from '../../../platform/config/regions';
import { loanTermLabel, regionTerms } from '../../../platform/formats/region-terms';
import { advertisedLoan, affordablePrice, type AdvertisedLoan, type AdvertisedTerms } from '../../../stock/model/repayments';
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

/** On the advertised loan: the dearest price the repayment pays off, whole dollars down. Without: the plain sum. */
export function budgetFor({ repayment, frequency, deposit }: BudgetInput, loan?: AdvertisedLoan): number {
  if (!loan) return clampAmount(repayment) * PAYMENTS_PER_YEAR[frequency] * TERM_YEARS + clampAmount(deposit);
  return clampAmount(Math.floor(affordablePrice(clampAmount(repayment), clampAmount(deposit), frequency, loan)));
}

/** The loan the budget is worked out on: the dealer's advertised terms and the region's fees, or none. */
export function budgetLoan(site: { region: Region; finance: { advertised?: AdvertisedTerms | undefined } }): AdvertisedLoan | undefined {
  return site.finance.advertised ? advertisedLoan(site.finance.advertised, site.region) : undefined;
}

const isAmount = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0;

/** The loan read back from the panel's `data-budget-loan`; undefined (the plain sum) when absent or not a loan. */
export function budgetLoanFrom(json: string | undefined): AdvertisedLoan | undefined {
  if (!json) return undefined;
  try {
    const value = JSON.parse(json) as Partial<AdvertisedLoan> | null;
    const fees = value?.fees;
    if (
      !value ||
      !isAmount(value.rate) ||
      !isAmount(value.term_months) ||
      value.term_months < 1 ||
      !isAmount(value.balloon_percent) ||
      value.balloon_percent >= 100
    )
      return undefined;
    if (!fees || !isAmount(fees.establishment_fee) || !isAmount(fees.ppsr_fee) || !isAmount(fees.monthly_fee)) return undefined;
    return { rate: value.rate, term_months: value.term_months, balloon_percent: value.balloon_percent, fees: { ...fees } };
  } catch {
    return undefined;
  }
}

/**
 * Under the budget: what it rests on. On advertised terms, the rate, the term and the fees the
 * car's repayments are quoted with (the US term in months, as the footnote has it); without,
 * that the plain sum leaves interest out.
 */
export function budgetNote(loan: AdvertisedLoan | undefined, region: Region): string {
  const terms = regionTerms(region);
  const down = terms.down_payment.toLowerCase();
  if (!loan) {
    return `Budget is a guide only: your ${terms.payments_in_words} added up over ${loanTermLabel(TERM_YEARS, region)} plus your ${down}, with no interest counted (no finance rate is advertised).`;
  }
  const term = loan.term_months % 12 === 0 ? loanTermLabel(loan.term_months / 12, region) : `${loan.term_months} months`;
  const rate = `${loan.rate.toFixed(2)}%${region === 'US' ? ' APR' : ' p.a.'}`;
  const { establishment_fee, ppsr_fee, monthly_fee } = loan.fees;
  const fees = establishment_fee + ppsr_fee + monthly_fee > 0 ? ', fees included' : '';
  const balloon = loan.balloon_percent > 0 ? ` with a ${loan.balloon_percent}% balloon` : '';
  return `Budget is a guide only: the price your ${terms.payments_in_words} pay off over ${term} at ${rate}${balloon}${fees}, plus your ${down}.`;
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
