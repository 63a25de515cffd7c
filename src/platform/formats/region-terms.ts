/**
 * Car-finance and vehicle words that differ by region in meaning, not spelling: a US shopper
 * makes a down payment and monthly payments over a term in months, reads a license plate and an
 * odometer in miles; AU and NZ shoppers put down a deposit, compare weekly repayments over a term
 * in years and give their rego.
 *
 * Kept apart from `wording()` (./region.ts) on purpose: that swaps words everywhere, and
 * "deposit" is also the money that holds a car at checkout, which is a deposit in the US too.
 * Use these words only where the loan, the plate or the odometer is meant.
 */
import type { Region } from '../config/regions';

export type PaymentFrequency = 'weekly' | 'monthly';

export interface RegionTerms {
  /** Money put toward the loan: "Deposit" or "Down payment". */
  down_payment: string;
  /** The budget's payment field: "Repayments" or "Monthly payment". */
  payment: string;
  /** The payments in a sentence: "repayments" or "payments", and with their frequency where it is the only one. */
  payments: string;
  payments_in_words: string;
  /** The frequencies a shopper may choose from, the first the default: US payments are monthly only. */
  frequencies: readonly PaymentFrequency[];
  /** The plate field's label: "Registration (rego)" or "License plate". */
  plate: string;
  /** The plate in a sentence: "registration" ("rego" in short, "registration number") or "license plate". */
  plate_in_words: string;
  plate_short: string;
  /** "registration number" or "license plate number". */
  plate_number: string;
  /** Odometer readings: "km" or "miles". */
  distance: 'km' | 'miles';
  /** The postal code in a sentence: "postcode" or "ZIP code" (a US shopper has no postcode). */
  postcode: string;
}

const AU_NZ: RegionTerms = {
  down_payment: 'Deposit',
  payment: 'Repayments',
  payments: 'repayments',
  payments_in_words: 'repayments',
  frequencies: ['weekly', 'monthly'],
  plate: 'Registration (rego)',
  plate_in_words: 'registration',
  plate_short: 'rego',
  plate_number: 'registration number',
  distance: 'km',
  postcode: 'postcode',
};

const TERMS: Readonly<Record<Region, RegionTerms>> = {
  AU: AU_NZ,
  NZ: AU_NZ,
  US: {
    down_payment: 'Down payment',
    payment: 'Monthly payment',
    payments: 'payments',
    payments_in_words: 'monthly payments',
    frequencies: ['monthly'],
    plate: 'License plate',
    plate_in_words: 'license plate',
    plate_short: 'license plate',
    plate_number: 'license plate number',
    distance: 'miles',
    postcode: 'ZIP code',
  },
};

export function regionTerms(region: Region): RegionTerms {
  return TERMS[region];
}

/** "5 years" (AU, NZ) or "60 months" (US): US loans are quoted in months. */
export function loanTermLabel(years: number, region: Region): string {
  if (region === 'US') return `${years * 12} months`;
  return `${years} year${years === 1 ? '' : 's'}`;
}

/** A term the shopper picks in months: "60 months" (US), "60 months (5 years)" (AU, NZ). */
export function loanTermMonthsLabel(months: number, region: Region): string {
  if (region === 'US' || months % 12 !== 0) return `${months} months`;
  return `${months} months (${loanTermLabel(months / 12, region)})`;
}

/** "5-year term" (AU, NZ) or "60-month term" (US), for a sentence. */
export function loanTermPhrase(years: number, region: Region): string {
  return region === 'US' ? `${years * 12}-month term` : `${years}-year term`;
}

/** "Deposit" or "Down payment" in a sentence, for the loan's money down. */
export function downPaymentInWords(region: Region): string {
  return TERMS[region].down_payment.toLowerCase();
}

/** "Odometer (km)" or "Odometer (miles)". */
export function odometerLabel(region: Region): string {
  return `Odometer (${TERMS[region].distance})`;
}

export const KM_PER_MILE = 1.609344;

/**
 * An odometer reading as stored: always kilometres, whole, whatever the shopper's units, so a
 * lead never leaves its reader guessing (stock odometers are kilometres too; formatDistance
 * turns them into miles for US pages).
 */
export function odometerKm(reading: number, distance: 'km' | 'miles'): number {
  return Math.round(distance === 'miles' ? reading * KM_PER_MILE : reading);
}
