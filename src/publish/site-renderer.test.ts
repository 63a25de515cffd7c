import type { SSRManifest } from 'astro';
import { describe, expect, it } from 'vitest';
import { createSiteRenderer, outputFile } from './site-renderer';

describe('createSiteRenderer', () => {
  it("loads each page's module, the actions and the middleware once, however many pages Astro renders", async () => {
    const loads = { page: 0, actions: 0, middleware: 0 };
    const page = { page: () => Promise.resolve({}) };
    const manifest = {
      routes: [],
      pageMap: new Map([['src/pages/index.astro', () => (loads.page++, Promise.resolve(page))]]),
      actions: () => (loads.actions++, Promise.resolve({ server: {} })),
      middleware: () => (loads.middleware++, Promise.resolve({ onRequest: () => undefined })),
    } as unknown as SSRManifest;
    createSiteRenderer(manifest);
    for (let i = 0; i < 3; i++) {
      expect(await manifest.pageMap!.get('src/pages/index.astro')!()).toBe(page);
      await manifest.actions!();
      await manifest.middleware!();
    }
    expect(loads).toEqual({ page: 1, actions: 1, middleware: 1 });
  });
});

describe('outputFile', () => {
  it('writes pages as folders with an index.html, the not-found page as 404.html and endpoints as named', () => {
    expect(outputFile({ type: 'page', route: '/' }, '/')).toBe('index.html');
    expect(outputFile({ type: 'page', route: '/cars/[slug]' }, '/cars/2021-toyota-hilux-1')).toBe('cars/2021-toyota-hilux-1/index.html');
    expect(outputFile({ type: 'page', route: '/404' }, '/404')).toBe('404.html');
    expect(outputFile({ type: 'endpoint', route: '/feeds/[file]' }, '/feeds/google.xml')).toBe('feeds/google.xml');
  });
});
