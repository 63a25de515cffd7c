import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEALER_FILES_DIR } from '../../tests/support/test-site';
import { lastGoodDealer, lastGoodFile } from '../build/last-good';
import { createDealerConfigs } from '../platform/config/dealer-configs';
import { createApp } from './app';
import { servedDealers, type ServedDealers } from './served-dealers';

let root: string;
let dealersDir: string;
let distDir: string;
let served: ServedDealers;
const logged: string[] = [];

const demo = (slug: string): Record<string, unknown> =>
  JSON.parse(readFileSync(path.join(DEALER_FILES_DIR, `${slug}.json`), 'utf8')) as Record<string, unknown>;
const write = (slug: string, data: Record<string, unknown> | string): void =>
  writeFileSync(path.join(dealersDir, `${slug}.json`), typeof data === 'string' ? data : JSON.stringify(data, null, 2));

/** A dealer built before: its site on disk behind the served link, and the dealer file it was built from. */
function builtBefore(slug: string, page: string, data: Record<string, unknown>): void {
  const build = path.join(distDir, '.sites', slug, '20260101T000000000Z-aaaaaa');
  mkdirSync(build, { recursive: true });
  writeFileSync(path.join(build, 'index.html'), page);
  symlinkSync(build, path.join(distDir, slug));
  mkdirSync(path.dirname(lastGoodFile(slug, distDir)), { recursive: true });
  writeFileSync(lastGoodFile(slug, distDir), JSON.stringify(data));
}

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'served-dealers-'));
  dealersDir = path.join(root, 'dealers');
  distDir = path.join(root, 'dist');
  mkdirSync(dealersDir);
  mkdirSync(distDir);
  // Kingfisher: a good file, built before with its domains.
  write('kingfisher-toyota', demo('kingfisher-toyota'));
  builtBefore('kingfisher-toyota', '<p>kingfisher</p>', demo('kingfisher-toyota'));
  // Lone Star: built before, then its file broken by an edit.
  builtBefore('lone-star-auto', '<p>lone star, last good build</p>', demo('lone-star-auto'));
  write('lone-star-auto', '{\n  "slug": "lone-star-auto",\n  "name": "Lone Star Auto"\n  "url": "https://x.example"\n}\n');
  // Southern Lakes: a newcomer claiming Kingfisher's domain.
  write('southern-lakes-motors', { ...demo('southern-lakes-motors'), domains: ['kingfishertoyota.example'] });
  // Drivesmart: copied from Kingfisher and its id kept; never built.
  write('drivesmart-pre-owned', { ...demo('drivesmart-pre-owned'), id: demo('kingfisher-toyota').id });
  served = servedDealers(['drivesmart-pre-owned', 'kingfisher-toyota', 'lone-star-auto', 'southern-lakes-motors'], {
    dealersDir,
    distDir,
    log: (line) => logged.push(line),
  });
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('servedDealers with one broken and two conflicting dealer files', () => {
  it('serves every other dealer, and the broken one from its last good build', () => {
    expect(served.dealers).toEqual(['kingfisher-toyota', 'lone-star-auto', 'southern-lakes-motors']);
    expect(served.configs.get('lone-star-auto')?.url).toBe(demo('lone-star-auto').url);
  });

  it('keeps a domain with the dealer that had it in its last good build, and the newcomer on its own hosts', () => {
    expect(served.owners.get('kingfishertoyota.example')).toBe('kingfisher-toyota');
    expect(served.owners.get(new URL(String(demo('southern-lakes-motors').url)).hostname)).toBe('southern-lakes-motors');
    expect(served.owners.get('www.lonestarautogroup.example')).toBe('lone-star-auto');
  });

  it('refuses a copied id in the newcomer, naming both files, and lists every refusal with its file and reason', () => {
    const bySlug = new Map(served.failing.map((failure) => [failure.slug, failure]));
    expect(bySlug.get('lone-star-auto')).toMatchObject({ file: path.join(dealersDir, 'lone-star-auto.json'), serving: 'its last good build' });
    expect(bySlug.get('lone-star-auto')?.reason).toContain('lone-star-auto.json:3:27 (root): the file is not valid JSON: a comma is missing after this value');
    expect(bySlug.get('southern-lakes-motors')).toMatchObject({ serving: 'its site, but not on the contested domain' });
    expect(bySlug.get('southern-lakes-motors')?.reason).toMatch(
      /domains\[0\]: the domain "kingfishertoyota\.example" is also claimed by kingfisher-toyota\.json \(domains\[0\]\): kingfisher-toyota had it first/,
    );
    expect(bySlug.get('drivesmart-pre-owned')).toMatchObject({ serving: 'nothing (it has never been built)' });
    expect(bySlug.get('drivesmart-pre-owned')?.reason).toMatch(/id: the dealer id "1101" is also claimed by kingfisher-toyota\.json \(id\)/);
    expect(bySlug.has('kingfisher-toyota')).toBe(false);
    expect(logged.some((line) => line.startsWith('dealer lone-star-auto refused, serving its last good build:'))).toBe(true);
  });
});

