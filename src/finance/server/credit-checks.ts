/**
 * The credit_checks rows: the shopper's consent (the words, the page, the time) and the band the
 * bureau returned. Nothing else of the identity is kept.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { LeadDb } from '../../platform/db/open';
import { creditChecks } from '../../platform/db/schema';
import type { CreditBand } from '../../providers/credit-check';

export interface Consent {
  wording: string;
  page: string | null;
  at: string;
}

export async function recordCreditCheck(
  db: LeadDb,
  row: { dealer: string; account_id: string | null; consent: Consent; band: CreditBand; at: Date },
): Promise<string> {
  const id = randomUUID();
  await db.insert(creditChecks).values({ id, dealer: row.dealer, account_id: row.account_id, consent: row.consent, band: row.band, checked_at: row.at });
  return id;
}

/**
 * A stored check's band, for a quote. Only the dealer's own checks count, and a check made by a
 * signed-in shopper only for that shopper.
 */
export async function creditBandOf(db: LeadDb, dealer: string, id: string, accountId: string | null): Promise<CreditBand | undefined> {
  const [row] = await db
    .select({ band: creditChecks.band, account_id: creditChecks.account_id })
    .from(creditChecks)
    .where(and(eq(creditChecks.id, id), eq(creditChecks.dealer, dealer)))
    .limit(1);
  if (!row) return undefined;
  if (row.account_id !== null && row.account_id !== accountId) return undefined;
  return row.band;
}
