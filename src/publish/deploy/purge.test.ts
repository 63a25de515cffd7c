import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { addressesOf, httpPurge, PurgeError, purgeLog, purgePaths } from './purge';

describe('addresses of a site file', () => {
  it.each([
    ['index.html', ['/']],
    ['cars/2021-toyota-hilux-123/index.html', ['/cars/2021-toyota-hilux-123/', '/cars/2021-toyota-hilux-123']],
    ['404.html', ['/404.html', '/404']],
    ['feeds/google-vehicle-ads.xml', ['/feeds/google-vehicle-ads.xml']],
    ['_astro/client.D3k9aB.js', ['/_astro/client.D3k9aB.js']],
    ['assets/new logo.png', ['/assets/new%20logo.png']],
    ['search/hôtel/index.html', ['/search/h%C3%B4tel/', '/search/h%C3%B4tel']],
  ])('%s → %j', (sitePath, expected) => {
    expect(addressesOf(sitePath)).toEqual(expected);
  });

  it('lists each address once, sorted', () => {
    expect(purgePaths(['cars/x/index.html', 'index.html', 'robots.txt', 'cars/x/index.html'])).toEqual(['/', '/cars/x', '/cars/x/', '/robots.txt']);
  });
});

describe('the purge log (offline default)', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('appends one JSON line per deploy, making its folder', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'purge-log-'));
    dirs.push(dir);
    const file = path.join(dir, 'deploy', 'purges.log');
    const hook = purgeLog(file, () => new Date('2026-11-28T10:00:00Z'));
    await hook.purge({ dealer: 'kingfisher-toyota', paths: ['/', '/cars/x/'] });
    await hook.purge({ dealer: 'lone-star-auto', paths: ['/robots.txt'] });
    const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
    expect(lines.map((line) => JSON.parse(line) as unknown)).toEqual([
      { at: '2026-11-28T10:00:00.000Z', dealer: 'kingfisher-toyota', paths: ['/', '/cars/x/'] },
      { at: '2026-11-28T10:00:00.000Z', dealer: 'lone-star-auto', paths: ['/robots.txt'] },
    ]);
  });
});

describe('the HTTP purge adapter', () => {
  let server: Server | undefined;
  afterEach(async () => {
    server?.closeAllConnections();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    server = undefined;
  });

  async function listen(handler: (req: IncomingMessage, res: ServerResponse, body: string) => void): Promise<string> {
    const listening = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      req.on('end', () => handler(req, res, body));
    });
    server = listening;
    await new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(listening.address() as AddressInfo).port}/purge?key=secret`;
  }

  it('POSTs the dealer and paths as JSON with the token as Bearer', async () => {
    const seen: { method?: string; auth?: string; type?: string; body?: unknown }[] = [];
    const url = await listen((req, res, body) => {
      seen.push({ method: req.method, auth: req.headers.authorization, type: req.headers['content-type'], body: JSON.parse(body) });
      res.writeHead(202).end('queued');
    });
    await httpPurge({ url, token: 'tok-123' }).purge({ dealer: 'acme-motors', paths: ['/', '/cars/x'] });
    expect(seen).toEqual([{ method: 'POST', auth: 'Bearer tok-123', type: 'application/json', body: { dealer: 'acme-motors', paths: ['/', '/cars/x'] } }]);
  });

  it('sends no Authorization without a token', async () => {
    let auth: string | undefined = 'unset';
    const url = await listen((req, res) => {
      auth = req.headers.authorization;
      res.writeHead(200).end();
    });
    await httpPurge({ url }).purge({ dealer: 'acme-motors', paths: ['/'] });
    expect(auth).toBeUndefined();
  });

  it('fails on an error status, naming the endpoint (without its query) and the answer', async () => {
    const url = await listen((_req, res) => res.writeHead(403).end('bad token'));
    const attempt = httpPurge({ url, token: 'tok' }).purge({ dealer: 'acme-motors', paths: ['/'] });
    await expect(attempt).rejects.toThrow(PurgeError);
    await expect(httpPurge({ url, token: 'tok' }).purge({ dealer: 'acme-motors', paths: ['/'] })).rejects.toThrow(
      /^purge request to http:\/\/127\.0\.0\.1:\d+\/purge answered 403: bad token$/,
    );
  });

  it('gives up after its timeout when the endpoint does not answer', async () => {
    const url = await listen(() => {
      // never answers
    });
    const started = performance.now();
    await expect(httpPurge({ url, timeoutMs: 200 }).purge({ dealer: 'acme-motors', paths: ['/'] })).rejects.toThrow(/got no answer within 200 ms/);
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('says so when nothing listens there', async () => {
    const url = await listen((_req, res) => res.end());
    await new Promise<void>((resolve) => server!.close(() => resolve()));
    server = undefined;
    await expect(httpPurge({ url }).purge({ dealer: 'acme-motors', paths: ['/'] })).rejects.toThrow(/purge request to .* failed: fetch failed: .*ECONNREFUSED/);
  });
});
