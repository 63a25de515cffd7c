/**
 * The browser a guest (a shopper paying without an account, where the dealer allows it) pays
 * from: a random token in an HttpOnly cookie, set when that browser starts a payment. A guest's
 * payment row keeps the token's SHA-256, so a second click is handed the same payment only from
 * the same browser, and the return page can read the payment again after it has dropped the key
 * from its address. An email address is no proof of who is asking: anyone can type anyone's.
 *
 * SameSite=Lax, Path=/, for a day (a payment is pending for two hours at most). On https it is
 * Secure and named `__Host-checkout_browser`, like the session cookie (session-cookie.ts).
 */
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { isToken, randomToken, sha256Hex } from '../../accounts/server/secrets';

export const GUEST_BROWSER_COOKIE = 'checkout_browser';
export const SECURE_GUEST_BROWSER_COOKIE = '__Host-checkout_browser';
const MAX_AGE_SECONDS = 24 * 60 * 60;

const cookieName = (https: boolean): string => (https ? SECURE_GUEST_BROWSER_COOKIE : GUEST_BROWSER_COOKIE);

/** What a payment row keeps of a browser's token. */
export const guestBrowserHash = (token: string): string => sha256Hex(`checkout-browser:${token}`);

/** The hash of the token this browser sent, when it sent one of ours. */
export function readGuestBrowser(c: Context, https: boolean): string | undefined {
  const token = getCookie(c, cookieName(https));
  return isToken(token) ? guestBrowserHash(token) : undefined;
}

/** This browser's hash, giving it a token first when it has none. */
export function guestBrowser(c: Context, https: boolean): string {
  const known = getCookie(c, cookieName(https));
  const token = isToken(known) ? known : randomToken();
  setCookie(c, cookieName(https), token, { path: '/', httpOnly: true, secure: https, sameSite: 'Lax', maxAge: MAX_AGE_SECONDS });
  return guestBrowserHash(token);
}
