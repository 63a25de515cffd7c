import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { markFailed } from '../publish/site-state';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FALLBACK_PAGE_POLICY, platformHeaders } from '../platform/http/security';
import { DEALER_FILES_DIR } from '../../tests/support/test-site';
import { createApp } from './app';
import { trackSiteBuilds } from './site-builds';

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
  for (const slug of ['alpha', 'beta', 'kingfisher-toyota', 'lone-star-auto']) {
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
  // alpha and beta have no dealer files, so no domains: they answer on <slug>.localhost and 127.0.0.1.
  app = createApp({ distDir: dist, dealers: ['alpha', 'beta'], defaultDealer: 'alpha', domains: new Map() });
});

afterAll(() => rmSync(work, { recursive: true, force: true }));

const get = (url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Response> =>
  Promise.resolve(app.request(url.startsWith('http') ? url : `http://127.0.0.1:4321${url}`, { method, headers }));

describe('createApp', () => {
  it('serves a dealer with no site yet once its own build is done; meanwhile its pages wait and its API answers', async () => {
    const builds = trackSiteBuilds(['beta', 'gamma']);
    const building = createApp({ distDir: dist, dealers: ['alpha', 'beta', 'gamma'], defaultDealer: 'alpha', domains: new Map(), builds });
    const ask = (url: string) => Promise.resolve(building.request(url));
    const waiting = await ask('http://gamma.localhost:4321/');
    expect(waiting.status).toBe(503);
    expect(waiting.headers.get('retry-after')).toBe('5');
    expect(await waiting.text()).toContain('gamma is being built');
    expect((await ask('http://gamma.localhost:4321/api/health')).status).toBe(200);
    // A dealer that has a site keeps serving it while its next build runs beside it.
    const rebuilding = await ask('http://beta.localhost:4321/');
    expect(rebuilding.status).toBe(200);
    expect(await rebuilding.text()).toContain('beta home');
    write('gamma/index.html', page('gamma home'));
    builds.finished('gamma', true);
    expect((await ask('http://gamma.localhost:4321/')).status).toBe(200);
    rmSync(path.join(dist, 'gamma'), { recursive: true, force: true });
  });

  it('says a site could not be built when its first build failed, and keeps serving the last good site of one whose rebuild failed', async () => {
    const builds = trackSiteBuilds(['beta', 'gamma']);
    builds.finished('beta', false);
    builds.finished('gamma', false);
    const failed = createApp({ distDir: dist, dealers: ['alpha', 'beta', 'gamma'], defaultDealer: 'alpha', domains: new Map(), builds });
    const never = await failed.request('http://gamma.localhost:4321/');
    expect(never.status).toBe(503);
    expect(await never.text()).toContain('gamma could not be built');
    expect((await failed.request('http://beta.localhost:4321/')).status).toBe(200);
  });

  it('refuses a default dealer it does not serve', () => {
    expect(() => createApp({ distDir: dist, dealers: ['alpha'], defaultDealer: 'beta' })).toThrow(/default dealer "beta"/);
    expect(() => createApp({ distDir: dist, dealers: [], defaultDealer: 'alpha' })).toThrow(/no dealers/);
  });
  it('serves neither dealer on a domain two claim, without stopping; refuses to start when a dealer file cannot be read', () => {
    const dealersDir = mkdtempSync(path.join(work, 'dealers-'));
    const copy = (slug: string, edit: (dealer: Record<string, unknown>) => void = () => undefined) => {
      const dealer = JSON.parse(readFileSync(path.join(DEALER_FILES_DIR, `${slug}.json`), 'utf8')) as Record<string, unknown>;
      edit(dealer);
      writeFileSync(path.join(dealersDir, `${slug}.json`), JSON.stringify(dealer));
    };
    copy('kingfisher-toyota');
    copy('lone-star-auto', (dealer) => (dealer.domains = ['kingfishertoyota.example']));
    const options = { distDir: dist, dealers: ['kingfisher-toyota', 'lone-star-auto'], defaultDealer: 'lone-star-auto', dealersDir };
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => createApp(options)).not.toThrow();
    expect(logged.mock.calls.map((call) => String(call[0]))).toContain('domain kingfishertoyota.example: two dealers claim it, so neither is served on it');
    logged.mockRestore();
    copy('lone-star-auto');
    expect(() => createApp(options)).not.toThrow();
    expect(() => createApp({ ...options, dealers: [...options.dealers, 'alpha'] })).toThrow(/alpha\.json/);
  });
});

