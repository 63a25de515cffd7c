/**
 * The outbox as a queue an operator can read and put dead deliveries back into. Requeued rows
 * are tried on the worker's next run; a row already past its 72 hours gets that one try and is
 * dead again if it fails (and can be requeued again).
 */
import { and, asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Database } from '../../../platform/db/open';
import { outbox } from '../../../platform/db/schema';

export interface DeliveryListing {
  id: number;
  lead_id: string;
  dealer: string;
  destination: string;
  status: string;
  attempts: number;
  last_error: string | null;
  created_at: Date;
  next_attempt_at: Date;
}

export async function listDeliveries(database: Pick<Database, 'db'>, { dealer, dead }: { dealer?: string; dead: boolean }): Promise<DeliveryListing[]> {
  const where: SQL[] = [eq(outbox.status, dead ? 'dead' : 'pending')];
  if (dealer) where.push(eq(outbox.dealer, dealer));
  return database.db
    .select({
      id: outbox.id,
      lead_id: outbox.lead_id,
      dealer: outbox.dealer,
      destination: outbox.destination,
      status: outbox.status,
      attempts: outbox.attempts,
      last_error: outbox.last_error,
      created_at: outbox.created_at,
      next_attempt_at: outbox.next_attempt_at,
    })
    .from(outbox)
    .where(and(...where))
    .orderBy(dead ? desc(outbox.created_at) : asc(outbox.next_attempt_at), asc(outbox.id));
}

/**
 * Puts one row (pending or dead) back to be tried now. Delivered rows are left alone: sending a
 * lead twice on purpose is not what a retry is for. Returns the row's status before, or
 * undefined when there is no such row (for that dealer).
 */
export async function requeueDelivery(
  database: Pick<Database, 'db'>,
  id: number,
  { dealer, now = new Date() }: { dealer?: string; now?: Date } = {},
): Promise<string | undefined> {
  const where = dealer ? and(eq(outbox.id, id), eq(outbox.dealer, dealer)) : eq(outbox.id, id);
  const [row] = await database.db.select({ status: outbox.status }).from(outbox).where(where);
  if (!row) return undefined;
  if (row.status !== 'delivered') {
    await database.db
      .update(outbox)
      .set({ status: 'pending', next_attempt_at: now })
      .where(and(where, inArray(outbox.status, ['pending', 'dead'])));
  }
  return row.status;
}

/** Every dead row (of one dealer, or all) back to pending; returns how many. */
export async function requeueDead(database: Pick<Database, 'db'>, { dealer, now = new Date() }: { dealer?: string; now?: Date } = {}): Promise<number> {
  const where = dealer ? and(eq(outbox.status, 'dead'), eq(outbox.dealer, dealer)) : eq(outbox.status, 'dead');
  const rows = await database.db.update(outbox).set({ status: 'pending', next_attempt_at: now }).where(where).returning({ id: outbox.id });
  return rows.length;
}

/** The listing as aligned text lines for the terminal. */
