/**
 * The account API, as both sides see it: every path under /api/account, what each takes (the
 * zod schemas the server validates with and the browser checks before sending) and what each
 * answers. Errors use the API's one envelope: `{ error, fields? }` with a 4xx status.
 *
 * All routes act for the dealer the Host names. A session cookie belongs to one dealer: on
 * another dealer's host it is no session. Every state-changing route refuses requests another
 * site's page sent (Sec-Fetch-Site / Origin), since the session rides in a cookie.
 */
import { z } from 'zod';
import type { SavedCar } from '../../saved-cars/model/saved-list';
import { safeReturnPath } from './return-path';

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

/** Control characters, bidirectional overrides and lone surrogates: nobody types them, and in an email they do harm. */
// eslint-disable-next-line no-control-regex
const UNSAFE_TEXT = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const safeText = (value: string): boolean => !UNSAFE_TEXT.test(value);

const name = z
  .string()
  .trim()
  .min(1, '*This is a required field.')
  .max(80, 'Keep the name under 80 characters.')
  .refine(safeText, 'Use letters, digits and punctuation only.');
const searchPath = z
  .string()
  .transform((value) => safeReturnPath(value))
  .refine(
    (value): value is string => value !== undefined && /^\/(search|find|pre-owned|electric-cars)(\/|\?|$)/.test(value),
    'Only a search of this site can be saved.',
  );

/**
 * Turning a saved search's alerts on needs the shopper's agreement to alert emails: either given
 * before (the account's consent record, AlertSettings.consent) or given here, with the wording
 * shown (ALERT_CONSENT_WORDING) and the page it was shown on.
 */
const consentGiven = { wording: z.literal(ALERT_CONSENT_WORDING).optional(), page: z.string().max(2000).optional() };

export const newSavedSearchSchema = z.strictObject({ name, path: searchPath, alerts: z.boolean().default(false), ...consentGiven });
export const savedSearchChangeSchema = z.strictObject({ name: name.optional(), alerts: z.boolean().optional(), ...consentGiven });
export const MAX_SAVED_SEARCHES = 20;

/** Turning alerts on must carry the wording the shopper was shown (the consent record). */
export const alertSettingsChangeSchema = z.strictObject({
  car_alerts: z.boolean(),
  wording: z.literal(ALERT_CONSENT_WORDING).optional(),
  page: z.string().max(2000).optional(),
});

/** The device's or account's list: entries are checked one by one with savedCarOf on the server. */
export const savedCarsBodySchema = z.strictObject({ cars: z.array(z.unknown()).max(50, 'At most 50 saved cars.') });
export type SavedCarsBody = { cars: SavedCar[] };

/** The words beside the "contact me about this car" box; the lead's consent record keeps them. */
export const INTEREST_CONSENT_WORDING = 'The dealer may contact me about this car by email, or by phone if I give my number.';

/** "Contact me about this car": needs the shopper's explicit yes. */
export const interestRequestSchema = z.strictObject({
  car_id: z.string().regex(/^[1-9][0-9]{0,15}$/, 'Unknown car.'),
  opt_in: z.literal(true, { error: 'Tick the box so the dealer may contact you.' }),
  phone: z.string().trim().max(20).optional(),
  message: z
    .string()
    .trim()
    .max(2000)
    .refine((value) => safeText(value.replace(/[\t\r\n]/g, ' ')), 'Use letters, digits and punctuation only.')
    .optional(),
  /** The page the box was ticked on, for the consent record. */
  page: z.string().max(2000).optional(),
});
export type InterestRequest = z.output<typeof interestRequestSchema>;

/** What the interest route answers: the lead the dealer got (the same one when asked again). */
export interface InterestSent {
  lead_id: string;
}

/** What an unsubscribe link's token has switched on (GET), before one click turns it all off (POST). */
export interface UnsubscribeState {
  car_alerts: boolean;
  /** Saved searches that email new matches. */
  search_alerts: number;
}
