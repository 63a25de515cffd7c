/**
 * The secrets of sign-in: emailed codes, link tokens, session tokens and unsubscribe tokens. Each
 * is made with the operating system's random source and stored only as a hash, so a copy of the
 * database signs nobody in.
 *
 * Tokens are 32 random bytes: their SHA-256 cannot be walked back. A six-digit code can (a
 * million guesses take seconds), and so can an email address or a person's name and date of
 * birth, so what is kept of those is keyed with the server's own secret (HMAC-SHA-256): the key
 * is not in the database, and a copy of the database alone gives none of them back.
 */
import { createHash, createHmac, randomBytes, randomInt } from 'node:crypto';
import path from 'node:path';
import { SECRETS_DIR, serverSecret } from '../../platform/config/server-secret';
import { mailboxOf } from '../model/mailbox';
import { SIGN_IN_CODE_LENGTH } from '../model/sign-in';

/** 32 random bytes as URL-safe base64 (43 characters): link, session and unsubscribe tokens. */
export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');

/** A six-digit code, every value from 000000 to 999999 equally likely. */
export const newSignInCode = (): string => String(randomInt(0, 10 ** SIGN_IN_CODE_LENGTH)).padStart(SIGN_IN_CODE_LENGTH, '0');

export const sha256Hex = (text: string): string => createHash('sha256').update(text).digest('hex');

/** HMAC-SHA-256 of `text` under the server's secret, hex. */
export const keyedHash = (secret: string, text: string): string => createHmac('sha256', secret).update(text).digest('hex');

/**
 * What is stored for a code: its keyed hash with the sign-in's id, so a copy of the table without
 * the server's secret gives no code back, and equal codes of two sign-ins differ.
 */
export const codeHash = (secret: string, signInId: string, code: string): string => keyedHash(secret, `sign-in-code:${signInId}:${code}`);

/** What is kept or counted of an address: its mailbox's keyed hash (sign-in limits, one prize per person). */
export const mailboxKey = (secret: string, email: string): string => keyedHash(secret, `mailbox:${mailboxOf(email)}`);

/** A session, link or unsubscribe token as the URL-safe base64 these routes hand out; anything else is no token. */
export const isToken = (value: unknown): value is string => typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value);

/** The shortest ACCOUNTS_SECRET taken: 32 characters, about as many random bits as a token has. */
export const MIN_SECRET_LENGTH = 32;
/** Where a server without ACCOUNTS_SECRET keeps the one it made, under the project root. */
export const SECRET_FILE = path.join(SECRETS_DIR, 'accounts');

/**
 * The server's secret for keyed hashes, read when first needed: ACCOUNTS_SECRET, else one made once
 * and kept in `<root>/.data/secrets/accounts` (src/platform/config/server-secret.ts). Servers that
 * share one database on several machines must all be given the same ACCOUNTS_SECRET: a code
 * emailed by one is checked by another.
 */
export function accountsSecret(env: NodeJS.ProcessEnv, root: string): () => string {
  const given = env.ACCOUNTS_SECRET?.trim();
  if (given !== undefined && given !== '' && given.length < MIN_SECRET_LENGTH)
    throw new Error(`ACCOUNTS_SECRET must be at least ${MIN_SECRET_LENGTH} characters (for example: openssl rand -base64 32)`);
  let secret: string | undefined;
  return () => (secret ??= serverSecret({ env, root, variable: 'ACCOUNTS_SECRET', name: path.basename(SECRET_FILE) }).secret);
}
