/**
 * Storing leads. One transaction writes the lead, its files' records, its outbox rows and the
 * idempotency record, and the caller answers only after it commits: a 2xx always means the lead
 * is kept and queued. The idempotency record is written first, so of two concurrent requests
 * with one key the second waits on the first's row and then finds it taken; it rolls back and
 * answers with what the first stored.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { LeadDb } from '../../platform/db/open';
import { idempotencyKeys, leadFiles, leads, outbox, type LeadConsent } from '../../platform/db/schema';
import type { LeadStatus } from '../model/payload';
import { KEY_REUSED } from './idempotency';
import { responseInsert } from './response-store';
import type { ResponseStart } from './response-tracking';

/** A validated lead, ready to keep. */
export interface LeadInput {
  form: string;
  category: string;
  status: LeadStatus;
  data: Record<string, unknown>;
  /** The consent record (consent.ts consentRecord). */
  consent: LeadConsent;
  quarantineReason: string | null;
}

export interface FileRecord {
  id: string;
  field: string;
  stored_name: string;
  content_type: string;
  size: number;
}

export interface IdempotencyClaim {
  key: string;
  /** Hash of the canonical request (idempotency.ts requestHash). */
  hash: string;
}

export interface Answer {
  status: number;
  body: Record<string, unknown>;
}

export type StoreResult =
  /** Committed: this request stored the lead. */
  | { kind: 'stored'; answer: Answer }
  /** Another request with the same key got there first: its answer, or 422 if it differed. */
  | { kind: 'replayed'; answer: Answer }
  | { kind: 'not_found' }
  | { kind: 'already_complete' }
  | { kind: 'other_form'; form: string }
  /** The lead cannot take what was sent (more files than a field holds): the answer to give. */
  | { kind: 'refused'; answer: Answer };

/** Thrown inside a transaction to roll it back; carries what to answer instead. */
class Abandon extends Error {
  constructor(readonly result: Exclude<StoreResult, { kind: 'stored' }> | { kind: 'key_taken' }) {
    super('transaction abandoned');
  }
}

type Tx = Parameters<Parameters<LeadDb['transaction']>[0]>[0];

/** The stored answer for a key: itself for the same request, 422 for a different one. */
export async function storedAnswer(db: LeadDb, dealer: string, claim: IdempotencyClaim): Promise<Answer | undefined> {
  const [row] = await db
    .select({ request_hash: idempotencyKeys.request_hash, status: idempotencyKeys.status, response: idempotencyKeys.response })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.dealer, dealer), eq(idempotencyKeys.key, claim.key)));
  if (!row) return undefined;
  if (row.request_hash !== claim.hash) return { status: 422, body: { error: KEY_REUSED } };
  return { status: row.status, body: row.response };
}

async function claimKey(tx: Tx, dealer: string, claim: IdempotencyClaim | undefined, answer: Answer): Promise<void> {
  if (!claim) return;
  const taken = await tx
    .insert(idempotencyKeys)
    .values({ dealer, key: claim.key, request_hash: claim.hash, status: answer.status, response: answer.body })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  if (taken.length === 0) throw new Abandon({ kind: 'key_taken' });
}

async function queue(tx: Tx, leadId: string, dealer: string, destinations: readonly string[]): Promise<void> {
  if (destinations.length === 0) return;
  // Unique per lead and destination: a lead completed twice is queued once.
  await tx
    .insert(outbox)
    .values(destinations.map((destination) => ({ lead_id: leadId, dealer, destination })))
    .onConflictDoNothing();
}

/** Delivery is owed only for a complete lead that is not quarantined. */
const deliverable = (status: LeadStatus, quarantineReason: string | null): boolean => status === 'Complete' && quarantineReason === null;

async function settle(db: LeadDb, dealer: string, claim: IdempotencyClaim | undefined, work: (tx: Tx) => Promise<Answer>): Promise<StoreResult> {
  try {
    const answer = await db.transaction(work);
    return { kind: 'stored', answer };
  } catch (error) {
    if (!(error instanceof Abandon)) throw error;
    if (error.result.kind !== 'key_taken') return error.result;
    // The other request has committed (we waited on its row), so its answer is there to read.
    const answer = claim ? await storedAnswer(db, dealer, claim) : undefined;
    if (!answer) throw new Error('idempotency key taken but no answer stored');
    return { kind: 'replayed', answer };
  }
}

