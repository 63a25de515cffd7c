import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cacheControlFor, candidateFiles, CompressionCache, etagMatches, isCompressible, pickEncoding, resolveSafePath, weakEtag } from './static';
import { contentTypeOf } from '../platform/http/content-types';

const root = path.resolve('/srv/dist/alpha');

describe('resolveSafePath', () => {
  it('maps paths inside the root', () => {
    expect(resolveSafePath(root, '/')).toBe(`${root}${path.sep}`);
    expect(resolveSafePath(root, '/about/')).toBe(path.join(root, 'about') + path.sep);
    expect(resolveSafePath(root, '/_astro/x.js')).toBe(path.join(root, '_astro', 'x.js'));
    expect(resolveSafePath(root, '/cars/used%20cars')).toBe(path.join(root, 'cars', 'used cars'));
  });
  it('rejects traversal, encoded separators, NUL and malformed escapes', () => {
    for (const probe of ['/../x', '/a/../../x', '/..%2fx', '/%2e%2e/x', '/a%5c..%5cx', '/a\\b', '/x%00', '/%E0%A4%A', '/./x', 'relative']) {
      expect(resolveSafePath(root, probe), probe).toBeNull();
    }
  });
});

describe('candidateFiles', () => {
  it('tries the file, a folder index, then .html', () => {
    expect(candidateFiles(path.join(root, 'about'))).toEqual([path.join(root, 'about'), path.join(root, 'about', 'index.html'), path.join(root, 'about.html')]);
    expect(candidateFiles(`${root}${path.sep}`)).toEqual([path.join(root, 'index.html')]);
  });
});

describe('contentTypeOf and isCompressible', () => {
  it('knows the site file types', () => {
    const expected: Record<string, string> = {
      'a.html': 'text/html; charset=utf-8',
      'a.css': 'text/css; charset=utf-8',
      'a.js': 'text/javascript; charset=utf-8',
      'a.mjs': 'text/javascript; charset=utf-8',
      'a.json': 'application/json; charset=utf-8',
      'a.svg': 'image/svg+xml',
      'a.png': 'image/png',
      'a.JPG': 'image/jpeg',
      'a.webp': 'image/webp',
      'a.avif': 'image/avif',
      'favicon.ico': 'image/x-icon',
      'robots.txt': 'text/plain; charset=utf-8',
      'google-vehicle-listings.csv': 'text/csv; charset=utf-8',
      'sitemap.xml': 'application/xml; charset=utf-8',
      'f.woff2': 'font/woff2',
      'site.webmanifest': 'application/manifest+json; charset=utf-8',
      'unknown.bin': 'application/octet-stream',
    };
    for (const [file, type] of Object.entries(expected)) expect(contentTypeOf(file), file).toBe(type);
  });
  it('compresses text, not images or fonts', () => {
    for (const f of ['a.html', 'a.css', 'a.js', 'a.json', 'a.svg', 'a.xml', 'a.txt', 'a.csv', 'a.webmanifest'])
      expect(isCompressible(contentTypeOf(f)), f).toBe(true);
    for (const f of ['a.png', 'a.jpg', 'a.webp', 'a.avif', 'a.woff2', 'a.ico']) expect(isCompressible(contentTypeOf(f)), f).toBe(false);
  });
});

describe('cacheControlFor', () => {
  it('follows the three cache classes', () => {
    expect(cacheControlFor('/_astro/index.abc123.js')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor('/assets/logo.svg')).toBe('public, max-age=86400');
    expect(cacheControlFor('/')).toBe('public, max-age=0, must-revalidate');
    expect(cacheControlFor('/_astroid.js')).toBe('public, max-age=0, must-revalidate');
    // A feed's stored photos are named by their content: a new photo is a new name.
    expect(cacheControlFor('/stock-photos/feed/0123456789abcdef0123-400.webp')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor('/stock-photos/feed/other.webp')).toBe('public, max-age=0, must-revalidate');
  });
});

describe('ETags', () => {
  it('are weak and built from size and mtime', () => {
    expect(weakEtag(255, 4096.7)).toBe('W/"ff-1000"');
  });
  it('match weakly, in lists and with *', () => {
    const tag = weakEtag(1, 2);
    expect(etagMatches(tag, tag)).toBe(true);
    expect(etagMatches('"1-2"', tag)).toBe(true);
    expect(etagMatches('"x", W/"1-2"', tag)).toBe(true);
    expect(etagMatches('*', tag)).toBe(true);
    expect(etagMatches('"1-3"', tag)).toBe(false);
    expect(etagMatches(undefined, tag)).toBe(false);
  });
});

describe('pickEncoding', () => {
  it('prefers brotli, honours q values and refusals', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('*;q=0')).toBeUndefined();
    expect(pickEncoding('identity')).toBeUndefined();
    expect(pickEncoding('')).toBeUndefined();
    expect(pickEncoding(undefined)).toBeUndefined();
  });
});

describe('CompressionCache', () => {
  const body = Buffer.from('hello world '.repeat(500));
  it('compresses once per file version and encoding', async () => {
    const cache = new CompressionCache();
    const a = cache.get('/f', 1, body, 'br');
    expect(cache.get('/f', 1, body, 'br')).toBe(a);
    expect(cache.get('/f', 2, body, 'br')).not.toBe(a);
    expect(cache.get('/f', 1, body, 'gzip')).not.toBe(a);
    expect((await a).length).toBeLessThan(body.length);
    expect(cache.size).toBe(3);
  });
  it('evicts least recently used entries past its byte budget', async () => {
    const cache = new CompressionCache(1);
    await cache.get('/a', 1, body, 'gzip');
    await cache.get('/b', 1, body, 'gzip');
    // Each entry alone exceeds the 1-byte budget, so nothing is kept after it is counted.
    expect(cache.size).toBe(0);
    expect(cache.bytes).toBe(0);
  });
});
