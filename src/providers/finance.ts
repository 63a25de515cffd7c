/**
 * Finance quotes for personalised finance: per lender the repayment, rate, comparison rate, fees
 * and total for one car, deposit, term and credit profile.
 *
 * `rate_table` (offline default) quotes from the dealer file's `finance.lenders`; `broker` asks
 * the dealer's broker (`finance.broker.url`, key FINANCE_BROKER_API_KEY). The server prices the
 * car from stock before either is asked: the browser never sends a price.
 */
import { z } from 'zod';
import type { Region } from '../platform/config/regions';
import type { DealerConfig } from '../platform/config/schema';
import type { creditProfiles } from '../platform/config/sections/buying';
import { cleanText, postJson, type HttpOptions } from '../platform/http/outbound';
import { comparisonRate, REGION_FREQUENCY, repayment, type Frequency } from '../stock/model/repayments';
import type { CarType } from '../stock/model/vehicle';

export type CreditProfile = (typeof creditProfiles)[number];
export type Lender = DealerConfig['finance']['lenders'][number];

export interface QuoteRequest {
  car: { id: string; price: number; car_type: CarType };
  /** Whole currency units. */
  deposit: number;
  term_months: number;
  profile: CreditProfile;
  region: Region;
}

export interface LenderQuote {
  lender_id: string;
  lender: string;
  /** Annual rate (percent); the APR on US sites. */
  rate: number;
  /** AU: the comparison rate for this lender's rate and fees (percent). */
  comparison_rate?: number;
  establishment_fee: number;
  monthly_fee: number;
  frequency: Frequency;
  /** Each repayment, fees included, in cents. */
  payment_cents: number;
  payments: number;
  /** Every repayment with fees: what the loan costs in all, in cents. */
  total_cents: number;
}

export interface FinanceQuoter {
  readonly name: 'rate_table' | 'broker';
  quote(request: QuoteRequest): Promise<LenderQuote[]>;
}

const cents = (amount: number): number => Math.round(amount * 100);

/** Why a lender does not quote this request, or undefined when it does. */
export function lenderRefusal(lender: Lender, request: QuoteRequest): string | undefined {
  if (!lender.car_types.includes(request.car.car_type)) return 'car type';
  if (request.term_months < lender.min_term_months || request.term_months > lender.max_term_months) return 'term';
  if (request.deposit < (request.car.price * lender.min_deposit_percent) / 100) return 'deposit';
  if (lender.rates[request.profile] === undefined) return 'credit profile';
  return undefined;
}

/** Quotes from the dealer's rate table, cheapest repayment first. */
export function rateTableQuotes(lenders: readonly Lender[], request: QuoteRequest): LenderQuote[] {
  const frequency = REGION_FREQUENCY[request.region];
  const quotes: LenderQuote[] = [];
  for (const lender of lenders) {
    const rate = lender.rates[request.profile];
    if (rate === undefined || lenderRefusal(lender, request)) continue;
    const loan = repayment({
      amount: request.car.price - request.deposit,
      rate,
      term_months: request.term_months,
      frequency,
      establishment_fee: lender.establishment_fee,
      monthly_fee: lender.monthly_fee,
    });
    quotes.push({
      lender_id: lender.id,
      lender: lender.name,
      rate,
      ...(request.region === 'AU'
        ? { comparison_rate: comparisonRate({ rate, establishment_fee: lender.establishment_fee, monthly_fee: lender.monthly_fee }) }
        : {}),
      establishment_fee: lender.establishment_fee,
      monthly_fee: lender.monthly_fee,
      frequency,
      payment_cents: cents(loan.payment),
      payments: loan.payments,
      total_cents: cents(loan.total),
    });
  }
  return quotes.sort((a, b) => a.payment_cents - b.payment_cents || a.lender.localeCompare(b.lender));
}

export function rateTableQuoter(lenders: readonly Lender[]): FinanceQuoter {
  return { name: 'rate_table', quote: (request) => Promise.resolve(rateTableQuotes(lenders, request)) };
}

// ---------------------------------------------------------------------------
// Broker
// ---------------------------------------------------------------------------

const rate = z.number().min(0).max(40);
const brokerAnswer = z.object({
  quotes: z
    .array(
      z.object({
        lender_id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,59}$/),
        lender: z.string().min(1).max(200),
        rate,
        comparison_rate: rate.optional(),
        establishment_fee: z.number().min(0).max(10_000).default(0),
        monthly_fee: z.number().min(0).max(1000).default(0),
        payment: z.number().positive().max(1_000_000),
        payments: z.number().int().positive().max(1000),
        total: z.number().positive().max(100_000_000),
      }),
    )
    .max(50),
});

export interface BrokerOptions extends HttpOptions {
  url: string;
  key?: string;
}

/**
 * A finance broker (assumed shape):
 *
 *   POST {finance.broker.url}   Authorization: Bearer {FINANCE_BROKER_API_KEY}
 *   {"car": {"id", "price", "car_type"}, "deposit", "term_months", "credit_profile", "frequency", "currency"}
 *   200 {"quotes": [{"lender_id", "lender", "rate", "comparison_rate"?, "establishment_fee",
 *                    "monthly_fee", "payment", "payments", "total"}]}
 *
 * Anything else is logged and rejects with ProviderUnavailableError. AU quotes without a
 * comparison rate get one worked out from the rate and fees, since none may be shown without it.
 */
export function brokerQuoter(options: BrokerOptions): FinanceQuoter {
  const service = { ...options, logName: 'finance broker', name: 'the finance broker' };
  return {
    name: 'broker',
    async quote(request) {
      const frequency = REGION_FREQUENCY[request.region];
      const answer = await postJson(
        service,
        {
          car: request.car,
          deposit: request.deposit,
          term_months: request.term_months,
          credit_profile: request.profile,
          frequency,
          region: request.region,
        },
        brokerAnswer,
      );
      return answer.quotes
        .map((q): LenderQuote => {
          const comparison =
            request.region === 'AU'
              ? (q.comparison_rate ?? comparisonRate({ rate: q.rate, establishment_fee: q.establishment_fee, monthly_fee: q.monthly_fee }))
              : undefined;
          return {
            lender_id: q.lender_id,
            lender: cleanText(q.lender, 80) ?? q.lender_id,
            rate: q.rate,
            ...(comparison !== undefined ? { comparison_rate: comparison } : {}),
            establishment_fee: q.establishment_fee,
            monthly_fee: q.monthly_fee,
            frequency,
            payment_cents: cents(q.payment),
            payments: q.payments,
            total_cents: cents(q.total),
          };
        })
        .sort((a, b) => a.payment_cents - b.payment_cents);
    },
  };
}

/** The dealer's finance provider: its broker (key from FINANCE_BROKER_API_KEY) or its rate table. */
export function financeQuoterFor(site: Pick<DealerConfig, 'finance_provider' | 'finance'>, env: NodeJS.ProcessEnv, options: HttpOptions = {}): FinanceQuoter {
  const broker = site.finance.broker;
  if (site.finance_provider === 'broker' && broker) {
    const key = env.FINANCE_BROKER_API_KEY?.trim();
    return brokerQuoter({ ...options, url: broker.url, ...(key ? { key } : {}) });
  }
  return rateTableQuoter(site.finance.lenders);
}
