/**
 * Region-dependent wording and formatting: en-AU, en-NZ, en-US.
 * All money, distance and date text goes through Intl so grouping and month names follow the locale.
 */
import { regionDefaults, type Region } from '../config/regions';

export type Currency = (typeof regionDefaults)[Region]['currency'];
export type Units = 'km' | 'miles';

/**
 * Australian/NZ spellings and their US equivalents, inflected forms included. Whole words only,
 * so "Colourful" becomes "Colorful" but unrelated words that merely contain a stem are untouched.
 */
export const US_WORDING_SWAPS: Readonly<Record<string, string>> = {
  colour: 'color',
  colours: 'colors',
  coloured: 'colored',
  colouring: 'coloring',
  colourful: 'colorful',
  personalise: 'personalize',
  personalised: 'personalized',
  personalises: 'personalizes',
  personalising: 'personalizing',
  personalisation: 'personalization',
  enquiry: 'inquiry',
  enquiries: 'inquiries',
  enquire: 'inquire',
  enquired: 'inquired',
  enquires: 'inquires',
  enquiring: 'inquiring',
  enquirer: 'inquirer',
  petrol: 'gas',
  // Beyond colour, personalised, enquiry, enquire and petrol: spellings a US shopper would
  // otherwise meet on every page.
  licence: 'license',
  licences: 'licenses',
  favourite: 'favorite',
  favourites: 'favorites',
  authorised: 'authorized',
};

const US_SWAP_PATTERN = new RegExp(`\\b(?:${Object.keys(US_WORDING_SWAPS).join('|')})\\b`, 'gi');

/** Carries the case style of the original word: "ENQUIRE" → "INQUIRE", "Enquire" → "Inquire". */
function matchCase(original: string, replacement: string): string {
  if (original.length > 1 && original === original.toUpperCase()) return replacement.toUpperCase();
  const first = original.charAt(0);
  if (first !== first.toLowerCase()) return replacement.charAt(0).toUpperCase() + replacement.slice(1);
  return replacement;
}

function usWording(text: string): string {
  return text.replace(US_SWAP_PATTERN, (word) => matchCase(word, US_WORDING_SWAPS[word.toLowerCase()] ?? word));
}

const identity = (text: string): string => text;

/**
 * The one function interface text passes through. Apply it to the site's own labels, not to
 * stock data: a vehicle's fuel type "Petrol" is a search facet value and must stay as indexed.
 */
export function wording(locale: string): (text: string) => string {
  return locale === 'en-US' ? usWording : identity;
}

export function currencyFor(region: Region): Currency {
  return regionDefaults[region].currency;
}

const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  // Building an Intl formatter is slow next to using one; a static build formats thousands of prices.
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format;
}

/**
 * "$45,990" in every region. narrowSymbol because en-NZ would otherwise print "NZ$"
 * (and en-AU "US$" for USD): visitors already know their own currency.
 */
export function formatMoney(amount: number, locale: string, currency: string, { cents = false }: { cents?: boolean } = {}): string {
  const digits = cents ? 2 : 0;
  return numberFormat(locale, {
    style: 'currency',
    currency,
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(amount);
}

export const KM_TO_MILES = 0.621371;

/** "12,345 km", or converted to miles for US sites: "7,671 mi". Odometers are whole numbers. */
export function formatDistance(km: number, units: Units, locale = units === 'miles' ? 'en-US' : 'en-AU'): string {
  const value = units === 'miles' ? km * KM_TO_MILES : km;
  return numberFormat(locale, {
    style: 'unit',
    unit: units === 'miles' ? 'mile' : 'kilometer',
    unitDisplay: 'short',
    maximumFractionDigits: 0,
  }).format(Math.round(value));
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A "YYYY-MM-DD" calendar date as a Date at UTC midnight. Format it with `timeZone: 'UTC'`:
 * `new Date('2026-12-25')` formatted in a US time zone would read 24 December.
 */
export function calendarDate(isoDate: string): Date {
  const match = ISO_DATE.exec(isoDate);
  const date = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : undefined;
  // Date.UTC rolls 2026-02-30 over into March; a real calendar date survives the round trip.
  if (!date || date.toISOString().slice(0, 10) !== isoDate) throw new RangeError(`not a calendar date "YYYY-MM-DD": "${isoDate}"`);
  return date;
}

// One formatter per locale: making one costs more than formatting, and pages format dates by the hundred.
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** "25 December 2026" (AU/NZ), "December 25, 2026" (US). */
export function formatDate(isoDate: string, locale: string): string {
  const date = calendarDate(isoDate);
  let format = dateFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
    dateFormats.set(locale, format);
  }
  return format.format(date);
}
