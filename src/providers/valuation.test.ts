import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ProviderUnavailableError } from '../platform/http/outbound';
import {
  adjustmentAnswersSchema,
  conditions,
  estimateTradeIn,
  httpValuator,
  MAX_ONLINE_AGE_YEARS,
  MAX_ONLINE_KM,
  newPriceFor,
  REFUSAL_MESSAGES,
  maxOnlineDistanceText,
  valuatorFromEnv,
  type TradeInInput,
  type TradeInResult,
} from './valuation';

const NOW = Date.parse('2025-06-02T00:00:00Z');
const car = (overrides: Partial<TradeInInput> = {}): TradeInInput => ({ make: 'Toyota', model: 'RAV4', year: 2021, km: 60_000, now: NOW, ...overrides });

function estimate(result: TradeInResult): { low: number; high: number } {
  if (!('estimate' in result)) throw new Error(`refused: ${result.refused}`);
  return result.estimate;
}

describe('the FAQ rule', () => {
  it('refuses cars over 7 years old, with the FAQ wording', () => {
    expect(MAX_ONLINE_AGE_YEARS).toBe(7);
    expect(estimateTradeIn(car({ year: 2017 }))).toEqual({ refused: 'too_old', message: REFUSAL_MESSAGES.too_old });
    expect(REFUSAL_MESSAGES.too_old).toMatch(/over 7 years old/);
    expect('estimate' in estimateTradeIn(car({ year: 2018 }))).toBe(true);
  });

  it('refuses cars over 100,000 km', () => {
    expect(MAX_ONLINE_KM).toBe(100_000);
    expect(estimateTradeIn(car({ km: 100_001 }))).toEqual({ refused: 'too_many_km', message: REFUSAL_MESSAGES.too_many_km });
    expect(REFUSAL_MESSAGES.too_many_km).toMatch(/over 100,000 km/);
    // The same limit, read in miles on US sites.
    expect(estimateTradeIn(car({ km: 100_001, market: 'US' }))).toMatchObject({
      refused: 'too_many_km',
      message: expect.stringContaining('over 62,137 miles') as unknown,
    });
    expect(maxOnlineDistanceText('NZ')).toBe('100,000 km');
    expect('estimate' in estimateTradeIn(car({ km: 100_000 }))).toBe(true);
  });

  it('names age first when both apply', () => {
    expect(estimateTradeIn(car({ year: 2010, km: 250_000 }))).toMatchObject({ refused: 'too_old' });
  });
});

describe('offline estimate', () => {
  it('is a range in the market currency, rounded to $100', () => {
    const result = estimateTradeIn(car());
    expect(result).toMatchObject({ currency: 'AUD' });
    const { low, high } = estimate(result);
    expect(low).toBeLessThan(high);
    expect(low % 100).toBe(0);
    expect(high % 100).toBe(0);
    // A 4-year-old RAV4 (new about $50,000) is worth well under new and well over scrap.
    expect(low).toBeGreaterThan(15_000);
    expect(high).toBeLessThan(40_000);
    expect(estimateTradeIn(car({ market: 'NZ' }))).toMatchObject({ currency: 'NZD' });
  });

  it('drops with age and distance', () => {
    expect(estimate(estimateTradeIn(car({ year: 2019 }))).high).toBeLessThan(estimate(estimateTradeIn(car({ year: 2023 }))).low);
    expect(estimate(estimateTradeIn(car({ km: 95_000 }))).high).toBeLessThan(estimate(estimateTradeIn(car({ km: 5_000 }))).high);
  });

  it('lowers the estimate for each assumption the answers break', () => {
    const base = estimate(estimateTradeIn(car())).high;
    const withAnswers = (adjustmentAnswers: TradeInInput['adjustmentAnswers']) => estimate(estimateTradeIn(car({ adjustmentAnswers }))).high;
    expect(withAnswers({ two_sets_of_keys: true, service_history: true, no_illegal_modifications: true, condition: 'good' })).toBe(base);
    expect(withAnswers({ two_sets_of_keys: false })).toBeLessThan(base);
    expect(withAnswers({ service_history: false })).toBeLessThan(base);
    expect(withAnswers({ no_illegal_modifications: false })).toBeLessThan(withAnswers({ service_history: false }));
    expect(withAnswers({ condition: 'excellent' })).toBeGreaterThan(base);
    expect(withAnswers({ condition: 'poor' })).toBeLessThan(withAnswers({ condition: 'fair' }));
  });

  it('values a model or make the catalogue lacks from the make or market', () => {
    expect(newPriceFor('toyota', 'rav 4', 'AU')).toBe(newPriceFor('Toyota', 'RAV4', 'AU'));
    expect(newPriceFor('Toyota', 'Spaceship', 'AU')).toBeGreaterThan(0);
    expect(newPriceFor('Unknown Make', 'X', 'AU')).toBeGreaterThan(0);
    expect('estimate' in estimateTradeIn(car({ make: '<script>', model: '"; DROP TABLE' }))).toBe(true);
  });

  it('always gives a positive, ordered range for an accepted car', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2018, max: 2026 }),
        fc.integer({ min: 0, max: MAX_ONLINE_KM }),
        fc.record({
          two_sets_of_keys: fc.boolean(),
          service_history: fc.boolean(),
          no_illegal_modifications: fc.boolean(),
          condition: fc.constantFrom(...conditions),
        }),
        (year, km, adjustmentAnswers) => {
          const { low, high } = estimate(estimateTradeIn(car({ year, km, adjustmentAnswers })));
          expect(low).toBeGreaterThanOrEqual(500);
          expect(high).toBeGreaterThan(low);
        },
      ),
    );
  });
});

