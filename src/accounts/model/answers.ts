/**
 * The account API's answers as the browser reads them. An answer is only JSON from the network,
 * so each is checked field by field before a page shows any of it (by hand, not with zod: page
 * scripts carry these and must stay small). A reader answers undefined for anything that is not
 * the shape the contract (paths.ts) describes; the caller treats that like a failed request.
 * The saved-cars list is read where it is used (src/accounts/browser/device-list.ts), so pages
 * that never see it do not load the saved-list rules.
 */
import { isRecord } from '../../platform/formats/records';
import type { AlertSettings, DeletedAccount, Enquiry, SavedSearch, Session } from './paths';
import { safeReturnPath } from './return-path';

const text = (value: unknown, max = 2000): string | undefined => (typeof value === 'string' && value.length <= max ? value : undefined);
const count = (value: unknown): number | undefined => (typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined);

export function readSession(body: unknown): Session | undefined {
  if (!isRecord(body)) return undefined;
  if (body.signedIn === false) return { signedIn: false };
  if (body.signedIn !== true || !isRecord(body.account)) return undefined;
  const email = text(body.account.email, 254);
  if (!email) return undefined;
  return { signedIn: true, account: { email, since: text(body.account.since, 64) ?? '', passkeys: count(body.account.passkeys) ?? 0 } };
}

/** Where the server says to go after signing in; only ever a path on this site. */
export function readRedirect(body: unknown): string | undefined {
  return isRecord(body) ? safeReturnPath(body.redirect) : undefined;
}

export function readSavedSearch(body: unknown): SavedSearch | undefined {
  if (!isRecord(body)) return undefined;
  const id = typeof body.id === 'number' ? String(body.id) : text(body.id, 64);
  const name = text(body.name, 200);
  const path = safeReturnPath(body.path);
  if (!id || !name || !path || typeof body.alerts !== 'boolean') return undefined;
  return { id, name, path, alerts: body.alerts, created_at: text(body.created_at, 64) ?? '' };
}

/** `{ searches }`; an entry that does not read is left out rather than failing the list. */
export function readSavedSearches(body: unknown): SavedSearch[] | undefined {
  if (!isRecord(body) || !Array.isArray(body.searches)) return undefined;
  return body.searches.map(readSavedSearch).filter((search): search is SavedSearch => search !== undefined);
}

export function readAlertSettings(body: unknown): AlertSettings | undefined {
  if (!isRecord(body) || typeof body.car_alerts !== 'boolean') return undefined;
  const consent = body.consent;
  if (isRecord(consent)) {
    const wording = text(consent.wording);
    const at = text(consent.at, 64);
    if (wording !== undefined && at !== undefined) return { car_alerts: body.car_alerts, consent: { wording, page: text(consent.page) ?? null, at } };
  }
  return { car_alerts: body.car_alerts, consent: null };
}

function readEnquiry(value: unknown): Enquiry | undefined {
  if (!isRecord(value)) return undefined;
  const id = typeof value.id === 'number' ? String(value.id) : text(value.id, 64);
  const form = text(value.form, 100);
  const category = text(value.category, 200);
  const createdAt = text(value.created_at, 64);
  if (!id || form === undefined || category === undefined || !createdAt) return undefined;
  const enquiry: Enquiry = { id, form, category, created_at: createdAt };
  if (isRecord(value.car)) {
    const car: NonNullable<Enquiry['car']> = {};
    const carId = typeof value.car.id === 'number' ? String(value.car.id) : text(value.car.id, 32);
    const name = text(value.car.name, 200);
    const slug = text(value.car.slug, 200);
    if (carId) car.id = carId;
    if (name) car.name = name;
    if (slug) car.slug = slug;
    if (Object.keys(car).length > 0) enquiry.car = car;
  }
  return enquiry;
}

export function readEnquiries(body: unknown): Enquiry[] | undefined {
  if (!isRecord(body) || !Array.isArray(body.enquiries)) return undefined;
  return body.enquiries.map(readEnquiry).filter((enquiry): enquiry is Enquiry => enquiry !== undefined);
}

export function readDeletedAccount(body: unknown): DeletedAccount | undefined {
  if (!isRecord(body) || !isRecord(body.deleted) || body.deleted.account !== true) return undefined;
  const { sessions, saved_cars, saved_searches, passkeys } = body.deleted;
  const kept = text(body.kept) ?? '';
  return {
    deleted: {
      account: true,
      sessions: count(sessions) ?? 0,
      saved_cars: count(saved_cars) ?? 0,
      saved_searches: count(saved_searches) ?? 0,
      passkeys: count(passkeys) ?? 0,
    },
    kept,
  };
}

/** `{ lead_id }` of a contact request. */
export function readLeadId(body: unknown): string | undefined {
  if (!isRecord(body)) return undefined;
  return typeof body.lead_id === 'number' ? String(body.lead_id) : text(body.lead_id, 64);
}

/** Sign-out's `{ signedOut, sessions? }`: how many browsers were signed out (1 for this one alone). */
export function readSignedOut(body: unknown): number | undefined {
  if (!isRecord(body) || body.signedOut !== true) return undefined;
  return count(body.sessions) ?? 1;
}

/** Any answer with a body the caller does not need: success is the status alone. */
export const readAnything = (): true => true;
