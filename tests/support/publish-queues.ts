/**
 * Publish queues for tests: the in-process one always, and the pg-boss one as well when
 * DATABASE_URL is set. Every queue a test opens on Postgres shares that test's own schema (so
 * two queues there are two workers on one database), closed and dropped after the test.
 *
 *   describe.each(publishQueueKinds())('publish queue (%s)', (kind) => {
 *     const queues = useTestQueues(kind);
 *     it('...', async () => { const queue = await queues.open(); ... });
 *   });
 */
import { randomBytes } from 'node:crypto';
import { afterEach } from 'vitest';
import { createMemoryPublishQueue } from '../../src/publish/queue/memory-queue';
import { createPgBossPublishQueue, type PgBossQueueOptions } from '../../src/publish/queue/pg-boss-queue';
import type { PublishQueue } from '../../src/publish/queue/types';

export type PublishQueueKind = 'memory' | 'postgres';

export function publishQueueKinds(env: NodeJS.ProcessEnv = process.env): PublishQueueKind[] {
  return env.DATABASE_URL?.trim() ? ['memory', 'postgres'] : ['memory'];
}

export type TestQueueOptions = Omit<PgBossQueueOptions, 'databaseUrl' | 'schema'>;

/** Quick retries and polling: tests wait for states, never for the clock. */
export const TEST_QUEUE_OPTIONS: TestQueueOptions = { retry: { attempts: 3, delaySeconds: 0, backoff: false }, pollIntervalMs: 50 };

export interface TestQueues {
  /** A queue; on Postgres each one is another worker on the test's schema. */
  open(options?: TestQueueOptions): Promise<PublishQueue>;
  /** Postgres: the test's database URL and schema (for a child process to join), opening nothing. */
  readonly postgres: { databaseUrl: string; schema: string };
}

export function useTestQueues(kind: PublishQueueKind): TestQueues {
  const opened: PublishQueue[] = [];
  let schema: string | undefined;
  const databaseUrl = () => {
    const url = process.env.DATABASE_URL?.trim();
    if (!url) throw new Error('useTestQueues: postgres needs DATABASE_URL');
    return url;
  };
  const testSchema = () => (schema ??= `publish_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`);

  afterEach(async () => {
    const closing = opened.splice(0);
    await Promise.all(closing.map((queue) => queue.close()));
    if (schema) {
      const dropped = schema;
      schema = undefined;
      const { default: pg } = await import('pg');
      const client = new pg.Client({ connectionString: databaseUrl() });
      await client.connect();
      try {
        await client.query(`DROP SCHEMA IF EXISTS ${dropped} CASCADE`);
      } finally {
        await client.end();
      }
    }
  }, 60_000);

  return {
    async open(options = TEST_QUEUE_OPTIONS) {
      const queue =
        kind === 'memory'
          ? createMemoryPublishQueue({ retry: options.retry, log: options.log })
          : await createPgBossPublishQueue({ ...options, databaseUrl: databaseUrl(), schema: testSchema() });
      opened.push(queue);
      return queue;
    },
    get postgres() {
      return { databaseUrl: databaseUrl(), schema: testSchema() };
    },
  };
}

/** A promise and the function that settles it: holds a job open until the test lets it go. */
export function gate(): { promise: Promise<void>; open: () => void } {
  let open = () => {};
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}
