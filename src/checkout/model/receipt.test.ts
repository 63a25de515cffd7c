import { describe, expect, it } from 'vitest';
import type { PaymentView } from './api';
import { depositReceipt } from './receipt';

const paid: PaymentView = {
  id: '0b6f4d1e-7c55-4a8e-9d7e-2f1a3c5b7d90',
  kind: 'reservation',
  status: 'paid',
  reason: null,
  amount_minor: 50_000,
  currency: 'AUD',
  car_id: '123',
  reference: null,
  paid_at: '2026-11-28T23:30:00.000Z',
  held_until: '2026-11-30T23:30:00.000Z',
};
const brisbane = { locale: 'en-AU', time_zone: 'Australia/Brisbane' };

describe('the receipt for a shopper’s own deposit', () => {
  it('says the car is theirs, with the amount, when it was paid, until when it is held (dealer’s time zone) and the reference', () => {
    const receipt = depositReceipt(paid, brisbane)!;
    expect(receipt.heading).toBe('You have reserved this car');
    expect(receipt.text).not.toMatch(/another shopper/i);
    expect(receipt.lines).toEqual([
      { label: 'Deposit paid', value: '$500' },
      { label: 'Paid on', value: '29 November 2026 at 9:30 am' },
      { label: 'Held for you until', value: '1 December 2026 at 9:30 am' },
      { label: 'Payment reference', value: paid.id },
    ]);
    expect(receipt.text).toContain('$500 deposit is paid');
    expect(depositReceipt({ ...paid, amount_minor: 12_550 }, brisbane)!.lines[0]!.value).toBe('$125.50');
  });

  it('is no receipt for a deposit that holds nothing now, or for an invoice', () => {
    expect(depositReceipt({ ...paid, held_until: null }, brisbane)).toBeUndefined();
    expect(depositReceipt({ ...paid, status: 'refunded' }, brisbane)).toBeUndefined();
    expect(depositReceipt({ ...paid, kind: 'invoice' }, brisbane)).toBeUndefined();
  });
});
