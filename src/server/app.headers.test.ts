/**
 * The headers the platform's server sends: a dealer's files get the rules its build wrote into
 * _headers (as a CDN applies them), everything else, errors included, the platform's own.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type * as FsPromises from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { writeSiteHeaders } from '../platform/http/header-files';
import { FALLBACK_PAGE_POLICY, parsePolicy, platformHeaders, type Policy } from '../platform/http/security';
import { createApp } from './app';

// A disk fault on one file, to reach the app's own 500.
vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof FsPromises>();
  const readFile = ((file: unknown, ...rest: unknown[]) =>
    String(file).endsWith('broken.html')
      ? Promise.reject(new Error('EIO: i/o error'))
      : (actual.readFile as (...a: unknown[]) => unknown)(file, ...rest)) as typeof actual.readFile;
  return { ...actual, readFile, default: { ...actual, readFile } };
});

let work: string;
let app: ReturnType<typeof createApp>;

const SCRIPTS = "script-src 'self' https://banner.example 'sha256-j1=' 'sha256-j2='";
/** A page as Astro writes it: the policy <meta> tag with the page's own style hashes. */
const page = (title: string, styleHash: string): string =>
  `<!DOCTYPE html><html><head><meta charset="utf-8"><meta http-equiv="content-security-policy" content="default-src 'none';img-src 'self' data: https:;object-src 'none';base-uri 'self'; ${SCRIPTS}; style-src 'self' '${styleHash}';"><title>${title}</title></head><body>${title}</body></html>`;

const PAGES: Record<string, string> = {
  '/': 'index.html',
  '/about/': 'about/index.html',
  '/no/such/page': '404.html',
};

function write(rel: string, content: string): void {
  const file = path.join(work, 'dist', rel);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
}

beforeAll(() => {
  work = mkdtempSync(path.join(tmpdir(), 'dealer-headers-'));
  write('kappa/index.html', page('home', 'sha256-s1='));
  write('kappa/about/index.html', page('about', 'sha256-s2='));
  write('kappa/404.html', page('not found', 'sha256-s3='));
  write('kappa/broken.html', page('broken', 'sha256-s4='));
  // An SVG that would run script if opened as a document of the site's origin.
  write('kappa/assets/logo.svg', '<svg xmlns="http://www.w3.org/2000/svg"><script>parent.alert(document.domain)</script></svg>');
  write('kappa/_astro/x.js', 'console.log(1)');
  writeSiteHeaders(path.join(work, 'dist/kappa'), 'kappa');
  // A site built before _headers existed.
  write('lambda/index.html', page('old home', 'sha256-s5='));
  mkdirSync(path.join(work, 'dealers'));
  app = createApp({
    distDir: path.join(work, 'dist'),
    dealers: ['kappa', 'lambda'],
    defaultDealer: 'kappa',
    dealersDir: path.join(work, 'dealers'),
    domains: new Map(),
  });
});

afterAll(() => rmSync(work, { recursive: true, force: true }));

const get = (url: string, init: RequestInit = {}): Promise<Response> =>
  Promise.resolve(app.request(url.startsWith('http') ? url : `http://127.0.0.1:4321${url}`, init));

/** The policies of a Content-Security-Policy header: a comma starts another, each enforced. */
const policies = (header: string | null): Policy[] => (header ?? '').split(',').map((text) => parsePolicy(text));
const metaPolicy = (html: string): Policy => parsePolicy(/<meta http-equiv="content-security-policy" content="([^"]*)"/.exec(html)?.[1] ?? '');

describe("a dealer's pages", () => {
  for (const [url, file] of Object.entries(PAGES)) {
    it(`${url} (${file}) gets the page's own default-src and script-src in the header, and frame-ancestors`, async () => {
      const res = await get(url);
      const html = await res.text();
      expect(html).toContain('<title>');
      const [header, ...more] = policies(res.headers.get('content-security-policy'));
      expect(more).toEqual([]);
      const meta = metaPolicy(html);
      expect(header?.get('default-src')).toEqual(meta.get('default-src'));
      expect(header?.get('default-src')).toEqual(["'none'"]);
      expect(header?.get('script-src')).toEqual(meta.get('script-src'));
      expect(header?.get('frame-ancestors')).toEqual(["'none'"]);
      // Nothing the page allows is refused by the header.
      for (const [name, sources] of meta) expect(header?.get(name), name).toEqual(expect.arrayContaining(sources));
      expect(res.headers.get('strict-transport-security')).toBe(platformHeaders['Strict-Transport-Security']);
    });
  }

  it('keep them on a 304', async () => {
    const etag = (await get('/about/')).headers.get('etag') ?? '';
    const again = await get('/about/', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(policies(again.headers.get('content-security-policy'))[0]?.get('script-src')).toEqual(SCRIPTS.split(' ').slice(1));
  });
});

describe("a dealer's other files", () => {
  it('a same-origin SVG gets a policy that refuses everything, sandboxed', async () => {
    const res = await get('/assets/logo.svg');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    const locked = policies(res.headers.get('content-security-policy')).find((p) => p.get('default-src')?.join(' ') === "'none'" && !p.has('script-src'));
    expect(locked?.has('sandbox')).toBe(true);
    expect(locked?.get('frame-ancestors')).toEqual(["'none'"]);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('a script gets the locked policy too', async () => {
    const res = await get('/_astro/x.js');
    expect(policies(res.headers.get('content-security-policy')).some((p) => p.get('default-src')?.join(' ') === "'none'" && !p.has('script-src'))).toBe(true);
  });

  it('_headers and _deploy/ are never served', async () => {
    for (const url of ['/_headers', '/_deploy/nginx.conf', '/_deploy/caddy.conf', '/_DEPLOY/nginx.conf']) {
      const res = await get(url);
      expect(res.status, url).toBe(404);
      expect(await res.text(), url).toContain('not found');
    }
  });

  it('a site built before _headers gets every header, with the fallback page policy', async () => {
    const res = await get('http://lambda.localhost:4321/');
    expect(await res.text()).toContain('old home');
    expect(res.headers.get('content-security-policy')).toBe(FALLBACK_PAGE_POLICY);
    expect(res.headers.get('cross-origin-resource-policy')).toBe(platformHeaders['Cross-Origin-Resource-Policy']);
  });
});

describe("the server's own answers", () => {
  const expectPlatformHeaders = (res: Response, label: string): void => {
    for (const [name, value] of Object.entries(platformHeaders)) expect(res.headers.get(name), `${label}: ${name}`).toBe(value);
  };

  it('400 for a bad path, 404 for an unknown host, 405, 413 and 500 carry the platform headers', async () => {
    const bigSearch = JSON.stringify({ queries: [{ indexUid: 'kappa', q: 'x'.repeat(70 * 1024) }] });
    const answers: [number, Promise<Response>][] = [
      [400, get('/..%2f..%2fetc%2fpasswd')],
      [404, get('http://nobody.localhost:4321/')],
      [405, get('/', { method: 'POST' })],
      [413, get('/api/search/multi-search', { method: 'POST', body: bigSearch, headers: { 'content-type': 'application/json' } })],
      [500, get('/broken.html')],
      [404, get('/api/nope')],
    ];
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      for (const [status, pending] of answers) {
        const res = await pending;
        expect(res.status).toBe(status);
        expectPlatformHeaders(res, String(status));
      }
    } finally {
      errors.mockRestore();
    }
  });
});
