import { describe, expect, it } from 'vitest';
import { COMPARISON_RATE_WARNING } from '../../stock/model/repayments';
import { quoteTable, type QuoteAnswer } from './quote-view';

const answer = (over: Partial<QuoteAnswer> = {}): QuoteAnswer => ({
  car: { id: '1', name: '2021 Toyota RAV4', price: 38_990 },
  deposit: 5000,
  term_months: 60,
  profile: 'good',
  frequency: 'weekly',
  currency: 'AUD',
  quotes: [
    {
      lender_id: 'bank',
      lender: 'Big Bank',
      rate: 7.49,
      comparison_rate: 8.6,
      establishment_fee: 395,
      monthly_fee: 8,
      frequency: 'weekly',
      payment_cents: 15_612,
      payments: 260,
      total_cents: 4_059_120,
    },
  ],
  ...over,
});

describe('lender table', () => {
  it('AU: rate and comparison rate side by side, and the warning', () => {
    const table = quoteTable(answer(), 'AU', 'en-AU');
    expect(table.headings).toEqual(['Lender', 'Weekly repayment', 'Interest rate', 'Comparison rate', 'Fees', 'Total to repay']);
    expect(table.rows[0]).toEqual(['Big Bank', '$156.12/week', '7.49% p.a.', '8.60% p.a.', '$395 establishment, $8.00 a month', '$40,591']);
    expect(table.notes[0]).toContain('$38,990 car, $5,000 deposit: $33,990 borrowed over 60 months.');
    expect(table.notes).toContain(COMPARISON_RATE_WARNING);
  });

  it('NZ: the rate and the fees, no comparison rate', () => {
    const table = quoteTable(answer({ currency: 'NZD' }), 'NZ', 'en-NZ');
    expect(table.headings).not.toContain('Comparison rate');
    expect(table.rows[0]).toContain('$395 establishment, $8.00 a month');
    expect(table.notes.join(' ')).not.toContain('WARNING');
  });

  it('US: APR and monthly payments', () => {
    const q = answer().quotes[0]!;
    const table = quoteTable(
      answer({ currency: 'USD', frequency: 'monthly', quotes: [{ ...q, frequency: 'monthly', establishment_fee: 0, monthly_fee: 0, payment_cents: 67_850 }] }),
      'US',
      'en-US',
    );
    expect(table.headings).toEqual(['Lender', 'Monthly payment', 'APR', 'Fees', 'Total of payments']);
    expect(table.rows[0]?.slice(1, 4)).toEqual(['$678.50/month', '7.49% APR', 'None']);
  });
});
