/**
 * Whatever arrives at POST /api/leads — random JSON, hostile text, a valid enquiry with fields
 * swapped for junk, bytes that are not JSON at all — the answer is never a 5xx, every 4xx says
 * what went wrong, and a 400 for a body that parsed as JSON names the fields to fix.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { propertyRuns } from '../../../tests/support/property-runs';
import { routeTestDatabaseKinds, useTestDatabase } from '../../../tests/support/test-databases';
import { memoryRateLimiter } from '../../platform/http/rate-limit';
import { enquiry, send, testApp } from '../../../tests/support/lead-api';

/** HTTP round trips with storage cost far more than a schema check: half the runs keeps this file near 20 s. */
const RUNS = Math.max(50, Math.floor(propertyRuns() / 2));

const hostileText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc.constantFrom(
    '<script>alert(1)</script>',
    '"><img src=x onerror=alert(1)>',
    "'; DROP TABLE leads; --",
    '=HYPERLINK("http://evil.example")',
    '\u0000',
    '\ud800',
    '\u202eevil',
    '__proto__',
    '{{constructor.constructor("return process")()}}',
    'x'.repeat(6000),
  ),
);

const junk: fc.Arbitrary<unknown> = fc.oneof(hostileText, fc.jsonValue({ maxDepth: 3 }), fc.integer(), fc.double(), fc.boolean(), fc.constant(null));

const fieldNames = Object.keys(enquiry().lead).concat([
  'lead_status',
  'form_completed',
  'skipped_steps',
  'step_number',
  'lead_id',
  'category',
  'opt_in',
  '__proto__',
  'constructor',
  'unknown_field',
]);

/** A valid enquiry with some fields replaced by junk or dropped. */
const mutatedEnquiry = fc.array(fc.tuple(fc.constantFrom(...fieldNames), fc.option(junk, { nil: undefined })), { maxLength: 5 }).map((changes) => {
  const lead: Record<string, unknown> = { ...enquiry().lead };
  for (const [name, value] of changes) {
    if (value === undefined) delete lead[name];
    else Object.defineProperty(lead, name, { value, enumerable: true, writable: true, configurable: true });
  }
  return JSON.stringify({ lead });
});

const body = fc.oneof(
  mutatedEnquiry,
  junk.map((value) => JSON.stringify({ lead: value })),
  fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)),
  fc.string({ unit: 'binary', maxLength: 500 }),
  fc.constantFrom('', '{', 'null', '[]', '{"lead":', `{"lead":${'['.repeat(3000)}`, '{"lead":{"form":"finance","lead_status":"Incomplete","step_number":99}}'),
);

const key = fc.option(
  fc.oneof(
    fc.stringMatching(/^[A-Za-z0-9_.:-]{8,20}$/),
    fc.string({ maxLength: 30 }).filter((k) => /^[\x20-\x7e]*$/.test(k)),
  ),
  { nil: undefined },
);

describe.each(routeTestDatabaseKinds())('lead API on %s, any body', (kind) => {
  const db = useTestDatabase(kind);
  let app: ReturnType<typeof testApp>;
  beforeAll(() => {
    app = testApp({ database: db.current, rateLimiter: memoryRateLimiter({ limit: Number.MAX_SAFE_INTEGER }), log: () => undefined });
  });

  it('never answers 5xx; every 4xx has an error, and names fields when the body was JSON', async () => {
    const seen = new Set<number>();
    await fc.assert(
      fc.asyncProperty(body, key, async (raw, idempotencyKey) => {
        const res = await send(app, { body: raw, ...(idempotencyKey === undefined ? {} : { key: idempotencyKey }) });
        seen.add(res.status);
        expect(res.status).toBeLessThan(500);
        if (res.status >= 400) {
          expect(typeof res.body.error).toBe('string');
          expect(String(res.body.error).length).toBeGreaterThan(0);
          let parsed = true;
          try {
            JSON.parse(raw);
          } catch {
            parsed = false;
          }
          if (parsed && res.status === 400) {
            expect(res.body.fields).toBeTypeOf('object');
            expect(Object.keys(res.body.fields as object).length).toBeGreaterThan(0);
          }
        } else {
          expect(res.status).toBe(201);
          expect(typeof res.body.id).toBe('string');
        }
      }),
      { numRuns: RUNS },
    );
    // The bodies reach both storage and refusal, so the property was tested on each.
    expect(seen).toContain(201);
    expect(seen).toContain(400);
  }, 120_000);
});
