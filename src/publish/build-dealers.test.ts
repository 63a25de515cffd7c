import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildDealers, type BuildOptions, type PublishDealer } from './build-dealers';
import { newBuildFolder, swapInBuild } from './site-folders';
import { siteStates } from './site-state';
import { staleDealers, stampPath } from '../build/stamps';
import { metricValue } from '../../tests/support/metrics';

let root: string;
let logged: string[];
let started: { slug: string; firstLook: boolean }[];

/**
 * Stands in for rendering from the site bundle: writes two pages for the dealer into a new
 * build swapped in as the bundle's render would, or fails for "broken", or waits for "slow" until
 * cancelled, so the runner is tested without a bundle.
 */
const fakePublish: PublishDealer = async (slug, { firstLook, signal }) => {
  started.push({ slug, firstLook: firstLook === true });
  if (slug === 'broken') throw new Error('the render worker exited with code 1:\nError: component exploded');
  if (slug === 'slow') {
    await new Promise((_, reject) => signal?.addEventListener('abort', () => reject(new Error('the render worker killed by SIGTERM'))));
  }
  const distDir = path.join(root, 'dist');
  if (slug === 'empty') return { pages: 0, htmlPages: 0, rendered: 0, build: path.join(distDir, '.sites', slug, 'none') };
  const folder = newBuildFolder(distDir, slug);
  mkdirSync(path.join(folder, 'about'), { recursive: true });
  writeFileSync(path.join(folder, 'index.html'), `<h1>${slug}</h1>`);
  writeFileSync(path.join(folder, 'about', 'index.html'), 'about');
  swapInBuild(distDir, slug, folder);
  return { pages: 2, htmlPages: 2, rendered: 2, build: folder };
};

function write(rel: string, content: string): void {
  const file = path.join(root, rel);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
}

