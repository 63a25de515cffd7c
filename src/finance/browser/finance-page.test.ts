import { describe, expect, it } from 'vitest';
import { creditCheckRequestSchemaFor, quoteRequestSchemaFor } from '../model/quote';
import { issueFields, readQuote, wholeAmount } from './finance-page';

describe('the finance page’s reading of its form', () => {
  it('reads a typed deposit, and refuses nonsense rather than calling it 0', () => {
    expect(wholeAmount('$5,000')).toBe(5000);
    expect(wholeAmount(' 12 500 ')).toBe(12_500);
    expect(wholeAmount('0')).toBe(0);
    expect(wholeAmount('abc')).toBeNaN();
    expect(wholeAmount('5.5')).toBeNaN();
    const parsed = quoteRequestSchemaFor('AU').safeParse({ car_id: '1', deposit: wholeAmount('abc'), term_months: 60, credit_profile: 'good' });
    expect(parsed.success).toBe(false);
    if (!parsed.success) expect(issueFields(parsed.error)).toEqual({ deposit: 'Enter a deposit' });
  });

  it('names each field once, with its first message', () => {
    const parsed = creditCheckRequestSchemaFor('AU').safeParse({ consent: false, first_name: '', last_name: 'X', date_of_birth: 'x', postcode: '1' });
    expect(parsed.success).toBe(false);
    if (!parsed.success) {
      expect(issueFields(parsed.error)).toEqual({
        consent: 'Tick the box to agree to the credit check',
        first_name: 'Enter your name as on your licence',
        date_of_birth: 'Enter your date of birth',
        postcode: 'Enter your postcode',
      });
    }
  });

  it('takes only an answer shaped like a quote', () => {
    expect(readQuote({ quotes: [], car: { id: '1', name: 'x', price: 1 }, currency: 'AUD' })).toBeDefined();
    expect(readQuote({ quotes: 'x' })).toBeUndefined();
    expect(readQuote(null)).toBeUndefined();
  });
});
