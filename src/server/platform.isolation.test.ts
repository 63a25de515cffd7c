/**
 * npm start's serving side with one broken and one conflicting dealer file: the platform starts,
 * serves every other dealer, serves the broken one's last good build, keeps a contested domain
 * with the dealer that had it, and says all of it in /api/health on loopback only.
 */
import { request } from 'node:http';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it, vi } from 'vitest';
import { DEALER_FILES_DIR } from '../../tests/support/test-site';
import { lastGoodFile } from '../build/last-good';
import { startPlatform } from './platform';

const root = mkdtempSync(path.join(tmpdir(), 'platform-isolation-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const demo = (slug: string): Record<string, unknown> =>
  JSON.parse(readFileSync(path.join(DEALER_FILES_DIR, `${slug}.json`), 'utf8')) as Record<string, unknown>;

function get(base: string, url: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${url}`, { headers: { Host: host } }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

it('serves the other dealers and the broken one’s last good build, and lists the refused in /api/health', async () => {
  const dealersDir = path.join(root, 'dealers');
  const distDir = path.join(root, 'dist');
  mkdirSync(dealersDir);
  const slugs = ['kingfisher-toyota', 'lone-star-auto', 'southern-lakes-motors'];
  for (const slug of slugs) {
    const build = path.join(distDir, '.sites', slug, '20260101T000000000Z-aaaaaa');
    mkdirSync(build, { recursive: true });
    writeFileSync(path.join(build, 'index.html'), `<p>${slug}</p>`);
    symlinkSync(build, path.join(distDir, slug));
    mkdirSync(path.dirname(lastGoodFile(slug, distDir)), { recursive: true });
    writeFileSync(lastGoodFile(slug, distDir), JSON.stringify(demo(slug)));
  }
  writeFileSync(path.join(dealersDir, 'kingfisher-toyota.json'), JSON.stringify(demo('kingfisher-toyota')));
  writeFileSync(path.join(dealersDir, 'lone-star-auto.json'), '{ "slug": "lone-star-auto", ');
  writeFileSync(
    path.join(dealersDir, 'southern-lakes-motors.json'),
    JSON.stringify({ ...demo('southern-lakes-motors'), domains: ['kingfishertoyota.example'] }),
  );

  const logged: string[] = [];
  const quiet = vi.spyOn(console, 'error').mockImplementation((line: string) => void logged.push(String(line)));
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  const platform = await startPlatform({
    paths: { root, dealersDir, distDir },
    dealers: slugs,
    defaultDealer: 'kingfisher-toyota',
    port: 0,
    env: { LEADS_DB_DIR: path.join(root, 'db'), LEADS_OUTBOX_DIR: 'off', LEADS_FILES_DIR: path.join(root, 'files') },
    holder: 'the isolation test',
  });
  try {
    const base = `http://127.0.0.1:${(platform.server?.address() as AddressInfo).port}`;
    expect(await get(base, '/', 'www.lonestarautogroup.example')).toEqual({ status: 200, body: '<p>lone-star-auto</p>' });
    expect(await get(base, '/', 'kingfishertoyota.example')).toEqual({ status: 200, body: '<p>kingfisher-toyota</p>' });
    expect((await get(base, '/', new URL(String(demo('southern-lakes-motors').url)).host)).body).toBe('<p>southern-lakes-motors</p>');
    expect(logged.join('\n')).toMatch(
      /dealer lone-star-auto refused, serving its last good build: .*lone-star-auto\.json:1:29 \(root\): the file is not valid JSON: the file ends too early/,
    );

    const local = JSON.parse((await get(base, '/api/health', '127.0.0.1')).body) as {
      status: string;
      failingDealers: { slug: string; file: string; reason: string }[];
    };
    expect(local.status).toBe('degraded');
    expect(local.failingDealers.map((f) => [f.slug, f.file])).toEqual([
      ['lone-star-auto', path.join(dealersDir, 'lone-star-auto.json')],
      ['southern-lakes-motors', path.join(dealersDir, 'southern-lakes-motors.json')],
    ]);
    expect(local.failingDealers[1]?.reason).toMatch(
      /"kingfishertoyota\.example" is also claimed by kingfisher-toyota\.json \(domains\[0\]\): kingfisher-toyota had it first/,
    );
    expect(JSON.parse((await get(base, '/api/health', 'www.kingfishertoyota.example')).body)).toEqual({ ok: true, status: 'degraded' });
  } finally {
    await platform.close();
    quiet.mockRestore();
    warn.mockRestore();
  }
}, 180_000);
