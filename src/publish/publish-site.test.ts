import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testSite } from '../../tests/support/test-site';
import { dealerAsPublished, publishSite } from './publish-site';
import type { SitePage, SiteRenderer } from './site-renderer';

describe('dealerAsPublished', () => {
  it('gives a dealer with a search key uid a signed tenant token in place of its key', () => {
    const site = testSite({
      search: { ...testSite().search, host: 'https://search.example', read_only_key: 'secret', read_only_key_uid: '5e2442b8-8cb8-4059-904d-dc2d13677c01' },
    });
    const published = dealerAsPublished(site, 1_800_000_000);
    expect(published.search.read_only_key).toMatch(/^eyJ[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(JSON.stringify(published)).not.toContain('secret');
  });

  it('leaves any other dealer as it is', () => {
    const site = testSite({ search: { ...testSite().search, host: 'https://search.example', read_only_key: 'public-key' } });
    expect(dealerAsPublished(site, 1_800_000_000)).toBe(site);
  });
});

describe('publishSite', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'publish-site-'));
    mkdirSync(path.join(root, 'client', '_astro'), { recursive: true });
    writeFileSync(path.join(root, 'client', '_astro', 'site.js'), 'console.log(1)');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  const html = (text: string): string =>
    `<html><head><meta http-equiv="content-security-policy" content="default-src 'self'"></head><body>${text}</body></html>`;

  /** A site of a home page, two car pages in folders of their own and a feed, each page's text given by `bodies`. */
  function renderer(bodies: Record<string, string>): SiteRenderer {
    const pages: SitePage[] = [
      { path: '/', file: 'index.html', route: '/' },
      { path: '/cars/a', file: 'cars/a/index.html', route: '/cars/[slug]', props: 'a' },
      { path: '/cars/b', file: 'cars/b/index.html', route: '/cars/[slug]', props: 'b' },
      { path: '/feeds/google.xml', file: 'feeds/google.xml', route: '/feeds/[file]', props: 'feed' },
    ];
    return {
      pages: () => Promise.resolve(pages),
      answers: () => Promise.resolve([]),
      async *render(_dealer, asked) {
        await Promise.resolve();
        for (const page of asked)
          yield { ...page, body: new TextEncoder().encode(bodies[page.file] ?? ''), inputs: { stock: page.route === '/feeds/[file]', searches: [] } };
      },
    };
  }

  const served = (file: string): string => readFileSync(path.join(root, 'dist', 'fixture-motors', file), 'utf8');

  it('writes every page of a full render into its own folders, and a later publish replaces the pages that changed', async () => {
    const site = testSite();
    const paths = { dealersDir: path.join(root, 'dealers'), distDir: path.join(root, 'dist') };
    const options = { clientDir: path.join(root, 'client'), key: 'same code' };
    const bodies = { 'index.html': html('home'), 'cars/a/index.html': html('a'), 'cars/b/index.html': html('b'), 'feeds/google.xml': '<feed>1</feed>' };
    const first = await publishSite(renderer(bodies), site, paths, { ...options, full: true });
    expect(first.rendered).toBe(4);
    expect(['index.html', 'cars/a/index.html', 'cars/b/index.html', 'feeds/google.xml'].map(served)).toEqual(Object.values(bodies));
    expect(served('_astro/site.js')).toBe('console.log(1)');

    // The second publish links unchanged pages into a new folder; the third brings the first's folder up to date.
    for (const feed of ['<feed>2</feed>', '<feed>3</feed>']) {
      const next = await publishSite(renderer({ ...bodies, 'feeds/google.xml': feed }), site, paths, options);
      expect(next.rendered).toBe(1);
      expect(served('feeds/google.xml')).toBe(feed);
      expect(served('cars/a/index.html')).toBe(html('a'));
    }
  });
});
