/**
 * The session cookie: a random token, HttpOnly (page scripts never see it), SameSite=Lax (other
 * sites' posts do not carry it), Path=/, for 30 days. On https it is Secure and named
 * `__Host-garage_session`, which the browser accepts only when Secure, Path=/ and without a
 * Domain, so no other host (not even a sibling subdomain) can set or shadow it. On a development
 * host over http it is plain `garage_session`.
 */
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from '../model/api';
import { isToken } from './secrets';

/** How long a session lasts without being used (each rotation starts it again). */
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
export const SESSION_MAX_AGE_MS = SESSION_MAX_AGE_SECONDS * 1000;

const cookieName = (https: boolean): string => (https ? SECURE_SESSION_COOKIE : SESSION_COOKIE);

/** The token this browser sent, when it is shaped like one of ours. */
export function readSessionToken(c: Context, https: boolean): string | undefined {
  const token = getCookie(c, cookieName(https));
  return isToken(token) ? token : undefined;
}

export function setSessionCookie(c: Context, https: boolean, token: string): void {
  setCookie(c, cookieName(https), token, { path: '/', httpOnly: true, secure: https, sameSite: 'Lax', maxAge: SESSION_MAX_AGE_SECONDS });
}

export function clearSessionCookie(c: Context, https: boolean): void {
  deleteCookie(c, cookieName(https), { path: '/', httpOnly: true, secure: https, sameSite: 'Lax' });
}
