/**
 * The signed-in shopper, for any API route that needs one: `requireSession` answers 401
 * `{ error: 'Please sign in.' }` unless the request carries a live session of the dealer the Host
 * names, and otherwise puts the account in `c.get('account')`. A session a day old gets a new
 * token on the way (the answer carries the new cookie). Gated routes of other features mount it
 * in front of their own handlers:
 *
 *   api.post('/checkout', requireSession(sessions), (c) => { const account = c.get('account'); ... })
 */
import type { Context, MiddlewareHandler } from 'hono';
import { problem, send } from '../../platform/http/answers';
import type { AppEnv } from '../../platform/http/app-env';
import { proxyTrust } from '../../platform/http/client-ip';
import type { Database } from '../../platform/db/open';
import { findSession, needsRotation, rotateSession, type SignedInAccount } from './sessions';
import { sessionCacheOf } from './session-cache';
import { readSessionToken, setSessionCookie } from './session-cookie';
import { siteOrigin } from './site-origin';

export type { SignedInAccount } from './sessions';

export const SIGN_IN_FIRST = problem(401, 'Please sign in.');
export const NO_ACCOUNT_STORAGE = problem(503, 'Accounts are not available: this server has no database.');

/** AppEnv, plus the signed-in account behind `requireSession`. */
export interface AccountEnv extends AppEnv {
  Variables: AppEnv['Variables'] & {
    account: SignedInAccount;
    /** The session's stored id (its token's hash), for signing this browser out. */
    sessionId: string;
  };
}

export interface SessionOptions {
  /** The accounts database (the lead database); without one every gated route answers 503. */
  database: Pick<Database, 'db' | 'kind'> | undefined;
  /** TRUST_PROXY: whether X-Forwarded-Proto may say the shopper is on https. */
  env?: NodeJS.ProcessEnv;
  now?: () => number;
}

export type SessionCheck = { kind: 'signed-in'; account: SignedInAccount; sessionId: string } | { kind: 'signed-out' } | { kind: 'no-storage' };

/** Reads the request's session, rotating its token when it is due. */
export function sessionChecker({ database, env = process.env, now = Date.now }: SessionOptions): (c: Context) => Promise<SessionCheck> {
  const trust = proxyTrust(env);
  const cache = database ? sessionCacheOf(database) : undefined;
  return async (c) => {
    if (!database) return { kind: 'no-storage' };
    const dealer: unknown = c.get('dealer');
    const { https } = siteOrigin(c, trust);
    const token = readSessionToken(c, https);
    if (typeof dealer !== 'string' || token === undefined) return { kind: 'signed-out' };
    const at = new Date(now());
    const session = await findSession(database.db, dealer, token, at, cache);
    if (!session) return { kind: 'signed-out' };
    let sessionId = session.id;
    if (needsRotation(session, at)) {
      const rotated = await rotateSession(database.db, session, at);
      if (rotated) {
        sessionId = rotated.id;
        setSessionCookie(c, https, rotated.token);
      }
    }
    return { kind: 'signed-in', account: session.account, sessionId };
  };
}

/** Lets the request on only with a live session of this dealer; 401 'Please sign in.' otherwise. */
export function requireSession(options: SessionOptions): MiddlewareHandler<AccountEnv> {
  const check = sessionChecker(options);
  return async (c, next) => {
    const found = await check(c);
    if (found.kind === 'no-storage') return send(c, NO_ACCOUNT_STORAGE);
    if (found.kind === 'signed-out') return send(c, SIGN_IN_FIRST);
    c.set('account', found.account);
    c.set('sessionId', found.sessionId);
    await next();
  };
}