const options = (extra: BuildOptions = {}): BuildOptions => ({
  root,
  dealersDir: path.join(root, 'dealers'),
  distDir: path.join(root, 'dist'),
  log: (text) => logged.push(text),
  validate: () => {},
  publish: fakePublish,
  ...extra,
});

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'dealer-run-'));
  logged = [];
  started = [];
  write('src/a.ts', 'export {}');
  for (const slug of ['alpha', 'beta', 'broken', 'slow', 'empty']) write(`dealers/${slug}.json`, `{"slug":"${slug}"}`);
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('buildDealers', () => {
  it('builds each dealer, counts pages and writes fresh stamps', async () => {
    const results = await buildDealers(['alpha', 'beta'], options());
    expect(results.map((r) => [r.slug, r.ok, r.pages])).toEqual([
      ['alpha', true, 2],
      ['beta', true, 2],
    ]);
    expect(readFileSync(path.join(root, 'dist/beta/index.html'), 'utf8')).toBe('<h1>beta</h1>');
    expect(existsSync(stampPath('alpha', path.join(root, 'dist')))).toBe(true);
    expect(staleDealers(['alpha', 'beta'], options())).toEqual([]);
  });

  it('builds a first look (no car pages, one search page) and writes no stamp, so the dealer still needs its full build', async () => {
    const [firstLook] = await buildDealers(['alpha'], options({ firstLook: true }));
    expect(firstLook?.ok).toBe(true);
    expect(started).toEqual([{ slug: 'alpha', firstLook: true }]);
    expect(logged.join('\n')).toContain('its car pages and all but one search page come from the shells until its full build');
    expect(existsSync(stampPath('alpha', path.join(root, 'dist')))).toBe(false);
    expect(staleDealers(['alpha'], options())).toEqual(['alpha']);

    const [full] = await buildDealers(['alpha'], options());
    expect(full?.ok).toBe(true);
    expect(started.at(-1)).toEqual({ slug: 'alpha', firstLook: false });
    expect(staleDealers(['alpha'], options())).toEqual([]);
  });

  it('keeps building the others when one fails, and shows the failure', async () => {
    const results = await buildDealers(['broken', 'alpha'], options({ concurrency: 1 }));
    expect(results.map((r) => [r.slug, r.ok])).toEqual([
      ['broken', false],
      ['alpha', true],
    ]);
    expect(results[0]?.error).toBe('the render worker exited with code 1:');
    expect(results[0]?.output).toContain('Error: component exploded');
    expect(results[0]?.pages).toBeUndefined();
    const log = logged.join('\n');
    expect(log).toContain('✗ broken FAILED');
    expect(log).toContain('    Error: component exploded');
    expect(existsSync(stampPath('broken', path.join(root, 'dist')))).toBe(false);
  });

  it('fails a dealer with an invalid file without starting its build', async () => {
    write('dealers/alpha.json', '{"slug":"alpha","name":42}');
    write('dealers/beta.json', '{ not json');
    const results = await buildDealers(['alpha', 'beta'], options({ validate: undefined }));
    expect(started).toEqual([]);
    expect(results.every((r) => !r.ok && r.error === 'invalid dealer file')).toBe(true);
    expect(results[0]?.output).toContain(`${path.join(root, 'dealers', 'alpha.json')} is not a valid dealer file:`);
    expect(results[0]?.output).toMatch(/ {2}- .*alpha\.json:1:17 name: is a number \(42\) but must be text/);
    expect(results[1]?.output).toContain('beta.json:1:3 (root): the file is not valid JSON');
  });

  it('fails a build that ends without a site to serve', async () => {
    const [result] = await buildDealers(['empty'], options());
    expect(result?.ok).toBe(false);
    expect(result?.error).toMatch(/index\.html was not written/);
  });

  it('keeps serving the last good site when a rebuild fails, and the dealer stays stale', async () => {
    await buildDealers(['alpha'], options());
    const served = readFileSync(path.join(root, 'dist', 'alpha', 'index.html'), 'utf8');
    write('dealers/alpha.json', '{"slug":"alpha","changed":true}');
    const failing = options({ publish: () => Promise.reject(new Error('the render worker exited with code 2')) });
    const [result] = await buildDealers(['alpha'], failing);
    expect(result?.ok).toBe(false);
    expect(readFileSync(path.join(root, 'dist', 'alpha', 'index.html'), 'utf8')).toBe(served);
    expect(staleDealers(['alpha'], options())).toEqual(['alpha']);
    // What /api/health shows: the last good build served, and the failure with its reason.
    const [state] = siteStates(path.join(root, 'dist'), ['alpha']);
    expect(state).toMatchObject({ slug: 'alpha', failing: true, lastFailure: { reason: 'the render worker exited with code 2' } });
    expect(state?.serving).toBe(path.basename(realpathSync(path.join(root, 'dist', 'alpha'))));
    expect(state?.published?.build).toBe(state?.serving);
    expect(state?.building).toBeUndefined();

    await buildDealers(['alpha'], options());
    expect(siteStates(path.join(root, 'dist'), ['alpha'])[0]).toMatchObject({
      failing: false,
      lastFailure: { reason: 'the render worker exited with code 2' },
    });
  });

  it('fails every dealer, naming the cause, when the site code cannot be bundled', async () => {
    // No astro in this temporary project: the bundle build cannot start.
    const results = await buildDealers(['alpha', 'beta'], options({ publish: undefined }));
    expect(results.map((r) => [r.slug, r.ok])).toEqual([
      ['alpha', false],
      ['beta', false],
    ]);
    expect(results[0]?.error).toMatch(/site bundle build failed/);
  });

  it('cancels running and pending builds on abort', async () => {
    const controller = new AbortController();
    const pending = buildDealers(['slow', 'alpha'], options({ concurrency: 1, signal: controller.signal }));
    setTimeout(() => controller.abort(), 300);
    const results = await pending;
    expect(results.map((r) => [r.slug, r.ok, r.error])).toEqual([
      ['slow', false, 'cancelled'],
      ['alpha', false, 'cancelled'],
    ]);
  }, 10_000);

  it('records each build in the metrics: its duration by dealer, kind and outcome; a cancelled one not at all', async () => {
    const builds = (dealer: string, kind: string, outcome: string) =>
      metricValue('site_build_duration_seconds', { dealer, kind, outcome }, 'site_build_duration_seconds_count');
    const before = {
      alpha: await builds('alpha', 'full', 'ok'),
      firstLook: await builds('beta', 'first_look', 'ok'),
      broken: await builds('broken', 'full', 'failed'),
      slow: (await builds('slow', 'full', 'failed')) + (await builds('slow', 'full', 'ok')),
    };
    const alphaSeconds = await metricValue('site_build_duration_seconds', { dealer: 'alpha', kind: 'full', outcome: 'ok' }, 'site_build_duration_seconds_sum');
    const [alpha] = await buildDealers(['alpha', 'broken'], options());
    await buildDealers(['beta'], options({ firstLook: true }));
    expect(await builds('alpha', 'full', 'ok')).toBe(before.alpha + 1);
    expect(await metricValue('site_build_duration_seconds', { dealer: 'alpha', kind: 'full', outcome: 'ok' }, 'site_build_duration_seconds_sum')).toBeCloseTo(
      alphaSeconds + (alpha?.seconds ?? NaN),
    );
    expect(await builds('beta', 'first_look', 'ok')).toBe(before.firstLook + 1);
    expect(await builds('broken', 'full', 'failed')).toBe(before.broken + 1);

    const controller = new AbortController();
    controller.abort();
    await buildDealers(['slow'], options({ signal: controller.signal }));
    expect((await builds('slow', 'full', 'failed')) + (await builds('slow', 'full', 'ok'))).toBe(before.slow);
  });

  it('does nothing for an empty list', async () => {
    expect(await buildDealers([], options())).toEqual([]);
  });
});