describe('the server with those dealers', () => {
  const app = () => {
    const configs = createDealerConfigs({ dealersDir, fallback: (slug) => lastGoodDealer(slug, distDir), refused: served.refused, log: () => undefined });
    return createApp({
      distDir,
      dealers: served.dealers,
      defaultDealer: 'kingfisher-toyota',
      dealersDir,
      domains: served.owners,
      configs,
      failingDealers: () => Promise.resolve(served.failing),
    });
  };

  it("serves the broken dealer's last good build on its domain, and the others on theirs", async () => {
    const server = app();
    const lone = await server.request('http://www.lonestarautogroup.example/');
    expect(lone.status).toBe(200);
    expect(await lone.text()).toBe('<p>lone star, last good build</p>');
    expect(await (await server.request('http://kingfishertoyota.example/')).text()).toBe('<p>kingfisher</p>');
  });

  it('lists the failing dealers in /api/health on loopback, and only "degraded" to anyone else', async () => {
    const server = app();
    const local = (await (await server.request('http://127.0.0.1:4321/api/health')).json()) as {
      status: string;
      failingDealers: { slug: string; file: string; reason: string }[];
    };
    expect(local.status).toBe('degraded');
    expect(local.failingDealers.map((f) => f.slug).sort()).toEqual(['drivesmart-pre-owned', 'lone-star-auto', 'southern-lakes-motors']);
    const shopper = (await (await server.request('http://www.kingfishertoyota.example/api/health')).json()) as Record<string, unknown>;
    expect(shopper).toEqual({ ok: true, status: 'degraded' });
  });
});

describe('createDealerConfigs with a fallback', () => {
  it('serves the last good config of a file broken before the server started, and lists it as failing', async () => {
    const configs = createDealerConfigs({ dealersDir, fallback: (slug) => lastGoodDealer(slug, distDir), log: () => undefined });
    expect((await configs.get('lone-star-auto')).name).toBe(demo('lone-star-auto').name);
    expect(configs.failures().map((f) => f.slug)).toEqual(['lone-star-auto']);
  });

  it('keeps the last good config of a file broken while the server runs, lists it until the file reads again', async () => {
    const configs = createDealerConfigs({ dealersDir, log: () => undefined });
    write('southern-lakes-motors', demo('southern-lakes-motors'));
    expect((await configs.get('southern-lakes-motors')).name).toBe(demo('southern-lakes-motors').name);
    write('southern-lakes-motors', '{ "slug": "southern-lakes-motors", }');
    expect((await configs.get('southern-lakes-motors')).name).toBe(demo('southern-lakes-motors').name);
    expect(configs.failures()).toEqual([
      expect.objectContaining({ slug: 'southern-lakes-motors', reason: expect.stringContaining('comma after the last entry is not allowed') as unknown }),
    ]);
    cpSync(path.join(DEALER_FILES_DIR, 'southern-lakes-motors.json'), path.join(dealersDir, 'southern-lakes-motors.json'));
    await configs.get('southern-lakes-motors');
    expect(configs.failures()).toEqual([]);
  });
});
