import { describe, expect, it } from 'vitest';
import {
  COMPARISON_RATE_WARNING,
  REGION_FEES,
  advertisedDisclosure,
  advertisedLoan,
  affordablePrice,
  comparisonRate,
  disclosure,
  impliedRate,
  paymentCount,
  repayment,
  repaymentLine,
  repaymentOf,
} from './repayments';
import { advertisedRepayment, repaymentPriceText } from './car';

/** The balance after every instalment, worked month by month: an independent check of the formula. */
function balanceAfter(amount: number, annualRate: number, perYear: number, n: number, payment: number): number {
  let balance = amount;
  for (let i = 0; i < n; i++) balance = balance * (1 + annualRate / 100 / perYear) - payment;
  return balance;
}

describe('repayments', () => {
  it('matches textbook amortisation examples', () => {
    // $10,000 at 6% over 12 months: $860.66 a month; $200,000 at 6% over 30 years: $1,199.10.
    expect(repayment({ amount: 10_000, rate: 6, term_months: 12, frequency: 'monthly' }).payment).toBeCloseTo(860.66, 2);
    expect(repayment({ amount: 200_000, rate: 6, term_months: 360, frequency: 'monthly' }).payment).toBeCloseTo(1199.1, 2);
    const zero = repayment({ amount: 25_000, rate: 0, term_months: 60, frequency: 'monthly' });
    expect(zero.payment).toBeCloseTo(416.67, 2);
    expect(zero.interest).toBeCloseTo(0, 6);
  });

  it('counts instalments by frequency', () => {
    expect(paymentCount(60, 'weekly')).toBe(260);
    expect(paymentCount(60, 'fortnightly')).toBe(130);
    expect(paymentCount(60, 'monthly')).toBe(60);
  });

  it('leaves exactly the balloon owing after the last weekly or monthly instalment', () => {
    for (const frequency of ['weekly', 'fortnightly', 'monthly'] as const) {
      const perYear = { weekly: 52, fortnightly: 26, monthly: 12 }[frequency];
      const r = repayment({ amount: 30_000, rate: 7, term_months: 60, frequency, balloon: 10_000 });
      expect(balanceAfter(30_000, 7, perYear, r.payments, r.instalment)).toBeCloseTo(10_000, 4);
    }
    expect(repayment({ amount: 30_000, rate: 7, term_months: 60, frequency: 'monthly', balloon: 10_000 }).payment).toBeCloseTo(454.36, 2);
  });

  it('adds the establishment fee to the loan and spreads the monthly fee over the instalments', () => {
    const plain = repayment({ amount: 20_000, rate: 8, term_months: 48, frequency: 'weekly' });
    const withFees = repayment({ amount: 20_000, rate: 8, term_months: 48, frequency: 'weekly', establishment_fee: 400, monthly_fee: 13 });
    const feeOnly = repayment({ amount: 400, rate: 8, term_months: 48, frequency: 'weekly' });
    expect(withFees.payment).toBeCloseTo(plain.payment + feeOnly.payment + (13 * 12) / 52, 6);
    expect(withFees.total).toBeCloseTo(withFees.payment * 208, 6);
  });
});

describe('comparison rate', () => {
  it('equals the annual rate when there are no fees', () => {
    expect(comparisonRate({ rate: 7 })).toBe(7);
    expect(comparisonRate({ rate: 12.49 })).toBe(12.49);
  });

  it('is the rate at which the repayments and fees repay $30,000 over 5 years', () => {
    const rate = comparisonRate({ rate: 7, establishment_fee: 500, monthly_fee: 10 });
    expect(rate).toBe(8.39);
    // Independently: the monthly payment on $30,500 at 7% plus $10, discounted at the comparison rate, is $30,000.
    const payment = repayment({ amount: 30_500, rate: 7, term_months: 60, frequency: 'monthly' }).payment + 10;
    let pv = 0;
    for (let m = 1; m <= 60; m++) pv += payment / (1 + rate / 1200) ** m;
    expect(pv).toBeCloseTo(30_000, -1);
  });

  it('finds the implied rate of a known loan', () => {
    expect(impliedRate(10_000, 860.6643, 12)).toBeCloseTo(6, 4);
    expect(impliedRate(1000, 50, 10)).toBe(0);
  });
});

