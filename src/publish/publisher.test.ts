import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { projectPaths, type ProjectPaths } from '../build/stamps';
import { createMemoryPublishQueue } from './queue/memory-queue';
import type { PublishJob } from './queue';
import { publishJobHandler, queueDepth, watchDealerFiles } from './publisher';
import { metricValue } from '../../tests/support/metrics';
import { knowDealers } from '../platform/metrics/metrics';
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

/** A dealer file that passes every check: the fixture dealer under another slug, id and address. */
function writeValidDealer(slug: string, id: number): void {
  const fixture = JSON.parse(readFileSync('tests/fixtures/dealers/fixture-motors.json', 'utf8')) as Record<string, unknown>;
  const file = { ...fixture, slug, id, url: `https://${slug}.example`, domains: [] };
  writeFileSync(path.join(root, 'dealers', `${slug}.json`), JSON.stringify(file, null, 2));
  cpSync('tests/fixtures/dealers/assets/fixture-motors', path.join(root, 'dealers', 'assets', slug), { recursive: true });
}

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

  const job = (dealer: string): PublishJob => ({ dealer, reasons: ['stock'], requestedAt: new Date().toISOString() });
  const publishes = (dealer: string, outcome: string) =>
    metricValue('site_build_duration_seconds', { dealer, kind: 'incremental', outcome }, 'site_build_duration_seconds_count');

  it('records each publish and its duration in the metrics, as incremental, ok or failed', async () => {
    // The server names its dealers (createApp); a job for any other is labelled "other".
    // Publishing checks the dealer file first, as every build does: these two are whole files.
    for (const [slug, id] of [
      ['alpha', 9101],
      ['beta', 9102],
    ] as const)
      writeValidDealer(slug, id);
    knowDealers(['alpha', 'beta']);
    const before = { ok: await publishes('alpha', 'ok'), failed: await publishes('beta', 'failed') };
    const handler = publishJobHandler({
      paths,
      concurrency: 1,
      render: (slug) =>
        slug === 'beta'
          ? Promise.reject(new Error('the render worker exited with code 1'))
          : Promise.resolve({
              slug,
              pages: 2,
              htmlPages: 2,
              rendered: 1,
              build: path.join(paths.distDir, '.sites', slug, 'b1'),
              seconds: 0.1,
              cpuSeconds: 0.1,
            }),
    });
    await handler.handle(job('alpha'));
    await expect(handler.handle(job('beta'))).rejects.toThrow(/exited with code 1/);
    expect(await publishes('alpha', 'ok')).toBe(before.ok + 1);
    expect(await publishes('beta', 'failed')).toBe(before.failed + 1);
    await handler.close();
  });
});

describe('the check before a publish', () => {
  it('checks the menu links against the stock when the dealer file changed, not for a stock change alone', async () => {
    writeValidDealer('alpha', 9101);
    const file = path.join(root, 'dealers', 'alpha.json');
    const dealer = JSON.parse(readFileSync(file, 'utf8')) as { navigation: { header: { name: string; url: string }[] } };
    dealer.navigation.header.push({ name: 'Nowhere', url: '/no-such-page' });
    writeFileSync(file, JSON.stringify(dealer, null, 2));
    const rendered: string[] = [];
    const handler = publishJobHandler({
      paths,
      concurrency: 1,
      // Only the page the menu link names is missing from the site's pages.
      sitePages: () => ['/'],
      render: (slug) => {
        rendered.push(slug);
        return Promise.resolve({
          slug,
          pages: 1,
          htmlPages: 1,
          rendered: 1,
          build: path.join(paths.distDir, '.sites', slug, 'b1'),
          seconds: 0.1,
          cpuSeconds: 0.1,
        });
      },
    });
    await expect(handler.handle({ dealer: 'alpha', reasons: ['dealer-file'], requestedAt: new Date().toISOString() })).rejects.toThrow(/no-such-page/);
    expect(rendered).toEqual([]);
    await handler.handle({ dealer: 'alpha', reasons: ['stock'], requestedAt: new Date().toISOString() });
    expect(rendered).toEqual(['alpha']);
    await handler.close();
  });
});

describe('queueDepth', () => {
  it('counts the dealers waiting for a publish and those being published', async () => {
    const queue = createMemoryPublishQueue();
    let release: () => void = () => undefined;
    const stop = await queue.work(() => new Promise<void>((resolve) => (release = resolve)));
    await queue.request({ dealer: 'alpha', reasons: ['stock'] });
    await expect.poll(async () => (await queue.status()).get('alpha')?.running).toBe(true);
    await queue.request({ dealer: 'alpha', reasons: ['dealer-file'] });
    expect(await queueDepth(queue)).toEqual({ queued: 1, running: 1 });
    release();
    await expect.poll(() => queueDepth(queue)).toEqual({ queued: 0, running: 1 });
    release();
    await queue.idle();
    expect(await queueDepth(queue)).toEqual({ queued: 0, running: 0 });
    await stop();
  });
});
