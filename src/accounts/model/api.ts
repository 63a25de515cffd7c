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
import { ALERT_CONSENT_WORDING } from './paths';
import { carIdField, interestMessageField, interestPhoneField, optInField, searchNameField, searchPathField } from './account-fields';

export {
  ACCOUNT_API,
  accountPaths,
  SESSION_COOKIE,
  SECURE_SESSION_COOKIE,
  ALERT_CONSENT_WORDING,
  MAX_SAVED_SEARCHES,
  SAVABLE_SEARCH_PATH,
  SEARCH_NAME_MAX,
  type Session,
  type SavedSearch,
  type AlertSettings,
  type Enquiry,
  type DeletedAccount,
} from './paths';

/**
 * Turning a saved search's alerts on needs the shopper's agreement to alert emails: either given
 * before (the account's consent record, AlertSettings.consent) or given here, with the wording
 * shown (ALERT_CONSENT_WORDING) and the page it was shown on.
 */
const consentGiven = { wording: z.literal(ALERT_CONSENT_WORDING).optional(), page: z.string().max(2000).optional() };

export const newSavedSearchSchema = z.strictObject({ name: searchNameField, path: searchPathField, alerts: z.boolean().default(false), ...consentGiven });
export const savedSearchChangeSchema = z.strictObject({ name: z.optional(searchNameField), alerts: z.boolean().optional(), ...consentGiven });

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
  car_id: carIdField,
  opt_in: optInField,
  phone: interestPhoneField,
  message: interestMessageField,
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
