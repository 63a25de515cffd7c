import { beforeEach, describe, expect, it, vi } from 'vitest';
import { leads } from '../../platform/db/schema';
import type { PhoneRule } from '../../platform/config/schema';
import type * as Phone from '../model/phone';
import { resetTestDatabase, testDatabaseKinds, useTestDatabase } from '../../../tests/support/test-databases';
import { enquiry, send, testApp } from '../../../tests/support/lead-api';

/** A phone number that makes the phone rule (inside the lead schemas) throw, as a bug in it would. */
const FAULTY_PHONE = '0499 999 999';

vi.mock('../model/phone', async (importOriginal) => {
  const actual = await importOriginal<typeof Phone>();
  return {
    ...actual,
    checkPhone: (raw: unknown, rule: PhoneRule) => {
      if (raw === FAULTY_PHONE) throw new Error('the phone rule broke');
      return actual.checkPhone(raw, rule);
    },
  };
});

describe.each(testDatabaseKinds())('lead routes on %s', (kind) => {
  const db = useTestDatabase(kind);
  beforeEach(() => resetTestDatabase(db.current));

  it('answer a fault inside the lead schemas with a 500 and a log line, never a 4xx, and store nothing', async () => {
    const errors: { line: string; error: unknown }[] = [];
    const app = testApp({ database: db.current, log: (line, error) => errors.push({ line, error }) });
    const res = await send(app, { body: enquiry({ phone: FAULTY_PHONE }) });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ error: 'Your enquiry could not be saved just now. Please try again.' });
    expect(errors.map((e) => e.line)).toEqual(['POST /api/leads: could not take the lead']);
    expect(String(errors[0]?.error)).toContain('the phone rule broke');
    expect(await db.current.db.select().from(leads)).toHaveLength(0);
    // The same lead with a phone the rule reads is taken as usual.
    expect((await send(app, { body: enquiry() })).status).toBe(201);
  });
});
