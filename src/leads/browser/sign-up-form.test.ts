import { describe, expect, it } from 'vitest';
import type { PageLeadContext } from '../model/payload';
import { REQUIRED_MESSAGE } from '../model/messages';
import { successUrl } from '../model/success';
import { formFieldErrors, missingFields, readConfig, signUpLead, type SignUpConfig } from './sign-up-form';

const context: PageLeadContext = {
  website_slug: 'kingfisher-toyota',
  url: 'https://kingfisher.example/privacy-policy',
  page_id: '/privacy-policy',
  source: 'Website',
  user_agent: 'test',
  visited_pages: ['/', '/privacy-policy'],
  linked_query_params: { utm_source: 'mail' },
  form_started_at: 1763700000000,
  company_website: '',
};

describe('readConfig', () => {
  it('reads the site, dealership, category, subcategory, phone rule and consent id', () => {
    expect(
      readConfig({
        site: 'kingfisher-toyota',
        dealership: 'kingfisher-north',
        category: 'General Enquiry',
        subcategory: 'Newsletter',
        phoneRule: 'nz',
        consentId: 'cw-abc',
      }),
    ).toEqual({
      website_slug: 'kingfisher-toyota',
      dealership_slug: 'kingfisher-north',
      category: 'General Enquiry',
      subcategory: 'Newsletter',
      phone_rule: 'nz',
      consent_id: 'cw-abc',
    });
  });

  it('leaves out what is not there and falls back to the au phone rule for an unknown one', () => {
    expect(readConfig({ site: 'a', category: 'Competition Enquiry', phoneRule: 'mars' })).toEqual({
      website_slug: 'a',
      category: 'Competition Enquiry',
      phone_rule: 'au',
    });
  });

  it('refuses a form that names no site or no category', () => {
    expect(readConfig({ category: 'Competition Enquiry' })).toBeUndefined();
    expect(readConfig({ site: 'a', category: '' })).toBeUndefined();
  });
});

describe('missingFields', () => {
  it("gives '*This is a required field.' for each blank or all-space field", () => {
    expect(missingFields({ name: '', email: '   ', phone: '0412345678' })).toEqual({ name: REQUIRED_MESSAGE, email: REQUIRED_MESSAGE });
    expect(missingFields({ name: '\t', email: '', phone: '' })).toEqual({ name: REQUIRED_MESSAGE, email: REQUIRED_MESSAGE, phone: REQUIRED_MESSAGE });
  });

  it('leaves anything typed to the server, even if it is wrong', () => {
    expect(missingFields({ name: 'Jo 3000', email: 'jo@', phone: '12' })).toEqual({});
  });
});

describe('formFieldErrors', () => {
  it("keeps the server's messages for this form's fields only", () => {
    expect(
      formFieldErrors({ email: 'invalid email address', phone: 'Invalid phone number. Must be an Australian number.', website_slug: 'Must be "x".' }),
    ).toEqual({
      email: 'invalid email address',
      phone: 'Invalid phone number. Must be an Australian number.',
    });
  });

  it('is empty when the failure is not about a field the shopper can fix', () => {
    expect(formFieldErrors(undefined)).toEqual({});
    expect(formFieldErrors({ 'Idempotency-Key': 'Required.', lead: 'Must be an object.' })).toEqual({});
    expect(formFieldErrors({ name: '' })).toEqual({});
  });
});

describe('signUpLead', () => {
  const subscribe: SignUpConfig = { website_slug: 'kingfisher-toyota', category: 'Competition Enquiry', phone_rule: 'au' };
  const values = { name: ' Jo Citizen ', email: 'jo@example.com ', phone: ' 0412 345 678' };

  it('is an enquiry with the context, the trimmed fields, consent to the wording it names and event 22', () => {
    expect(signUpLead({ ...subscribe, consent_id: 'cw-abc' }, values, context, '')).toEqual({
      ...context,
      form: 'enquiry',
      name: 'Jo Citizen',
      email: 'jo@example.com',
      phone: '0412 345 678',
      category: 'Competition Enquiry',
      opt_in: true,
      consent_id: 'cw-abc',
      event_id: 22,
      company_website: '',
    });
  });

  it('carries the newsletter subcategory, and whatever a bot put in the honeypot', () => {
    const lead = signUpLead({ ...subscribe, category: 'General Enquiry', subcategory: 'Newsletter' }, values, context, 'https://spam.example');
    expect(lead).toMatchObject({ category: 'General Enquiry', subcategory: 'Newsletter', company_website: 'https://spam.example' });
    expect(lead).not.toHaveProperty('message');
  });

  it('sends no subcategory for the subscribe form', () => {
    expect(signUpLead(subscribe, values, context, '')).not.toHaveProperty('subcategory');
  });
});

describe('successUrl', () => {
  it('builds the query string, leaving out empty extras', () => {
    expect(successUrl('Competition Enquiry')).toBe('/success?category=Competition+Enquiry');
    expect(successUrl('General Enquiry', { subcategory: 'Newsletter', car_id: undefined, car: '' })).toBe(
      '/success?category=General+Enquiry&subcategory=Newsletter',
    );
  });

  it('escapes what it is given and never lets an extra replace the category', () => {
    expect(successUrl('a&b=c', { category: 'x', note: '#1 ?' })).toBe('/success?category=a%26b%3Dc&note=%231+%3F');
  });
});
