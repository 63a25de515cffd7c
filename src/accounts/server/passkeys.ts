/**
 * Passkeys (WebAuthn), with @simplewebauthn/server. Registering needs a signed-in shopper;
 * signing in needs nothing but the passkey, which the browser offers for this site (discoverable
 * credentials: no address to type).
 *
 * - The relying party is the host name the shopper is on (`www.dealer.example`), and the answer
 *   must come from that site's origin: a passkey made on one dealer's site is useless on another.
 * - Each ceremony's challenge is kept on the server for five minutes, bound to the dealer (and for
 *   registering, to the account), and is taken out the moment an answer names it: it works once,
 *   whether the answer then checks out or not. Challenges are rows in the database, so the options
 *   and the answer may reach different API processes.
 */
import { and, eq, lt } from 'drizzle-orm';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { accounts, passkeyChallenges, passkeys } from '../../platform/db/schema';
import { sha256Hex } from './secrets';
import type { Db } from './sessions';

export const CHALLENGE_LIFETIME_MS = 5 * 60 * 1000;

export type CeremonyKind = 'register' | 'sign-in';

export interface Waiting {
  kind: CeremonyKind;
  dealer: string;
  /** Registering: the signed-in account the passkey is for. */
  accountId?: string;
  /** Signing in: where to go afterwards. */
  redirect?: string;
}

/** Keeps a challenge for its ceremony; expired ones are cleared on the way. */
export async function putChallenge(db: Db, challenge: string, waiting: Waiting, now: Date): Promise<void> {
  await db.delete(passkeyChallenges).where(lt(passkeyChallenges.expires_at, now));
  await db.insert(passkeyChallenges).values({
    id: sha256Hex(challenge),
    dealer: waiting.dealer,
    kind: waiting.kind,
    account_id: waiting.accountId ?? null,
    redirect: waiting.redirect ?? null,
    expires_at: new Date(now.getTime() + CHALLENGE_LIFETIME_MS),
  });
}

/**
 * Takes the challenge out, whatever it was made for; answers it when it is live and was made for
 * this ceremony (and dealer, and account), undefined otherwise.
 */
export async function takeChallenge(
  db: Db,
  challenge: string,
  expected: { kind: CeremonyKind; dealer: string; accountId?: string },
  now: Date,
): Promise<Waiting | undefined> {
  const [row] = await db
    .delete(passkeyChallenges)
    .where(eq(passkeyChallenges.id, sha256Hex(challenge)))
    .returning();
  if (!row || row.expires_at <= now) return undefined;
  if (row.kind !== expected.kind || row.dealer !== expected.dealer) return undefined;
  if (expected.accountId !== undefined && row.account_id !== expected.accountId) return undefined;
  return {
    kind: expected.kind,
    dealer: row.dealer,
    ...(row.account_id ? { accountId: row.account_id } : {}),
    ...(row.redirect ? { redirect: row.redirect } : {}),
  };
}

/** Where the ceremony happens: the site's host name and origin. */
export interface RelyingParty {
  dealer: string;
  /** The dealer's name, shown by the browser when making the passkey. */
  name: string;
  id: string;
  origin: string;
}

export class PasskeyRefused extends Error {}

export const PASSKEY_MESSAGES = {
  challenge: 'This passkey request has expired or was already answered. Please try again.',
  notVerified: 'The passkey could not be checked. Please try again, or sign in with an emailed code.',
  unknown: 'This passkey is not registered on this site. Sign in with an emailed code, then add a passkey.',
  already: 'This passkey is already registered.',
} as const;

/** The challenge an answer's client data names, or '' when it names none. */
function challengeOf(clientDataJSON: string): string {
  try {
    const data: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    return typeof data === 'object' && data !== null && 'challenge' in data && typeof data.challenge === 'string' ? data.challenge : '';
  } catch {
    return '';
  }
}

const transportsOf = (value: unknown): AuthenticatorTransport[] | undefined =>
  Array.isArray(value) ? (value.filter((t) => typeof t === 'string') as AuthenticatorTransport[]) : undefined;

export async function registrationOptions(
  db: Db,
  rp: RelyingParty,
  account: { id: string; email: string },
  now: Date,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const existing = await db.select({ id: passkeys.id, transports: passkeys.transports }).from(passkeys).where(eq(passkeys.account_id, account.id));
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: account.email,
    userDisplayName: account.email,
    userID: new TextEncoder().encode(account.id),
    attestationType: 'none',
    // The browser will not make a second passkey on an authenticator that has one for this account.
    excludeCredentials: existing.map((p) => ({ id: p.id, ...(p.transports ? { transports: transportsOf(p.transports) } : {}) })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    timeout: CHALLENGE_LIFETIME_MS,
  });
  await putChallenge(db, options.challenge, { kind: 'register', dealer: rp.dealer, accountId: account.id }, now);
  return options;
}

