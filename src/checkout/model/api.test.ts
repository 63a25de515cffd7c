import { describe, expect, it } from 'vitest';
import {
  amountToMinor,
  checkoutNotOffered,
  checkoutSlugFromPath,
  onlinePaymentPages,
  onlinePaymentProblems,
  onlinePaymentRequestSchema,
  reservationRequestSchema,
} from './api';

const rules = { min_amount: 1, max_amount: 20_000, reference_label: 'Invoice or job number', reference_pattern: '^[A-Za-z0-9-]{3,30}$' };
const money = (minor: number) => `$${(minor / 100).toFixed(2)}`;

describe('the checkout API model', () => {
  it('reads amounts in dollars and cents only', () => {
    expect(amountToMinor('125.5')).toBe(12_550);
    expect(amountToMinor('$1,250.00')).toBe(125_000);
    expect(amountToMinor('7')).toBe(700);
    for (const bad of ['', '1.234', '-5', '1e3', '12.', 'ten', '0x10', '１２']) expect(amountToMinor(bad)).toBeUndefined();
  });

  it('checks a reference and amount against the dealer’s rules', () => {
    expect(onlinePaymentProblems({ reference: 'INV-1001', amount: '120.00' }, rules, money)).toEqual({});
    expect(onlinePaymentProblems({ reference: '<b>', amount: '120' }, rules, money)).toHaveProperty('reference');
    expect(onlinePaymentProblems({ reference: 'INV-1', amount: '20000.01' }, rules, money).amount).toBe('Enter an amount from $1.00 to $20000.00.');
    expect(onlinePaymentProblems({ reference: 'INV-1', amount: '0.99' }, rules, money)).toHaveProperty('amount');
    expect(onlinePaymentProblems({ reference: 'INV-1', amount: '1' }, { ...rules, reference_pattern: '(' }, money)).toHaveProperty('reference');
  });

  it('takes a car id and nothing that prices it', () => {
    expect(reservationRequestSchema.safeParse({ car_id: '12' }).success).toBe(true);
    expect(reservationRequestSchema.safeParse({ car_id: '12', amount_minor: 1 }).success).toBe(false);
    expect(reservationRequestSchema.safeParse({ car_id: '1 OR 1=1' }).success).toBe(false);
    expect(onlinePaymentRequestSchema.safeParse({ reference: 'INV-1', amount: '10', currency: 'USD' }).success).toBe(false);
  });

  it('finds the slug of a checkout page', () => {
    expect(checkoutSlugFromPath('/cars/2021-toyota-corolla-1234/checkout')).toBe('2021-toyota-corolla-1234');
    expect(checkoutSlugFromPath('/cars/2021-toyota-corolla-1234/checkout/')).toBe('2021-toyota-corolla-1234');
    expect(checkoutSlugFromPath('/cars/UPPER/checkout')).toBeUndefined();
    expect(checkoutSlugFromPath('/cars/x/y/checkout')).toBeUndefined();
  });
});

describe('pages a dealer offers', () => {
  it('builds /online-payment only for a dealer that takes payments online', () => {
    expect(onlinePaymentPages({ enabled_pages: ['online_payment'] })).toEqual([{ params: { page: undefined } }]);
    expect(onlinePaymentPages({ enabled_pages: ['checkout'] })).toEqual([]);
    expect(onlinePaymentPages({ enabled_pages: [] })).toEqual([]);
  });

  it('says on checkout, where the dealer takes no deposits online, that the car can still be reserved with them, not that it is missing or sold', () => {
    const { heading, text } = checkoutNotOffered('Kingfisher Toyota');
    expect(`${heading} ${text}`).not.toMatch(/not found|sold|no longer/i);
    expect(text).toContain('Kingfisher Toyota does not take deposits online');
    expect(text).toMatch(/enquiry|call/i);
  });
});
