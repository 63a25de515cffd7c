/**
 * The credit_checks rows: the shopper's consent (the words, the page, the time), the band the
 * bureau returned and a keyed hash of the person checked. Nothing else of the identity is kept.
 *
 * Whose credit a signed-in shopper may check (credit_check_identities): the person of the
 * account's first check, and no one else; and a person is checked from one account of a dealer's
 * site only. Asking again about the same person within 30 days answers the check already made,
 * so the bureau is asked at most once a month per person (each enquiry is on their credit file).
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt } from 'drizzle-orm';
import type { LeadDb } from '../../platform/db/open';
import { creditCheckIdentities, creditChecks } from '../../platform/db/schema';
import { keyedHash } from '../../accounts/server/secrets';
import type { CreditBand, CreditIdentity } from '../../providers/credit-check';

export interface Consent {
  wording: string;
  page: string | null;
  at: string;
}

/** How long a check answers for its person before the bureau is asked again. */
export const CHECK_REUSE_MS = 30 * 24 * 60 * 60 * 1000;

/** The same person however the names were typed: case, accents composed one way, spaces. */
const namePart = (text: string): string => text.normalize('NFC').trim().toLowerCase().replace(/\s+/g, ' ');

/** The keyed hash that stands for the person checked; the details themselves are never kept. */
export function identityKey(secret: string, { first_name, last_name, date_of_birth, postcode }: CreditIdentity): string {
  return keyedHash(secret, `credit-identity:${namePart(first_name)}|${namePart(last_name)}|${date_of_birth}|${postcode.trim()}`);
}

export type Binding = 'bound' | 'another-person' | 'another-account';

/**
 * Binds the person to the account if it has none (one statement each way, so two requests at once
 * cannot bind two people or two accounts): 'bound' when the account is this person's, else why not.
 */
export async function bindIdentity(db: LeadDb, { dealer, accountId, key, at }: { dealer: string; accountId: string; key: string; at: Date }): Promise<Binding> {
  await db.insert(creditCheckIdentities).values({ account_id: accountId, dealer, identity_key: key, bound_at: at }).onConflictDoNothing();
  const [own] = await db
    .select({ key: creditCheckIdentities.identity_key })
    .from(creditCheckIdentities)
    .where(eq(creditCheckIdentities.account_id, accountId))
    .limit(1);
  if (own?.key === key) return 'bound';
  if (own) return 'another-person';
  return 'another-account';
}

/** The person's check on this dealer's site within the last 30 days, if any: by whom, and its band. */
export async function recentCheck(
  db: LeadDb,
  { dealer, key, now }: { dealer: string; key: string; now: Date },
): Promise<{ id: string; band: CreditBand; account_id: string | null; checked_at: Date } | undefined> {
  const [row] = await db
    .select({ id: creditChecks.id, band: creditChecks.band, account_id: creditChecks.account_id, checked_at: creditChecks.checked_at })
    .from(creditChecks)
    .where(and(eq(creditChecks.dealer, dealer), eq(creditChecks.identity_key, key), gt(creditChecks.checked_at, new Date(now.getTime() - CHECK_REUSE_MS))))
    .orderBy(desc(creditChecks.checked_at))
    .limit(1);
  return row;
}

export async function recordCreditCheck(
  db: LeadDb,
  row: { dealer: string; account_id: string; identity_key: string; consent: Consent; band: CreditBand; at: Date },
): Promise<string> {
  const id = randomUUID();
  await db.insert(creditChecks).values({
    id,
    dealer: row.dealer,
    account_id: row.account_id,
    identity_key: row.identity_key,
    consent: row.consent,
    band: row.band,
    checked_at: row.at,
  });
  return id;
}

/** A stored check's band, for a quote: only the dealer's own checks, and only for the account that made it. */
export async function creditBandOf(db: LeadDb, dealer: string, id: string, accountId: string): Promise<CreditBand | undefined> {
  const [row] = await db
    .select({ band: creditChecks.band })
    .from(creditChecks)
    .where(and(eq(creditChecks.id, id), eq(creditChecks.dealer, dealer), eq(creditChecks.account_id, accountId)))
    .limit(1);
  return row?.band;
}