/** Checks the browser's answer and keeps the passkey; answers how many the account has. */
export async function registerPasskey(db: Db, rp: RelyingParty, account: { id: string }, response: RegistrationResponseJSON, now: Date): Promise<number> {
  const seen = { challenge: false };
  let verified;
  try {
    verified = await verifyRegistrationResponse({
      response,
      expectedChallenge: async (challenge) => {
        seen.challenge = (await takeChallenge(db, challenge, { kind: 'register', dealer: rp.dealer, accountId: account.id }, now)) !== undefined;
        return seen.challenge;
      },
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
    });
  } catch {
    throw new PasskeyRefused(seen.challenge ? PASSKEY_MESSAGES.notVerified : PASSKEY_MESSAGES.challenge);
  }
  if (!verified.verified) throw new PasskeyRefused(PASSKEY_MESSAGES.notVerified);
  const { credential } = verified.registrationInfo;
  const inserted = await db
    .insert(passkeys)
    .values({
      id: credential.id,
      account_id: account.id,
      dealer: rp.dealer,
      public_key: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: credential.transports ?? response.response.transports ?? null,
      created_at: now,
    })
    .onConflictDoNothing()
    .returning({ id: passkeys.id });
  if (inserted.length === 0) throw new PasskeyRefused(PASSKEY_MESSAGES.already);
  const all = await db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.account_id, account.id));
  return all.length;
}

export async function signInOptions(db: Db, rp: RelyingParty, redirect: string | undefined, now: Date): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const options = await generateAuthenticationOptions({ rpID: rp.id, userVerification: 'preferred', timeout: CHALLENGE_LIFETIME_MS });
  await putChallenge(db, options.challenge, { kind: 'sign-in', dealer: rp.dealer, ...(redirect ? { redirect } : {}) }, now);
  return options;
}

/** Checks a sign-in answer; answers the account it signs in and where to go next. */
export async function verifyPasskeySignIn(
  db: Db,
  rp: RelyingParty,
  response: AuthenticationResponseJSON,
  now: Date,
): Promise<{ accountId: string; redirect?: string }> {
  const [stored] = await db
    .select({ id: passkeys.id, account_id: passkeys.account_id, public_key: passkeys.public_key, counter: passkeys.counter, transports: passkeys.transports })
    .from(passkeys)
    .innerJoin(accounts, eq(accounts.id, passkeys.account_id))
    .where(and(eq(passkeys.id, response.id), eq(passkeys.dealer, rp.dealer), eq(accounts.dealer, rp.dealer)))
    .limit(1);
  if (!stored) {
    // The challenge is still used up, so the answer cannot be tried again.
    await takeChallenge(db, challengeOf(response.response.clientDataJSON), { kind: 'sign-in', dealer: rp.dealer }, now);
    throw new PasskeyRefused(PASSKEY_MESSAGES.unknown);
  }
  // The browser names the account's id it was given when registering; it must be this passkey's.
  const userHandle = response.response.userHandle;
  const seen: { waiting?: Waiting } = {};
  let verified;
  try {
    verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: async (challenge) => {
        const waiting = await takeChallenge(db, challenge, { kind: 'sign-in', dealer: rp.dealer }, now);
        if (waiting) seen.waiting = waiting;
        return waiting !== undefined;
      },
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: stored.id,
        publicKey: new Uint8Array(Buffer.from(stored.public_key, 'base64url')),
        counter: stored.counter,
        ...(stored.transports ? { transports: transportsOf(stored.transports) } : {}),
      },
      requireUserVerification: false,
    });
  } catch {
    throw new PasskeyRefused(seen.waiting ? PASSKEY_MESSAGES.notVerified : PASSKEY_MESSAGES.challenge);
  }
  const waiting = seen.waiting;
  if (!verified.verified || !waiting) throw new PasskeyRefused(PASSKEY_MESSAGES.notVerified);
  if (userHandle !== undefined && Buffer.from(userHandle, 'base64url').toString('utf8') !== stored.account_id)
    throw new PasskeyRefused(PASSKEY_MESSAGES.notVerified);
  await db.update(passkeys).set({ counter: verified.authenticationInfo.newCounter, last_used_at: now }).where(eq(passkeys.id, stored.id));
  return { accountId: stored.account_id, ...(waiting.redirect ? { redirect: waiting.redirect } : {}) };
}
