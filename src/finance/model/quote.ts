/**
 * What the personalised finance page sends and gets back: the same schemas validate in the browser
 * and on the server. The browser sends a car id, a deposit, a term and a credit profile (or the id
 * of its credit check); the server prices the car from stock.
 */
// zod/mini, as the lead forms' fields: pages that share chunks with them then share zod's too.
import { z } from 'zod/mini';
import { isPersonName } from '../../platform/formats/person-name';
import type { creditProfiles as configProfiles } from '../../platform/config/sections/buying';
import type { Region } from '../../platform/config/regions';
import { downPaymentInWords, regionTerms } from '../../platform/formats/region-terms';

/**
 * The dealer file's credit profiles (platform/config/sections/buying.ts), repeated so the page's
 * script does not load the dealer-file schema and classic zod with it; a test holds the two equal.
 */
export const creditProfiles = ['excellent', 'good', 'fair', 'limited'] as const satisfies readonly (typeof configProfiles)[number][];

export const FINANCE_API = '/api/finance';
export const financePaths = {
  /** POST QuoteRequest → 200 Quote. */
  quote: `${FINANCE_API}/quote`,
  /** POST CreditCheckRequest → 201 { id, band }. */
  creditCheck: `${FINANCE_API}/credit-check`,
} as const;

export const FINANCE_PAGE_PATH = '/personalised/finance';

/** Terms a shopper may pick; lenders' own limits narrow them further. */
export const TERM_CHOICES = [12, 24, 36, 48, 60, 72, 84] as const;

/** Stock ids are positive integers; the search index's primary key. */
export const carIdField = z.string().check(z.regex(/^[1-9][0-9]{0,15}$/, { error: 'Choose a car from our stock' }));

/**
 * The quote request, its money-down messages in the region's word: a US shopper makes a down
 * payment, an AU or NZ shopper puts down a deposit. The field stays `deposit` in every region.
 */
export function quoteRequestSchemaFor(region: Region) {
  const deposit = downPaymentInWords(region);
  return z.strictObject({
    car_id: carIdField,
    /** Whole currency units. */
    deposit: z
      .number({ error: `Enter a ${deposit}` })
      .check(
        z.int({ error: 'Enter a whole amount' }),
        z.minimum(0, { error: `Enter a ${deposit} of 0 or more` }),
        z.maximum(10_000_000, { error: `Enter a smaller ${deposit}` }),
      ),
    term_months: z
      .number({ error: 'Choose a term' })
      .check(
        z.int({ error: 'Choose a term' }),
        z.minimum(12, { error: 'Choose a term of 12 months or more' }),
        z.maximum(96, { error: 'Choose a term of 96 months or less' }),
      ),
    credit_profile: z.optional(z.enum(creditProfiles, { error: 'Choose how you would describe your credit history' })),
    /** Equifax finance: the id the credit check answered with; its band replaces credit_profile. */
    credit_check_id: z.optional(z.uuid({ error: 'Unknown credit check' })),
  });
}

/** The fields and what they accept are the same in every region; only the messages differ. */
export type QuoteRequest = z.infer<ReturnType<typeof quoteRequestSchemaFor>>;

/** The shopper's own words for the credit profiles. */
export const PROFILE_LABELS: Readonly<Record<(typeof creditProfiles)[number], string>> = {
  excellent: 'Excellent: no missed payments, long credit history',
  good: 'Good: a missed payment or two, long ago',
  fair: 'Fair: some missed payments or defaults',
  limited: 'Limited: little or no credit history',
};

/**
 * The consent a shopper gives before the credit check, word for word, in the region's words (a
 * US shopper gives a ZIP code and makes a credit inquiry). The server records these words (its
 * own copy, not what a browser sends), the page and the time.
 */
export function creditCheckConsentWording(region: Region): string {
  const us = region === 'US';
  return `I agree to the dealer asking Equifax for my credit score band, using the name, date of birth and ${regionTerms(region).postcode} I give here. I understand this is a credit ${us ? 'inquiry' : 'enquiry'}; only my consent and the band returned are kept, not my details.`;
}

const name = z.string({ error: 'Enter your name as on your licence' }).check(
  z.trim(),
  z.minLength(1, { error: 'Enter your name as on your licence', abort: true }),
  z.maxLength(60, { error: 'Use 60 characters or fewer', abort: true }),
  // The platform's one name rule, so a name the lead forms take is one the credit check takes too.
  z.refine(isPersonName, { error: 'Use letters, spaces, hyphens, apostrophes and full stops only' }),
);

/** The credit check request, its postcode message in the region's word ("Enter your ZIP code" in the US). */
export function creditCheckRequestSchemaFor(region: Region) {
  const postcode = `Enter your ${regionTerms(region).postcode}`;
  return z.strictObject({
    consent: z.literal(true, { error: 'Tick the box to agree to the credit check' }),
    first_name: name,
    last_name: name,
    date_of_birth: z.iso.date({ error: 'Enter your date of birth' }),
    postcode: z.string({ error: postcode }).check(z.trim(), z.regex(/^[0-9]{4,5}$/, { error: postcode })),
    /** The page the consent was given on (a path on this site). */
    page: z.optional(z.string().check(z.maxLength(200, { error: 'Unknown page', abort: true }), z.regex(/^\/[A-Za-z0-9/_?=&.-]*$/, { error: 'Unknown page' }))),
  });
}

/** The fields and what they accept are the same in every region; only the messages differ. */
export type CreditCheckRequest = z.infer<ReturnType<typeof creditCheckRequestSchemaFor>>;

/** Whole years between a date of birth and a day; credit is for adults only. */
export function ageOn(dateOfBirth: string, today: Date): number {
  const [y, m, d] = dateOfBirth.split('-').map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - y;
  if (today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d)) age -= 1;
  return age;
}
