import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { financeLink } from '../../stock/model/car-page';
import { buildFinanceQuery, MAX_VEHICLE_PRICE_BUDGET, parseBudget, parseFinanceQuery, type FinanceLinkQuery } from './finance-query';

describe('parseFinanceQuery', () => {
  it("reads the car page's finance link", () => {
    const link = financeLink({ id: 48213, price: 38990, car_type: 'used', vin: 'JTMW1RFV10D012345' }, 'kingfisher-toyota');
    const search = link.slice(link.indexOf('?'), link.indexOf('#'));
    expect(parseFinanceQuery(search)).toEqual({
      preferredDealership: 'kingfisher-toyota',
      vehiclePriceBudget: 38990,
      car_id: '48213',
      car_type: 'used',
      vin: 'JTMW1RFV10D012345',
    });
  });

  it('is empty for no query', () => {
    expect(parseFinanceQuery('')).toEqual({});
    expect(parseFinanceQuery('?utm_source=x')).toEqual({});
  });

  it('drops hostile or malformed values one by one', () => {
    const query = parseFinanceQuery(
      new URLSearchParams({
        preferredDealership: '<script>alert(1)</script>',
        vehiclePriceBudget: '1e9',
        car_id: '12"><img src=x onerror=alert(1)>',
        car_type: 'javascript:alert(1)',
        vin: 'JTMW1RFV10D01234\u202e',
      }),
    );
    expect(query).toEqual({});
  });

  it('keeps the good values when others are bad', () => {
    expect(parseFinanceQuery('?car_id=abc-12&car_type=spaceship&vin=')).toEqual({ car_id: 'abc-12' });
  });

  it('normalises case and trims', () => {
    expect(parseFinanceQuery('?preferredDealership=%20Kingfisher-Toyota%20&car_type=DEMO&vin=jtmw1rfv10d012345')).toEqual({
      preferredDealership: 'kingfisher-toyota',
      car_type: 'demo',
      vin: 'JTMW1RFV10D012345',
    });
  });

  it('keeps a dealership only when the site has it, given the list', () => {
    expect(parseFinanceQuery('?preferredDealership=elsewhere', { dealerships: ['kingfisher-toyota'] })).toEqual({});
    expect(parseFinanceQuery('?preferredDealership=kingfisher-toyota', { dealerships: ['kingfisher-toyota'] })).toEqual({
      preferredDealership: 'kingfisher-toyota',
    });
  });

  it('refuses VINs with I, O or Q and over-long ids', () => {
    expect(parseFinanceQuery('?vin=JTMW1RFV10D01234O')).toEqual({});
    expect(parseFinanceQuery(`?car_id=${'9'.repeat(41)}`)).toEqual({});
    expect(parseFinanceQuery(`?preferredDealership=${'a'.repeat(500)}`)).toEqual({});
  });

  it('takes the first of repeated keys', () => {
    expect(parseFinanceQuery('?car_id=1&car_id=2')).toEqual({ car_id: '1' });
  });

  it('drops a zero budget', () => {
    expect(parseFinanceQuery('?vehiclePriceBudget=0')).toEqual({});
  });
});

describe('parseBudget', () => {
  it.each([
    ['38990', 38990],
    ['$38,990', 38990],
    ['38990.6', 38991],
    ['5000000', MAX_VEHICLE_PRICE_BUDGET],
    ['0', 0],
  ])('%s → %s', (raw, expected) => {
    expect(parseBudget(raw)).toBe(expected);
  });

  it.each(['-5', '1e6', 'abc', '12abc', 'Infinity', 'NaN', '0x10', '', '1,23', '9'.repeat(400)])('refuses %j', (raw) => {
    expect(parseBudget(raw)).toBeUndefined();
  });

  it('refuses undefined', () => {
    expect(parseBudget(undefined)).toBeUndefined();
  });
});

describe('buildFinanceQuery', () => {
  it('writes the same query the car page writes', () => {
    const link = financeLink({ id: 48213, price: 38990, car_type: 'used', vin: 'JTMW1RFV10D012345' }, 'kingfisher-toyota');
    expect(`/finance${buildFinanceQuery(parseFinanceQuery(link.slice(link.indexOf('?'), link.indexOf('#'))))}#finance-form`).toBe(link);
  });

  it('is empty for an empty query', () => {
    expect(buildFinanceQuery({})).toBe('');
  });

  it('round-trips every valid query', () => {
    const query: fc.Arbitrary<FinanceLinkQuery> = fc.record(
      {
        preferredDealership: fc.stringMatching(/^[a-z0-9]{1,10}(?:-[a-z0-9]{1,10}){0,3}$/),
        vehiclePriceBudget: fc.integer({ min: 1, max: MAX_VEHICLE_PRICE_BUDGET }),
        car_id: fc.stringMatching(/^[A-Za-z0-9_-]{1,40}$/),
        car_type: fc.constantFrom('new' as const, 'used' as const, 'demo' as const),
        vin: fc.stringMatching(/^[A-HJ-NPR-Z0-9]{17}$/),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(query, (q) => {
        expect(parseFinanceQuery(buildFinanceQuery(q))).toEqual(q);
      }),
    );
  });

  it('never lets arbitrary text through unchecked', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.constantFrom('preferredDealership', 'vehiclePriceBudget', 'car_id', 'car_type', 'vin'), fc.string({ unit: 'binary', maxLength: 60 })),
        (raw) => {
          const parsed = parseFinanceQuery(new URLSearchParams(raw));
          for (const value of Object.values(parsed)) expect(String(value)).toMatch(/^[A-Za-z0-9_-]+$/);
        },
      ),
    );
  });
});
