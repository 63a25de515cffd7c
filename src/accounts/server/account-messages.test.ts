import { describe, expect, it } from 'vitest';
import { testSite } from '../../../tests/support/test-site';
import { ACCOUNT_MESSAGES } from './routes';

describe('what a deleted account leaves with the dealer', () => {
  it('speaks of inquiries on a US site and enquiries in AU and NZ, the dealer named as spelt', () => {
    const us = ACCOUNT_MESSAGES.kept('Enquiry Auto', testSite({ region: 'US' }).locale);
    expect(us).toMatch(/^Inquiries you already sent, .* stay with Enquiry Auto: /);
    expect(ACCOUNT_MESSAGES.kept('Enquiry Auto', testSite().locale)).toMatch(/^Enquiries you already sent, .* stay with Enquiry Auto: /);
  });
});
