/**
 * The lender table on the personalised finance page, by region: AU shows the annual rate and the
 * comparison rate in columns of the same weight, with the standard warning under the table; NZ
 * the rate and each lender's fees; US the APR and monthly payments.
 */
import type { Region } from '../../platform/config/regions';
import { formatMoney } from '../../platform/formats/region';
import { regionTerms } from '../../platform/formats/region-terms';
import { COMPARISON_RATE_WARNING, type Frequency } from '../../stock/model/repayments';

// The cards' '/week' words live in stock/model/car.ts, which this page must not load (see
// stock/model/repayments.ts): the same three words, here.
const PER: Readonly<Record<Frequency, string>> = { weekly: '/week', fortnightly: '/fortnight', monthly: '/month' };

export interface LenderQuote {
  lender_id: string;
  lender: string;
  rate: number;
  comparison_rate?: number;
  establishment_fee: number;
  monthly_fee: number;
  frequency: Frequency;
  payment_cents: number;
  payments: number;
  total_cents: number;
}

/** POST /api/finance/quote's answer. */
export interface QuoteAnswer {
  car: { id: string; name: string; price: number };
  deposit: number;
  term_months: number;
  profile: string;
  band?: string;
  frequency: Frequency;
  currency: string;
  quotes: LenderQuote[];
}

export interface QuoteTable {
  headings: string[];
  rows: string[][];
  /** Under the table: what every figure rests on. */
  notes: string[];
}

const percent = (rate: number) => `${rate.toFixed(2)}%`;

const REPAYMENT_HEADING: Readonly<Record<Frequency, string>> = { weekly: 'Weekly repayment', fortnightly: 'Fortnightly repayment', monthly: 'Monthly payment' };

export function quoteTable(answer: QuoteAnswer, region: Region, locale: string): QuoteTable {
  const money = (amount: number, cents = false) => formatMoney(amount, locale, answer.currency, { cents });
  const loan = answer.car.price - answer.deposit;
  const fees = (q: LenderQuote) =>
    [q.establishment_fee > 0 ? `${money(q.establishment_fee)} establishment` : '', q.monthly_fee > 0 ? `${money(q.monthly_fee, true)} a month` : '']
      .filter(Boolean)
      .join(', ') || 'None';
  const repayment = (q: LenderQuote) => `${money(q.payment_cents / 100, true)}${PER[q.frequency]}`;
  const total = (q: LenderQuote) => money(q.total_cents / 100);
  const deposit = regionTerms(region).down_payment.toLowerCase();
  const common = `${money(answer.car.price)} car, ${money(answer.deposit)} ${deposit}: ${money(loan)} borrowed over ${answer.term_months} months.`;

  if (region === 'US') {
    return {
      headings: ['Lender', REPAYMENT_HEADING.monthly, 'APR', 'Fees', 'Total of payments'],
      rows: answer.quotes.map((q) => [q.lender, repayment(q), `${percent(q.rate)} APR`, fees(q), total(q)]),
      notes: [`${common} APR is the annual percentage rate. Estimates only, subject to credit approval; taxes, title and registration are extra.`],
    };
  }
  const heading = REPAYMENT_HEADING[answer.frequency];
  if (region === 'NZ') {
    return {
      headings: ['Lender', heading, 'Interest rate', 'Fees', 'Total to repay'],
      rows: answer.quotes.map((q) => [q.lender, repayment(q), `${percent(q.rate)} p.a.`, fees(q), total(q)]),
      notes: [`${common} Repayments include each lender's fees as listed. Estimates only, subject to lending criteria.`],
    };
  }
  return {
    headings: ['Lender', heading, 'Interest rate', 'Comparison rate', 'Fees', 'Total to repay'],
    rows: answer.quotes.map((q) => [
      q.lender,
      repayment(q),
      `${percent(q.rate)} p.a.`,
      q.comparison_rate !== undefined ? `${percent(q.comparison_rate)} p.a.` : '—',
      fees(q),
      total(q),
    ]),
    notes: [
      `${common} Repayments include each lender's fees as listed. Comparison rates are based on a secured loan of $30,000 over 5 years. Estimates only, subject to lending criteria.`,
      COMPARISON_RATE_WARNING,
    ],
  };
}

/** The band the credit check found, in the shopper's words. */
export const BAND_LABELS: Readonly<Record<string, string>> = {
  excellent: 'Excellent',
  good: 'Good',
  fair: 'Fair',
  limited: 'Limited',
  no_file: 'No credit file found (quoted as limited history)',
};
