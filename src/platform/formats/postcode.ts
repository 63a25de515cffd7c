/**
 * The postcode rule, in one place for the lead forms, the "Find your nearest" boxes and the
 * postcode lookup API: AU and NZ postcodes are exactly four digits, US ZIP codes five (a ZIP+4
 * is accepted and looked up by its first five). Plain TypeScript, no zod, so the search page
 * can check a postcode without loading the validation library.
 */
import type { Region } from '../config/regions';

export const POSTCODE_MESSAGE = 'Invalid postcode. Please enter a 4-digit number.';
export const ZIP_MESSAGE = 'Invalid ZIP code. Please enter a 5-digit number.';
/** What the lookup answers when the geocoder knows no such postcode (or ZIP code, on US sites). */
export const UNKNOWN_POSTCODE_MESSAGE = 'Invalid postcode';
export const UNKNOWN_ZIP_MESSAGE = 'Invalid ZIP code';

export interface PostcodeRule {
  pattern: RegExp;
  message: string;
  /** Input maxLength: four digits, or a ZIP+4 in the US. */
  maxLength: number;
  /** What the shopper calls it. */
  label: string;
  /** The lookup's answer for a well-formed code no one knows. */
  unknown: string;
}

export function postcodeRule(region: Region = 'AU'): PostcodeRule {
  return region === 'US'
    ? { pattern: /^\d{5}(?:-\d{4})?$/, message: ZIP_MESSAGE, maxLength: 10, label: 'ZIP code', unknown: UNKNOWN_ZIP_MESSAGE }
    : { pattern: /^\d{4}$/, message: POSTCODE_MESSAGE, maxLength: 4, label: 'Postcode', unknown: UNKNOWN_POSTCODE_MESSAGE };
}

/** The postcode trimmed and, for a ZIP+4, cut to the five digits a lookup uses; null when it breaks the rule. */
export function lookupPostcode(input: string, region: Region = 'AU'): string | null {
  const value = input.trim();
  if (!postcodeRule(region).pattern.test(value)) return null;
  return region === 'US' ? value.slice(0, 5) : value;
}
