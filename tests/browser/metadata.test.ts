/**
 * What search engines and sharing previews read, which is all in the HTML as served: titles,
 * descriptions, canonical URLs, sharing images, JSON-LD, the sitemap and robots.txt, and the
 * server's headers. Read over HTTP from the test server and parsed, without a browser.
 */
import { load, type CheerioAPI } from 'cheerio';
import { describe, expect, inject, it } from 'vitest';
import { loadDealer } from '../../src/platform/config/load';
import { pageTypes } from './pages';
import { gunzipSync } from 'node:zlib';
import { get } from './http';
import { readSitemap } from './sitemap';
import { loadStock } from '../../src/stock/server/store';
import { carPageCars } from '../../src/site/site-pages';

type ItemList = { '@type': string; url: string; numberOfItems: number; itemListElement: { '@type': string; position: number; url: string; name: string }[] };

/** The ItemList names the cars the result cards show, in their order, by position and canonical car URL. */
function expectShownCarsListed($: CheerioAPI, list: ItemList, canonical: string): void {
  expect(list).toMatchObject({ '@type': 'ItemList', url: canonical });
  const shown = $('article')
    .toArray()
    .map((article) => new URL($(article).find('a[href*="/cars/"]').first().attr('href') ?? '', canonical).pathname);
  expect(shown.length).toBeGreaterThan(0);
  expect(list.numberOfItems).toBe(list.itemListElement.length);
  expect(list.itemListElement.map((item) => item.position)).toEqual(shown.map((_, i) => i + 1));
  expect(list.itemListElement.map((item) => new URL(item.url).pathname)).toEqual(shown);
  for (const item of list.itemListElement) {
    expect(item).toMatchObject({ '@type': 'ListItem', name: expect.any(String) as string });
    expect(item.url.startsWith(new URL('/cars/', canonical).href)).toBe(true);
  }
}

type Graph = { '@context': string; '@graph': { '@type': string; [key: string]: unknown }[] };

describe.each(inject('demoDealers'))('%s', (slug) => {
  const site = loadDealer(slug);
  const home = new URL('/', site.url).href;

  it('every page type has a title, description, canonical, sharing image and parseable JSON-LD', async () => {
    for (const { type, path } of pageTypes(slug).filter((p) => p.type !== '404')) {
      const response = await get(slug, path);
      expect(response.status, type).toBe(200);
      const $ = load(response.text);
      expect($('head > title').text(), type).toContain(site.name);
      expect($('meta[name="description"]').attr('content'), type).toBeTruthy();
      expect($('meta[name="keywords"]').length, type).toBe(1);
      expect($('link[rel="canonical"]').attr('href'), type).toBe(path === '/' ? home : `${home}${path.slice(1)}`);
      expect($('meta[property="og:image"]').attr('content'), type).toMatch(new RegExp(`^${home}`));
      const texts = $('script[type="application/ld+json"]')
        .toArray()
        .map((script) => $(script).text());
      const blocks = texts.map((b) => JSON.parse(b) as Graph & { '@type'?: string });
      // The dealer graph on every page; a car page adds its Car (checked in car.test.ts), a search
      // landing page the ItemList of the cars it shows first.
      expect(
        blocks.map((b) => b['@type'] ?? 'graph'),
        type,
      ).toEqual(type === 'car' ? ['graph', 'Car'] : type === 'search' ? ['graph', 'ItemList'] : ['graph']);
      if (type === 'search') expectShownCarsListed($, JSON.parse(texts[1] ?? '{}') as ItemList, `${home}${path.slice(1)}`);
      const data = blocks[0] as Graph;
      const types = data['@graph'].map((n) => n['@type']);
      expect(types.slice(0, 3), type).toEqual(['AutoDealer', 'Organization', 'WebSite']);
      expect(data['@graph'][2]?.potentialAction).toMatchObject({ 'query-input': 'required name=search_term_string' });
      if (type === 'home') expect(types.filter((t) => t === 'LocalBusiness')).toHaveLength(site.locations.filter((l) => l.visible).length);
      if (type === 'our-location') expect(types.filter((t) => t === 'LocalBusiness')).toHaveLength(1);
    }
  });

  it('gives every car page a title of its own, cars of one name included', async () => {
    const byName = new Map<string, string[]>();
    // The cars with a page of their own: a car the site hides has none (its address gets the car shell).
    const dayStart = Math.floor(Date.now() / 86_400_000) * 86_400;
    for (const car of carPageCars(site, loadStock(site, process.env), dayStart)) byName.set(car.name, [...(byName.get(car.name) ?? []), car.slug]);
    const twins = [...byName.values()].filter((slugs) => slugs.length > 1).slice(0, 3);
    expect(twins.length).toBeGreaterThan(0);
    for (const slugs of twins) {
      const titles = await Promise.all(slugs.map(async (s) => /<title>([^<]*)<\/title>/.exec((await get(slug, `/cars/${s}`)).body)?.[1]));
      expect(titles.every(Boolean)).toBe(true);
      expect(new Set(titles).size, titles.join(' / ')).toBe(slugs.length);
    }
  });

  it('serves a sitemap and robots.txt on the dealer’s own address', async () => {
    const { parts, pages: locs } = await readSitemap(slug);
    expect(parts.length).toBeGreaterThan(0);
    expect(parts.every((l) => l.startsWith(home))).toBe(true);
    expect(locs).toContain(home);
    expect(locs).toContain(`${home}contact`);
    expect(locs.every((l) => l?.startsWith(home))).toBe(true);
    const robots = (await get(slug, '/robots.txt')).body;
    expect(robots).toContain(`Sitemap: ${home}sitemap-index.xml`);
  });
});

describe('server', () => {
  it('sends security headers, a hashed-script CSP, compressed HTML, cached assets and a real 404', async () => {
    const slug = inject('demoDealers')[0] ?? '';
    const response = await get(slug, '/', { 'accept-encoding': 'gzip' });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    const html = gunzipSync(Buffer.from(response.body, 'latin1')).toString('utf8');
    const meta = /<meta http-equiv="content-security-policy" content="([^"]+)"/.exec(html)?.[1] ?? '';
    expect(meta).toMatch(/script-src 'self'( 'sha256-[^']+')+/);
    expect(meta).not.toContain('unsafe-inline');
    const notFound = await get(slug, '/no-such-page');
    expect(notFound.status).toBe(404);
    expect(notFound.body).toContain('Page not found');
    const logo = await get(slug, '/assets/logo.svg');
    expect(logo.status).toBe(200);
    expect(logo.headers['cache-control']).toMatch(/max-age=\d+/);
  });
});
