/**
 * Repayment maths and the words every repayment on the site is shown with.
 *
 * A car loan here is amortised: equal instalments at a fixed rate, an optional balloon owed with
 * the last instalment, an establishment fee added to the amount borrowed and an account-keeping
 * fee charged each month (spread over the instalments when they are weekly or fortnightly).
 *
 * Law decides the words: in Australia an advertised rate needs an equally prominent comparison
 * rate (National Credit Code: $30,000 over 5 years, monthly, every fee counted) and the standard
 * warning; New Zealand shoppers see the rate and the fees; US sites quote the APR, the term and
 * the down payment with monthly payments called estimates, AU and NZ sites weekly repayments.
 */
import type { Region } from '../../platform/config/regions';
import { formatMoney } from '../../platform/formats/region';
import { regionDefaults } from '../../platform/config/regions';

// The result cards' part (the line on the price, "$189/week") lives in ./car.ts, types only here:
// a page importing this module must not share a chunk with the search page's car module, or
// the bundler splits that module off and the search page pays for another file.
import type { AdvertisedFrequency, Frequency, RepaymentLine } from './car';

export type { AdvertisedFrequency, Frequency, RepaymentLine };

export const PAYMENTS_PER_YEAR: Readonly<Record<Frequency, number>> = { weekly: 52, fortnightly: 26, monthly: 12 };

/** US sites quote monthly repayments; AU and NZ shoppers compare weekly ones. */
export const REGION_FREQUENCY: Readonly<Record<Region, AdvertisedFrequency>> = { AU: 'weekly', NZ: 'weekly', US: 'monthly' };

export const COMPARISON_RATE_WARNING =
  'WARNING: This comparison rate is true only for the examples given and may not include all fees and charges. Different terms, fees or other loan amounts might result in a different comparison rate.';

/** The National Credit Code's example loan the comparison rate is worked out on. */
export const COMPARISON_AMOUNT = 30_000;
export const COMPARISON_TERM_MONTHS = 60;

export interface Loan {
  /** What is borrowed before fees: price less deposit (whole currency units). */
  amount: number;
  /** Annual interest rate, percent. */
  rate: number;
  term_months: number;
  frequency: Frequency;
  /** Owed with the last instalment. */
  balloon?: number;
  /** One-off fee added to the amount borrowed. */
  establishment_fee?: number;
  /** Account-keeping fee each month. */
  monthly_fee?: number;
}

export interface Repayment {
  /** What the shopper pays each period: the instalment plus that period's share of fees. */
  payment: number;
  instalment: number;
  payments: number;
  frequency: Frequency;
  /** Every payment, the balloon and the fees: what the loan costs in all. */
  total: number;
  interest: number;
}

/** How many instalments a term has at a frequency: 60 months is 260 weeks, 130 fortnights. */
export function paymentCount(termMonths: number, frequency: Frequency): number {
  return Math.round((termMonths * PAYMENTS_PER_YEAR[frequency]) / 12);
}

/**
 * The level instalment that repays `principal` (less the present value of the balloon) at
 * `periodRate` over `n` periods, paid at the end of each period.
 */
export function instalment(principal: number, periodRate: number, n: number, balloon = 0): number {
  if (n <= 0) return principal;
  if (periodRate === 0) return (principal - balloon) / n;
  const discount = (1 + periodRate) ** -n;
  return ((principal - balloon * discount) * periodRate) / (1 - discount);
}

export function repayment(loan: Loan): Repayment {
  const perYear = PAYMENTS_PER_YEAR[loan.frequency];
  const n = paymentCount(loan.term_months, loan.frequency);
  const borrowed = Math.max(0, loan.amount) + (loan.establishment_fee ?? 0);
  const balloon = Math.min(loan.balloon ?? 0, borrowed);
  const each = instalment(borrowed, loan.rate / 100 / perYear, n, balloon);
  const feePerPayment = ((loan.monthly_fee ?? 0) * 12) / perYear;
  const payment = each + feePerPayment;
  const total = payment * n + balloon;
  return { payment, instalment: each, payments: n, frequency: loan.frequency, total, interest: total - borrowed - feePerPayment * n };
}

