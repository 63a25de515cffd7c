import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { projectPaths, type ProjectPaths } from '../build/stamps';
import { createMemoryPublishQueue } from './queue/memory-queue';
import type { PublishJob } from './queue';
import { publishJobHandler, watchDealerFiles } from './publisher';
import { siteStates } from './site-state';

let root: string;
let paths: ProjectPaths;

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'publisher-'));
  paths = projectPaths({ root, dealersDir: path.join(root, 'dealers'), distDir: path.join(root, 'dist'), stockDir: path.join(root, 'stock') });
  mkdirSync(path.join(root, 'dealers', 'assets', 'alpha'), { recursive: true });
  mkdirSync(path.join(root, 'stock'), { recursive: true });
  for (const slug of ['alpha', 'beta']) writeFileSync(path.join(root, 'dealers', `${slug}.json`), `{"slug":"${slug}"}`);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

async function publishedAfter(change: () => void): Promise<PublishJob[]> {
  const queue = createMemoryPublishQueue();
  const jobs: PublishJob[] = [];
  const stop = await queue.work((job) => {
    jobs.push(job);
    return Promise.resolve();
  });
  const watcher = watchDealerFiles({ dealers: ['alpha', 'beta'], paths, queue, checkEveryMs: 0 });
  change();
  await watcher.check();
  await queue.idle();
  await stop();
  return jobs;
}

describe('watchDealerFiles', () => {
  it('queues a publish of the dealer whose stock was imported, and of no other', async () => {
    const jobs = await publishedAfter(() => writeFileSync(path.join(root, 'stock', 'alpha.json'), '{"vehicles":[]}'));
    expect(jobs.map((job) => [job.dealer, job.reasons])).toEqual([['alpha', ['stock']]]);
  });

  it('queues a publish when a dealer file or one of its assets changes', async () => {
    const jobs = await publishedAfter(() => {
      writeFileSync(path.join(root, 'dealers', 'beta.json'), '{"slug":"beta","name":"Beta Motors"}');
      writeFileSync(path.join(root, 'dealers', 'assets', 'alpha', 'logo.svg'), '<svg/>');
    });
    expect(jobs.map((job) => [job.dealer, job.reasons]).sort()).toEqual([
      ['alpha', ['dealer-file']],
      ['beta', ['dealer-file']],
    ]);
  });

  it('queues nothing when nothing changed', async () => {
    expect(await publishedAfter(() => undefined)).toEqual([]);
  });
});

describe('publishJobHandler', () => {
  it('refuses a dealer file broken while the server runs before rendering: the last good site stays, the reason is in its state', async () => {
    writeFileSync(path.join(root, 'dealers', 'alpha.json'), '{\n  "slug": "alpha",\n  name: "Alpha"\n}\n');
    const lines: string[] = [];
    const handler = publishJobHandler({ paths, concurrency: 1, log: (line) => lines.push(line) });
    await expect(handler.handle({ dealer: 'alpha', reasons: ['dealer-file'] } as PublishJob)).rejects.toThrow(/alpha\.json is not a valid dealer file/);
    await handler.close();
    const [state] = siteStates(paths.distDir, ['alpha']);
    expect(state).toMatchObject({ failing: true, serving: null });
    expect(state?.lastFailure?.reason).toContain(
      'alpha.json:3:3 (root): the file is not valid JSON: the field name name is not in double quotes; write "name"',
    );
    expect(lines.join('\n')).toContain('alpha not published; its last good site stays up');
  });
});
