import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { outbox } from '../../../platform/db/schema';
import { insertLead } from '../../../../tests/support/outbox';
import { resetTestDatabase, testDatabaseKinds, useTestDatabase } from '../../../../tests/support/test-databases';
import { readOutboxBacklog } from './backlog';

const T0 = new Date('2025-11-21T00:00:00Z');
const byDealerAndState = (rows: { dealer: string; state: string; count: number }[]) =>
  [...rows].sort((a, b) => `${a.dealer}:${a.state}`.localeCompare(`${b.dealer}:${b.state}`));

describe.each(testDatabaseKinds())('the outbox backlog on %s', (kind) => {
  const db = useTestDatabase(kind);
  beforeEach(() => resetTestDatabase(db.current));

  it('is nothing owed, nothing dead, on an empty outbox', async () => {
    expect(await readOutboxBacklog(db.current, T0)).toEqual({ rows: [], oldestOwedSeconds: 0 });
  });

  it('counts owed and dead deliveries per dealer, leaves delivered ones out, and ages the oldest owed', async () => {
    await insertLead(db.current, { created_at: T0, destinations: ['folder', 'webhook:0'] });
    await insertLead(db.current, { created_at: new Date(T0.getTime() + 30_000), destinations: ['folder'] });
    const other = await insertLead(db.current, {
      dealer: 'lone-star-auto',
      created_at: new Date(T0.getTime() - 60_000),
      destinations: ['folder', 'shopper_reply'],
    });
    await db.current.db.update(outbox).set({ status: 'dead' }).where(eq(outbox.lead_id, other));
    const delivered = await insertLead(db.current, { created_at: new Date(T0.getTime() - 3_600_000) });
    await db.current.db.update(outbox).set({ status: 'delivered', delivered_at: T0 }).where(eq(outbox.lead_id, delivered));

    const backlog = await readOutboxBacklog(db.current, new Date(T0.getTime() + 90_000));
    expect(byDealerAndState(backlog.rows)).toEqual([
      { dealer: 'kingfisher-toyota', state: 'owed', count: 3 },
      { dealer: 'lone-star-auto', state: 'dead', count: 2 },
    ]);
    // The dead and delivered rows are older; the oldest owed one was made at T0.
    expect(backlog.oldestOwedSeconds).toBe(90);
  });
});
