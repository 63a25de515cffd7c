import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { idempotencyKeys, leads, outbox, type LeadConsent } from '../../platform/db/schema';
import { resetTestDatabase, testDatabaseKinds, useTestDatabase } from '../../../tests/support/test-databases';
import { createLead, dealerHasLead, updateLead, type LeadInput } from './store';

const consent = (optIn: boolean, at: string): LeadConsent => ({
  opt_in: optIn,
  answered: true,
  form: 'finance',
  page: null,
  wording: 'Keep me up to date',
  wording_id: 'cw-1',
  at,
});

const lead = (extra: Partial<LeadInput> = {}): LeadInput => ({
  form: 'finance',
  category: 'finance-pre-approval',
  status: 'Complete',
  data: { first_name: 'Jane' },
  consent: consent(true, '2025-11-21T03:00:00.000Z'),
  quarantineReason: null,
  ...extra,
});

describe.each(testDatabaseKinds())('lead store on %s', (kind) => {
  const db = useTestDatabase(kind);
  beforeEach(() => resetTestDatabase(db.current));

  it('lets one of many concurrent writers with one key store the lead; the rest get its answer', async () => {
    const claim = { key: 'same-key-123', hash: 'h1' };
    const results = await Promise.all(
      Array.from({ length: 20 }, () => createLead(db.current.db, { dealer: 'd', lead: lead(), destinations: ['folder', 'webhook:0'], idempotency: claim })),
    );
    const stored = results.filter((r) => r.kind === 'stored');
    expect(stored).toHaveLength(1);
    expect(results.filter((r) => r.kind === 'replayed')).toHaveLength(19);
    const ids = new Set(results.map((r) => (r.kind === 'stored' || r.kind === 'replayed' ? r.answer.body.id : undefined)));
    expect(ids.size).toBe(1);
    expect(await db.current.db.select().from(leads)).toHaveLength(1);
    expect(await db.current.db.select().from(outbox)).toHaveLength(2);
  });

  it('answers 422 to a writer whose key was taken by a different request', async () => {
    await createLead(db.current.db, { dealer: 'd', lead: lead(), destinations: [], idempotency: { key: 'k-12345678', hash: 'first' } });
    const second = await createLead(db.current.db, { dealer: 'd', lead: lead(), destinations: [], idempotency: { key: 'k-12345678', hash: 'second' } });
    expect(second).toEqual({ kind: 'replayed', answer: { status: 422, body: { error: 'Idempotency-Key reused with a different request' } } });
    expect(await db.current.db.select().from(leads)).toHaveLength(1);
  });

  it('queues a lead completed twice only once per destination', async () => {
    const created = await createLead(db.current.db, { dealer: 'd', lead: lead({ status: 'Incomplete' }), destinations: ['folder'] });
    const id = created.kind === 'stored' ? String(created.answer.body.id) : '';
    expect(await db.current.db.select().from(outbox)).toHaveLength(0);
    // Two completions racing past the status check: the unique index keeps one row.
    await Promise.all([
      updateLead(db.current.db, { id, dealer: 'd', lead: lead(), destinations: ['folder'] }),
      updateLead(db.current.db, { id, dealer: 'd', lead: lead(), destinations: ['folder'] }),
    ]);
    const rows = await db.current.db.select().from(outbox).where(eq(outbox.lead_id, id));
    expect(rows.map((r) => r.destination)).toEqual(['folder']);
  });

  it('merges a later step over the stored fields and records consent with its time', async () => {
    const at = new Date('2025-11-21T03:00:00Z');
    const created = await createLead(db.current.db, {
      dealer: 'd',
      lead: lead({ status: 'Incomplete', data: { a: 1, b: 1 }, consent: consent(false, at.toISOString()) }),
      destinations: [],
      now: at,
    });
    const id = created.kind === 'stored' ? String(created.answer.body.id) : '';
    const later = new Date('2025-11-21T03:05:00Z');
    const updated = await updateLead(db.current.db, {
      id,
      dealer: 'd',
      lead: lead({ status: 'Incomplete', data: { b: 2, c: 3 }, consent: consent(true, later.toISOString()) }),
      destinations: [],
      now: later,
    });
    expect(updated).toEqual({ kind: 'stored', answer: { status: 200, body: { id } } });
    const [row] = await db.current.db.select().from(leads);
    expect(row?.data).toEqual({ a: 1, b: 2, c: 3 });
    expect(row?.consent).toEqual(consent(true, later.toISOString()));
    expect(row?.created_at.toISOString()).toBe(at.toISOString());
  });

  it('refuses to change another dealer’s lead or a complete one, leaving no key behind', async () => {
    const created = await createLead(db.current.db, { dealer: 'd', lead: lead(), destinations: [] });
    const id = created.kind === 'stored' ? String(created.answer.body.id) : '';
    expect(await updateLead(db.current.db, { id, dealer: 'other', lead: lead(), destinations: [], idempotency: { key: 'u-12345678', hash: 'x' } })).toEqual({
      kind: 'not_found',
    });
    expect(await updateLead(db.current.db, { id, dealer: 'd', lead: lead(), destinations: [], idempotency: { key: 'u-87654321', hash: 'x' } })).toEqual({
      kind: 'already_complete',
    });
    expect(await db.current.db.select().from(idempotencyKeys)).toHaveLength(0);
  });

  it('knows a lead only for the dealer that has it', async () => {
    const created = await createLead(db.current.db, { dealer: 'd', lead: lead(), destinations: [] });
    const id = created.kind === 'stored' ? String(created.answer.body.id) : '';
    expect(await dealerHasLead(db.current.db, 'd', id)).toBe(true);
    expect(await dealerHasLead(db.current.db, 'other', id)).toBe(false);
    expect(await dealerHasLead(db.current.db, 'd', "x' OR 1=1 --")).toBe(false);
  });
});
