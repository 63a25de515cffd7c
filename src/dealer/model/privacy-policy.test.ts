import { describe, expect, it } from 'vitest';
import { testSite } from '../../../tests/support/test-site';
import { defaultPrivacyPolicy } from './privacy-policy';

const policyOf = (region: 'AU' | 'NZ' | 'US') => {
  const site = testSite({ region });
  return defaultPrivacyPolicy({ name: site.name, region: site.region, locale: site.locale, contact: '555 0100' }).join('\n');
};

describe('the default privacy policy', () => {
  it('asks a US shopper for a ZIP code and speaks of inquiries, never a postcode or an enquiry', () => {
    const us = policyOf('US');
    expect(us).toContain('email address, ZIP code and the vehicles');
    expect(us).toContain('answer your inquiry');
    expect(us).not.toMatch(/postcode|enquir/i);
  });

  it('keeps the postcode and the enquiry in Australia and New Zealand', () => {
    for (const region of ['AU', 'NZ'] as const) {
      const text = policyOf(region);
      expect(text).toContain('email address, postcode and the vehicles');
      expect(text).toContain('answer your enquiry');
      expect(text).toContain('contact us on 555 0100.');
    }
  });
});