describe('GET /api/health', () => {
  it('answers JSON with the dealers on a development host', async () => {
    const res = await get('/api/health');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({
      ok: true,
      status: 'ok',
      dealers: ['alpha', 'beta'],
      sites: [
        { slug: 'alpha', serving: 'alpha', failing: false },
        { slug: 'beta', serving: 'beta', failing: false },
      ],
    });
  });
  it("says 'degraded' and shows the failure when a dealer's last publish failed, its last good build still served", async () => {
    markFailed(dist, 'beta', 'the render worker exited with code 1\nError: component exploded', new Date('2026-11-28T10:00:00Z'));
    try {
      const body = (await (await get('/api/health')).json()) as { status: string; sites: unknown[] };
      expect(body.status).toBe('degraded');
      expect(body.sites[1]).toEqual({
        slug: 'beta',
        serving: 'beta',
        failing: true,
        lastFailure: { at: '2026-11-28T10:00:00.000Z', reason: 'the render worker exited with code 1' },
      });
      // A stranger's probe learns only that much.
      expect((await (await get('http://shop.example/api/health')).json()) as unknown).toEqual({ ok: true, status: 'degraded' });
    } finally {
      rmSync(path.join(dist, '.sites'), { recursive: true, force: true });
    }
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

describe('dealer selection by domain', () => {
  // Copies of demo dealer files: Kingfisher at www.kingfishertoyota.example with the other domain
  // kingfishertoyota.example; Lone Star, the default dealer here, at www.lonestarautogroup.example.
  const dealers = ['kingfisher-toyota', 'lone-star-auto'];
  const kingfisherTypes = [
    { car_type: 'new', count: 86 },
    { car_type: 'demo', count: 14 },
    { car_type: 'used', count: 132 },
  ];
  const loneStarTypes = [
    { car_type: 'new', count: 96 },
    { car_type: 'used', count: 318 },
  ];
  let byDomain: ReturnType<typeof createApp>;
  let proxied: ReturnType<typeof createApp>;
  beforeAll(() => {
    const options = {
      distDir: dist,
      dealers,
      defaultDealer: 'lone-star-auto',
      dealersDir: DEALER_FILES_DIR,
      search: { get: () => Promise.resolve(undefined) },
    };
    byDomain = createApp({ ...options, env: {} });
    proxied = createApp({ ...options, env: { TRUST_PROXY: '1' } });
  });
  const at = (host: string, target: string, init: RequestInit = {}, server = byDomain): Promise<Response> =>
    Promise.resolve(server.request(`http://${host}${target}`, { ...init, headers: { ...(init.headers as Record<string, string>), host } }));
  const carTypes = async (res: Response): Promise<unknown> => ((await res.json()) as { car_types?: unknown }).car_types;

  it("serves a dealer's site and API on its url's host and on its other domains", async () => {
    for (const host of ['www.kingfishertoyota.example', 'kingfishertoyota.example', 'WWW.KingfisherToyota.example.:443']) {
      expect(await (await at(host, '/about/')).text(), host).toContain('kingfisher-toyota about');
      expect(await carTypes(await at(host, '/api/car-types')), host).toEqual(kingfisherTypes);
    }
    expect(await (await at('www.lonestarautogroup.example', '/')).text()).toContain('lone-star-auto home');
    expect(await carTypes(await at('www.lonestarautogroup.example', '/api/car-types'))).toEqual(loneStarTypes);
  });

  it('answers a host that names no dealer 404 on /api, and with a page that lists no dealers', async () => {
    const unknown = 'www.unknown-dealer.example';
    const json = { 'content-type': 'application/json' };
    const requests: [string, RequestInit][] = [
      ['/api/car-types', {}],
      ['/api/leads', { method: 'POST', headers: json, body: '{"lead":{}}' }],
      ['/api/carClarityCustomer', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'first_name=Jane' }],
      ['/api/search/multi-search', { method: 'POST', headers: json, body: '{"queries":[{"indexUid":"kingfisher-toyota"}]}' }],
      ['/api/nope', {}],
    ];
    for (const [target, init] of requests) {
      const res = await at(unknown, target, init);
      expect(res.status, target).toBe(404);
      expect(await res.json(), target).toEqual({ error: 'Unknown dealer' });
    }
    const page = await at(unknown, '/');
    expect(page.status).toBe(404);
    expect(page.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await page.text();
    for (const word of [...dealers, 'localhost', 'home']) expect(text).not.toContain(word);
    // Health acts for no dealer: it answers a probe on any host, listing the dealers only on a development host.
    expect(await (await at(unknown, '/api/health')).json()).toEqual({ ok: true, status: 'ok' });
    expect(await (await at('www.kingfishertoyota.example', '/api/health')).json()).toEqual({ ok: true, status: 'ok' });
    expect(await (await at('127.0.0.1:4321', '/api/health')).json()).toMatchObject({ ok: true, status: 'ok', dealers });
  });

  it('keeps development hosts: <slug>.localhost for each dealer, loopback names for the default one', async () => {
    expect(await carTypes(await at('kingfisher-toyota.localhost:4321', '/api/car-types'))).toEqual(kingfisherTypes);
    for (const host of ['127.0.0.1:4321', 'localhost:4321', '[::1]:4321']) {
      expect(await (await at(host, '/')).text(), host).toContain('lone-star-auto home');
      expect(await carTypes(await at(host, '/api/car-types')), host).toEqual(loneStarTypes);
    }
  });

  it("behind a proxy (TRUST_PROXY set) takes a loopback Host for the proxy's own, naming no dealer", async () => {
    const res = await at('127.0.0.1:4321', '/api/car-types', {}, proxied);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'Unknown dealer' });
    const page = await at('127.0.0.1:4321', '/', {}, proxied);
    expect(page.status).toBe(404);
    expect(await page.text()).not.toContain('lone-star-auto');
    expect(await (await at('127.0.0.1:4321', '/api/health', {}, proxied)).json()).toEqual({ ok: true, status: 'ok' });
    expect(await carTypes(await at('www.kingfishertoyota.example', '/api/car-types', {}, proxied))).toEqual(kingfisherTypes);
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
  // These sites have no _headers (app.headers.test.ts has one): their files get the fallback page policy.
  it('are on every kind of response', async () => {
    const site = { ...platformHeaders, 'Content-Security-Policy': FALLBACK_PAGE_POLICY };
    const responses: [Response, Record<string, string>][] = [
      [await get('/'), site],
      [await get('/missing'), site],
      [await get('/api/health'), platformHeaders],
      [await get('http://gamma.localhost:4321/'), platformHeaders],
      [await get('/..%2f..%2foutside.txt'), platformHeaders],
      [await get('/', {}, 'POST'), platformHeaders],
    ];
    for (const [res, expected] of responses) {
      for (const [name, value] of Object.entries(expected)) expect(res.headers.get(name), `${res.status} ${name}`).toBe(value);
    }
  });
  it('refuses other methods on static paths', async () => {
    const res = await get('/', {}, 'POST');
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
  });
});
