import { describe, expect, it } from 'vitest';
import { testSite } from '../../../../tests/support/test-site';
import { regionTerms } from '../../../platform/formats/region-terms';
import {
  BUDGET_MIN_PRICE,
  DEFAULT_DEPOSIT,
  DEFAULT_REPAYMENT,
  FALLBACK_MAX_PRICE,
  budgetFor,
  budgetLinkMax,
  budgetLoan,
  budgetLoanFrom,
  budgetNote,
  budgetTooLow,
  foundLabel,
  parseAmount,
  repaymentAfterSwitch,
  stockNoun,
  tooLowMessage,
} from './budget';

describe('without advertised terms: budget = repayment × 12 (monthly) or 52 (weekly) × 5 years + deposit', () => {
  it('200 weekly with a 2,000 deposit is 54,000', () => {
    expect(budgetFor({ repayment: 200, frequency: 'weekly', deposit: 2_000 })).toBe(54_000);
  });

  it('600 monthly with a 2,000 deposit is 38,000', () => {
    expect(budgetFor({ repayment: 600, frequency: 'monthly', deposit: 2_000 })).toBe(38_000);
  });

  it('opens on 200 weekly and a 2,000 deposit ("initial repayments value 200"), 600 monthly in the US', () => {
    expect(regionTerms('AU').frequencies[0]).toBe('weekly');
    expect(regionTerms('US').frequencies).toEqual(['monthly']);
    expect(DEFAULT_REPAYMENT).toEqual({ weekly: 200, monthly: 600 });
    expect(DEFAULT_DEPOSIT).toBe(2_000);
  });

  it('clamps each amount before multiplying', () => {
    expect(budgetFor({ repayment: 2_000_000, frequency: 'monthly', deposit: -5 })).toBe(1_000_000 * 12 * 5);
  });
});

describe('budget inputs: non-numeric becomes 0, clamped 0 to 1,000,000', () => {
  it.each([
    ['abc', 0],
    ['', 0],
    ['-500', 0],
    ['1e3', 0],
    ['12abc', 0],
    ['2,000,000', 1_000_000],
    ['$54,000', 54_000],
    [' 2 000 ', 2_000],
    ['199.99', 199],
    ['1000000', 1_000_000],
  ])('%j → %d', (input, expected) => {
    expect(parseAmount(input)).toBe(expected);
  });

  it('clamps numbers too', () => {
    expect(parseAmount(2_000_000)).toBe(1_000_000);
    expect(parseAmount(-1)).toBe(0);
    expect(parseAmount(Number.NaN)).toBe(0);
    expect(parseAmount(Number.POSITIVE_INFINITY)).toBe(1_000_000);
  });
});

describe('switching frequency', () => {
  it('moves an untouched default to the other default', () => {
    expect(repaymentAfterSwitch(200, 'weekly', 'monthly')).toBe(600);
    expect(repaymentAfterSwitch(600, 'monthly', 'weekly')).toBe(200);
  });
  it('keeps what the shopper typed', () => {
    expect(repaymentAfterSwitch(350, 'weekly', 'monthly')).toBe(350);
  });
});

describe('the budget link is capped at the dearest car in stock', () => {
  it('uses the budget when stock goes dearer', () => {
    expect(budgetLinkMax(54_000, { min: 4_990, max: 89_990 })).toBe(54_000);
  });
  it('caps at the dearest car', () => {
    expect(budgetLinkMax(540_000, { min: 4_990, max: 89_990 })).toBe(89_990);
  });
  it('caps at 100,000 while the stock maximum is unknown', () => {
    expect(FALLBACK_MAX_PRICE).toBe(100_000);
    expect(budgetLinkMax(540_000, undefined)).toBe(100_000);
    expect(budgetLinkMax(54_000, undefined)).toBe(54_000);
  });
});

describe('budget too low: a message and a disabled search button', () => {
  it('is under the cheapest car in stock over $1,000', () => {
    expect(BUDGET_MIN_PRICE).toBe(1_000);
    expect(budgetTooLow(5_000, { min: 5_990, max: 90_000 })).toBe(true);
    expect(budgetTooLow(5_990, { min: 5_990, max: 90_000 })).toBe(false);
  });
  it('is never claimed while stock prices are unknown', () => {
    expect(budgetTooLow(0, undefined)).toBe(false);
  });
  it("says 'No {type}s found for this budget' and '0 {type}s Found'", () => {
    expect(tooLowMessage('car')).toBe('No cars found for this budget');
    expect(foundLabel(0, 'car')).toBe('0 cars Found');
    expect(foundLabel(1, 'vehicle')).toBe('1 vehicle Found');
    expect(foundLabel(1234, 'car')).toBe('1,234 cars Found');
  });
});

