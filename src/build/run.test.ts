import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DealerConfig } from '../platform/config/schema';
import { buildDealers, type BuildOptions } from './run';
import { staleDealers, stampPath } from './stamps';

let root: string;
let logged: string[];
let started: string[];

/**
 * Stands in for `astro build`: writes two pages for DEALER into DIST_DIR, or fails for "broken",
 * or hangs for "slow", so the runner is tested without Astro.
 */
const fakeBuild = `
const fs = require('node:fs'), path = require('node:path');
const slug = process.env.DEALER, out = path.join(process.env.DIST_DIR, slug);
if (process.env.ASTRO_TELEMETRY_DISABLED !== '1') { console.error('telemetry not disabled'); process.exit(3); }
if (slug === 'broken') { console.log('building broken'); console.error('Error: component exploded'); process.exit(1); }
if (slug === 'slow') { setTimeout(() => {}, 60000); return; }
if (slug === 'empty') { console.log('wrote nothing'); process.exit(0); }
fs.mkdirSync(path.join(out, 'about'), { recursive: true });
fs.writeFileSync(path.join(out, 'index.html'), '<h1>' + slug + '</h1>');
fs.writeFileSync(path.join(out, 'about', 'index.html'), 'about');
console.log('built ' + slug + ' from ' + process.env.DEALERS_DIR);
`;

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
  command: (slug) => {
    started.push(slug);
    return { cmd: process.execPath, args: ['-e', `(() => {${fakeBuild}})()`] };
  },
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
  it('builds each dealer with its own DEALER, counts pages and writes fresh stamps', async () => {
    const results = await buildDealers(['alpha', 'beta'], options());
    expect(results.map((r) => [r.slug, r.ok, r.pages])).toEqual([
      ['alpha', true, 2],
      ['beta', true, 2],
    ]);
    expect(readFileSync(path.join(root, 'dist/beta/index.html'), 'utf8')).toBe('<h1>beta</h1>');
    expect(results[0]?.output).toContain(`built alpha from ${path.join(root, 'dealers')}`);
    expect(existsSync(stampPath('alpha', path.join(root, 'dist')))).toBe(true);
    expect(staleDealers(['alpha', 'beta'], options())).toEqual([]);
    // Successful builds' output stays quiet unless verbose.
    expect(logged.join('\n')).not.toContain('built alpha from');
  });

  it('hands a dealer with a search key uid its signed tenant token, and no other dealer any token', async () => {
    const printKey = { cmd: process.execPath, args: ['-e', `console.log('key=' + (process.env.DEALER_SEARCH_KEY ?? 'none'))`] };
    const site = (uid?: string) => ({ search: { read_only_key: 'secret', ...(uid ? { read_only_key_uid: uid } : {}), index_uid: 'shop' }, slug: 'alpha' });
    const run = (uid?: string) =>
      buildDealers(['alpha'], options({ command: () => printKey, validate: () => site(uid) as unknown as DealerConfig })).then((r) => r[0]?.output ?? '');
    const previous = process.env.DEALER_SEARCH_KEY;
    process.env.DEALER_SEARCH_KEY = 'left over from elsewhere';
    try {
      expect(await run('5e2442b8-8cb8-4059-904d-dc2d13677c01')).toMatch(/^key=eyJ[\w-]+\.[\w-]+\.[\w-]+$/m);
      expect(await run()).toContain('key=none');
    } finally {
      if (previous === undefined) delete process.env.DEALER_SEARCH_KEY;
      else process.env.DEALER_SEARCH_KEY = previous;
    }
  });

  it('builds a first look (no car pages, one search page) and writes no stamp, so the dealer still needs its full build', async () => {
    const printSiteBuild = { cmd: process.execPath, args: ['-e', `(() => {${fakeBuild}})(); console.log('site build=' + (process.env.SITE_BUILD ?? 'full'))`] };
    const [firstLook] = await buildDealers(['alpha'], options({ firstLook: true, command: () => printSiteBuild, verbose: true }));
    expect(firstLook?.ok).toBe(true);
    expect(firstLook?.output).toContain('site build=first-look');
    expect(logged.join('\n')).toContain('its car pages and all but one search page come from the shells until its full build');
    expect(existsSync(stampPath('alpha', path.join(root, 'dist')))).toBe(false);
    expect(staleDealers(['alpha'], options())).toEqual(['alpha']);

    const previous = process.env.SITE_BUILD;
    process.env.SITE_BUILD = 'first-look';
    try {
      const [full] = await buildDealers(['alpha'], options({ command: () => printSiteBuild }));
      expect(full?.output).toContain('site build=full');
    } finally {
      if (previous === undefined) delete process.env.SITE_BUILD;
      else process.env.SITE_BUILD = previous;
    }
    expect(staleDealers(['alpha'], options())).toEqual([]);
  });

  it('prints captured output for every dealer when verbose', async () => {
    await buildDealers(['alpha'], options({ verbose: true }));
    expect(logged.join('\n')).toContain('built alpha from');
  });

  it('keeps building the others when one fails, and shows only the failure output', async () => {
    const results = await buildDealers(['broken', 'alpha'], options({ concurrency: 1 }));
    expect(results.map((r) => [r.slug, r.ok])).toEqual([
      ['broken', false],
      ['alpha', true],
    ]);
    expect(results[0]?.error).toBe('exited with code 1');
    expect(results[0]?.output).toContain('Error: component exploded');
    expect(results[0]?.pages).toBeUndefined();
    const log = logged.join('\n');
    expect(log).toContain('✗ broken FAILED');
    expect(log).toContain('    Error: component exploded');
    expect(log).not.toContain('built alpha from');
    expect(existsSync(stampPath('broken', path.join(root, 'dist')))).toBe(false);
  });

  it('fails a dealer with an invalid file without starting its build', async () => {
    write('dealers/alpha.json', '{"slug":"alpha","name":42}');
    write('dealers/beta.json', '{ not json');
    const results = await buildDealers(['alpha', 'beta'], options({ validate: undefined }));
    expect(started).toEqual([]);
    expect(results.every((r) => !r.ok && r.error === 'invalid dealer file')).toBe(true);
    expect(results[0]?.output).toContain(`${path.join(root, 'dealers', 'alpha.json')} is not a valid dealer file:`);
    expect(results[0]?.output).toMatch(/ {2}- name: /);
    expect(results[1]?.output).toContain('cannot be read as JSON');
  });

  it('fails a build that exits 0 without writing index.html', async () => {
    const [result] = await buildDealers(['empty'], options());
    expect(result?.ok).toBe(false);
    expect(result?.error).toMatch(/index\.html was not written/);
  });

  it('removes the stamp of a dealer whose rebuild fails', async () => {
    await buildDealers(['alpha'], options());
    expect(staleDealers(['alpha'], options())).toEqual([]);
    const failing = options({ command: () => ({ cmd: process.execPath, args: ['-e', 'process.exit(2)'] }) });
    const [result] = await buildDealers(['alpha'], failing);
    expect(result?.ok).toBe(false);
    expect(staleDealers(['alpha'], options())).toEqual(['alpha']);
  });

  it('reports a command that cannot start', async () => {
    const [result] = await buildDealers(['alpha'], options({ command: () => ({ cmd: path.join(root, 'no-such-binary'), args: [] }) }));
    expect(result?.ok).toBe(false);
    expect(result?.error).toMatch(/could not start/);
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

  it('does nothing for an empty list', async () => {
    expect(await buildDealers([], options())).toEqual([]);
  });
});