describe('advertised repayments', () => {
  it('works the figure out from the price: weekly in AU and NZ, monthly in the US', () => {
    const terms = { rate: 8.99, term_months: 60, deposit_percent: 0, balloon_percent: 0 };
    const au = repaymentLine(terms, 'AU');
    expect(au.per).toBe('/week');
    expect(advertisedRepayment(30_000, au)).toBe(Math.ceil(repayment({ amount: 30_000, rate: 8.99, term_months: 60, frequency: 'weekly' }).payment));
    const us = repaymentLine(terms, 'US');
    expect(us.per).toBe('/month');
    expect(advertisedRepayment(30_000, us)).toBe(623);
  });

  it('takes deposit and balloon as percents of the price', () => {
    const line = repaymentLine({ rate: 7, term_months: 60, deposit_percent: 10, balloon_percent: 20 }, 'US');
    const expected = repayment({ amount: 45_000, rate: 7, term_months: 60, frequency: 'monthly', balloon: 10_000 }).payment;
    expect(advertisedRepayment(50_000, line)).toBe(Math.ceil(expected));
  });

  it('shows nothing without terms or a price', () => {
    expect(advertisedRepayment(30_000, undefined)).toBe(0);
    expect(advertisedRepayment(0, repaymentLine({ rate: 7, term_months: 60, deposit_percent: 0, balloon_percent: 0 }, 'AU'))).toBe(0);
    const weekly = { region: 'AU' as const, locale: 'en-AU', repayment: { per_price: 0.0048, per: '/week' as const } };
    expect(repaymentPriceText({ price: 0, status: 'in_stock' }, weekly)).toBe('');
    expect(repaymentPriceText({ price: 30_000, status: 'in_stock' }, weekly)).toBe('$144/week');
    expect(repaymentPriceText({ price: 30_000, status: 'in_stock' }, { region: 'US', locale: 'en-US', repayment: { per_price: 0.02076, per: '/month' } })).toBe(
      '$623/month',
    );
  });
});

describe('the repayment and its footnote rest on one deposit', () => {
  // The card's figure and the terms under the results are both made from finance.advertised.
  it.each([0, 10])('AU, deposit %i per cent: the figure borrows what the footnote says is left', (deposit) => {
    const terms = { rate: 7.49, term_months: 60, deposit_percent: deposit, balloon_percent: 0 };
    const site = { region: 'AU' as const, finance: { advertised: terms } };
    const words = advertisedDisclosure(site)!.terms;
    expect(words).toContain(deposit === 0 ? 'with no deposit' : `with a ${deposit}% deposit`);
    const card = repaymentPriceText({ price: 40_000, status: 'in_stock' }, { region: 'AU', locale: 'en-AU', ...repaymentOf(site) });
    const loan = repayment({ amount: 40_000 * (1 - deposit / 100), rate: 7.49, term_months: 60, frequency: 'weekly' });
    expect(card).toBe(`$${Math.ceil(loan.payment)}/week`);
  });
});

describe('disclosure words', () => {
  const input = { rate: 8.99, term_months: 60, establishment_fee: 395, monthly_fee: 8 };

  it('AU: the annual rate, a comparison rate and the standard warning', () => {
    const words = disclosure(input, 'AU');
    expect(words.rate).toBe('8.99% p.a.');
    expect(words.comparison_rate).toBe(`${comparisonRate(input).toFixed(2)}% p.a. comparison rate`);
    expect(words.warning).toBe(COMPARISON_RATE_WARNING);
    expect(words.terms).toContain('$30,000 over 5 years');
    expect(disclosure({ ...input, comparison_rate: 9.5 }, 'AU').comparison_rate).toBe('9.50% p.a. comparison rate');
  });

  it('NZ: the rate and the fees, no comparison rate', () => {
    const words = disclosure(input, 'NZ');
    expect(words.comparison_rate).toBeUndefined();
    expect(words.warning).toBe('Includes an establishment fee of $395 and a PPSR fee of $10.35, added to the loan, and an account fee of $8 a month.');
    expect(disclosure({ ...input, ppsr_fee: 0, monthly_fee: 0 }, 'NZ').warning).toBe('Includes an establishment fee of $395, added to the loan.');
    expect(disclosure({ ...input, establishment_fee: 0, ppsr_fee: 0, monthly_fee: 0 }, 'NZ').warning).toBe('No establishment or account fees.');
  });

  it('US: the APR and monthly payments', () => {
    const words = disclosure({ ...input, deposit_percent: 10 }, 'US');
    expect(words.rate).toBe('8.99% APR');
    expect(words.comparison_rate).toBeUndefined();
    expect(words.terms).toBe(
      'Estimated monthly payments for 60 months at 8.99% APR with a 10% down payment. Estimates only, subject to credit approval; taxes, title and registration are extra.',
    );
    expect(disclosure(input, 'US').terms).toContain('with no down payment.');
  });
});

