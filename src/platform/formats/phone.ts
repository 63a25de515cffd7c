/**
 * Phone numbers in each country's own way of writing them: one normalised form (digits, national
 * leading 0) and the display formats, for the dealer's numbers on its pages and the shopper's
 * number shown back on lead forms. Lead forms' validation rules are in src/leads/model/phone.ts.
 *
 * '+61 (0)412 345-678' normalises to '0412345678' and displays as '0412 345 678'.
 */
import type { PhoneRule, Region } from '../config/schema';

const PUNCTUATION = /[\s()[\]+\-.]/g;

// An optional trunk '0' after the country code covers the common '+61 (0)4…' way of writing it;
// no AU, NZ or UK national number starts with 0 after the country code, so nothing is lost.
const AU_NZ_PREFIX = /^(?:00)?(?:61|64)0?/;
const AU_NZ_UK_PREFIX = /^(?:00)?(?:61|64|44)0?/;

export const AU = /^0[2-578]\d{8}$/;
export const AU_MOBILE = /^04\d{8}$/;
export const NZ = /^0[234679]\d{7,9}$/;
export const UK = /^0[1-9]\d{8,9}$/;
export const US = /^[1-9]\d{9,10}$/;

/**
 * Spaces, brackets, plus signs, hyphens and dots removed; an international 61, 0061, 64 or 0064
 * prefix (also 44/0044 under au_nz_uk) becomes the national leading 0. US numbers keep their
 * digits as typed, since a US area code may begin with 61 or 64.
 */
export function normalisePhone(raw: string, rule: PhoneRule = 'au'): string {
  const stripped = raw.replace(PUNCTUATION, '');
  if (rule === 'us') return stripped;
  return stripped.replace(rule === 'au_nz_uk' ? AU_NZ_UK_PREFIX : AU_NZ_PREFIX, '0');
}

/** '0412345678' → '0412 345 678'; '0298765432' → '(02) 9876 5432'; '1300123456' → '1300 123 456'; '131234' → '13 12 34'. */
function formatAu(n: string): string | null {
  if (/^1[38]00\d{6}$/.test(n)) return `${n.slice(0, 4)} ${n.slice(4, 7)} ${n.slice(7)}`;
  if (/^13\d{4}$/.test(n)) return `${n.slice(0, 2)} ${n.slice(2, 4)} ${n.slice(4)}`;
  if (AU_MOBILE.test(n)) return `${n.slice(0, 4)} ${n.slice(4, 7)} ${n.slice(7)}`;
  if (AU.test(n)) return `(${n.slice(0, 2)}) ${n.slice(2, 6)} ${n.slice(6)}`;
  return null;
}

/** '0211234567' → '021 123 4567'; '091234567' → '(09) 123 4567'. */
function formatNz(n: string): string | null {
  if (/^02\d{7,9}$/.test(n)) {
    const rest = n.slice(3);
    const split = rest.length === 8 ? 4 : 3;
    return `${n.slice(0, 3)} ${rest.slice(0, split)} ${rest.slice(split)}`;
  }
  if (/^0[34679]\d{7}$/.test(n)) return `(${n.slice(0, 2)}) ${n.slice(2, 5)} ${n.slice(5)}`;
  if (/^0[58]00\d{6}$/.test(n)) return `${n.slice(0, 4)} ${n.slice(4, 7)} ${n.slice(7)}`;
  return null;
}

/** '5551234567' → '(555) 123-4567'; '15551234567' → '1 (555) 123-4567'. */
function formatUs(n: string): string | null {
  const parts = /^(1?)([1-9]\d{2})(\d{3})(\d{4})$/.exec(n);
  if (!parts) return null;
  const [, country, area, exchange, line] = parts;
  return `${country ? '1 ' : ''}(${area}) ${exchange}-${line}`;
}

/** How a normalised number is shown back to the shopper; anything unrecognised is shown as is. */
export function formatPhone(normalised: string, rule: PhoneRule): string {
  switch (rule) {
    case 'au':
    case 'au_mobile':
      return formatAu(normalised) ?? normalised;
    case 'au_nz_uk':
      return formatAu(normalised) ?? formatNz(normalised) ?? normalised;
    case 'nz':
      return formatNz(normalised) ?? normalised;
    case 'us':
      return formatUs(normalised) ?? normalised;
  }
}

/**
 * A dealer's phone as the dealer file writes it, shown the way its country writes numbers:
 * '07 3000 1234' → '(07) 3000 1234', '+64 9 123 4567' → '(09) 123 4567', '512-555-0134' → '(512) 555-0134'.
 * An AU site shows an NZ number in NZ's way, and the reverse. A number in no known form (a short
 * code, an extension) is shown as written.
 */
export function displayPhone(phone: string, region: Region): string {
  const written = phone.trim();
  if (region === 'US') return formatUs(normalisePhone(written, 'us')) ?? written;
  const normalised = normalisePhone(written, 'au');
  return (region === 'NZ' ? (formatNz(normalised) ?? formatAu(normalised)) : (formatAu(normalised) ?? formatNz(normalised))) ?? written;
}

/**
 * Whether a dealer's phone number, as its dealer file writes it, is one its country dials: a US
 * number with its area code; in Australia and New Zealand a number of either (an AU site may list
 * an NZ branch, as displayPhone shows them), including 13/1300/1800 and 0800 numbers.
 */
export function isDialablePhone(phone: string, region: Region): boolean {
  const written = phone.trim();
  if (/[^\d\s()[\]+\-.]/.test(written)) return false;
  if (region === 'US') return formatUs(normalisePhone(written, 'us')) !== null;
  const normalised = normalisePhone(written, 'au');
  return formatAu(normalised) !== null || formatNz(normalised) !== null;
}