describe('adjustmentAnswersSchema', () => {
  it('takes booleans or yes/no, and refuses anything else', () => {
    expect(adjustmentAnswersSchema.parse({ two_sets_of_keys: 'No', service_history: true, condition: 'fair' })).toEqual({
      two_sets_of_keys: false,
      service_history: true,
      condition: 'fair',
    });
    expect(adjustmentAnswersSchema.parse({ condition: 'Excellent' })).toEqual({ condition: 'excellent' });
    expect(adjustmentAnswersSchema.safeParse({ condition: 'mint' }).success).toBe(false);
    expect(adjustmentAnswersSchema.safeParse({ two_sets_of_keys: 'maybe' }).success).toBe(false);
    expect(adjustmentAnswersSchema.safeParse({ surprise: 1 }).success).toBe(false);
  });
});

describe('valuation service adapter', () => {
  function service(answer: (() => Response) | Error) {
    const calls: { url: string; init?: RequestInit }[] = [];
    const logs: string[] = [];
    const valuator = httpValuator({
      url: 'https://valuer.example/estimate',
      key: 'secret-key',
      fetch: (url, init) => {
        calls.push({ url, ...(init ? { init } : {}) });
        return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer());
      },
      log: (m) => logs.push(m),
    });
    return { valuator, calls, logs };
  }
  const json =
    (body: unknown, status = 200) =>
    () =>
      new Response(JSON.stringify(body), { status });

  it('posts the car and answers the service’s estimate', async () => {
    const { valuator, calls } = service(json({ estimate: { low: 18_000.4, high: 20_500 }, currency: 'AUD' }));
    await expect(valuator(car({ adjustmentAnswers: { condition: 'fair' } }))).resolves.toEqual({ estimate: { low: 18_000, high: 20_500 }, currency: 'AUD' });
    expect(JSON.parse(calls[0]?.init?.body as string)).toEqual({
      make: 'Toyota',
      model: 'RAV4',
      year: 2021,
      km: 60_000,
      market: 'AU',
      adjustmentAnswers: { condition: 'fair' },
    });
    expect((calls[0]?.init?.headers as Record<string, string>).Authorization).toBe('Bearer secret-key');
  });

  it('applies the FAQ rule without asking the service', async () => {
    const { valuator, calls } = service(json({ estimate: { low: 1, high: 2 }, currency: 'AUD' }));
    await expect(valuator(car({ km: 150_000 }))).resolves.toMatchObject({ refused: 'too_many_km' });
    expect(calls).toHaveLength(0);
  });

  it('passes on the service’s refusal in our wording', async () => {
    const { valuator } = service(json({ refused: 'too_old', message: '<b>nope</b>' }));
    await expect(valuator(car())).resolves.toEqual({ refused: 'too_old', message: REFUSAL_MESSAGES.too_old });
  });

  it('rejects as unavailable on failure or an odd answer, and logs it', async () => {
    const answers = [
      json({}, 500),
      new TypeError('fetch failed'),
      json({ estimate: { low: 5, high: 1 }, currency: 'AUD' }),
      json({ estimate: 'lots' }),
      () => new Response('not json'),
    ];
    for (const answer of answers) {
      const { valuator, logs } = service(answer);
      await expect(valuator(car())).rejects.toBeInstanceOf(ProviderUnavailableError);
      expect(logs).toHaveLength(1);
    }
  });

  it('is chosen by VALUATION_URL', async () => {
    await expect(valuatorFromEnv({})(car())).resolves.toEqual(estimateTradeIn(car()));
    let asked = '';
    const valuator = valuatorFromEnv(
      { VALUATION_URL: 'https://valuer.example/v' },
      {
        fetch: (url) => {
          asked = url;
          return Promise.resolve(new Response(JSON.stringify({ estimate: { low: 1000, high: 1200 }, currency: 'AUD' })));
        },
      },
    );
    await expect(valuator(car())).resolves.toEqual({ estimate: { low: 1000, high: 1200 }, currency: 'AUD' });
    expect(asked).toBe('https://valuer.example/v');
  });
});
