/**
 * What the platform keeps to know whether a delivered lead was answered
 * (docs/decisions/lead-response.md): which location's promise it is under, when that runs out,
 * when its first escalation is due, and who the shopper and the car are, so that the same shopper
 * asking about the same car within a day joins the first lead's thread.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { DealerConfig, Location } from '../../platform/config/schema';
import { isTrading } from '../../platform/config/location-opening';
import { locationKind } from '../../dealer/model/locations';
import { responseDueAt } from './response-due';
import { serverSecret } from '../../platform/config/server-secret';

/** The same shopper about the same car within this long is one thread. */
export const THREAD_WINDOW_MS = 24 * 60 * 60 * 1000;

export interface ResponseStart {
  source: string;
  /** The location slug whose promise and hours apply; null when the dealer has no locations. */
  location: string | null;
  receivedAt: Date;
  /** When the promise runs out; null when the dealer file makes none. */
  dueAt: Date | null;
  /** When the first escalation is due: the due time, when there is someone to escalate to. */
  nextEscalationAt: Date | null;
  shopperEmail: string | null;
  shopperPhone: string | null;
  carId: string | null;
}

type PromiseSite = Pick<DealerConfig, 'locations' | 'special_hours' | 'time_zone' | 'leads'>;

/** The lead's own location when it names one of the dealer's, else the main trading sales location. */
export function responseLocation(site: Pick<DealerConfig, 'locations'>, lead: Readonly<Record<string, unknown>>, now: Date): Location | undefined {
  const named = lead.location_id;
  if (typeof named === 'string' || typeof named === 'number') {
    const found = site.locations.find((l) => String(l.id) === String(named));
    if (found) return found;
  }
  const today = now.toISOString().slice(0, 10);
  const trading = site.locations.filter((l) => isTrading(l, today));
  return trading.find((l) => l.primary && locationKind(l) === 'sales') ?? trading.find((l) => locationKind(l) === 'sales') ?? trading[0] ?? site.locations[0];
}

/** The promise in minutes at a location: its own when the dealer file gives one, else the dealer's. */
export function promiseMinutes(site: Pick<DealerConfig, 'leads'>, location: Location | undefined): number | undefined {
  const promise = site.leads.response_promise;
  if (!promise) return undefined;
  return promise.locations.find((l) => l.location_slug === location?.slug)?.minutes ?? promise.minutes;
}

/** One promise of opening hours after `from`, at this location. */
export function promiseLater(site: PromiseSite, location: Location | undefined, from: number): number | undefined {
  const minutes = promiseMinutes(site, location);
  if (minutes === undefined) return undefined;
  return responseDueAt(from, minutes, { timeZone: site.time_zone, location, specials: site.special_hours });
}

/** An email address as the same shopper types it twice. */
export const shopperEmailKey = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim().toLowerCase() : null);

/** A phone number's digits, with +61 / +64 read as the leading 0 (0412 345 678 and +61 412 345 678 are one shopper). */
export function shopperPhoneKey(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const digits = value.replace(/\D/g, '');
  if (digits.length < 6) return null;
  return /^6[14]\d{8,10}$/.test(digits) ? `0${digits.slice(2)}` : digits;
}

export function responseStart(site: PromiseSite, lead: Readonly<Record<string, unknown>>, receivedAt: Date): ResponseStart {
  const location = responseLocation(site, lead, receivedAt);
  const due = promiseLater(site, location, receivedAt.getTime());
  const contacts = site.leads.response_promise?.escalation.length ?? 0;
  const car = lead.car_id;
  return {
    source: typeof lead.source === 'string' && lead.source.trim() ? lead.source.trim().slice(0, 60) : 'Website',
    location: location?.slug ?? null,
    receivedAt,
    dueAt: due === undefined ? null : new Date(due),
    nextEscalationAt: due !== undefined && contacts > 0 ? new Date(due) : null,
    shopperEmail: shopperEmailKey(lead.email),
    shopperPhone: shopperPhoneKey(lead.phone),
    carId: typeof car === 'string' || typeof car === 'number' ? String(car).slice(0, 100) : null,
  };
}

// ---------------------------------------------------------------------------
// The "I've got this" link's token
// ---------------------------------------------------------------------------

/** An HMAC of the lead id under the server's secret: the link is the lead's, and nobody can make one for another lead. */
export function ackToken(secret: string, leadId: string): string {
  return createHmac('sha256', secret).update(`lead-ack:${leadId}`, 'utf8').digest('base64url');
}

export function verifyAckToken(secret: string, leadId: string, token: string | undefined): boolean {
  if (typeof token !== 'string') return false;
  const expected = Buffer.from(ackToken(secret, leadId), 'utf8');
  const given = Buffer.from(token, 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The link every delivery carries, on the dealer's own site (which serves /api). */
export function ackUrl(site: Pick<DealerConfig, 'url'>, leadId: string, secret: string): string {
  const base = site.url.replace(/\/+$/, '');
  return `${base}/api/leads/${encodeURIComponent(leadId)}/ack?t=${ackToken(secret, leadId)}`;
}

/** The secret ack links are signed with: LEAD_ACK_SECRET, else one kept in .data/secrets (server-secret.ts). */
export function leadAckSecret(env: NodeJS.ProcessEnv, root: string): string {
  return serverSecret({ env, root, variable: 'LEAD_ACK_SECRET', name: 'lead-ack' }).secret;
}
