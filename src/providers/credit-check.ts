/**
 * Credit checks for equifax finance: the shopper's identity in, a credit band out. Only the band
 * is kept (with the shopper's consent); the identity is sent to the bureau and forgotten.
 *
 * Offline default: test identities decide the band by surname, the way test card numbers decide a
 * payment (README "Buying online"): Excellent, Good, Fair, Limited and Nofile give those bands;
 * anyone else has no file, since the offline check knows no real people. With CREDIT_CHECK_URL set
 * the bureau is asked instead (key CREDIT_CHECK_API_KEY).
 */
import { z } from 'zod';
import { envUrl, postJson, type HttpOptions } from '../platform/http/outbound';
import type { CreditProfile } from './finance';

export const creditBands = ['excellent', 'good', 'fair', 'limited', 'no_file'] as const;
export type CreditBand = (typeof creditBands)[number];

export interface CreditIdentity {
  first_name: string;
  last_name: string;
  /** YYYY-MM-DD */
  date_of_birth: string;
  postcode: string;
}

export type CreditCheck = (identity: CreditIdentity) => Promise<CreditBand>;

/** Surnames of the offline check's test identities and the band each gets. */
export const TEST_IDENTITIES: Readonly<Record<string, CreditBand>> = {
  excellent: 'excellent',
  good: 'good',
  fair: 'fair',
  limited: 'limited',
  nofile: 'no_file',
};

export const offlineCreditCheck: CreditCheck = (identity) => Promise.resolve(TEST_IDENTITIES[identity.last_name.trim().toLowerCase()] ?? 'no_file');

/** The credit profile a band is quoted on: someone without a file is quoted as limited. */
export function profileForBand(band: CreditBand): CreditProfile {
  return band === 'no_file' ? 'limited' : band;
}

const bureauAnswer = z.object({ band: z.enum(creditBands) });

export interface CreditBureauOptions extends HttpOptions {
  url: string;
  key?: string;
}

/**
 * The credit bureau (assumed shape, Equifax's band service behind the dealer's broker account):
 *
 *   POST {CREDIT_CHECK_URL}   Authorization: Bearer {CREDIT_CHECK_API_KEY}
 *   {"first_name", "last_name", "date_of_birth", "postcode"}
 *   200 {"band": "excellent" | "good" | "fair" | "limited" | "no_file"}
 *
 * Anything else is logged (never the identity) and rejects with ProviderUnavailableError.
 */
export function httpCreditCheck(options: CreditBureauOptions): CreditCheck {
  const service = { ...options, logName: 'credit check', name: 'the credit check' };
  return async (identity) => (await postJson(service, identity, bureauAnswer)).band;
}

/** The bureau when CREDIT_CHECK_URL is set, else the offline test identities. */
export function creditCheckFromEnv(env: NodeJS.ProcessEnv, options: HttpOptions = {}): CreditCheck {
  const url = envUrl(env, 'CREDIT_CHECK_URL');
  if (!url) return offlineCreditCheck;
  const key = env.CREDIT_CHECK_API_KEY?.trim();
  return httpCreditCheck({ ...options, url, ...(key ? { key } : {}) });
}