/** Present value, at a monthly rate, of `payment` each month for `n` months and `balloon` at the end. */
function presentValue(monthlyRate: number, payment: number, n: number, balloon: number): number {
  if (monthlyRate === 0) return payment * n + balloon;
  const discount = (1 + monthlyRate) ** -n;
  return (payment * (1 - discount)) / monthlyRate + balloon * discount;
}

/**
 * The rate (percent a year, monthly rests) at which `payment` a month for `n` months plus
 * `balloon` repays `amount`: the internal rate of return, found by bisection (present value falls
 * as the rate rises, so bisection always converges).
 */
export function impliedRate(amount: number, payment: number, n: number, balloon = 0): number {
  let low = 0;
  let high = 1; // 100% a month: far above any lawful rate
  if (presentValue(0, payment, n, balloon) <= amount) return 0;
  for (let i = 0; i < 200 && high - low > 1e-12; i++) {
    const mid = (low + high) / 2;
    if (presentValue(mid, payment, n, balloon) > amount) low = mid;
    else high = mid;
  }
  return ((low + high) / 2) * 1200;
}

export interface RateAndFees {
  rate: number;
  establishment_fee?: number;
  monthly_fee?: number;
}

/**
 * The AU comparison rate: the rate at which the monthly repayments and every fee repay $30,000
 * over 5 years. Fees are financed (the establishment fee is added to the loan), so the shopper
 * receives $30,000 and repays the instalments on $30,000 plus the fee, plus the monthly fee.
 * Rounded to two decimals, as lenders publish it.
 */
export function comparisonRate(terms: RateAndFees): number {
  const loan = repayment({
    amount: COMPARISON_AMOUNT,
    rate: terms.rate,
    term_months: COMPARISON_TERM_MONTHS,
    frequency: 'monthly',
    establishment_fee: terms.establishment_fee ?? 0,
    monthly_fee: terms.monthly_fee ?? 0,
  });
  return Math.round(impliedRate(COMPARISON_AMOUNT, loan.payment, COMPARISON_TERM_MONTHS) * 100) / 100;
}

// ---------------------------------------------------------------------------
// Advertised repayments: the figure beside a car's price
// ---------------------------------------------------------------------------

/** The dealer file's `finance.advertised` (src/platform/config/sections/buying.ts). */
export interface AdvertisedTerms {
  rate: number;
  comparison_rate?: number | undefined;
  term_months: number;
  deposit_percent: number;
  balloon_percent: number;
  /** One-off fees added to the loan; the region's default (REGION_FEES) when absent. */
  establishment_fee?: number | undefined;
  ppsr_fee?: number | undefined;
  /** Account-keeping fee each month, spread over weekly instalments. */
  monthly_fee?: number | undefined;
}

/** The fees an advertised repayment includes, in whole currency units (cents allowed). */
export interface AdvertisedFees {
  establishment_fee: number;
  ppsr_fee: number;
  monthly_fee: number;
}

/**
 * What a dealer's lenders charge when the dealer file names no amount. NZ lenders add an
 * establishment fee and the fee for registering the car on the Personal Property Securities
 * Register to every car loan, and NZ footnotes say the repayment includes them; AU and US
 * advertised repayments carry no fees unless the dealer names them.
 */
export const REGION_FEES: Readonly<Record<Region, AdvertisedFees>> = {
  AU: { establishment_fee: 0, ppsr_fee: 0, monthly_fee: 0 },
  NZ: { establishment_fee: 350, ppsr_fee: 10.35, monthly_fee: 0 },
  US: { establishment_fee: 0, ppsr_fee: 0, monthly_fee: 0 },
};

export function advertisedFees(terms: Pick<AdvertisedTerms, 'establishment_fee' | 'ppsr_fee' | 'monthly_fee'>, region: Region): AdvertisedFees {
  const defaults = REGION_FEES[region];
  return {
    establishment_fee: terms.establishment_fee ?? defaults.establishment_fee,
    ppsr_fee: terms.ppsr_fee ?? defaults.ppsr_fee,
    monthly_fee: terms.monthly_fee ?? defaults.monthly_fee,
  };
}