describe('stockNoun', () => {
  it('is car for a car dealer and vehicle where caravans, motorcycles or trucks are sold', () => {
    expect(stockNoun(testSite())).toBe('car');
    expect(stockNoun(testSite({ search: { categories: ['cars', 'subscription'] } }))).toBe('car');
    expect(stockNoun(testSite({ search: { categories: ['cars', 'caravans'] } }))).toBe('vehicle');
    expect(stockNoun(testSite({ search: { categories: ['trucks'] } }))).toBe('vehicle');
  });
});

describe('with advertised terms: the price the repayments pay off at the advertised rate, plus the deposit', () => {
  const kingfisher = {
    region: 'AU' as const,
    finance: { advertised: { rate: 7.49, comparison_rate: 8.6, term_months: 60, deposit_percent: 0, balloon_percent: 0 } },
  };

  it('$150 a week and a $10,000 deposit at 7.49% over 5 years is about $42,500, not $49,000', () => {
    const loan = budgetLoan(kingfisher);
    const budget = budgetFor({ repayment: 150, frequency: 'weekly', deposit: 10_000 }, loan);
    expect(budget).toBeGreaterThan(42_000);
    expect(budget).toBeLessThan(43_000);
    expect(budgetFor({ repayment: 150, frequency: 'weekly', deposit: 10_000 })).toBe(49_000);
  });

  it('counts the NZ fees the repayments include: the same repayment buys less', () => {
    const terms = { rate: 11.95, term_months: 60, deposit_percent: 0, balloon_percent: 0 };
    const nz = budgetFor({ repayment: 200, frequency: 'weekly', deposit: 2_000 }, budgetLoan({ region: 'NZ', finance: { advertised: terms } }));
    const noFees = budgetFor(
      { repayment: 200, frequency: 'weekly', deposit: 2_000 },
      budgetLoan({ region: 'NZ', finance: { advertised: { ...terms, establishment_fee: 0, ppsr_fee: 0 } } }),
    );
    // $360.35 of fees, each budget rounded down to the dollar.
    expect([360, 361]).toContain(noFees - nz);
  });

  it('has no loan without advertised terms', () => {
    expect(budgetLoan({ region: 'AU', finance: {} })).toBeUndefined();
  });

  it('says what it rests on: the advertised term (72 months in the US, as the footnote) or that interest is left out', () => {
    const us = budgetLoan({ region: 'US', finance: { advertised: { rate: 7.49, term_months: 72, deposit_percent: 10, balloon_percent: 0 } } });
    expect(budgetNote(us, 'US')).toBe('Budget is a guide only: the price your monthly payments pay off over 72 months at 7.49% APR, plus your down payment.');
    expect(budgetNote(budgetLoan(kingfisher), 'AU')).toBe(
      'Budget is a guide only: the price your repayments pay off over 5 years at 7.49% p.a., plus your deposit.',
    );
    const nz = budgetLoan({ region: 'NZ', finance: { advertised: { rate: 11.95, term_months: 60, deposit_percent: 0, balloon_percent: 0 } } });
    expect(budgetNote(nz, 'NZ')).toContain('at 11.95% p.a., fees included, plus your deposit.');
    expect(budgetNote(undefined, 'US')).toBe(
      'Budget is a guide only: your monthly payments added up over 60 months plus your down payment, with no interest counted (no finance rate is advertised).',
    );
  });

  it('reads the loan back from the panel, and falls back to the plain sum on anything else', () => {
    const loan = budgetLoan(kingfisher);
    expect(budgetLoanFrom(JSON.stringify(loan))).toEqual(loan);
    expect(budgetLoanFrom(undefined)).toBeUndefined();
    expect(budgetLoanFrom('not json')).toBeUndefined();
    expect(budgetLoanFrom('null')).toBeUndefined();
    expect(budgetLoanFrom(JSON.stringify({ ...loan, rate: '7.49' }))).toBeUndefined();
    expect(budgetLoanFrom(JSON.stringify({ ...loan, term_months: 0 }))).toBeUndefined();
    expect(budgetLoanFrom(JSON.stringify({ ...loan, fees: { establishment_fee: -1, ppsr_fee: 0, monthly_fee: 0 } }))).toBeUndefined();
  });
});
