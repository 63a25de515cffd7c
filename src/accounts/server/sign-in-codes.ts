/**
 * Emailed sign-ins. Asking makes a row with a six-digit code and a link token (stored only as a
 * keyed hash and a SHA-256), valid for 15 minutes, for one dealer and address. Verifying uses it
 * up in one statement: a code or link works once, and only the newest email's code or link works
 * (asking again replaces the earlier one). A wrong code counts against the code; at the fifth
 * wrong try it is dead, even for the right code.
 *
 * Every code that does not sign in gets the same answer, whatever the reason (no code asked for,
 * used, expired, replaced, tried too often, wrong): a stranger typing an address learns nothing of
 * whether it has an account or a code waiting, or how many tries are left. A link's token is 32
 * random bytes that only the mailbox has, so a link says what is wrong with it (used, expired,
 * replaced): that helps the shopper and tells a stranger nothing.
 *
 * A verified sign-in makes the account if there is none (one per dealer and address) and a
 * session, in the same transaction that uses the code up.
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { LeadDb } from '../../platform/db/open';
import { problem, type Problem } from '../../platform/http/answers';
import { accounts, signInCodes } from '../../platform/db/schema';
import { safeReturnPath } from '../model/return-path';
import { MY_GARAGE_PATH } from '../model/sign-in';
import { codeHash, newSignInCode, randomToken, sha256Hex } from './secrets';
import { createSession, type Db } from './sessions';

export const CODE_LIFETIME_MS = 15 * 60 * 1000;
export const MAX_CODE_ATTEMPTS = 5;
/** Sign-ins older than this are removed when the same address asks again. */
const KEEP_OLD_SIGN_INS_MS = 24 * 60 * 60 * 1000;

export const SIGN_IN_MESSAGES = {
  codeRefused: 'That code did not sign you in. Check it against the newest sign-in email (codes last 15 minutes and work once), or ask for a new code.',
  linkUnknown: 'This sign-in link is not valid. Ask for a new code.',
  linkUsed: 'This sign-in link has already been used. Ask for a new code to sign in again.',
  linkExpired: 'This sign-in link has expired: links last 15 minutes. Ask for a new code.',
  replaced: 'A newer sign-in email was sent to this address: use the code or the link in that one.',
} as const;

export interface NewSignIn {
  id: string;
  code: string;
  token: string;
}

/** Makes the sign-in for an address (the caller emails its code and link). */
export async function createSignIn(
  db: Db,
  { dealer, email, redirect, now, secret }: { dealer: string; email: string; redirect?: string; now: Date; secret: string },
): Promise<NewSignIn> {
  const id = randomUUID();
  const code = newSignInCode();
  const token = randomToken();
  await db
    .delete(signInCodes)
    .where(and(eq(signInCodes.dealer, dealer), eq(signInCodes.email, email), lt(signInCodes.created_at, new Date(now.getTime() - KEEP_OLD_SIGN_INS_MS))));
  // Made strictly after the address's last sign-in, even within one millisecond of it, so the
  // newest row is always the newest email.
  const at = now.toISOString();
  await db.execute(sql`
    INSERT INTO sign_in_codes (id, dealer, email, code_hash, token_hash, redirect, created_at, expires_at)
    SELECT ${id}, ${dealer}, ${email}, ${codeHash(secret, id, code)}, ${sha256Hex(token)}, ${safeReturnPath(redirect) ?? null},
           GREATEST(${at}::timestamptz, max(created_at) + interval '1 millisecond'), ${new Date(now.getTime() + CODE_LIFETIME_MS).toISOString()}::timestamptz
    FROM sign_in_codes WHERE dealer = ${dealer} AND email = ${email}`);
  return { id, code, token };
}

/** Takes back a sign-in whose email could not be sent: the earlier email's code keeps working. */
export async function dropSignIn(db: Db, id: string): Promise<void> {
  await db.delete(signInCodes).where(eq(signInCodes.id, id));
}

export type Verified = { ok: true; accountId: string; token: string; redirect: string } | { ok: false; problem: Problem };

