import { describe, expect, it } from 'vitest';
import { creditProfiles as configProfiles } from '../../platform/config/sections/buying';
import { ageOn, creditCheckConsentWording, creditCheckRequestSchemaFor, creditProfiles, quoteRequestSchemaFor } from './quote';

describe('quote request', () => {
  it('offers the dealer file’s credit profiles', () => {
    expect(creditProfiles).toEqual(configProfiles);
  });

  it('takes a car id, deposit, term and profile', () => {
    expect(quoteRequestSchemaFor('AU').parse({ car_id: '123', deposit: 5000, term_months: 60, credit_profile: 'good' })).toEqual({
      car_id: '123',
      deposit: 5000,
      term_months: 60,
      credit_profile: 'good',
    });
  });

  it('refuses a price, markup in the id, odd numbers and unknown fields', () => {
    const bad = (body: unknown) => quoteRequestSchemaFor('AU').safeParse(body).success;
    expect(bad({ car_id: '123', deposit: 5000, term_months: 60, price: 1 })).toBe(false);
    expect(bad({ car_id: '<script>', deposit: 5000, term_months: 60 })).toBe(false);
    expect(bad({ car_id: '123', deposit: -1, term_months: 60 })).toBe(false);
    expect(bad({ car_id: '123', deposit: 5000, term_months: 6 })).toBe(false);
    expect(bad({ car_id: '123', deposit: 5000.5, term_months: 60 })).toBe(false);
    expect(bad({ car_id: '123', deposit: '5000', term_months: 60 })).toBe(false);
  });

  it('asks a US shopper for a down payment and an AU or NZ shopper for a deposit', () => {
    const messages = (region: 'AU' | 'NZ' | 'US') =>
      [undefined, -1, 20_000_000].map(
        (deposit) => quoteRequestSchemaFor(region).safeParse({ car_id: '123', deposit, term_months: 60 }).error?.issues[0]?.message,
      );
    expect(messages('US')).toEqual(['Enter a down payment', 'Enter a down payment of 0 or more', 'Enter a smaller down payment']);
    for (const region of ['AU', 'NZ'] as const)
      expect(messages(region)).toEqual(['Enter a deposit', 'Enter a deposit of 0 or more', 'Enter a smaller deposit']);
  });
});

describe('credit check request', () => {
  const ok = { consent: true, first_name: 'Zoë', last_name: "O'Brien-Smith", date_of_birth: '1990-02-28', postcode: '2000' };
  const creditCheckRequestSchema = creditCheckRequestSchemaFor('AU');
  it('needs consent and a plain name', () => {
    expect(creditCheckRequestSchema.safeParse(ok).success).toBe(true);
    expect(creditCheckRequestSchema.safeParse({ ...ok, consent: false }).success).toBe(false);
    expect(creditCheckRequestSchema.safeParse({ ...ok, last_name: '<img src=x>' }).success).toBe(false);
    // The lead forms' name rule: a phone's curly apostrophe and a leading one ("'t Hooft") are names too.
    expect(creditCheckRequestSchema.safeParse({ ...ok, first_name: 'Sam', last_name: 'O’Brien Jr.' }).success).toBe(true);
    expect(creditCheckRequestSchema.safeParse({ ...ok, last_name: "'t Hooft" }).success).toBe(true);
    expect(creditCheckRequestSchema.safeParse({ ...ok, last_name: 'Smith 3rd' }).success).toBe(false);
    expect(creditCheckRequestSchema.safeParse({ ...ok, date_of_birth: '1990-02-30' }).success).toBe(false);
    expect(creditCheckRequestSchema.safeParse({ ...ok, page: 'javascript:alert(1)' }).success).toBe(false);
  });

  it('asks a US shopper for a ZIP code and calls the check a credit inquiry; AU and NZ say postcode and enquiry', () => {
    const postcodeMessage = (region: 'AU' | 'NZ' | 'US') =>
      creditCheckRequestSchemaFor(region)
        .safeParse({ ...ok, postcode: 'abc' })
        .error?.issues.map((issue) => issue.message);
    expect(postcodeMessage('US')).toEqual(['Enter your ZIP code']);
    expect(postcodeMessage('AU')).toEqual(['Enter your postcode']);
    expect(postcodeMessage('NZ')).toEqual(['Enter your postcode']);
    expect(creditCheckConsentWording('US')).toContain('date of birth and ZIP code I give here');
    expect(creditCheckConsentWording('US')).toContain('credit inquiry');
    expect(creditCheckConsentWording('US')).not.toMatch(/postcode|enquiry/);
    expect(creditCheckConsentWording('AU')).toBe(
      'I agree to the dealer asking Equifax for my credit score band, using the name, date of birth and postcode I give here. I understand this is a credit enquiry; only my consent and the band returned are kept, not my details.',
    );
  });

  it('works out age in whole years', () => {
    expect(ageOn('2008-11-25', new Date('2026-11-24T00:00:00Z'))).toBe(17);
    expect(ageOn('2008-11-24', new Date('2026-11-24T00:00:00Z'))).toBe(18);
  });
});
