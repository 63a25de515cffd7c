import { describe, expect, it } from 'vitest';
import { CACHE_DAY, CACHE_IMMUTABLE, CACHE_SHORT, cacheControlFor, compareUploadOrder, contentTypeFor, fileKind } from './file-kinds';

describe('cache headers by kind of file', () => {
  it.each([
    ['index.html', CACHE_SHORT],
    ['cars/2021-toyota-hilux-123/index.html', CACHE_SHORT],
    ['404.html', CACHE_SHORT],
    ['feeds/google-vehicle-ads.xml', CACHE_SHORT],
    ['feeds/google-vehicle-listings.csv', CACHE_SHORT],
    ['feeds/report.json', CACHE_SHORT],
    ['sitemap-index.xml', CACHE_SHORT],
    ['sitemap-0.xml', CACHE_SHORT],
    ['robots.txt', CACHE_SHORT],
    ['routes.json', CACHE_SHORT],
    ['manifest.webmanifest', CACHE_SHORT],
    ['_headers', CACHE_SHORT],
    ['_astro/BaseLayout.Cx8fA2k1.css', CACHE_IMMUTABLE],
    ['_astro/client.D3k9aB.js', CACHE_IMMUTABLE],
    ['_astro/inter-latin.B2xhLi2e.woff2', CACHE_IMMUTABLE],
    ['assets/kingfisher-toyota/logo.svg', CACHE_DAY],
    ['stock-photos/800/suv-white-front.jpg', CACHE_DAY],
    ['stock-photos/feed/0123456789abcdef0123-800.jpg', CACHE_IMMUTABLE],
    ['stock-photos/feed/0123456789abcdef0123-400.webp', CACHE_IMMUTABLE],
    ['stock-photos/feed/car1-400.webp', CACHE_DAY],
    ['favicon.ico', CACHE_DAY],
    ['fonts/inter.woff2', CACHE_DAY],
  ])('%s: %s', (sitePath, expected) => {
    expect(cacheControlFor(sitePath)).toBe(expected);
  });

  it('keeps the three lifetimes distinct', () => {
    expect(new Set([CACHE_SHORT, CACHE_DAY, CACHE_IMMUTABLE]).size).toBe(3);
    expect(CACHE_IMMUTABLE).toBe('public, max-age=31536000, immutable');
  });

  it('takes only a leading _astro/ folder as hashed', () => {
    expect(fileKind('assets/_astro/logo.png')).toBe('static-file');
    expect(fileKind('_astro/x.js')).toBe('hashed-asset');
  });
});

describe('content types', () => {
  it.each([
    ['index.html', 'text/html; charset=utf-8'],
    ['_astro/a.CSS', 'text/css; charset=utf-8'],
    ['_astro/a.js', 'text/javascript; charset=utf-8'],
    ['routes.json', 'application/json; charset=utf-8'],
    ['feeds/google-vehicle-ads.xml', 'application/xml; charset=utf-8'],
    ['feeds/meta-vehicles.csv', 'text/csv; charset=utf-8'],
    ['robots.txt', 'text/plain; charset=utf-8'],
    ['_headers', 'text/plain; charset=utf-8'],
    ['assets/logo.svg', 'image/svg+xml'],
    ['stock-photos/400/ute-red-side.jpg', 'image/jpeg'],
    ['assets/hero.webp', 'image/webp'],
    ['assets/hero.avif', 'image/avif'],
    ['favicon.ico', 'image/x-icon'],
    ['_astro/font.woff2', 'font/woff2'],
    ['manifest.webmanifest', 'application/manifest+json; charset=utf-8'],
    ['assets/brochure.pdf', 'application/pdf'],
    ['assets/mystery.bin', 'application/octet-stream'],
    ['LICENSE', 'application/octet-stream'],
    ['.well-known/security', 'application/octet-stream'],
  ])('%s is %s', (sitePath, expected) => {
    expect(contentTypeFor(sitePath)).toBe(expected);
  });
});

describe('upload order', () => {
  it('sends what pages load first, pages deepest first, and what lists pages last', () => {
    const paths = [
      'sitemap-0.xml',
      'index.html',
      'feeds/google-vehicle-ads.xml',
      'cars/2021-toyota-hilux-123/index.html',
      'search/index.html',
      'stock-photos/800/suv-white-front.jpg',
      '_astro/client.D3k9aB.js',
      'robots.txt',
    ];
    expect([...paths].sort(compareUploadOrder)).toEqual([
      '_astro/client.D3k9aB.js',
      'stock-photos/800/suv-white-front.jpg',
      'cars/2021-toyota-hilux-123/index.html',
      'search/index.html',
      'index.html',
      'feeds/google-vehicle-ads.xml',
      'robots.txt',
      'sitemap-0.xml',
    ]);
  });
});