type SignInRow = typeof signInCodes.$inferSelect;

const refuse = (field: 'code' | 'token', message: string): Verified => ({ ok: false, problem: problem(400, message, { [field]: message }) });

/** The account for the address (made when there is none), signed in now, and a new session for it. */
async function signInAccount(tx: Db, row: Pick<SignInRow, 'dealer' | 'email' | 'redirect'>, now: Date): Promise<Verified> {
  const [account] = await tx
    .insert(accounts)
    .values({ id: randomUUID(), dealer: row.dealer, email: row.email, unsubscribe_token: randomToken(), created_at: now, last_sign_in_at: now })
    .onConflictDoUpdate({ target: [accounts.dealer, accounts.email], set: { last_sign_in_at: now } })
    .returning({ id: accounts.id });
  if (!account) throw new Error('the account was neither made nor found');
  const token = await createSession(tx, account.id, row.dealer, now);
  return { ok: true, accountId: account.id, token, redirect: safeReturnPath(row.redirect) ?? MY_GARAGE_PATH };
}

/** Signs in with the code from the newest email to this address. */
export function verifyCode(
  db: LeadDb,
  { dealer, email, code, now, secret }: { dealer: string; email: string; code: string; now: Date; secret: string },
): Promise<Verified> {
  const refused = refuse('code', SIGN_IN_MESSAGES.codeRefused);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(signInCodes)
      .where(and(eq(signInCodes.dealer, dealer), eq(signInCodes.email, email)))
      .orderBy(desc(signInCodes.created_at))
      .limit(1);
    if (!row || row.used_at || row.expires_at <= now || row.attempts >= MAX_CODE_ATTEMPTS) return refused;
    // One statement decides and records: the right code uses the sign-in up, a wrong one counts,
    // and neither happens to a sign-in that a request at the same moment used up or killed.
    const hash = codeHash(secret, row.id, code);
    const [result] = await tx
      .update(signInCodes)
      .set({
        used_at: sql`CASE WHEN ${signInCodes.code_hash} = ${hash} THEN ${now.toISOString()}::timestamptz ELSE NULL END`,
        attempts: sql`CASE WHEN ${signInCodes.code_hash} = ${hash} THEN ${signInCodes.attempts} ELSE ${signInCodes.attempts} + 1 END`,
      })
      .where(and(eq(signInCodes.id, row.id), sql`${signInCodes.used_at} IS NULL`, gt(signInCodes.expires_at, now), lt(signInCodes.attempts, MAX_CODE_ATTEMPTS)))
      .returning({ used_at: signInCodes.used_at });
    if (!result?.used_at) return refused;
    return signInAccount(tx, row, now);
  });
}

/** Signs in with the token from an emailed link. */
export function verifyLink(db: LeadDb, { dealer, token, now }: { dealer: string; token: string; now: Date }): Promise<Verified> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(signInCodes)
      .where(eq(signInCodes.token_hash, sha256Hex(token)))
      .limit(1);
    // A link made on another dealer's site is no link here.
    if (!row || row.dealer !== dealer) return refuse('token', SIGN_IN_MESSAGES.linkUnknown);
    if (row.used_at) return refuse('token', SIGN_IN_MESSAGES.linkUsed);
    const [newer] = await tx
      .select({ id: signInCodes.id })
      .from(signInCodes)
      .where(and(eq(signInCodes.dealer, dealer), eq(signInCodes.email, row.email), gt(signInCodes.created_at, row.created_at)))
      .limit(1);
    if (newer) return refuse('token', SIGN_IN_MESSAGES.replaced);
    if (row.expires_at <= now) return refuse('token', SIGN_IN_MESSAGES.linkExpired);
    const used = await tx
      .update(signInCodes)
      .set({ used_at: now })
      .where(and(eq(signInCodes.id, row.id), sql`${signInCodes.used_at} IS NULL`, gt(signInCodes.expires_at, now)))
      .returning({ id: signInCodes.id });
    if (used.length === 0) return refuse('token', SIGN_IN_MESSAGES.linkUsed);
    return signInAccount(tx, row, now);
  });
}