export interface CreateLead {
  dealer: string;
  lead: LeadInput;
  files?: readonly FileRecord[];
  /** Outbox destinations for this dealer ('folder', 'webhook:0', ...). */
  destinations: readonly string[];
  idempotency?: IdempotencyClaim;
  now?: Date;
  /** What response tracking keeps for a delivered lead (response-tracking.ts responseStart). */
  response?: ResponseStart;
}

export function createLead(db: LeadDb, request: CreateLead): Promise<StoreResult> {
  return (request.files ?? []).length === 0 ? createInOneStatement(db, request) : createInTransaction(db, request);
}

/**
 * The common case, a lead without files, as one statement: the key claim, the lead and its
 * outbox rows commit together or not at all, with one round trip instead of six. That is what
 * keeps POST /api/leads fast on embedded PGlite, where every statement costs a trip through the
 * WebAssembly engine. The lead and its outbox rows are written only if the key was claimed.
 */
async function createInOneStatement(db: LeadDb, { dealer, lead, destinations, idempotency, now = new Date(), response }: CreateLead): Promise<StoreResult> {
  const id = randomUUID();
  const answer: Answer = { status: 201, body: { id } };
  const at = now.toISOString();
  const owed = deliverable(lead.status, lead.quarantineReason) ? destinations : [];
  const claim = idempotency
    ? sql`INSERT INTO idempotency_keys (dealer, key, request_hash, status, response, created_at)
          VALUES (${dealer}, ${idempotency.key}, ${idempotency.hash}, ${answer.status}, ${JSON.stringify(answer.body)}::jsonb, ${at}::timestamptz)
          ON CONFLICT DO NOTHING RETURNING key`
    : sql`SELECT 'no key'::text AS key`;
  const tracked =
    response && owed.length > 0
      ? sql`,
    responded AS (${responseInsert(id, dealer, response, sql`EXISTS (SELECT 1 FROM lead)`)})`
      : sql``;
  // node-postgres and PGlite both answer with { rows }.
  const result = (await db.execute<{ claimed: number }>(sql`
    WITH claim AS (${claim}),
    lead AS (
      INSERT INTO leads (id, dealer, form, category, status, data, consent, quarantine_reason, created_at, updated_at, completed_at)
      SELECT ${id}, ${dealer}, ${lead.form}, ${lead.category}, ${lead.status}, ${JSON.stringify(lead.data)}::jsonb,
             ${JSON.stringify(lead.consent)}::jsonb, ${lead.quarantineReason}, ${at}::timestamptz, ${at}::timestamptz,
             ${lead.status === 'Complete' ? at : null}::timestamptz
      WHERE EXISTS (SELECT 1 FROM claim)
      RETURNING id
    ),
    queued AS (
      INSERT INTO outbox (lead_id, dealer, destination, created_at, next_attempt_at)
      SELECT lead.id, ${dealer}, destination, ${at}::timestamptz, ${at}::timestamptz
      FROM lead, jsonb_array_elements_text(${JSON.stringify(owed)}::jsonb) AS destination
      ON CONFLICT DO NOTHING
    )${tracked}
    SELECT count(*)::int AS claimed FROM claim`)) as { rows: { claimed: number }[] };
  if (Number(result.rows[0]?.claimed ?? 0) > 0) return { kind: 'stored', answer };
  // The key was taken: the other request has committed (the claim waited on its row).
  const earlier = idempotency ? await storedAnswer(db, dealer, idempotency) : undefined;
  if (!earlier) throw new Error('idempotency key taken but no answer stored');
  return { kind: 'replayed', answer: earlier };
}

function createInTransaction(
  db: LeadDb,
  { dealer, lead, files = [], destinations, idempotency, now = new Date(), response }: CreateLead,
): Promise<StoreResult> {
  const id = randomUUID();
  const answer: Answer = { status: 201, body: { id } };
  return settle(db, dealer, idempotency, async (tx) => {
    await claimKey(tx, dealer, idempotency, answer);
    await tx.insert(leads).values({
      id,
      dealer,
      form: lead.form,
      category: lead.category,
      status: lead.status,
      data: lead.data,
      consent: lead.consent,
      quarantine_reason: lead.quarantineReason,
      created_at: now,
      updated_at: now,
      completed_at: lead.status === 'Complete' ? now : null,
    });
    if (files.length > 0) await tx.insert(leadFiles).values(files.map((f) => ({ ...f, lead_id: id, created_at: now })));
    if (deliverable(lead.status, lead.quarantineReason)) {
      await queue(tx, id, dealer, destinations);
      if (response && destinations.length > 0) await tx.execute(responseInsert(id, dealer, response));
    }
    return answer;
  });
}

