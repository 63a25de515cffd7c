import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityHeaders } from '../platform/http/security';
import { createApp, dealerForHost } from './app';

let work: string;
let dist: string;
let app: ReturnType<typeof createApp>;

const page = (title: string): string =>
  `<!doctype html><html><head><title>${title}</title></head><body>${'<p>filler text for compression</p>'.repeat(60)}</body></html>`;

function write(rel: string, content: string | Buffer): void {
  const file = path.join(dist, rel);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
}

beforeAll(() => {
  work = mkdtempSync(path.join(tmpdir(), 'dealer-app-'));
  dist = path.join(work, 'dist');
  for (const slug of ['alpha', 'beta']) {
    write(`${slug}/index.html`, page(`${slug} home`));
    write(`${slug}/404.html`, page(`${slug} not found`));
    write(`${slug}/about/index.html`, page(`${slug} about`));
    write(`${slug}/_astro/x.js`, `console.log(${JSON.stringify(slug)});\n${'// padding\n'.repeat(200)}`);
    write(`${slug}/tiny.css`, 'body{color:red}');
    write(`${slug}/assets/logo.png`, Buffer.from([0x89, 0x50, 0x4e, 0x47, ...new Array<number>(2000).fill(0)]));
    write(`${slug}/site.webmanifest`, '{"name":"x"}');
  }
  write('.stamps/alpha.json', '{"secret":true}');
  writeFileSync(path.join(work, 'outside.txt'), 'outside the dist folder');
  app = createApp({ distDir: dist, dealers: ['alpha', 'beta'], defaultDealer: 'alpha' });
});

afterAll(() => rmSync(work, { recursive: true, force: true }));

const get = (url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Response> =>
  Promise.resolve(app.request(url.startsWith('http') ? url : `http://127.0.0.1:4321${url}`, { method, headers }));

describe('dealerForHost', () => {
  const dealers = ['alpha', 'beta'];
  it('selects <slug>.localhost with or without a port, case-insensitively', () => {
    expect(dealerForHost('beta.localhost:4321', dealers, 'alpha')).toEqual({ dealer: 'beta' });
    expect(dealerForHost('BETA.localhost', dealers, 'alpha')).toEqual({ dealer: 'beta' });
  });
  it('falls back to the default for localhost, 127.0.0.1 and other hosts', () => {
    for (const host of ['localhost:4321', '127.0.0.1:4321', '[::1]:4321', 'example.com', undefined]) {
      expect(dealerForHost(host, dealers, 'alpha')).toEqual({ dealer: 'alpha' });
    }
  });
  it('reports an unknown <x>.localhost', () => {
    expect(dealerForHost('gamma.localhost:4321', dealers, 'alpha')).toEqual({ unknown: 'gamma' });
    expect(dealerForHost('a.beta.localhost', dealers, 'alpha')).toEqual({ unknown: 'a.beta' });
  });
});

describe('createApp', () => {
  it('refuses a default dealer it does not serve', () => {
    expect(() => createApp({ distDir: dist, dealers: ['alpha'], defaultDealer: 'beta' })).toThrow(/default dealer "beta"/);
    expect(() => createApp({ distDir: dist, dealers: [], defaultDealer: 'alpha' })).toThrow(/no dealers/);
  });
});

describe('GET /api/health', () => {
  it('answers JSON with the dealers', async () => {
    const res = await get('/api/health');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ ok: true, dealers: ['alpha', 'beta'] });
  });
  it('answers on any dealer host, and unknown API paths get JSON 404s', async () => {
    expect((await get('http://beta.localhost:4321/api/health')).status).toBe(200);
    const res = await get('/api/nope');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ ok: false, error: 'not found' });
    // Paths under a mounted API keep the same JSON 404.
    const search = await get('/api/search/keys');
    expect(search.status).toBe(404);
    expect(await search.json()).toEqual({ ok: false, error: 'not found' });
  });
});

describe('dealer selection by Host', () => {
  it('serves the default dealer on 127.0.0.1 and localhost', async () => {
    expect(await (await get('/')).text()).toContain('alpha home');
    expect(await (await get('http://localhost:4321/')).text()).toContain('alpha home');
  });
  it('serves <slug>.localhost from that dealer', async () => {
    expect(await (await get('http://beta.localhost:4321/')).text()).toContain('beta home');
    expect(await (await get('/', { host: 'beta.localhost:4321' })).text()).toContain('beta home');
  });
  it('answers an unknown <x>.localhost with a plain 404 listing the dealers', async () => {
    const res = await get('http://gamma.localhost:4321/');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).toContain('"gamma"');
    expect(text).toContain('http://alpha.localhost:4321/');
    expect(text).toContain('http://beta.localhost:4321/');
  });
});

describe('static files', () => {
  it('maps /path, /path/ and /path/index.html to the same page', async () => {
    for (const url of ['/about', '/about/', '/about/index.html']) {
      const res = await get(url);
      expect(res.status, url).toBe(200);
      expect(await res.text()).toContain('alpha about');
    }
  });
  it('sets content types', async () => {
    const cases: Record<string, RegExp> = {
      '/': /^text\/html; charset=utf-8$/,
      '/_astro/x.js': /^text\/javascript/,
      '/tiny.css': /^text\/css/,
      '/assets/logo.png': /^image\/png$/,
      '/site.webmanifest': /^application\/manifest\+json/,
    };
    for (const [url, type] of Object.entries(cases)) expect((await get(url)).headers.get('content-type'), url).toMatch(type);
  });
  it("answers a missing file with the dealer's 404.html and status 404", async () => {
    const res = await get('http://beta.localhost:4321/no/such/page');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await res.text()).toContain('beta not found');
    expect(res.headers.get('etag')).toBeNull();
  });
});

