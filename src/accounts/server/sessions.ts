/**
 * Sessions: the row behind a signed-in browser. The cookie holds a random token; the row's id is
 * the token's SHA-256, so the table alone signs nobody in. A session belongs to one dealer: it is
 * found only when the request is for the dealer it was made on.
 */
import { and, count, eq, gt, lt, sql } from 'drizzle-orm';
import type { LeadDb } from '../../platform/db/open';
import { accounts, sessions } from '../../platform/db/schema';
import { randomToken, sha256Hex } from './secrets';
import { cacheOfDb, type SessionCache } from './session-cache';
import { SESSION_MAX_AGE_MS } from './session-cookie';

/** A session's token is replaced once it is a day old, on the next request that shows it. */
export const ROTATE_AFTER_MS = 24 * 60 * 60 * 1000;

/** Either the database or a transaction on it. */
export type Db = Pick<LeadDb, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

export interface SignedInAccount {
  id: string;
  dealer: string;
  email: string;
  created_at: Date;
  passkeys: number;
}

export interface FoundSession {
  /** The stored id (the token's hash). */
  id: string;
  rotated_at: Date;
  account: SignedInAccount;
}

/** The lookup behind every session check, built and prepared once per database. */
function sessionLookup(db: Db) {
  return db
    .select({
      id: sessions.id,
      rotated_at: sessions.rotated_at,
      expires_at: sessions.expires_at,
      account_id: accounts.id,
      email: accounts.email,
      created_at: accounts.created_at,
      passkeys: sql<number>`(SELECT count(*)::int FROM passkeys p WHERE p.account_id = "accounts"."id")`,
    })
    .from(sessions)
    .innerJoin(accounts, eq(accounts.id, sessions.account_id))
    .where(
      and(
        eq(sessions.id, sql.placeholder('id')),
        eq(sessions.dealer, sql.placeholder('dealer')),
        eq(accounts.dealer, sql.placeholder('dealer')),
        gt(sessions.expires_at, sql.placeholder('now')),
      ),
    )
    .limit(1)
    .prepare('account_session_lookup');
}

const lookups = new WeakMap<Db, ReturnType<typeof sessionLookup>>();

/**
 * The session a token names on `dealer`, with its account: one lookup by primary key, joined to
 * the account, that also checks the dealer and the expiry. Undefined for anything else. With a
 * cache (PGlite), a session looked up lately is answered from memory.
 */
export async function findSession(db: Db, dealer: string, token: string, now: Date, cache?: SessionCache): Promise<FoundSession | undefined> {
  const id = sha256Hex(token);
  const cached = cache?.get(id, dealer, now.getTime());
  if (cached) return cached;
  const started = cache?.begin() ?? 0;
  let lookup = lookups.get(db);
  if (!lookup) {
    lookup = sessionLookup(db);
    lookups.set(db, lookup);
  }
  const [row] = await lookup.execute({ id, dealer, now: now.toISOString() });
  if (!row) return undefined;
  const found: FoundSession = {
    id: row.id,
    rotated_at: row.rotated_at,
    account: { id: row.account_id, dealer, email: row.email, created_at: row.created_at, passkeys: Number(row.passkeys) },
  };
  cache?.fill(started, found, dealer, row.expires_at, now.getTime());
  return found;
}

/** A new session for the account; answers the token for the cookie. Clears the account's expired sessions on the way. */
export async function createSession(db: Db, accountId: string, dealer: string, now: Date): Promise<string> {
  const token = randomToken();
  await db.delete(sessions).where(and(eq(sessions.account_id, accountId), lt(sessions.expires_at, now)));
  await db.insert(sessions).values({
    id: sha256Hex(token),
    account_id: accountId,
    dealer,
    created_at: now,
    rotated_at: now,
    expires_at: new Date(now.getTime() + SESSION_MAX_AGE_MS),
  });
  return token;
}

export const needsRotation = (session: Pick<FoundSession, 'rotated_at'>, now: Date): boolean => now.getTime() - session.rotated_at.getTime() >= ROTATE_AFTER_MS;

/**
 * Gives the session a new token: the row's id is replaced in one statement, so the old token
 * stops working the moment the new one exists, and its 30 days start again. Undefined when
 * another request rotated it first (that request's answer carries the new cookie).
 */
export async function rotateSession(db: Db, session: Pick<FoundSession, 'id'>, now: Date): Promise<{ id: string; token: string } | undefined> {
  const token = randomToken();
  const id = sha256Hex(token);
  const rows = await db
    .update(sessions)
    .set({ id, rotated_at: now, expires_at: new Date(now.getTime() + SESSION_MAX_AGE_MS) })
    .where(eq(sessions.id, session.id))
    .returning({ id: sessions.id });
  cacheOfDb(db)?.forgetSession(session.id);
  return rows.length > 0 ? { id, token } : undefined;
}

/** Ends one session (sign out on this browser). */
export async function endSession(db: Db, id: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, id));
  cacheOfDb(db)?.forgetSession(id);
}

/** Ends every session of the account; answers how many there were. */
export async function endAllSessions(db: Db, accountId: string): Promise<number> {
  const rows = await db.delete(sessions).where(eq(sessions.account_id, accountId)).returning({ id: sessions.id });
  cacheOfDb(db)?.forgetAccount(accountId);
  return rows.length;
}

/** How many sessions the account has (for tests and the deletion count). */
export async function sessionCount(db: Db, accountId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(sessions).where(eq(sessions.account_id, accountId));
  return Number(row?.n ?? 0);
}
