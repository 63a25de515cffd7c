import { describe, expect, it } from 'vitest';
import { testSite } from '../../../tests/support/test-site';
import { deletedLines, enquiriesStatus, enquiryDate, enquiryView, savedCountText } from './my-garage';

describe('enquiriesStatus', () => {
  it('speaks of inquiries to a US shopper and enquiries in AU and NZ', () => {
    const us = testSite({ region: 'US' }).locale;
    expect(enquiriesStatus({ count: 0 }, us)).toBe('No inquiries sent with this email address yet.');
    expect(enquiriesStatus({ error: 'Offline' }, us)).toBe('Your inquiries could not be loaded: Offline');
    const au = testSite().locale;
    expect(enquiriesStatus({ count: 0 }, au)).toBe('No enquiries sent with this email address yet.');
    expect(enquiriesStatus({ error: 'Offline' }, au)).toBe('Your enquiries could not be loaded: Offline');
    expect(enquiriesStatus({ count: 2 }, us)).toBe('');
  });
});

describe('enquiryView', () => {
  it('says what the enquiry was, when, and links the car it named', () => {
    expect(
      enquiryView(
        {
          id: '1',
          form: 'enquiry',
          category: 'Used Vehicle Enquiry',
          created_at: '2026-03-04T23:30:00Z',
          car: { id: '9', name: '2021 Toyota RAV4', slug: '2021-toyota-rav4-9' },
        },
        'en-AU',
        'Australia/Brisbane',
      ),
    ).toEqual({ date: '5 Mar 2026', what: 'Used Vehicle Enquiry', car: { name: '2021 Toyota RAV4', href: '/cars/2021-toyota-rav4-9' } });
  });

  it('falls back to the form’s name, names a car without a page address as text, and never links a bad slug', () => {
    expect(enquiryView({ id: '2', form: 'finance', category: ' ', created_at: 'not a date' }, 'en-AU')).toEqual({ date: '', what: 'finance' });
    expect(
      enquiryView(
        { id: '3', form: 'enquiry', category: 'X', created_at: '2026-01-01T00:00:00Z', car: { name: 'Ute', slug: 'javascript:alert(1)' } },
        'en-AU',
        'UTC',
      ).car,
    ).toEqual({
      name: 'Ute',
    });
  });

  it('formats the day in the site’s language', () => {
    expect(enquiryDate('2026-07-04T12:00:00Z', 'en-US', 'America/Chicago')).toBe('Jul 4, 2026');
  });
});

describe('deletedLines', () => {
  it('lists what was deleted, leaving out what there was none of', () => {
    expect(deletedLines({ deleted: { account: true, sessions: 2, saved_cars: 1, saved_searches: 0, passkeys: 3 }, kept: '' })).toEqual([
      'Your account and its email address',
      '1 saved car',
      '3 passkeys',
      'Signed out of 2 browsers',
    ]);
  });
});

describe('savedCountText', () => {
  it('counts saved cars, and says nothing of none', () => {
    expect(savedCountText(0)).toBe('');
    expect(savedCountText(1)).toBe('1 saved car');
    expect(savedCountText(4)).toBe('4 saved cars');
  });
});
