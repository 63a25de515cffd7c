import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { outbox } from '../../platform/db/schema';
import { resetTestDatabase, testDatabaseKinds, useTestDatabase } from '../../../tests/support/test-databases';
import { insertLead } from '../../../tests/support/outbox';
import { DEALER_FILES_DIR } from '../../../tests/support/test-site';
import type { OpenForCli } from './cli';
import { parseOutboxArgs, runOutbox } from './outbox-tool';

const dealersDir = DEALER_FILES_DIR;

describe('argument parsing', () => {
  it('reads outbox options', () => {
    expect(parseOutboxArgs(['--dead', '--dealer', 'a'])).toEqual({ dealer: 'a', dead: true, retry: undefined, retryDead: false });
    expect(parseOutboxArgs(['--retry', '42'])).toMatchObject({ retry: 42 });
    expect(() => parseOutboxArgs(['--retry', 'abc'])).toThrow('--retry takes a delivery id');
    expect(() => parseOutboxArgs(['--retry', '1', '--retry-dead'])).toThrow('not both');
  });
});

describe.each(testDatabaseKinds())('lead tools on %s', (kind) => {
  const db = useTestDatabase(kind);
  const open: OpenForCli = () => Promise.resolve({ database: db.current, close: () => Promise.resolve() });

  beforeEach(async () => {
    await resetTestDatabase(db.current);
  });

  describe('leads:outbox', () => {
    it('lists pending and dead deliveries with attempts and last error, and requeues', async () => {
      const T0 = new Date('2025-11-21T00:00:00Z');
      const lead = await insertLead(db.current, { created_at: T0, destinations: ['folder', 'webhook:0'] });
      await db.current.db
        .update(outbox)
        .set({ status: 'dead', attempts: 29, last_error: 'the webhook answered HTTP 503\r\nInjected: line' })
        .where(eq(outbox.destination, 'webhook:0'));
      const [dead] = await db.current.db.select().from(outbox).where(eq(outbox.destination, 'webhook:0'));
      const id = dead?.id ?? 0;

      const pending = await runOutbox(parseOutboxArgs([]), { dealersDir, open });
      expect(pending).toHaveLength(2);
      expect(pending[0]).toMatch(new RegExp(`kingfisher-toyota  folder {8}lead ${lead}  0 attempts  next 2025-11-21T00:00:00.000Z$`));
      expect(pending[1]).toBe("1 pending; the server's outbox worker delivers them.");

      const deadList = await runOutbox(parseOutboxArgs(['--dead', '--dealer', 'kingfisher-toyota']), { dealersDir, open });
      expect(deadList[0]).toContain(`${id}  kingfisher-toyota  webhook:0`);
      expect(deadList[0]).toContain('29 attempts');
      expect(deadList[0]).toContain('last error: the webhook answered HTTP 503 Injected: line');
      expect(deadList[1]).toBe('1 dead. Retry one with --retry <id>, or all with --retry-dead.');
      expect(await runOutbox(parseOutboxArgs(['--dead', '--dealer', 'lone-star-auto']), { dealersDir, open })).toEqual(['No dead deliveries.']);

      await expect(runOutbox(parseOutboxArgs(['--retry', String(id), '--dealer', 'lone-star-auto']), { dealersDir, open })).rejects.toThrow(
        `there is no delivery ${id} for lone-star-auto`,
      );
      const now = new Date('2025-11-25T00:00:00Z');
      expect(await runOutbox(parseOutboxArgs(['--retry', String(id)]), { dealersDir, open, now })).toEqual([
        `Delivery ${id} (was dead) is queued again. The server's outbox worker tries it on its next round (within seconds while \`npm start\` runs).`,
      ]);
      const [requeued] = await db.current.db.select().from(outbox).where(eq(outbox.id, id));
      expect(requeued).toMatchObject({ status: 'pending', next_attempt_at: now, attempts: 29 });
      expect(await runOutbox(parseOutboxArgs(['--retry-dead']), { dealersDir, open })).toEqual(['No dead deliveries to retry.']);
      await expect(runOutbox(parseOutboxArgs(['--dealer', 'nobody']), { dealersDir, open })).rejects.toThrow('unknown dealer "nobody"');
    });
  });
});
