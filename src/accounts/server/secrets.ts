/**
 * The secrets of sign-in: emailed codes, link tokens, session tokens and unsubscribe tokens. Each
 * is made with the operating system's random source, and only its SHA-256 is stored, so a copy
 * of the database signs nobody in.
 */
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { SIGN_IN_CODE_LENGTH } from '../model/sign-in';

/** 32 random bytes as URL-safe base64 (43 characters): link, session and unsubscribe tokens. */
export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');

/** A six-digit code, every value from 000000 to 999999 equally likely. */
export const newSignInCode = (): string => String(randomInt(0, 10 ** SIGN_IN_CODE_LENGTH)).padStart(SIGN_IN_CODE_LENGTH, '0');

export const sha256Hex = (text: string): string => createHash('sha256').update(text).digest('hex');

/**
 * What is stored for a code: its hash with the sign-in's id, so one table of the million codes'
 * hashes does not read every row at once.
 */
export const codeHash = (signInId: string, code: string): string => sha256Hex(`${signInId}:${code}`);

/** A session, link or unsubscribe token as the URL-safe base64 these routes hand out; anything else is no token. */
export const isToken = (value: unknown): value is string => typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value);
