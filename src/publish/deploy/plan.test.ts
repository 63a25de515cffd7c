import { describe, expect, it } from 'vitest';
import { CACHE_DAY, CACHE_SHORT } from './file-kinds';
import { planDeploy } from './plan';
import type { SiteFile } from './site-folder';
import type { PublishedFile } from './target';

const hash = (c: string): string => c.repeat(64);
const file = (path: string, c: string, size = 10): SiteFile => ({ path, sha256: hash(c), size });

describe('planDeploy', () => {
  const site = [file('index.html', 'a'), file('cars/x/index.html', 'b'), file('_astro/app.1.js', 'c'), file('robots.txt', 'd')];

  it('uploads everything to an empty target, in upload order, and removes nothing', () => {
    const plan = planDeploy(site, new Map());
    expect(plan.uploads.map((u) => [u.file.path, u.reason])).toEqual([
      ['_astro/app.1.js', 'new'],
      ['cars/x/index.html', 'new'],
      ['index.html', 'new'],
      ['robots.txt', 'new'],
    ]);
    expect(plan.unchanged).toEqual([]);
    expect(plan.removals).toEqual([]);
    expect(plan.uploads[2]).toMatchObject({ contentType: 'text/html; charset=utf-8', cacheControl: CACHE_SHORT });
  });

  it('uploads only changed content, and removes what the site no longer has', () => {
    const published = new Map<string, PublishedFile>([
      ['index.html', { sha256: hash('a') }],
      ['cars/x/index.html', { sha256: hash('z') }],
      ['_astro/app.1.js', { sha256: hash('c') }],
      ['cars/sold/index.html', { sha256: hash('e') }],
      ['_astro/app.0.js', { sha256: hash('f') }],
    ]);
    const plan = planDeploy(site, published);
    expect(plan.uploads.map((u) => [u.file.path, u.reason])).toEqual([
      ['cars/x/index.html', 'changed'],
      ['robots.txt', 'new'],
    ]);
    expect(plan.unchanged.map((f) => f.path)).toEqual(['index.html', '_astro/app.1.js']);
    expect(plan.removals).toEqual(['_astro/app.0.js', 'cars/sold/index.html']);
  });

  it('uploads again an object whose hash the target cannot say', () => {
    const plan = planDeploy([file('index.html', 'a')], new Map([['index.html', { sha256: undefined }]]));
    expect(plan.uploads.map((u) => u.reason)).toEqual(['changed']);
  });

  it('uploads again same content stored with other headers, where the target keeps headers', () => {
    const published = new Map<string, PublishedFile>([
      ['index.html', { sha256: hash('a'), contentType: 'text/html; charset=utf-8', cacheControl: 'public, max-age=600' }],
      ['logo.png', { sha256: hash('b'), contentType: 'application/octet-stream', cacheControl: CACHE_DAY }],
      ['robots.txt', { sha256: hash('c'), contentType: 'text/plain; charset=utf-8', cacheControl: CACHE_SHORT }],
    ]);
    const plan = planDeploy([file('index.html', 'a'), file('logo.png', 'b'), file('robots.txt', 'c')], published);
    expect(plan.uploads.map((u) => [u.file.path, u.reason])).toEqual([
      ['logo.png', 'headers'],
      ['index.html', 'headers'],
    ]);
    expect(plan.unchanged.map((f) => f.path)).toEqual(['robots.txt']);
  });

  it('leaves a site that has not changed alone', () => {
    const published = new Map(site.map((f) => [f.path, { sha256: f.sha256 }]));
    const plan = planDeploy(site, published);
    expect(plan.uploads).toEqual([]);
    expect(plan.removals).toEqual([]);
    expect(plan.unchanged).toHaveLength(site.length);
  });
});
