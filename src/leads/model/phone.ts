/**
 * Phone numbers on lead forms: one normalised form stored with the lead,
 * five validation rules, and the display formats shown back to the shopper.
 *
 * '+61 (0)412 345-678' normalises to '0412345678' and displays as '0412 345 678'.
 */
import type { PhoneRule } from '../../platform/config/schema';
import { PHONE_AU_MESSAGE, PHONE_AU_MOBILE_MESSAGE, PHONE_NZ_MESSAGE, PHONE_TOO_LONG_MESSAGE, PHONE_US_MESSAGE, REQUIRED_MESSAGE } from './messages';

export type { PhoneRule };

/** Accepted by every rule so staff can send test leads from any dealer site. */
export const TEST_PHONE_NUMBER = '0400000000';

/** NZ entries must be shorter than this, counted as typed ('Too many characters' otherwise). */
export const NZ_MAX_ENTRY_LENGTH = 15;

export type PhoneCheck = { ok: true; normalised: string } | { ok: false; message: string };

const PUNCTUATION = /[\s()[\]+\-.]/g;

// An optional trunk '0' after the country code covers the common '+61 (0)4…' way of writing it;
// no AU, NZ or UK national number starts with 0 after the country code, so nothing is lost.
const AU_NZ_PREFIX = /^(?:00)?(?:61|64)0?/;
const AU_NZ_UK_PREFIX = /^(?:00)?(?:61|64|44)0?/;

const AU = /^0[2-578]\d{8}$/;
const AU_MOBILE = /^04\d{8}$/;
const NZ = /^0[234679]\d{7,9}$/;
const UK = /^0[1-9]\d{8,9}$/;
const US = /^[1-9]\d{9,10}$/;

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

/** Validates a phone entry under a dealer's rule; the normalised number is what gets stored. */
export function checkPhone(raw: unknown, rule: PhoneRule): PhoneCheck {
  const entry = typeof raw === 'string' ? raw.trim() : '';
  if (entry === '') return { ok: false, message: REQUIRED_MESSAGE };
  const normalised = normalisePhone(entry, rule);
  if (normalised === TEST_PHONE_NUMBER) return { ok: true, normalised };
  switch (rule) {
    case 'au':
      return AU.test(normalised) ? { ok: true, normalised } : { ok: false, message: PHONE_AU_MESSAGE };
    case 'au_mobile':
      return AU_MOBILE.test(normalised) ? { ok: true, normalised } : { ok: false, message: PHONE_AU_MOBILE_MESSAGE };
    case 'au_nz_uk':
      return AU.test(normalised) || NZ.test(normalised) || UK.test(normalised) ? { ok: true, normalised } : { ok: false, message: PHONE_AU_MESSAGE };
    case 'nz':
      if (entry.length >= NZ_MAX_ENTRY_LENGTH) return { ok: false, message: PHONE_TOO_LONG_MESSAGE };
      return NZ.test(normalised) ? { ok: true, normalised } : { ok: false, message: PHONE_NZ_MESSAGE };
    case 'us':
      return US.test(normalised) ? { ok: true, normalised } : { ok: false, message: PHONE_US_MESSAGE };
  }
}

/** '0412345678' → '0412 345 678'; '0298765432' → '(02) 9876 5432'. */
function formatAu(n: string): string | null {
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
