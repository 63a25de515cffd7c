/**
 * The publish queue's contract, on the in-process queue and (with DATABASE_URL) on pg-boss.
 * Tests wait for states (a job started, the queue idle), never for the clock.
 */
import { describe, expect, it, vi } from 'vitest';
import { gate, publishQueueKinds, TEST_QUEUE_OPTIONS, useTestQueues } from '../../../tests/support/publish-queues';
import type { PublishJob } from './job';

const waitFor = <T>(check: () => T) => vi.waitFor(check, { timeout: 30_000, interval: 20 });

describe.each(publishQueueKinds())('publish queue (%s)', (kind) => {
  const queues = useTestQueues(kind);

  it('runs a requested job with what was asked, and reports the success', async () => {
    const queue = await queues.open();
    const runs: PublishJob[] = [];
    await queue.request({ dealer: 'kingfisher-toyota', reasons: ['stock'], changedCars: ['KT-1'] });
    expect((await queue.status()).get('kingfisher-toyota')).toMatchObject({ queued: true, running: false });

    const stop = await queue.work(async (job) => {
      runs.push(job);
      return Promise.resolve();
    });
    await queue.idle();
    await stop();

    expect(runs).toEqual([{ dealer: 'kingfisher-toyota', reasons: ['stock'], changedCars: ['KT-1'], requestedAt: expect.any(String) as string }]);
    expect(Date.parse(runs[0]!.requestedAt)).not.toBeNaN();
    const status = (await queue.status()).get('kingfisher-toyota');
    expect(status).toMatchObject({ dealer: 'kingfisher-toyota', queued: false, running: false, lastSuccessAt: expect.any(String) as string });
    expect(status?.lastFailure).toBeUndefined();
  });

  it('runs one dealer once at a time: requests during a run make exactly one more run, their reasons and cars merged', async () => {
    const queue = await queues.open();
    const runs: PublishJob[] = [];
    const first = gate();
    let running = 0;
    let mostAtOnce = 0;
    await queue.request({ dealer: 'acme-motors', reasons: ['stock'], changedCars: ['c1'] });
    const stop = await queue.work(
      async (job) => {
        running += 1;
        mostAtOnce = Math.max(mostAtOnce, running);
        runs.push(job);
        if (runs.length === 1) await first.promise;
        running -= 1;
      },
      { concurrency: 4 },
    );
    try {
      await waitFor(() => expect(runs).toHaveLength(1));
      await queue.request({ dealer: 'acme-motors', reasons: ['dealer-file'], changedCars: ['c2'] });
      await queue.request({ dealer: 'acme-motors', reasons: ['stock'], changedCars: ['c3', 'c2'] });
      await queue.request({ dealer: 'acme-motors', reasons: ['code'], changedCars: ['c4'] });
      expect((await queue.status()).get('acme-motors')).toMatchObject({ queued: true, running: true });
    } finally {
      first.open();
    }
    await queue.idle();
    await stop();

    expect(mostAtOnce).toBe(1);
    expect(runs).toHaveLength(2);
    expect(runs[1]).toMatchObject({ dealer: 'acme-motors', reasons: ['dealer-file', 'stock', 'code'], changedCars: ['c2', 'c3', 'c4'] });
    expect(Date.parse(runs[1]!.requestedAt)).toBeGreaterThanOrEqual(Date.parse(runs[0]!.requestedAt));
  });

  it('merges to every car when any request does not know which cars changed', async () => {
    const queue = await queues.open();
    const runs: PublishJob[] = [];
    await queue.request({ dealer: 'acme-motors', reasons: ['stock'], changedCars: ['c1'] });
    await queue.request({ dealer: 'acme-motors', reasons: ['code'] });
    const stop = await queue.work(async (job) => {
      runs.push(job);
      return Promise.resolve();
    });
    await queue.idle();
    await stop();

    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ reasons: ['stock', 'code'] });
    expect(runs[0]!.changedCars).toBeUndefined();
  });

  it('runs different dealers side by side, up to the concurrency', async () => {
    const queue = await queues.open();
    const started: string[] = [];
    const release = gate();
    let running = 0;
    let mostAtOnce = 0;
    for (const dealer of ['dealer-a', 'dealer-b', 'dealer-c']) await queue.request({ dealer, reasons: ['code'] });
    const stop = await queue.work(
      async (job) => {
        running += 1;
        mostAtOnce = Math.max(mostAtOnce, running);
        started.push(job.dealer);
        await release.promise;
        running -= 1;
      },
      { concurrency: 2 },
    );

    try {
      await waitFor(() => expect(started).toHaveLength(2));
      const status = await queue.status();
      expect([...status.values()].filter((dealer) => dealer.running)).toHaveLength(2);
    } finally {
      release.open();
    }
    await queue.idle();
    await stop();

    expect(started.sort()).toEqual(['dealer-a', 'dealer-b', 'dealer-c']);
    expect(mostAtOnce).toBe(2);
  });

  it('retries a failing job, then reports the failure with its error and keeps its work for the next run', async () => {
    const queue = await queues.open();
    let tries = 0;
    const runs: PublishJob[] = [];
    await queue.request({ dealer: 'acme-motors', reasons: ['stock'], changedCars: ['c1'] });
    const stop = await queue.work((job) => {
      runs.push(job);
      tries += 1;
      return job.reasons.includes('code') ? Promise.resolve() : Promise.reject(new Error(`disk full (try ${tries})`));
    });
    await queue.idle();

    expect(tries).toBe(3);
    const failed = (await queue.status()).get('acme-motors');
    expect(failed).toMatchObject({
      queued: false,
      running: false,
      lastFailure: { error: 'disk full (try 3)', tries: 3, willRetry: false, job: { dealer: 'acme-motors', reasons: ['stock'], changedCars: ['c1'] } },
    });
    expect(failed?.lastSuccessAt).toBeUndefined();

    // Never lost: the failed job's reasons and cars join the dealer's next run.
    await queue.request({ dealer: 'acme-motors', reasons: ['code'], changedCars: ['c2'] });
    await queue.idle();
    await stop();
    expect(runs.at(-1)).toMatchObject({ reasons: ['stock', 'code'], changedCars: ['c1', 'c2'] });
    const recovered = (await queue.status()).get('acme-motors');
    expect(recovered?.lastSuccessAt).toEqual(expect.any(String));
    expect(recovered?.lastFailure?.error).toBe('disk full (try 3)');
  });

  it('counts a try that failed once and then succeeded as a success, its failure still visible', async () => {
    const queue = await queues.open();
    let tries = 0;
    await queue.request({ dealer: 'acme-motors', reasons: ['dealer-file'] });
    const stop = await queue.work(async () => {
      tries += 1;
      if (tries === 1) throw new Error('upload refused');
      return Promise.resolve();
    });
    await queue.idle();
    await stop();

    expect(tries).toBe(2);
    expect((await queue.status()).get('acme-motors')).toMatchObject({
      queued: false,
      running: false,
      lastSuccessAt: expect.any(String) as string,
      lastFailure: { error: 'upload refused', tries: 1, willRetry: true },
    });
  });

  it('is idle only once running jobs are done, and stopping waits for them', async () => {
    const queue = await queues.open();
    const release = gate();
    let finished = false;
    await queue.request({ dealer: 'acme-motors', reasons: ['requested'] });
    const stop = await queue.work(async () => {
      await release.promise;
      finished = true;
    });
    let idle = false;
    let stopped = false;
    let idling: Promise<unknown> | undefined;
    let stopping: Promise<unknown> | undefined;
    try {
      await waitFor(async () => expect((await queue.status()).get('acme-motors')?.running).toBe(true));
      idling = queue.idle().then(() => (idle = true));
      stopping = stop().then(() => (stopped = true));
      // A few of idle()'s looks at the queue go by: neither may end while the job runs.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect({ idle, stopped }).toEqual({ idle: false, stopped: false });
    } finally {
      release.open();
    }
    await Promise.all([idling, stopping]);
    expect(finished).toBe(true);
  });

  it('leaves requests made after its worker stopped queued', async () => {
    const queue = await queues.open();
    const stop = await queue.work(() => Promise.resolve());
    await stop();
    await queue.request({ dealer: 'acme-motors', reasons: ['stock'] });
    expect((await queue.status()).get('acme-motors')).toMatchObject({ queued: true, running: false });
  });

  it('refuses a request naming no dealer slug or no reason', async () => {
    const queue = await queues.open(TEST_QUEUE_OPTIONS);
    await expect(queue.request({ dealer: 'Acme Motors', reasons: ['stock'] })).rejects.toThrow(/^publish request: dealer: must be a dealer slug/);
    await expect(queue.request({ dealer: 'acme-motors', reasons: [] })).rejects.toThrow('publish request: reasons: must name at least one reason');
  });
});
