/**
 * The lead_responses rows: written with each delivered lead (in the lead's own statement or
 * transaction), and acknowledged by the "I've got this" link or the CRM's signed callback.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { LeadDb } from '../../platform/db/open';
import { THREAD_WINDOW_MS, type ResponseStart } from './response-tracking';

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

/**
 * Inserts the lead's response record. A lead from the same shopper (email or phone) about the
 * same car within a day joins the first one's thread and starts no timer of its own: the dealer
 * is already on the clock for that shopper. `guard` is the condition the insert waits on (in the
 * one-statement create, that the lead row was written).
 */
export function responseInsert(id: string, dealer: string, r: ResponseStart, guard: SQL = sql`TRUE`): SQL {
  const at = r.receivedAt.toISOString();
  const since = new Date(r.receivedAt.getTime() - THREAD_WINDOW_MS).toISOString();
  return sql`INSERT INTO lead_responses (lead_id, dealer, source, location, received_at, due_at, next_escalation_at, thread_id, shopper_email, shopper_phone, car_id)
    SELECT ${id}, ${dealer}, ${r.source}, ${r.location}, ${at}::timestamptz, ${iso(r.dueAt)}::timestamptz,
           CASE WHEN thread.first IS NULL THEN ${iso(r.nextEscalationAt)}::timestamptz END,
           COALESCE(thread.first, ${id}), ${r.shopperEmail}::text, ${r.shopperPhone}::text, ${r.carId}::text
    FROM (SELECT 1) AS one
    LEFT JOIN LATERAL (
      SELECT earlier.thread_id AS first FROM lead_responses earlier
      WHERE earlier.dealer = ${dealer} AND earlier.car_id = ${r.carId}::text
        AND ((earlier.shopper_email = ${r.shopperEmail}::text) OR (earlier.shopper_phone = ${r.shopperPhone}::text))
        AND earlier.received_at > ${since}::timestamptz AND earlier.received_at <= ${at}::timestamptz
      ORDER BY earlier.received_at, earlier.lead_id LIMIT 1
    ) AS thread ON TRUE
    WHERE ${guard}
    ON CONFLICT DO NOTHING`;
}

export type AckResult =
  | { kind: 'acknowledged'; receivedAt: Date; acknowledgedAt: Date }
  /** Acknowledged before: the first response stands. */
  | { kind: 'already'; receivedAt: Date; acknowledgedAt: Date }
  /** Not one of this dealer's delivered leads. */
  | { kind: 'not_found' };

type Row = { received_at: string | Date; acknowledged_at: string | Date; fresh: boolean };
const asDate = (value: string | Date): Date => (value instanceof Date ? value : new Date(value));

/**
 * Records the first response to a lead and stops its escalation, for the whole thread the lead
 * is in (answering the shopper answers every lead of the thread). A later acknowledgement changes
 * nothing: the first response time stands.
 */
export async function acknowledgeLead(
  db: LeadDb,
  { dealer, leadId, by, now }: { dealer: string; leadId: string; by: 'link' | 'crm'; now: Date },
): Promise<AckResult> {
  const at = now.toISOString();
  const result = (await db.execute(sql`
    WITH target AS (SELECT thread_id FROM lead_responses WHERE lead_id = ${leadId} AND dealer = ${dealer}),
    marked AS (
      UPDATE lead_responses SET acknowledged_at = ${at}::timestamptz, acknowledged_by = ${by}, next_escalation_at = NULL
      WHERE dealer = ${dealer} AND thread_id IN (SELECT thread_id FROM target) AND acknowledged_at IS NULL
      RETURNING lead_id
    )
    SELECT r.received_at, COALESCE(r.acknowledged_at, ${at}::timestamptz) AS acknowledged_at,
           EXISTS (SELECT 1 FROM marked WHERE marked.lead_id = r.lead_id) AS fresh
    FROM lead_responses r WHERE r.lead_id = ${leadId} AND r.dealer = ${dealer}`)) as { rows: Row[] };
  const row = result.rows[0];
  if (!row) return { kind: 'not_found' };
  const value = { receivedAt: asDate(row.received_at), acknowledgedAt: asDate(row.acknowledged_at) };
  return row.fresh ? { kind: 'acknowledged', ...value } : { kind: 'already', ...value };
}