/**
 * The loan behind an advertised repayment for a price at a frequency: the price less the
 * deposit, the one-off fees added to it, the balloon a share of the price. Both ways of the
 * sum, repayment from price and budget from repayment, are worked out on this one loan.
 */
export interface AdvertisedLoan {
  rate: number;
  term_months: number;
  balloon_percent: number;
  fees: AdvertisedFees;
}

export function advertisedLoan(terms: AdvertisedTerms, region: Region): AdvertisedLoan {
  return { rate: terms.rate, term_months: terms.term_months, balloon_percent: terms.balloon_percent, fees: advertisedFees(terms, region) };
}

/** The part of each payment that repays the fees: the one-off fees financed, plus the monthly fee's share. */
function feesPerPayment(loan: AdvertisedLoan, frequency: Frequency): number {
  const perYear = PAYMENTS_PER_YEAR[frequency];
  const oneOff = loan.fees.establishment_fee + loan.fees.ppsr_fee;
  return instalment(oneOff, loan.rate / 100 / perYear, paymentCount(loan.term_months, frequency)) + (loan.fees.monthly_fee * 12) / perYear;
}

export function repaymentLine(terms: AdvertisedTerms, region: Region): RepaymentLine {
  const frequency = REGION_FREQUENCY[region];
  const n = paymentCount(terms.term_months, frequency);
  const r = terms.rate / 100 / PAYMENTS_PER_YEAR[frequency];
  // The instalment on a price of 1: borrowed (1 - deposit), balloon a share of the price. The
  // fees do not grow with the price, so they travel as their own part of each payment.
  const perPrice = instalment(1 - terms.deposit_percent / 100, r, n, terms.balloon_percent / 100);
  const fees = feesPerPayment(advertisedLoan(terms, region), frequency);
  return { per_price: perPrice, per: frequency === 'monthly' ? '/month' : '/week', ...(fees > 0 ? { fees } : {}) };
}

/**
 * The dearest price a payment buys on the advertised loan, the shopper's own deposit down: the
 * repayment sum backwards. The payment less its fees' share is an instalment; the instalment is
 * linear in what is borrowed and in the balloon, so the price is found exactly, not by search.
 * Never less than the deposit: a payment too small for the fees still leaves the deposit to spend.
 */
export function affordablePrice(payment: number, deposit: number, frequency: Frequency, loan: AdvertisedLoan): number {
  const n = paymentCount(loan.term_months, frequency);
  const r = loan.rate / 100 / PAYMENTS_PER_YEAR[frequency];
  const perBorrowed = instalment(1, r, n);
  // The instalment a balloon of 1 saves: what it is worth today, repaid over the term.
  const perBalloon = perBorrowed - instalment(1, r, n, 1);
  const oneOff = loan.fees.establishment_fee + loan.fees.ppsr_fee;
  const net = payment - (loan.fees.monthly_fee * 12) / PAYMENTS_PER_YEAR[frequency];
  // net = (price − deposit + one-off fees) × perBorrowed − balloon% × price × perBalloon
  const price = (net / perBorrowed + deposit - oneOff) / (1 - (loan.balloon_percent / 100) * (perBalloon / perBorrowed));
  return Math.max(deposit, price);
}

const percentText = (rate: number): string => `${rate.toFixed(2)}%`;

export interface Disclosure {
  /** The rate as it must be shown: "6.99% p.a." (AU, NZ) or "6.99% APR" (US). */
  rate: string;
  /** AU only, shown as prominently as the rate. */
  comparison_rate?: string;
  /** The terms the figure rests on, in one sentence. */
  terms: string;
  /** AU: the standard warning; NZ: the fees. */
  warning?: string;
}

export interface DisclosureInput {
  rate: number;
  comparison_rate?: number | undefined;
  term_months: number;
  deposit_percent?: number;
  balloon_percent?: number;
  establishment_fee?: number | undefined;
  ppsr_fee?: number | undefined;
  monthly_fee?: number | undefined;
}

const years = (months: number): string => (months % 12 === 0 ? `${months / 12} years` : `${months} months`);

