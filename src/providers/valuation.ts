/**
 * Trade-in estimates for the trade-in, sell-my-car and valuation forms.
 *
 * The FAQ rule comes first, whoever values the car: no online estimate for a car over 7 years
 * old or over 100,000 km. The estimate assumes two sets of keys, a service history, no illegal
 * modifications and good condition; answers saying otherwise lower it.
 *
 * Offline default: the car's new price from the demo catalogue, worn down by age and distance
 * the way the demo stock prices used cars, less the dealer's margin, then the adjustments. With
 * VALUATION_URL set, a valuation service is asked instead (shape assumed below).
 */
import { z } from 'zod';
import { regionDefaults } from '../platform/config/regions';
import { KM_TO_MILES } from '../platform/formats/region';
import { regionTerms } from '../platform/formats/region-terms';
import { carCatalogue, marketPriceFactor, type Market } from '../stock/model/catalogue';
import { envUrl, postJson, type HttpOptions } from '../platform/http/outbound';

export const MAX_ONLINE_AGE_YEARS = 7;
export const MAX_ONLINE_KM = 100_000;

export const REFUSAL_MESSAGES = {
  too_old: "We can't give an online estimate for cars over 7 years old. Send us your details and our team will be in touch to value your car in person.",
  too_many_km:
    "We can't give an online estimate for cars with over 100,000 km. Send us your details and our team will be in touch to value your car in person.",
} as const;

export type Refusal = keyof typeof REFUSAL_MESSAGES;

/**
 * The distance limit as the shopper reads odometers: "100,000 km", or "62,137 miles" on US
 * sites. The rule itself stays in km, as every reading is valued in km.
 */
export function maxOnlineDistanceText(market: Market = 'AU'): string {
  if (regionTerms(market).distance === 'km') return `${MAX_ONLINE_KM.toLocaleString('en')} km`;
  return `${Math.round(MAX_ONLINE_KM * KM_TO_MILES).toLocaleString('en')} miles`;
}

/** The refusal in the market's words: a US shopper reads the distance limit in miles. */
export function refusalMessage(reason: Refusal, market: Market = 'AU'): string {
  return reason === 'too_many_km' ? REFUSAL_MESSAGES.too_many_km.replace('100,000 km', maxOnlineDistanceText(market)) : REFUSAL_MESSAGES[reason];
}

export const conditions = ['excellent', 'good', 'fair', 'poor'] as const;
export type Condition = (typeof conditions)[number];

/** A yes/no answer as a form may send it: a boolean, or "yes"/"no" (any case). */
const yesNo = z.union([z.boolean(), z.enum(['yes', 'no', 'Yes', 'No', 'YES', 'NO']).transform((v) => v.toLowerCase() === 'yes')]);

/**
 * The condition step's answers. Each is optional: an unanswered question keeps the estimate's
 * assumption (keys, history, no modifications: yes; condition: good).
 */
export const adjustmentAnswersSchema = z.strictObject({
  two_sets_of_keys: yesNo.optional(),
  service_history: yesNo.optional(),
  no_illegal_modifications: yesNo.optional(),
  // The form shows "Good"; any case is taken.
  condition: z.string().trim().toLowerCase().pipe(z.enum(conditions)).optional(),
});

export type AdjustmentAnswers = z.output<typeof adjustmentAnswersSchema>;

export interface TradeInInput {
  make: string;
  model: string;
  year: number;
  km: number;
  adjustmentAnswers?: AdjustmentAnswers;
  /** When the estimate is made: the car's age counts from this year. */
  now: number | Date;
  /** Catalogue and currency; AU by default. */
  market?: Market;
}

export type TradeInResult = { estimate: { low: number; high: number }; currency: string } | { refused: Refusal; message: string };

/** Age in whole years by model year; a next-year model counts as new. */
export function carAge(year: number, now: number | Date): number {
  return Math.max(0, new Date(now).getUTCFullYear() - year);
}

/** The FAQ rule: refused when over 7 years old (checked first) or over 100,000 km. */
export function refusalFor(year: number, km: number, now: number | Date): Refusal | undefined {
  if (carAge(year, now) > MAX_ONLINE_AGE_YEARS) return 'too_old';
  if (km > MAX_ONLINE_KM) return 'too_many_km';
  return undefined;
}

export const refusal = (reason: Refusal, market: Market = 'AU'): TradeInResult => ({ refused: reason, message: refusalMessage(reason, market) });

// ---------------------------------------------------------------------------
// Offline estimate
// ---------------------------------------------------------------------------

/** What a dealer pays against what it will ask: trade-ins are bought for resale. */
export const TRADE_MARGIN = 0.8;
/** Lost per year of age (the demo stock's used-price curve). */
export const YEARLY_DEPRECIATION = 0.13;

export const ADJUSTMENTS = {
  /** A replacement key and its coding. */
  missing_second_key: -400,
  no_service_history: -0.08,
  illegal_modifications: -0.15,
  condition: { excellent: 0.04, good: 0, fair: -0.1, poor: -0.25 } satisfies Record<Condition, number>,
} as const;

