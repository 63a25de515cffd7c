/**
 * The link a delivered lead gives the dealer for each file the shopper sent with it (the car
 * photos of a trade-in): `<site>/api/leads/<lead id>/files/<file id>?key=<unix s expiry>.<HMAC>`. One query parameter, so the
 * link has no `&` for an ADF email's XML text or a CRM's HTML to write as `&amp;`.
 * The link alone is the dealer's key: whoever holds it may download that one file until it
 * expires, and nobody can make one for another file, another lead or a later time.
 *
 * Signed with the secret the "I've got this" links are signed with (leadAckSecret), under a
 * message of its own shape, so neither kind of token is ever valid as the other.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { DealerConfig } from '../../platform/config/schema';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * How long a delivered link opens its file. A dealer works a trade-in over days or weeks (the
 * appraisal, a second look before the offer), so a week is too short; but the links sit in
 * mailboxes and CRMs that get forwarded and leak, and a shopper's photos should not stay open to
 * anyone holding an old email for ever. A month covers the working life of a lead.
 */
export const FILE_LINK_LIFE_MS = 30 * DAY_MS;

/** The unix time (seconds) a link made at `madeAt` stops working. */
export const fileLinkExpiry = (madeAt: Date): number => Math.floor((madeAt.getTime() + FILE_LINK_LIFE_MS) / 1000);

/**
 * HMAC-SHA256 over the purpose, the lead, the file and the expiry, as a JSON array: no id can
 * run into the next one, and the ack token's `lead-ack:<id>` message never has this shape.
 */
export function fileLinkSignature(secret: string, leadId: string, fileId: string, expires: number): string {
  return createHmac('sha256', secret)
    .update(JSON.stringify(['lead-file', leadId, fileId, expires]), 'utf8')
    .digest('base64url');
}

/** The file's link on the dealer's own site (which serves /api), as ackUrl builds the ack link. */
export function fileUrl(site: Pick<DealerConfig, 'url'>, leadId: string, fileId: string, secret: string, expires: number): string {
  const base = site.url.replace(/\/+$/, '');
  const sig = fileLinkSignature(secret, leadId, fileId, expires);
  return `${base}/api/leads/${encodeURIComponent(leadId)}/files/${encodeURIComponent(fileId)}?key=${expires}.${sig}`;
}

export interface FileLinkParts {
  leadId: string;
  fileId: string;
  /** The link's `key`: the expiry (unix seconds), a dot, the signature. */
  key: string | undefined;
}

/** `invalid` when the link was not signed as it stands; `expired` only for a link we did sign. */
export type FileLinkCheck = 'valid' | 'invalid' | 'expired';

/** Checks the signature in constant time, then the expiry against `nowMs`. */
export function checkFileLink(secret: string, { leadId, fileId, key }: FileLinkParts, nowMs: number): FileLinkCheck {
  const parts = /^(\d{1,12})\.(.+)$/.exec(key ?? '');
  if (!parts) return 'invalid';
  const [, expires = '', sig = ''] = parts;
  const at = Number(expires);
  const expected = Buffer.from(fileLinkSignature(secret, leadId, fileId, at), 'utf8');
  const given = Buffer.from(sig, 'utf8');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  return nowMs >= at * 1000 ? 'expired' : 'valid';
}
