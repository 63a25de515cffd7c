import { describe, expect, it } from 'vitest';
import { calendarDate, currencyFor, formatDate, formatDistance, formatMoney, US_WORDING_SWAPS, wording } from './region';

describe('wording: US sites swap colour→color, personalised→personalized, enquiry→inquiry, enquire→inquire, petrol→gas', () => {
  const us = wording('en-US');

  it.each([
    ['colour', 'color'],
    ['personalised', 'personalized'],
    ['enquiry', 'inquiry'],
    ['enquire', 'inquire'],
    ['petrol', 'gas'],
  ])('en-US swaps %s → %s', (au, usWord) => {
    expect(us(au)).toBe(usWord);
  });

  it.each([
    ['enquiries', 'inquiries'],
    ['enquiring', 'inquiring'],
    ['enquired', 'inquired'],
    ['colours', 'colors'],
    ['coloured', 'colored'],
    ['personalise', 'personalize'],
    ['personalisation', 'personalization'],
  ])('en-US swaps inflected form %s → %s', (au, usWord) => {
    expect(us(au)).toBe(usWord);
  });

  it('preserves capitalisation', () => {
    expect(us('Enquire Now')).toBe('Inquire Now');
    expect(us('ENQUIRE NOW')).toBe('INQUIRE NOW');
    expect(us('Colour')).toBe('Color');
    expect(us('Petrol')).toBe('Gas');
  });

  it('swaps every occurrence inside a sentence, whole words only', () => {
    // Arrange
    const text = 'Competition Enquiry: choose a colour, petrol or diesel. Discoloured? Petroleum? Enquire-now.';
    // Act
    const result = us(text);
    // Assert
    expect(result).toBe('Competition Inquiry: choose a color, gas or diesel. Discoloured? Petroleum? Inquire-now.');
  });

  it.each(['en-AU', 'en-NZ'])('%s leaves text as written', (locale) => {
    const text = 'Personalised finance enquiry about the petrol colour';
    expect(wording(locale)(text)).toBe(text);
  });

  it('lists each swap in lower case, mapping to a different word', () => {
    for (const [from, to] of Object.entries(US_WORDING_SWAPS)) {
      expect(from).toBe(from.toLowerCase());
      expect(to).not.toBe(from);
    }
  });
});

describe('currencyFor', () => {
  it.each([
    ['AU', 'AUD'],
    ['NZ', 'NZD'],
    ['US', 'USD'],
  ] as const)('%s → %s', (region, currency) => {
    expect(currencyFor(region)).toBe(currency);
  });
});

describe('formatMoney', () => {
  it.each([
    ['en-AU', 'AUD'],
    ['en-NZ', 'NZD'],
    ['en-US', 'USD'],
  ])('%s %s prints "$45,990" (narrow symbol, never "NZ$")', (locale, currency) => {
    expect(formatMoney(45990, locale, currency)).toBe('$45,990');
  });

  it('rounds to whole dollars by default', () => {
    expect(formatMoney(45990.6, 'en-AU', 'AUD')).toBe('$45,991');
  });

  it('shows cents when asked', () => {
    expect(formatMoney(199.5, 'en-US', 'USD', { cents: true })).toBe('$199.50');
  });

  it('formats zero and negatives', () => {
    expect(formatMoney(0, 'en-AU', 'AUD')).toBe('$0');
    expect(formatMoney(-2000, 'en-AU', 'AUD')).toBe('-$2,000');
  });
});

describe('formatDistance: miles on US sites, kilometres elsewhere', () => {
  it('prints kilometres with grouping', () => {
    expect(formatDistance(12345, 'km')).toBe('12,345 km');
  });

  it('converts to miles at 0.621371 mi per km', () => {
    expect(formatDistance(12345, 'miles')).toBe('7,671 mi');
  });

  it('rounds to whole numbers', () => {
    expect(formatDistance(12.5, 'km')).toBe('13 km');
    expect(formatDistance(0, 'miles')).toBe('0 mi');
  });
});

describe('formatDate', () => {
  it.each([
    ['en-AU', '25 December 2026'],
    ['en-NZ', '25 December 2026'],
    ['en-US', 'December 25, 2026'],
  ])('%s → %s', (locale, text) => {
    expect(formatDate('2026-12-25', locale)).toBe(text);
  });

  it('treats the ISO date as a calendar date, whatever the process time zone', () => {
    // 1 January at UTC midnight is still 31 December in the Americas; the date must not shift.
    expect(formatDate('2027-01-01', 'en-US')).toBe('January 1, 2027');
  });

  it('rejects text that is not a calendar date', () => {
    expect(() => formatDate('2026-02-30', 'en-AU')).toThrow(RangeError);
    expect(() => formatDate('25/12/2026', 'en-AU')).toThrow(RangeError);
  });

  it('calendarDate gives UTC midnight', () => {
    expect(calendarDate('2026-12-25').toISOString()).toBe('2026-12-25T00:00:00.000Z');
  });
});

describe('US spellings beyond colour, personalised, enquiry, enquire and petrol', () => {
  it('swaps licence, favourites and authorised for US sites only', () => {
    expect(wording('en-US')('Dealer Licence · Favourites · Authorised Toyota dealer')).toBe('Dealer License · Favorites · Authorized Toyota dealer');
    expect(wording('en-AU')('Dealer Licence')).toBe('Dealer Licence');
  });
});
