/**
 * The JSON a dealer's webhook receives (and the local outbox folder keeps), and its signature.
 *
 * The receiver checks `X-Lead-Signature: sha256=<hex>`, an HMAC-SHA256 of the raw request body
 * keyed by the shared secret, before parsing anything, and drops repeats by
 * `X-Lead-Delivery-Id` (`<lead id>:<destination>`): a delivery can arrive twice when the sender
 * stops between the receiver's 2xx and recording it.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { LeadConsent } from '../../platform/db/schema';

/** What delivery needs of a stored lead (a `leads` row satisfies it). */
export interface DeliverableLead {
  id: string;
  dealer: string;
  form: string;
  category: string;
  status: string;
  data: Record<string, unknown>;
  consent: LeadConsent;
  created_at: Date;
  completed_at?: Date | null;
}

/**
 * A file sent with the lead, described but never included: the delivery gives a signed link to
 * download it instead (src/leads/server/file-links.ts), which opens until `url_expires_at`.
 */
export interface LeadFileMeta {
  id: string;
  field: string;
  content_type: string;
  size: number;
  url?: string;
  /** ISO time the link stops working. */
  url_expires_at?: string;
}

/** The stock car the lead is about, when the dealer's stock still has it. */
export interface LeadVehicle {
  id: number | string;
  name?: string;
  year?: number;
  make?: string;
  model?: string;
  variant?: string;
  vin?: string;
  stocknum?: string;
  car_type?: string;
  price?: number;
  km?: number;
  colour?: string;
  body?: string;
}

/**
 * What every delivery carries for response tracking: the "I've got this" link, and, for a lead
 * that joined an earlier one's thread (same shopper, same car, within a day), that lead's id.
 */
export interface LeadResponseLinks {
  acknowledge_url: string;
  thread_of: string | null;
}

export interface WebhookBody {
  id: string;
  dealer: string;
  form: string;
  category: string;
  status: string;
  created_at: string;
  completed_at: string | null;
  consent: LeadConsent;
  data: Record<string, unknown>;
  files: LeadFileMeta[];
  vehicle: LeadVehicle | null;
  /** How to acknowledge it (the link, or a signed POST to /api/leads/ack), and the thread it updates. */
  response?: LeadResponseLinks & { acknowledge_callback: string; update: boolean };
}

export const signatureHeader = 'X-Lead-Signature';
export const deliveryIdHeader = 'X-Lead-Delivery-Id';

export function webhookBody(lead: DeliverableLead, files: readonly LeadFileMeta[] = [], vehicle?: LeadVehicle, response?: LeadResponseLinks): WebhookBody {
  const tracking = response
    ? { response: { ...response, acknowledge_callback: new URL('/api/leads/ack', response.acknowledge_url).href, update: response.thread_of !== null } }
    : {};
  return {
    id: lead.id,
    dealer: lead.dealer,
    form: lead.form,
    category: lead.category,
    status: lead.status,
    created_at: lead.created_at.toISOString(),
    completed_at: lead.completed_at ? lead.completed_at.toISOString() : null,
    // The whole record as stored: the answer, whether one was sent, the form, page and wording.
    consent: { ...lead.consent },
    data: lead.data,
    files: files.map(({ id, field, content_type, size, url, url_expires_at }) => ({
      id,
      field,
      content_type,
      size,
      ...(url ? { url } : {}),
      ...(url_expires_at ? { url_expires_at } : {}),
    })),
    vehicle: vehicle ?? null,
    ...tracking,
  };
}

/**
 * The exact bytes sent and signed. JSON.stringify escapes nothing HTML-dangerous, so `<`, `>`
 * and `&` become \u escapes too: a receiver that drops the body into a page cannot be tricked.
 */
export function webhookJson(body: WebhookBody): string {
  return JSON.stringify(body).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** `sha256=<hex HMAC-SHA256 of body>`. */
export function signWebhook(body: string, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`;
}

/** For receivers (and our tests): true when `signature` is the body's HMAC, compared in constant time. */
export function verifyWebhookSignature(body: string, secret: string, signature: string | null | undefined): boolean {
  if (typeof signature !== 'string') return false;
  const expected = Buffer.from(signWebhook(body, secret), 'utf8');
  const given = Buffer.from(signature.trim(), 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
