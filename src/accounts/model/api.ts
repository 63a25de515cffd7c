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

export const newSavedSearchSchema = z.strictObject({ name: searchNameField, path: searchPathField, alerts: z.boolean().default(false) });
export const savedSearchChangeSchema = z.strictObject({ name: z.optional(searchNameField), alerts: z.boolean().optional() });

/** Turning alerts on must carry the wording the shopper was shown (the consent record). */
export const alertSettingsChangeSchema = z.strictObject({
  car_alerts: z.boolean(),
  wording: z.literal(ALERT_CONSENT_WORDING).optional(),
  page: z.string().max(2000).optional(),
});

/** The device's or account's list: entries are checked one by one with savedCarOf on the server. */
export const savedCarsBodySchema = z.strictObject({ cars: z.array(z.unknown()).max(50, 'At most 50 saved cars.') });
export type SavedCarsBody = { cars: SavedCar[] };

/** "Contact me about this car": needs the shopper's explicit yes. */
export const interestRequestSchema = z.strictObject({
  car_id: carIdField,
  opt_in: optInField,
  phone: interestPhoneField,
  message: interestMessageField,
});