describe('path traversal', () => {
  const probes = [
    '/..%2f..%2foutside.txt',
    '/%2e%2e%2f%2e%2e%2foutside.txt',
    '/..%2fbeta%2findex.html',
    '/..%2f.stamps%2falpha.json',
    '/%2e%2e%5c%2e%2e%5coutside.txt',
    '/..%5c..%5coutside.txt',
    '/index.html%00.png',
    '/%c0%ae%c0%ae/outside.txt',
    '/%E0%A4%A',
  ];
  for (const probe of probes) {
    it(`never serves ${probe}`, async () => {
      const res = await get(probe);
      expect([400, 404]).toContain(res.status);
      const text = await res.text();
      expect(text).not.toContain('outside the dist folder');
      expect(text).not.toContain('secret');
      expect(text).not.toContain('beta home');
    });
  }
  it('normalised dot segments stay inside the dealer folder', async () => {
    // The URL parser resolves these before the app sees them; they must land on alpha's own files.
    for (const url of ['/../../outside.txt', '/%2e%2e/%2e%2e/outside.txt', '/../beta/index.html']) {
      const res = await get(url);
      expect(res.status, url).toBe(404);
      expect(await res.text()).toContain('alpha not found');
    }
  });
});

describe('caching', () => {
  it('marks hashed /_astro/ files immutable', async () => {
    expect((await get('/_astro/x.js')).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });
  it('caches /assets/ for a day', async () => {
    expect((await get('/assets/logo.png')).headers.get('cache-control')).toBe('public, max-age=86400');
  });
  it('revalidates HTML and the rest', async () => {
    for (const url of ['/', '/about/', '/tiny.css', '/no-such-page']) {
      expect((await get(url)).headers.get('cache-control'), url).toBe('public, max-age=0, must-revalidate');
    }
  });
  it('does not mark a missing /_astro/ file immutable', async () => {
    const res = await get('/_astro/missing.js');
    expect(res.status).toBe(404);
    expect(res.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
  });
  it('sends a weak ETag and answers If-None-Match with 304', async () => {
    const first = await get('/about/');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^W\/"[0-9a-f]+-[0-9a-f]+"$/);
    const again = await get('/about/', { 'if-none-match': etag ?? '' });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await get('/about/', { 'if-none-match': '"other", ' + (etag ?? '') })).status).toBe(304);
    expect((await get('/about/', { 'if-none-match': 'W/"nope"' })).status).toBe(200);
  });
  it('changes the ETag when the file changes', async () => {
    const before = (await get('/tiny.css')).headers.get('etag');
    utimesSync(path.join(dist, 'alpha/tiny.css'), new Date(), new Date(Date.now() + 5000));
    const after = (await get('/tiny.css')).headers.get('etag');
    expect(after).not.toBe(before);
  });
});

describe('compression', () => {
  it('prefers brotli and decodes to the original', async () => {
    const plainBody = await (await get('/')).text();
    const res = await get('/', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    const body = Buffer.from(await res.arrayBuffer());
    expect(Number(res.headers.get('content-length'))).toBe(body.length);
    expect(body.length).toBeLessThan(Buffer.byteLength(plainBody));
    expect(brotliDecompressSync(body).toString('utf8')).toBe(plainBody);
  });
  it('uses gzip when brotli is not accepted', async () => {
    const res = await get('/_astro/x.js', { 'accept-encoding': 'gzip, br;q=0' });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await res.arrayBuffer())).toString('utf8')).toContain('console.log("alpha")');
  });
  it('compresses the 404 page too', async () => {
    const res = await get('/missing', { 'accept-encoding': 'br' });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-encoding')).toBe('br');
  });
  it('leaves small files, images and identity-only clients alone', async () => {
    expect((await get('/tiny.css', { 'accept-encoding': 'br' })).headers.get('content-encoding')).toBeNull();
    expect((await get('/assets/logo.png', { 'accept-encoding': 'br' })).headers.get('content-encoding')).toBeNull();
    expect((await get('/', { 'accept-encoding': 'identity' })).headers.get('content-encoding')).toBeNull();
    expect((await get('/')).headers.get('content-encoding')).toBeNull();
  });
});

describe('HEAD', () => {
  it('sends the GET headers without a body', async () => {
    const getRes = await get('/_astro/x.js', { 'accept-encoding': 'br' });
    const headRes = await get('/_astro/x.js', { 'accept-encoding': 'br' }, 'HEAD');
    expect(headRes.status).toBe(200);
    expect(await headRes.text()).toBe('');
    for (const name of ['content-type', 'content-length', 'content-encoding', 'cache-control', 'etag']) {
      expect(headRes.headers.get(name), name).toBe(getRes.headers.get(name));
    }
  });
  it('gives 404 for a missing page', async () => {
    expect((await get('/missing', {}, 'HEAD')).status).toBe(404);
  });
});

describe('security headers', () => {
  it('are on every kind of response', async () => {
    const responses = [
      await get('/'),
      await get('/missing'),
      await get('/api/health'),
      await get('http://gamma.localhost:4321/'),
      await get('/..%2f..%2foutside.txt'),
      await get('/', {}, 'POST'),
    ];
    for (const res of responses) {
      for (const [name, value] of Object.entries(securityHeaders)) expect(res.headers.get(name), `${res.status} ${name}`).toBe(value);
    }
  });
  it('refuses other methods on static paths', async () => {
    const res = await get('/', {}, 'POST');
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
  });
});
