import { describe, expect, it } from 'vitest';
import { testSite } from '../../../tests/support/test-site';
import {
  PRICE_ON_APPLICATION,
  STATUS_LABELS,
  advertisedRepayment,
  arrivalText,
  carSlugFromPath,
  priceText,
  repaymentLineFrom,
  repaymentPriceText,
  showsRepayment,
  subscriptionPriceText,
} from './car';
import { repaymentOf } from './repayments';

const site = testSite();
/** A car for sale at this price: the repayment rule reads only the price and the status. */
const forSale = (price: number) => ({ price, status: 'in_stock' as const });

describe('car path', () => {
  it('reads a car slug from /cars/{slug} and refuses anything else', () => {
    expect(carSlugFromPath('/cars/2021-toyota-rav4-48213')).toBe('2021-toyota-rav4-48213');
    expect(carSlugFromPath('/cars/2021-toyota-rav4-48213/')).toBe('2021-toyota-rav4-48213');
    expect(carSlugFromPath('/cars/')).toBeUndefined();
    expect(carSlugFromPath('/cars/a/b')).toBeUndefined();
    expect(carSlugFromPath('/cars/%22%20OR%20id%20%3E%200')).toBeUndefined();
    expect(carSlugFromPath('/cars/Upper-Case')).toBeUndefined();
  });
});

describe('price', () => {
  it('shows one total price, and a price of 0 as price on application', () => {
    expect(priceText(38990, site)).toBe('$38,990');
    expect(priceText(0, site)).toBe(PRICE_ON_APPLICATION);
  });

  it('shows a repayment only on the advertised terms, worked out from the price', () => {
    expect(repaymentPriceText(forSale(38990), site)).toBe('');
    const advertising = {
      ...site,
      ...repaymentOf({ region: 'AU', finance: { advertised: { rate: 8.99, term_months: 60, deposit_percent: 0, balloon_percent: 0 } } }),
    };
    const weekly = advertisedRepayment(38990, advertising.repayment);
    expect(weekly).toBe(187);
    expect(repaymentPriceText(forSale(38990), advertising)).toBe('$187/week');
    expect(repaymentPriceText(forSale(0), advertising)).toBe('');
    const us = {
      ...site,
      region: 'US' as const,
      locale: 'en-US',
      ...repaymentOf({ region: 'US', finance: { advertised: { rate: 6.9, term_months: 72, deposit_percent: 10, balloon_percent: 0 } } }),
    };
    expect(repaymentPriceText(forSale(38990), us)).toMatch(/^\$\d{3}\/month$/);
  });
});

// "A sold car or a price-on-application car shows no repayment and no finance footnote."
describe('which cars show a repayment', () => {
  const advertising = {
    ...site,
    ...repaymentOf({ region: 'AU', finance: { advertised: { rate: 8.99, term_months: 60, deposit_percent: 0, balloon_percent: 0 } } }),
  };

  it('a sold car shows none, where the same car for sale shows one', () => {
    expect(repaymentPriceText({ price: 38990, status: 'sale_pending' }, advertising)).toBe('$187/week');
    expect(repaymentPriceText({ price: 38990, status: 'sold' }, advertising)).toBe('');
    expect(showsRepayment({ price: 38990, status: 'in_stock' })).toBe(true);
    expect(showsRepayment({ price: 38990, status: 'sold' })).toBe(false);
  });

  it('a price-on-application car shows none', () => {
    expect(showsRepayment({ price: 0, status: 'in_stock' })).toBe(false);
    expect(repaymentPriceText({ price: 0, status: 'in_stock' }, advertising)).toBe('');
  });
});

describe('subscription price', () => {
  it('names a weekly subscription as such, and nothing for a car without one', () => {
    expect(subscriptionPriceText(249, site)).toBe('Subscription $249 per week');
    expect(subscriptionPriceText(undefined, site)).toBe('');
    expect(subscriptionPriceText(0, site)).toBe('');
  });
});

describe('repaymentLineFrom', () => {
  it('reads back the line a page wrote into its markup, and nothing from a page without one', () => {
    expect(repaymentLineFrom('0.0048', '/week')).toEqual({ per_price: 0.0048, per: '/week' });
    expect(repaymentLineFrom('0.02', '/month')).toEqual({ per_price: 0.02, per: '/month' });
    expect(repaymentLineFrom(undefined, undefined)).toBeUndefined();
    expect(repaymentLineFrom('0', '/week')).toBeUndefined();
    expect(repaymentLineFrom('abc', '/week')).toBeUndefined();
    expect(repaymentLineFrom('0.01', '/fortnight')).toBeUndefined();
  });

  it('carries the fees each payment adds (NZ), so a live price is quoted as the built page quotes it', () => {
    const line = repaymentLineFrom('0.005113', '/week', '1.8426');
    expect(line).toEqual({ per_price: 0.005113, per: '/week', fees: 1.8426 });
    expect(advertisedRepayment(34_000, line)).toBe(Math.ceil(34_000 * 0.005113 + 1.8426));
    expect(repaymentPriceText({ price: 34_000, status: 'in_stock' }, { region: 'NZ', locale: 'en-NZ', repayment: line })).toBe('$176/week');
    expect(repaymentLineFrom('0.005113', '/week', '')).toEqual({ per_price: 0.005113, per: '/week' });
    expect(repaymentLineFrom('0.005113', '/week', 'x')).toEqual({ per_price: 0.005113, per: '/week' });
  });
});

describe('availability', () => {
  it('names every status as the badge reads it', () => {
    expect(STATUS_LABELS).toEqual({
      in_stock: 'In Stock',
      sale_pending: 'Sale Pending',
      in_transit: 'In Transit',
      in_production: 'In Production',
      coming_soon: 'Coming Soon',
      sold: 'Sold',
    });
  });

  it('says when a car on its way arrives, in the region’s date order', () => {
    expect(arrivalText({ status: 'in_transit', arrival_date: '2026-03-14' }, 'en-AU')).toBe('Arriving 14 March 2026');
    expect(arrivalText({ status: 'in_production', arrival_date: '2026-03-14' }, 'en-US')).toBe('Arriving March 14, 2026');
    expect(arrivalText({ status: 'coming_soon', arrival_date: '2026-12-01' }, 'en-NZ')).toBe('Arriving 1 December 2026');
  });

  it('says nothing without a date, for a car not on its way, or for a date that is no date', () => {
    expect(arrivalText({ status: 'in_transit' }, 'en-AU')).toBe('');
    expect(arrivalText({ status: 'in_stock', arrival_date: '2026-03-14' }, 'en-AU')).toBe('');
    expect(arrivalText({ status: 'sale_pending', arrival_date: '2026-03-14' }, 'en-AU')).toBe('');
    expect(arrivalText({ status: 'in_transit', arrival_date: '2026-02-30' }, 'en-AU')).toBe('');
  });
});
