/**
 * A worker that takes one publish job and hangs, for pg-boss-queue.test.ts to kill mid-job:
 *   node --import tsx dying-worker.ts <database url> <schema>
 * Prints `started <dealer>` once it runs the job.
 */
import { createPgBossPublishQueue } from '../pg-boss-queue';

const [databaseUrl, schema] = process.argv.slice(2);
if (!databaseUrl || !schema) throw new Error('usage: dying-worker.ts <database url> <schema>');
const queue = await createPgBossPublishQueue({ databaseUrl, schema, pollIntervalMs: 50 });
await queue.work(async (job) => {
  process.stdout.write(`started ${job.dealer}\n`);
  await new Promise<never>(() => {});
});
