/**
 * Phone numbers on lead forms: one normalised form stored with the lead,
 * five validation rules, and the display formats shown back to the shopper.
 *
 * '+61 (0)412 345-678' normalises to '0412345678' and displays as '0412 345 678'.
 */
import type { PhoneRule } from '../../platform/config/schema';
import { AU, AU_MOBILE, NZ, UK, US, normalisePhone } from '../../platform/formats/phone';
import { PHONE_AU_MESSAGE, PHONE_AU_MOBILE_MESSAGE, PHONE_NZ_MESSAGE, PHONE_TOO_LONG_MESSAGE, PHONE_US_MESSAGE, REQUIRED_MESSAGE } from './messages';

export type { PhoneRule };
export { formatPhone, normalisePhone } from '../../platform/formats/phone';

/** Accepted by every rule so staff can send test leads from any dealer site. */
export const TEST_PHONE_NUMBER = '0400000000';

/** NZ entries must be shorter than this, counted as typed ('Too many characters' otherwise). */
export const NZ_MAX_ENTRY_LENGTH = 15;

export type PhoneCheck = { ok: true; normalised: string } | { ok: false; message: string };

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