describe('NZ advertised repayments include the fees the footnote names', () => {
  // Southern Lakes Motors advertises 11.95% over 5 years; its footnote names a $350 establishment fee and a $10.35 PPSR fee.
  const terms = { rate: 11.95, term_months: 60, deposit_percent: 0, balloon_percent: 0, establishment_fee: 350, ppsr_fee: 10.35 };

  it('quotes the repayment on the price plus the fees added to the loan, as the footnote says', () => {
    const line = repaymentLine(terms, 'NZ');
    const withFees = repayment({ amount: 34_000, rate: 11.95, term_months: 60, frequency: 'weekly', establishment_fee: 360.35 }).payment;
    const withoutFees = repayment({ amount: 34_000, rate: 11.95, term_months: 60, frequency: 'weekly' }).payment;
    expect(advertisedRepayment(34_000, line)).toBe(Math.ceil(withFees));
    expect(advertisedRepayment(34_000, line)).toBe(176);
    expect(Math.ceil(withoutFees)).toBe(174);
    expect(disclosure(terms, 'NZ').warning).toBe('Includes an establishment fee of $350 and a PPSR fee of $10.35, added to the loan.');
  });

  it('takes the region’s fees when the dealer file names none: NZ lenders charge them, AU and US advertise none', () => {
    const bare = { rate: 11.95, term_months: 60, deposit_percent: 0, balloon_percent: 0 };
    expect(repaymentLine(bare, 'NZ')).toEqual(repaymentLine(terms, 'NZ'));
    expect(REGION_FEES.NZ).toMatchObject({ establishment_fee: 350, ppsr_fee: 10.35 });
    expect(repaymentLine(bare, 'AU').fees).toBeUndefined();
    expect(repaymentLine(bare, 'US').fees).toBeUndefined();
    expect(repaymentLine({ ...bare, establishment_fee: 0, ppsr_fee: 0 }, 'NZ').fees).toBeUndefined();
  });

  it('spreads a monthly account fee over weekly repayments', () => {
    const line = repaymentLine({ ...terms, establishment_fee: 0, ppsr_fee: 0, monthly_fee: 13 }, 'NZ');
    expect(line.fees).toBeCloseTo((13 * 12) / 52, 9);
  });
});

describe('what a repayment buys: the repayment sum backwards', () => {
  it('at 7.49% over 5 years, $150 a week and a $10,000 deposit buy about $42,500, not the $49,000 of plain multiplication', () => {
    const loan = advertisedLoan({ rate: 7.49, term_months: 60, deposit_percent: 0, balloon_percent: 0 }, 'AU');
    const price = affordablePrice(150, 10_000, 'weekly', loan);
    expect(Math.round(price / 100) * 100).toBe(42_500);
    expect(repayment({ amount: price - 10_000, rate: 7.49, term_months: 60, frequency: 'weekly' }).payment).toBeCloseTo(150, 6);
  });

  it.each([
    ['weekly', 'NZ', { rate: 11.95, term_months: 60, deposit_percent: 0, balloon_percent: 0, establishment_fee: 350, ppsr_fee: 10.35, monthly_fee: 5 }],
    ['monthly', 'NZ', { rate: 11.95, term_months: 48, deposit_percent: 0, balloon_percent: 0 }],
    ['monthly', 'US', { rate: 7.49, term_months: 72, deposit_percent: 10, balloon_percent: 0 }],
    ['monthly', 'AU', { rate: 6.99, term_months: 60, deposit_percent: 0, balloon_percent: 30, monthly_fee: 10 }],
    ['weekly', 'AU', { rate: 0, term_months: 36, deposit_percent: 0, balloon_percent: 20, establishment_fee: 400 }],
  ] as const)('%s in %s: the price found is one whose repayment, fees and balloon included, is the payment typed', (frequency, region, terms) => {
    const loan = advertisedLoan(terms, region);
    const price = affordablePrice(400, 5_000, frequency, loan);
    const back = repayment({
      amount: price - 5_000,
      rate: terms.rate,
      term_months: terms.term_months,
      frequency,
      balloon: (price * terms.balloon_percent) / 100,
      establishment_fee: loan.fees.establishment_fee + loan.fees.ppsr_fee,
      monthly_fee: loan.fees.monthly_fee,
    });
    expect(back.payment).toBeCloseTo(400, 6);
  });

  it('leaves the deposit to spend when the payment does not cover the fees', () => {
    const loan = advertisedLoan({ rate: 11.95, term_months: 60, deposit_percent: 0, balloon_percent: 0, monthly_fee: 50 }, 'NZ');
    expect(affordablePrice(1, 3_000, 'weekly', loan)).toBe(3_000);
  });
});
