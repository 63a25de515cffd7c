import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app';
import { FallbackRoutes } from './fallback';

let work: string;
let dist: string;
let app: ReturnType<typeof createApp>;
const logged: string[] = [];

function write(rel: string, content: string): void {
  const file = path.join(dist, rel);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
}

const routes = (fallbacks: { prefix: string; page: string }[]): string => JSON.stringify({ fallbacks });

beforeAll(() => {
  work = mkdtempSync(path.join(tmpdir(), 'fallback-'));
  dist = path.join(work, 'dist');
  for (const slug of ['alpha', 'beta']) {
    write(`${slug}/index.html`, `<title>${slug} home</title>`);
    write(`${slug}/404.html`, `<title>${slug} not found</title>`);
    write(`${slug}/cars/index.html`, `<title>${slug} all cars</title>`);
    write(`${slug}/cars/built-car/index.html`, `<title>${slug} built car</title>`);
    write(`${slug}/shell/car/index.html`, `<title>${slug} car shell</title>`);
    write(`${slug}/shell/search/index.html`, `<title>${slug} search shell</title>`);
  }
  write(
    'alpha/routes.json',
    routes([
      { prefix: '/cars/', page: '/shell/car/' },
      { prefix: '/search/', page: '/shell/search/' },
      { prefix: '/pre-owned/', page: '/shell/search/' },
    ]),
  );
  write('beta/routes.json', '{"fallbacks": [{"prefix": "/cars/", "page": "//evil.example/"}]}');
  app = createApp({ distDir: dist, dealers: ['alpha', 'beta'], defaultDealer: 'alpha', domains: new Map(), search: { get: () => Promise.resolve(undefined) } });
});

afterAll(() => rmSync(work, { recursive: true, force: true }));

const get = (url: string, method = 'GET'): Promise<Response> =>
  Promise.resolve(app.request(url.startsWith('http') ? url : `http://127.0.0.1:4321${url}`, { method }));

describe('shell pages for unbuilt URLs (routes.json)', () => {
  it('serves the car shell for a car added after the build, with 200 and noindex', async () => {
    const res = await get('/cars/new-arrival-2025-toyota-hilux-123');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-robots-tag')).toBe('noindex');
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await res.text()).toContain('alpha car shell');
  });

  it('serves the search shell for unbuilt search paths, including the dealer default path', async () => {
    expect(await (await get('/search/used-cars/toyota/hilux')).text()).toContain('search shell');
    expect(await (await get('/pre-owned/ford')).text()).toContain('search shell');
  });

  it('answers HEAD like GET, without a body', async () => {
    const res = await get('/cars/another-car', 'HEAD');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-robots-tag')).toBe('noindex');
    expect(await res.text()).toBe('');
  });

  it('still serves built pages themselves, without noindex', async () => {
    const res = await get('/cars/built-car/');
    expect(await res.text()).toContain('built car');
    expect(res.headers.get('x-robots-tag')).toBeNull();
    expect(await (await get('/cars/')).text()).toContain('all cars');
  });

  it('gives the 404 page outside the fallback prefixes and for missing files with an extension', async () => {
    for (const url of ['/nowhere', '/cars/photo.jpg', '/shellish']) {
      const res = await get(url);
      expect(res.status, url).toBe(404);
      expect(await res.text()).toContain('alpha not found');
    }
  });

  it('ignores a routes file that points outside the site, saying so once', async () => {
    const rules = new FallbackRoutes(dist, (m) => logged.push(m));
    expect(await rules.pageFor('beta', '/cars/x')).toBeUndefined();
    expect(await rules.pageFor('beta', '/cars/y')).toBeUndefined();
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatch(/beta\/routes\.json is not a valid routes file/);
    const res = await get('http://beta.localhost:4321/cars/x');
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('beta not found');
  });

  it('has no fallbacks for a site built without routes.json', async () => {
    expect(await new FallbackRoutes(dist).pageFor('gamma', '/cars/x')).toBeUndefined();
  });

  it('re-reads routes.json when a rebuild changes it', async () => {
    expect((await get('/models/new-model')).status).toBe(404);
    write('alpha/routes.json', routes([{ prefix: '/models/', page: '/shell/search/' }]));
    const later = new Date(Date.now() + 5000);
    utimesSync(path.join(dist, 'alpha/routes.json'), later, later);
    expect((await get('/models/new-model')).status).toBe(200);
    expect((await get('/cars/not-any-more')).status).toBe(404);
  });
});
