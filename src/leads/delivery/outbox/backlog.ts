/**
 * The outbox backlog for the operator's metrics: per dealer, the deliveries still owed (pending,
 * including those waiting for their next try) and those given up (dead), and how long the oldest
 * owed one has waited. Read from the database, so it is the same from any process and survives
 * restarts. One grouped query; the owed rows are the ones the due-row index covers.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../../platform/db/open';
import { outbox } from '../../../platform/db/schema';
import type { OutboxBacklog } from '../../../platform/metrics/metrics';

export async function readOutboxBacklog(database: Pick<Database, 'db'>, now: Date = new Date()): Promise<OutboxBacklog> {
  const counted = await database.db
    .select({ dealer: outbox.dealer, status: outbox.status, count: sql<number>`count(*)`.mapWith(Number) })
    .from(outbox)
    .where(inArray(outbox.status, ['pending', 'dead']))
    .groupBy(outbox.dealer, outbox.status);
  const [oldest] = await database.db
    .select({ at: sql<Date | null>`min(${outbox.created_at})`.mapWith(outbox.created_at) })
    .from(outbox)
    .where(eq(outbox.status, 'pending'));
  const oldestAt = oldest?.at ? new Date(oldest.at).getTime() : undefined;
  return {
    rows: counted.map(({ dealer, status, count }) => ({ dealer, state: status === 'dead' ? 'dead' : 'owed', count })),
    oldestOwedSeconds: oldestAt === undefined ? 0 : Math.max(0, (now.getTime() - oldestAt) / 1000),
  };
}
