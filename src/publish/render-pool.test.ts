import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRenderPool, RENDER_WORKER_FLAGS, type RenderPool } from './render-pool';

let dir: string;
let pool: RenderPool | undefined;

/**
 * A stand-in render worker speaking the pool's messages: it "publishes" after a short wait and
 * answers with its own process id, or dies for the dealer "crash".
 */
const worker = `
import { readFileSync } from 'node:fs';
const cpus = () => /Cpus_allowed_list:\\s*(\\S+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
process.on('message', (job) => {
  if (job.slug === 'crash') process.exit(3);
  setTimeout(() => process.send({ id: job.id, ok: true, outcome: { slug: job.slug, pages: process.pid, htmlPages: 1, rendered: 1, build: '', seconds: 0, cpuSeconds: 0, firstLook: job.firstLook === true, flags: process.execArgv, cpus: cpus() } }), 50);
});
process.on('disconnect', () => process.exit(0));
process.send({ ready: true });
`;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'render-pool-'));
  writeFileSync(path.join(dir, 'worker.mjs'), worker);
});

afterEach(async () => {
  await pool?.close();
  pool = undefined;
  rmSync(dir, { recursive: true, force: true });
});

const open = (size: number, cpus?: number[]): RenderPool =>
  (pool = createRenderPool({
    ...(cpus ? { cpus } : {}),
    bundle: { entry: 'unused', clientDir: 'unused' },
    dealersDir: dir,
    distDir: dir,
    size,
    workerModule: path.join(dir, 'worker.mjs'),
  }));

describe('createRenderPool', () => {
  it('gives dealers asked for at once a worker each, up to its size, and answers each with its own result', async () => {
    const pool = open(2);
    const results = await Promise.all(['alpha', 'beta', 'gamma'].map((slug) => pool.publish(slug)));
    expect(results.map((r) => r.slug)).toEqual(['alpha', 'beta', 'gamma']);
    // Two workers (process ids) served the three dealers.
    expect(new Set(results.map((r) => r.pages)).size).toBe(2);
  });

  it('fails only the dealer whose worker died, and carries on with a new worker', async () => {
    const pool = open(1);
    await expect(pool.publish('crash')).rejects.toThrow(/render worker exited with code 3/);
    await expect(pool.publish('alpha')).resolves.toMatchObject({ slug: 'alpha' });
  });

  it('warms every worker before a publish asks, and publishes on those same workers', async () => {
    const pool = open(2);
    await pool.warm();
    const results = await Promise.all(['alpha', 'beta'].map((slug) => pool.publish(slug)));
    const third = await pool.publish('gamma');
    // No process was started after the warm-up: the third publish ran on one of the two.
    expect(new Set([...results, third].map((r) => r.pages)).size).toBe(2);
  });

  it("starts each worker with the render workers' V8 flags", async () => {
    const pool = open(1);
    expect(await pool.publish('alpha')).toMatchObject({ flags: expect.arrayContaining([...RENDER_WORKER_FLAGS]) as unknown });
  });

  // Linux only, with taskset (util-linux), as the bench that pins workers runs.
  (existsSync('/proc/self/status') && existsSync('/usr/bin/taskset') ? it : it.skip)(
    'pins each worker to its core in turn when asked, keeping its flags',
    async () => {
      const pool = open(2, [0]);
      const outcome = (await pool.publish('alpha')) as unknown as { cpus: string; flags: string[] };
      expect(outcome.cpus).toBe('0');
      expect(outcome.flags).toEqual(expect.arrayContaining([...RENDER_WORKER_FLAGS]));
    },
  );

  it('hands the first-look switch to the worker', async () => {
    const pool = open(1);
    expect(await pool.publish('alpha', { firstLook: true })).toMatchObject({ firstLook: true });
  });
});