/**
 * The fees in words, from the amounts the repayment includes, so the footnote cannot name a fee
 * the figure leaves out: "Includes an establishment fee of $350 and a PPSR fee of $10.35, added to the loan."
 */
export function feesText(fees: AdvertisedFees, region: Region): string {
  const { locale, currency } = regionDefaults[region];
  const money = (n: number) => formatMoney(n, locale, currency, { cents: !Number.isInteger(n) });
  const oneOff = [
    fees.establishment_fee > 0 ? `an establishment fee of ${money(fees.establishment_fee)}` : '',
    fees.ppsr_fee > 0 ? `a PPSR fee of ${money(fees.ppsr_fee)}` : '',
  ].filter(Boolean);
  const monthly = fees.monthly_fee > 0 ? `an account fee of ${money(fees.monthly_fee)} a month` : '';
  if (oneOff.length === 0 && !monthly) return 'No establishment or account fees.';
  const added = oneOff.length > 0 ? `${oneOff.join(' and ')}, added to the loan` : '';
  return `Includes ${[added, monthly].filter(Boolean).join(', and ')}.`;
}

/**
 * The words a repayment is shown with, by region. AU: the annual rate and the comparison rate
 * (the dealer file's, or worked out from the fees) with the warning; NZ: the rate and the fees;
 * US: the APR.
 */
export function disclosure(input: DisclosureInput, region: Region): Disclosure {
  const balloon = input.balloon_percent ? ` and a ${input.balloon_percent}% balloon` : '';
  if (region === 'US') {
    // Regulation Z: a payment in an advertisement brings the down payment, the terms of
    // repayment and the APR with it; the figure is an estimate until a lender approves credit.
    const deposit = input.deposit_percent ? `a ${input.deposit_percent}% down payment` : 'no down payment';
    return {
      rate: `${percentText(input.rate)} APR`,
      terms: `Estimated monthly payments for ${input.term_months} months at ${percentText(input.rate)} APR with ${deposit}${balloon}. Estimates only, subject to credit approval; taxes, title and registration are extra.`,
    };
  }
  const deposit = input.deposit_percent ? `a ${input.deposit_percent}% deposit` : 'no deposit';
  const frequency = REGION_FREQUENCY[region];
  const base = `${frequency === 'weekly' ? 'Weekly' : 'Monthly'} repayments over ${years(input.term_months)} at ${percentText(input.rate)} p.a. with ${deposit}${balloon}, subject to credit approval.`;
  const fees = advertisedFees(input, region);
  if (region === 'NZ') return { rate: `${percentText(input.rate)} p.a.`, terms: base, warning: feesText(fees, region) };
  const comparison =
    input.comparison_rate ?? comparisonRate({ rate: input.rate, establishment_fee: fees.establishment_fee + fees.ppsr_fee, monthly_fee: fees.monthly_fee });
  return {
    rate: `${percentText(input.rate)} p.a.`,
    comparison_rate: `${percentText(comparison)} p.a. comparison rate`,
    terms: `${base} Comparison rate based on a secured loan of $30,000 over 5 years.`,
    warning: COMPARISON_RATE_WARNING,
  };
}

/** `{ repayment }` for a page's site data (CarSite, CardSite) when the dealer advertises finance terms, else nothing. */
export function repaymentOf(site: { region: Region; finance: { advertised?: AdvertisedTerms | undefined } }): { repayment?: RepaymentLine } {
  const line = advertisedLine(site);
  return line ? { repayment: line } : {};
}

/** The site's advertised repayment line, or undefined when the dealer file advertises no terms (then no repayment is shown). */
export function advertisedLine(site: { region: Region; finance: { advertised?: AdvertisedTerms | undefined } }): RepaymentLine | undefined {
  return site.finance.advertised ? repaymentLine(site.finance.advertised, site.region) : undefined;
}

/** The disclosure for the site's advertised repayments, or undefined without advertised terms. */
export function advertisedDisclosure(site: { region: Region; finance: { advertised?: AdvertisedTerms | undefined } }): Disclosure | undefined {
  const terms = site.finance.advertised;
  return terms ? disclosure(terms, site.region) : undefined;
}
