/**
 * The account itself: its alert settings and consent, unsubscribing by the emailed token, the
 * enquiries it sent, and deleting it.
 */
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { accounts, accountSavedCars, leads, passkeys, savedSearches, sessions, signInCodes, spinDraws, type AlertConsent } from '../../platform/db/schema';
import type { AlertSettings, DeletedAccount, Enquiry, UnsubscribeState } from '../model/api';
import type { Db } from './sessions';

export const MAX_ENQUIRIES = 50;

export async function alertSettings(db: Db, accountId: string): Promise<AlertSettings | undefined> {
  const [row] = await db.select({ car_alerts: accounts.car_alerts, consent: accounts.alert_consent }).from(accounts).where(eq(accounts.id, accountId)).limit(1);
  return row ? { car_alerts: row.car_alerts, consent: row.consent ?? null } : undefined;
}

/** Sets car alerts, recording the consent given with the change when there is one. */
export async function changeAlerts(db: Db, accountId: string, change: { car_alerts: boolean; consent?: AlertConsent }): Promise<AlertSettings | undefined> {
  const [row] = await db
    .update(accounts)
    .set({ car_alerts: change.car_alerts, ...(change.consent ? { alert_consent: change.consent } : {}) })
    .where(eq(accounts.id, accountId))
    .returning({ car_alerts: accounts.car_alerts, consent: accounts.alert_consent });
  return row ? { car_alerts: row.car_alerts, consent: row.consent ?? null } : undefined;
}

/** Records consent to alert emails without changing a switch (given while saving a search). */
export async function recordAlertConsent(db: Db, accountId: string, consent: AlertConsent): Promise<void> {
  await db.update(accounts).set({ alert_consent: consent }).where(eq(accounts.id, accountId));
}

/** What the unsubscribe token's account on this dealer has switched on; undefined for an unknown token. */
export async function unsubscribeState(db: Db, dealer: string, token: string): Promise<UnsubscribeState | undefined> {
  const [row] = await db
    .select({
      car_alerts: accounts.car_alerts,
      // Written out: in a one-table select drizzle leaves columns unqualified, and "id" would be the search's.
      search_alerts: sql<number>`(SELECT count(*)::int FROM saved_searches s WHERE s.account_id = "accounts"."id" AND s.alerts)`,
    })
    .from(accounts)
    .where(and(eq(accounts.unsubscribe_token, token), eq(accounts.dealer, dealer)))
    .limit(1);
  return row ? { car_alerts: row.car_alerts, search_alerts: Number(row.search_alerts) } : undefined;
}

/** Turns every alert of the token's account on this dealer off; false for an unknown token. */
export async function unsubscribe(db: Db, dealer: string, token: string): Promise<boolean> {
  const [account] = await db
    .update(accounts)
    .set({ car_alerts: false })
    .where(and(eq(accounts.unsubscribe_token, token), eq(accounts.dealer, dealer)))
    .returning({ id: accounts.id });
  if (!account) return false;
  await db.update(savedSearches).set({ alerts: false }).where(eq(savedSearches.account_id, account.id));
  return true;
}

/**
 * This dealer's leads sent with the account's email, newest first: the ones the dealer got
 * (complete, not held back as spam). Only what the shopper needs to recognise each one.
 */
export async function enquiriesOf(db: Db, dealer: string, email: string): Promise<(Omit<Enquiry, 'car'> & { car_id?: string })[]> {
  const rows = await db
    .select({ id: leads.id, form: leads.form, category: leads.category, created_at: leads.created_at, car_id: sql<string | null>`${leads.data}->>'car_id'` })
    .from(leads)
    .where(and(eq(leads.dealer, dealer), sql`lower(${leads.data}->>'email') = ${email}`, eq(leads.status, 'Complete'), isNull(leads.quarantine_reason)))
    .orderBy(desc(leads.created_at))
    .limit(MAX_ENQUIRIES);
  return rows.map((row) => ({
    id: row.id,
    form: row.form,
    category: row.category,
    created_at: row.created_at.toISOString(),
    ...(row.car_id ? { car_id: row.car_id } : {}),
  }));
}

/** Deletes the account and everything kept with it (sessions, saved cars and searches, passkeys, alerts sent, sign-in codes). */
export async function deleteAccount(db: Db, account: { id: string; dealer: string; email: string }): Promise<DeletedAccount['deleted']> {
  const tally = async (table: typeof sessions | typeof accountSavedCars | typeof savedSearches | typeof passkeys): Promise<number> => {
    const [row] = await db.select({ n: count() }).from(table).where(eq(table.account_id, account.id));
    return Number(row?.n ?? 0);
  };
  const deleted = {
    account: true as const,
    sessions: await tally(sessions),
    saved_cars: await tally(accountSavedCars),
    saved_searches: await tally(savedSearches),
    passkeys: await tally(passkeys),
  };
  // Spin-to-win draws stay, the dealer's record of prizes given, but no longer name the account:
  // the key needs an account column, so it gets a name that points at nobody.
  await db
    .update(spinDraws)
    .set({ account_id: `deleted:${randomUUID()}` })
    .where(and(eq(spinDraws.dealer, account.dealer), eq(spinDraws.account_id, account.id)));
  // Everything else goes with the account (ON DELETE CASCADE); sign-in codes name the address only.
  await db.delete(accounts).where(eq(accounts.id, account.id));
  await db.delete(signInCodes).where(and(eq(signInCodes.dealer, account.dealer), eq(signInCodes.email, account.email)));
  return deleted;
}