export interface UpdateLead {
  id: string;
  dealer: string;
  lead: LeadInput;
  destinations: readonly string[];
  idempotency?: IdempotencyClaim;
  now?: Date;
  /** Response tracking for the lead as completed: all its steps' fields together. */
  response?: (data: Record<string, unknown>) => ResponseStart;
}

/**
 * A later step of a multi-step form: the new fields are merged over the stored ones. Only an
 * Incomplete lead of the same dealer and form can change; a complete one may already be on its
 * way to the dealer. Once quarantined, a lead stays quarantined.
 */
export function updateLead(db: LeadDb, { id, dealer, lead, destinations, idempotency, now = new Date(), response }: UpdateLead): Promise<StoreResult> {
  const answer: Answer = { status: 200, body: { id } };
  return settle(db, dealer, idempotency, async (tx) => {
    await claimKey(tx, dealer, idempotency, answer);
    const [current] = await tx
      .select()
      .from(leads)
      .where(and(eq(leads.id, id), eq(leads.dealer, dealer)))
      .for('update');
    if (!current) throw new Abandon({ kind: 'not_found' });
    if (current.status === 'Complete') throw new Abandon({ kind: 'already_complete' });
    if (current.form !== lead.form) throw new Abandon({ kind: 'other_form', form: current.form });
    const quarantine = current.quarantine_reason ?? lead.quarantineReason;
    await tx
      .update(leads)
      .set({
        category: lead.category,
        status: lead.status,
        data: { ...current.data, ...lead.data },
        consent: lead.consent,
        quarantine_reason: quarantine,
        updated_at: now,
        completed_at: lead.status === 'Complete' ? now : null,
      })
      .where(eq(leads.id, id));
    if (deliverable(lead.status, quarantine)) {
      await queue(tx, id, dealer, destinations);
      if (response && destinations.length > 0) await tx.execute(responseInsert(id, dealer, response({ ...current.data, ...lead.data })));
    }
    return answer;
  });
}

/** Whether `id` is one of this dealer's leads: valuations and extra values may point only at the dealer's own. */
export async function dealerHasLead(db: LeadDb, dealer: string, id: string): Promise<boolean> {
  const rows = await db
    .select({ id: leads.id })
    .from(leads)
    .where(and(eq(leads.id, id), eq(leads.dealer, dealer)))
    .limit(1);
  return rows.length > 0;
}

export interface AttachFiles {
  id: string;
  dealer: string;
  /** The files as written; their records are kept only if the lead takes them. */
  files: readonly FileRecord[];
  /** Whether the lead can take these files, given how many each field holds already. */
  check: (already: Record<string, number>) => { ok: true } | { ok: false; answer: Answer };
  idempotency?: IdempotencyClaim;
  now?: Date;
}

/**
 * Files sent after the lead (the car photos of a trade-in): kept against an Incomplete lead of
 * this dealer, as PUT /api/leads/:id updates one, so the files travel with the lead when it is
 * completed and delivered. A complete lead may already be on its way to the dealer and takes none.
 */
export function attachLeadFiles(db: LeadDb, { id, dealer, files, check, idempotency, now = new Date() }: AttachFiles): Promise<StoreResult> {
  const answer: Answer = { status: 201, body: { id, files: files.length } };
  return settle(db, dealer, idempotency, async (tx) => {
    await claimKey(tx, dealer, idempotency, answer);
    // Locked, so two uploads at once count each other's files.
    const [current] = await tx
      .select({ status: leads.status })
      .from(leads)
      .where(and(eq(leads.id, id), eq(leads.dealer, dealer)))
      .for('update');
    if (!current) throw new Abandon({ kind: 'not_found' });
    if (current.status === 'Complete') throw new Abandon({ kind: 'already_complete' });
    const held = await tx
      .select({ field: leadFiles.field, count: sql<number>`count(*)::int` })
      .from(leadFiles)
      .where(eq(leadFiles.lead_id, id))
      .groupBy(leadFiles.field);
    const checked = check(Object.fromEntries(held.map((row) => [row.field, Number(row.count)])));
    if (!checked.ok) throw new Abandon({ kind: 'refused', answer: checked.answer });
    if (files.length > 0) await tx.insert(leadFiles).values(files.map((f) => ({ ...f, lead_id: id, created_at: now })));
    await tx.update(leads).set({ updated_at: now }).where(eq(leads.id, id));
    return answer;
  });
}
