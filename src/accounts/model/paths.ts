/**
 * The account API's addresses and answers, without its schemas: what a page script needs to
 * call the API. Kept apart from api.ts (which re-exports all of it) because the schemas there
 * are built with zod when the module loads, and a page that imports only a path would carry
 * all of zod (about 24 KB gzip) for nothing. Pages that validate load the schemas when the
 * shopper first reaches for a form.
 */

export const ACCOUNT_API = '/api/account';

export const accountPaths = {
  /** GET → Session. Cheap: the gate on every gated page asks it. */
  session: `${ACCOUNT_API}/session`,
  /** POST SignInRequest → 202 { sent: true } (the same answer for any address). */
  signIn: `${ACCOUNT_API}/sign-in`,
  /** POST VerifySignIn → 200 { redirect } and the session cookie. */
  verify: `${ACCOUNT_API}/verify`,
  /** POST → 200 { signedOut: true }; this browser only. */
  signOut: `${ACCOUNT_API}/sign-out`,
  /** POST → 200 { signedOut: true, sessions: n }; every browser this account is signed in on. */
  signOutEverywhere: `${ACCOUNT_API}/sign-out-everywhere`,
  /** GET → { cars }; PUT { cars } replaces; POST …/merge { cars } adds the device's list and answers the union. */
  savedCars: `${ACCOUNT_API}/saved-cars`,
  mergeSavedCars: `${ACCOUNT_API}/saved-cars/merge`,
  /** GET → { searches }; POST NewSavedSearch → SavedSearch; PATCH/DELETE …/:id. */
  savedSearches: `${ACCOUNT_API}/saved-searches`,
  /** GET → AlertSettings; PUT AlertSettingsChange → AlertSettings. */
  alerts: `${ACCOUNT_API}/alerts`,
  /** GET (page) and POST (one-click, RFC 8058) ?token= → turns every alert off. Needs no session. */
  unsubscribe: `${ACCOUNT_API}/unsubscribe`,
  /** GET → { enquiries }: this dealer's leads sent with the account's email. */
  enquiries: `${ACCOUNT_API}/enquiries`,
  /** POST InterestRequest → { lead_id }: the dealer gets a lead about a saved car. */
  interest: `${ACCOUNT_API}/interest`,
  /** DELETE → { deleted }: the account and everything kept with it. */
  account: ACCOUNT_API,
  /** Passkeys (WebAuthn): options then verify, for registering (signed in) and for signing in. */
  passkeyRegisterOptions: `${ACCOUNT_API}/passkeys/register/options`,
  passkeyRegister: `${ACCOUNT_API}/passkeys/register`,
  passkeySignInOptions: `${ACCOUNT_API}/passkeys/sign-in/options`,
  passkeySignIn: `${ACCOUNT_API}/passkeys/sign-in`,
} as const;

/** The session cookie's name. `__Host-` on https: the browser then insists on Secure, Path=/ and no Domain. */
export const SESSION_COOKIE = 'garage_session';
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;

export type Session = { signedIn: false } | { signedIn: true; account: { email: string; since: string; passkeys: number } };

export interface SavedSearch {
  id: string;
  name: string;
  /** A search path of this site with its query string, e.g. /search/used-cars?price=0-20000. */
  path: string;
  alerts: boolean;
  created_at: string;
}

export interface AlertSettings {
  /** Email when a saved car drops in price or sells. */
  car_alerts: boolean;
  /** When and on which wording the shopper agreed to alert emails; null before they did. */
  consent: { wording: string; page: string | null; at: string } | null;
}

export interface Enquiry {
  id: string;
  form: string;
  category: string;
  created_at: string;
  /** The car it was about, when it named one. */
  car?: { id?: string; name?: string; slug?: string };
}

export interface DeletedAccount {
  deleted: { account: true; sessions: number; saved_cars: number; saved_searches: number; passkeys: number };
  /** What deleting does not touch, said plainly to the shopper. */
  kept: string;
}

/** The words the alert opt-in shows; the consent record keeps them. */
export const ALERT_CONSENT_WORDING =
  'Email me when a car I saved drops in price or sells, and when a new car matches a search I saved. I can unsubscribe from any email.';

export const MAX_SAVED_SEARCHES = 20;
/** The longest name a saved search may have. */
export const SEARCH_NAME_MAX = 80;

/** The search pages a saved search may point at: the stock searches of this site, with their filters. */
export const SAVABLE_SEARCH_PATH = /^\/(search|find|pre-owned|electric-cars)(\/|\?|$)/;