const normalise = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/**
 * A new price for the car: its model's mid-range price; for a model the catalogue lacks, the
 * make's median; for an unknown make, the market's median.
 */
export function newPriceFor(make: string, model: string, market: Market): number {
  const cars = carCatalogue(market).filter((m) => m.itemType === 'car');
  const mid = (price: readonly [number, number]) => (price[0] + price[1]) / 2;
  const wantedMake = normalise(make);
  const wantedModel = normalise(model);
  const ofMake = cars.filter((m) => normalise(m.make) === wantedMake);
  const exact = ofMake.find((m) => normalise(m.model) === wantedModel);
  const price = exact ? mid(exact.price) : median((ofMake.length > 0 ? ofMake : cars).map((m) => mid(m.price)));
  return price * marketPriceFactor[market];
}

const roundTo = (value: number, step: number) => Math.round(value / step) * step;

/** The offline estimate, or the FAQ refusal. */
export function estimateTradeIn(input: TradeInInput): TradeInResult {
  const { make, model, year, km, adjustmentAnswers: answers = {}, now, market = 'AU' } = input;
  const refused = refusalFor(year, km, now);
  if (refused) return refusal(refused, market);

  const age = carAge(year, now);
  const retail = newPriceFor(make, model, market) * (1 - YEARLY_DEPRECIATION) ** age * (1 - Math.min(0.3, Math.max(0, km) / 700_000));
  let value = retail * TRADE_MARGIN;
  let factor = 1;
  if (answers.service_history === false) factor += ADJUSTMENTS.no_service_history;
  if (answers.no_illegal_modifications === false) factor += ADJUSTMENTS.illegal_modifications;
  factor += ADJUSTMENTS.condition[answers.condition ?? 'good'];
  value *= factor;
  if (answers.two_sets_of_keys === false) value += ADJUSTMENTS.missing_second_key;
  value = Math.max(500, value);

  const low = Math.max(500, roundTo(value * 0.93, 100));
  const high = Math.max(low + 100, roundTo(value * 1.05, 100));
  return { estimate: { low, high }, currency: regionDefaults[market].currency };
}

// ---------------------------------------------------------------------------
// Valuators: the offline one and a valuation service
// ---------------------------------------------------------------------------

/** Resolves to the result; rejects with ProviderUnavailableError when a service cannot answer. */
export type Valuator = (input: TradeInInput) => Promise<TradeInResult>;

export const offlineValuator: Valuator = (input) => Promise.resolve(estimateTradeIn(input));

const serviceAnswer = z.union([
  z.object({
    estimate: z.object({ low: z.number().min(0), high: z.number().min(0) }).refine((e) => e.low <= e.high, { message: 'low above high' }),
    currency: z.string().regex(/^[A-Z]{3}$/),
  }),
  z.object({ refused: z.enum(['too_old', 'too_many_km']) }),
]);

export interface ValuationServiceOptions extends HttpOptions {
  url: string;
  /** Sent as `Authorization: Bearer {key}` when set. */
  key?: string;
}

/**
 * A valuation service (assumed shape). The FAQ rule is applied before asking, so a refused car
 * never leaves the server.
 *
 *   POST {VALUATION_URL}   Authorization: Bearer {key}
 *   {"make", "model", "year", "km", "market": "AU", "adjustmentAnswers": {...}}
 *   200 {"estimate": {"low": 18000, "high": 20500}, "currency": "AUD"}
 *    or {"refused": "too_old" | "too_many_km"}     (our wording is used for the message)
 *
 * Anything else (non-OK, not that shape, no answer in time) is logged and rejects with
 * ProviderUnavailableError.
 */
export function httpValuator(options: ValuationServiceOptions): Valuator {
  const service = { ...options, logName: 'valuation', name: 'the valuation service' };
  return async (input) => {
    const refused = refusalFor(input.year, input.km, input.now);
    if (refused) return refusal(refused, input.market);
    const data = await postJson(
      service,
      {
        make: input.make,
        model: input.model,
        year: input.year,
        km: input.km,
        market: input.market ?? 'AU',
        adjustmentAnswers: input.adjustmentAnswers ?? {},
      },
      serviceAnswer,
    );
    if ('refused' in data) return refusal(data.refused, input.market);
    return { estimate: { low: Math.round(data.estimate.low), high: Math.round(data.estimate.high) }, currency: data.currency };
  };
}

/** The valuation service when VALUATION_URL is set (key in VALUATION_API_KEY), else the offline estimate. */
export function valuatorFromEnv(env: NodeJS.ProcessEnv, options: HttpOptions = {}): Valuator {
  const url = envUrl(env, 'VALUATION_URL');
  if (!url) return offlineValuator;
  const key = env.VALUATION_API_KEY?.trim();
  return httpValuator({ ...options, url, ...(key ? { key } : {}) });
}
