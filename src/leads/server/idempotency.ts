/**
 * Idempotency keys (docs/decisions/leads.md 'The request'): a retried submission carries the key
 * of its first attempt and gets the first answer back. The request is identified by a hash of
 * its canonical form, so the same lead sent with keys in another order is still "the same".
 */
import { createHash } from 'node:crypto';
import { IDEMPOTENCY_KEY_PATTERN } from '../model/payload';

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

export type KeyCheck = { ok: true; key: string | undefined } | { ok: false; error: string };

/** No header is fine (no replay protection); a header that breaks the rules is refused. */
export function readIdempotencyKey(header: string | undefined): KeyCheck {
  if (header === undefined) return { ok: true, key: undefined };
  if (!IDEMPOTENCY_KEY_PATTERN.test(header)) return { ok: false, error: 'Idempotency-Key must be 8 to 200 characters of A-Z a-z 0-9 _ . : -' };
  return { ok: true, key: header };
}

/** JSON with object keys sorted at every level; arrays keep their order. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return v;
    // fromEntries defines own properties, so a "__proto__" key stays data.
    return Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  });
}

/** What makes two requests "the same": method, target and body (plus file digests). */
export function requestHash(parts: { method: string; target: string; body: unknown; files?: readonly string[] }): string {
  return createHash('sha256')
    .update(canonicalJson({ method: parts.method, target: parts.target, body: parts.body, files: parts.files ?? [] }))
    .digest('hex');
}

export const sha256Hex = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

export const KEY_REUSED = 'Idempotency-Key reused with a different request';
