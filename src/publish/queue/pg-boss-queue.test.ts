/**
 * What only the Postgres queue has: several workers on one database, and workers that die.
 * The contract both queues meet is in publish-queue.test.ts.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { gate, publishQueueKinds, TEST_QUEUE_OPTIONS, useTestQueues } from '../../../tests/support/publish-queues';
import type { PublishJob } from './job';

/** A minute: under npm test a child process with tsx may take many seconds to start. */
const waitFor = <T>(check: () => T) => vi.waitFor(check, { timeout: 60_000, interval: 50 });

const dyingWorker = fileURLToPath(new URL('./test-fixtures/dying-worker.ts', import.meta.url));

/** Starts the dying worker and kills it (SIGKILL) once it has begun a job. */
async function killWorkerMidJob(databaseUrl: string, schema: string): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', dyingWorker, databaseUrl, schema], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('started ')) resolve();
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`the dying worker ended (${code}) before taking its job:\n${output}`)));
  });
  child.kill('SIGKILL');
  await exited;
}

describe.runIf(publishQueueKinds().includes('postgres'))('pg-boss publish queue', () => {
  const queues = useTestQueues('postgres');

  it('never lets a second worker run a dealer the first is running, nor hold up other dealers meanwhile', async () => {
    const first = await queues.open();
    const second = await queues.open();
    const runs: Array<{ worker: string; job: PublishJob }> = [];
    const hold = gate();
    let runningA = 0;
    let mostAtOnceA = 0;
    const handler = (worker: string) => async (job: PublishJob) => {
      runs.push({ worker, job });
      if (job.dealer !== 'dealer-a') return;
      runningA += 1;
      mostAtOnceA = Math.max(mostAtOnceA, runningA);
      if (runs.filter((run) => run.job.dealer === 'dealer-a').length === 1) await hold.promise;
      runningA -= 1;
    };

    await first.request({ dealer: 'dealer-a', reasons: ['stock'], changedCars: ['a1'] });
    const stopFirst = await first.work(handler('first'), { concurrency: 2 });
    const stopSecond = await second.work(handler('second'), { concurrency: 2 });
    try {
      await waitFor(() => expect(runs).toHaveLength(1));
      // Requests through either worker while dealer-a runs: they wait for one more run.
      await second.request({ dealer: 'dealer-a', reasons: ['dealer-file'], changedCars: ['a2'] });
      await second.request({ dealer: 'dealer-a', reasons: ['stock'], changedCars: ['a3'] });
      await second.request({ dealer: 'dealer-b', reasons: ['code'] });
      await first.request({ dealer: 'dealer-a', reasons: ['code'], changedCars: ['a2'] });
      // dealer-b runs although dealer-a's next job waits behind its running one.
      await waitFor(() => expect(runs.map((run) => run.job.dealer)).toContain('dealer-b'));
      expect(runs.filter((run) => run.job.dealer === 'dealer-a')).toHaveLength(1);
    } finally {
      hold.open();
    }
    await second.idle();
    await Promise.all([stopFirst(), stopSecond()]);

    const runsA = runs.filter((run) => run.job.dealer === 'dealer-a');
    expect(mostAtOnceA).toBe(1);
    expect(runsA).toHaveLength(2);
    expect(runsA[1]?.job).toMatchObject({ reasons: ['dealer-file', 'stock', 'code'], changedCars: ['a2', 'a3'] });
  });

  it('lets a process that only requests (a build, a stock import) wait for and read the work of another', async () => {
    const requester = await queues.open();
    const worker = await queues.open();
    const stop = await worker.work(() => Promise.resolve());
    await requester.request({ dealer: 'acme-motors', reasons: ['requested'] });
    await requester.idle();
    await stop();
    expect((await requester.status()).get('acme-motors')).toMatchObject({ queued: false, running: false, lastSuccessAt: expect.any(String) as string });
  });

  it('tries again on another worker a job whose worker was killed mid-job, once it expires', async () => {
    const survivor = await queues.open({ ...TEST_QUEUE_OPTIONS, expireInSeconds: 1, maintenanceIntervalSeconds: 1 });
    await survivor.request({ dealer: 'acme-motors', reasons: ['stock'], changedCars: ['c1'] });
    await killWorkerMidJob(queues.postgres.databaseUrl, queues.postgres.schema);
    expect((await survivor.status()).get('acme-motors')).toMatchObject({ running: true });

    const runs: PublishJob[] = [];
    const stop = await survivor.work(async (job) => {
      runs.push(job);
      return Promise.resolve();
    });
    await waitFor(() => expect(runs).toHaveLength(1));
    await survivor.idle();
    await stop();

    expect(runs[0]).toMatchObject({ dealer: 'acme-motors', reasons: ['stock'], changedCars: ['c1'] });
    const status = (await survivor.status()).get('acme-motors');
    expect(status).toMatchObject({ queued: false, running: false, lastSuccessAt: expect.any(String) as string, lastFailure: { tries: 1, willRetry: true } });
    expect(status?.lastFailure?.error).toMatch(/stopped answering/);
  });

  it('reports a job whose every try was killed as failed, and runs its work with the dealer’s next request', async () => {
    const options = { ...TEST_QUEUE_OPTIONS, retry: { attempts: 1, delaySeconds: 0, backoff: false }, expireInSeconds: 1, maintenanceIntervalSeconds: 1 };
    const survivor = await queues.open(options);
    await survivor.request({ dealer: 'acme-motors', reasons: ['stock'], changedCars: ['c1'] });
    await killWorkerMidJob(queues.postgres.databaseUrl, queues.postgres.schema);

    const runs: PublishJob[] = [];
    const stop = await survivor.work(async (job) => {
      runs.push(job);
      return Promise.resolve();
    });
    await waitFor(async () =>
      expect((await survivor.status()).get('acme-motors')).toMatchObject({ queued: false, running: false, lastFailure: { tries: 1, willRetry: false } }),
    );
    expect(runs).toHaveLength(0);
    expect((await survivor.status()).get('acme-motors')?.lastFailure?.error).toMatch(/job failed by timeout in active state \(its worker stopped answering\)/);

    await survivor.request({ dealer: 'acme-motors', reasons: ['code'], changedCars: ['c2'] });
    await survivor.idle();
    await stop();
    expect(runs).toEqual([expect.objectContaining({ reasons: ['stock', 'code'], changedCars: ['c1', 'c2'] })]);
  });
});
