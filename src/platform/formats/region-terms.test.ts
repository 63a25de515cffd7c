import { describe, expect, it } from 'vitest';
import { downPaymentInWords, loanTermLabel, loanTermMonthsLabel, loanTermPhrase, odometerKm, odometerLabel, regionTerms } from './region-terms';

describe('region finance and vehicle words', () => {
  it('gives US shoppers a down payment, monthly payments only and a license plate', () => {
    const us = regionTerms('US');
    expect([us.down_payment, us.payment, us.payments_in_words, us.plate, us.plate_short]).toEqual([
      'Down payment',
      'Monthly payment',
      'monthly payments',
      'License plate',
      'license plate',
    ]);
    expect(us.frequencies).toEqual(['monthly']);
    expect(us.distance).toBe('miles');
  });

  it('says ZIP code and down payment in a US sentence, postcode and deposit in AU and NZ', () => {
    expect([regionTerms('US').postcode, downPaymentInWords('US')]).toEqual(['ZIP code', 'down payment']);
    for (const region of ['AU', 'NZ'] as const) expect([regionTerms(region).postcode, downPaymentInWords(region)]).toEqual(['postcode', 'deposit']);
  });

  it('keeps the deposit, weekly repayments first and the rego in Australia and New Zealand', () => {
    for (const region of ['AU', 'NZ'] as const) {
      const terms = regionTerms(region);
      expect([terms.down_payment, terms.payment, terms.plate, terms.plate_short, terms.plate_number]).toEqual([
        'Deposit',
        'Repayments',
        'Registration (rego)',
        'rego',
        'registration number',
      ]);
      expect(terms.frequencies).toEqual(['weekly', 'monthly']);
      expect(terms.distance).toBe('km');
    }
  });

  it('words a loan term in months in the US and in years elsewhere', () => {
    expect([1, 5, 7].map((years) => loanTermLabel(years, 'US'))).toEqual(['12 months', '60 months', '84 months']);
    expect([1, 5, 7].map((years) => loanTermLabel(years, 'AU'))).toEqual(['1 year', '5 years', '7 years']);
    expect(loanTermPhrase(5, 'US')).toBe('60-month term');
    expect([loanTermMonthsLabel(12, 'AU'), loanTermMonthsLabel(60, 'AU'), loanTermMonthsLabel(60, 'US')]).toEqual([
      '12 months (1 year)',
      '60 months (5 years)',
      '60 months',
    ]);
    expect(loanTermPhrase(5, 'NZ')).toBe('5-year term');
  });

  it('labels the odometer in the shopper’s units and stores kilometres', () => {
    expect(odometerLabel('US')).toBe('Odometer (miles)');
    expect(odometerLabel('AU')).toBe('Odometer (km)');
    expect(odometerKm(10_000, 'miles')).toBe(16_093);
    expect(odometerKm(10_000, 'km')).toBe(10_000);
  });
});
