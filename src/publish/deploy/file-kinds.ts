/**
 * The one place that decides, per file of a dealer's site, the headers it is uploaded with and
 * when it goes up relative to the others. Paths are the site's own, relative to its root and
 * with forward slashes: `index.html`, `cars/2021-toyota-hilux-123/index.html`, `_astro/app.4f2a.js`.
 *
 * Why these lifetimes (docs/decisions/deploy.md 'Cache headers'):
 * - pages and everything made from the stock (feeds, sitemaps, robots.txt, routes.json, other
 *   JSON) change on every stock import: a price drops, a car sells. A minute bounds how long a
 *   browser, or a CDN whose purge hook is not wired, shows the old answer; `must-revalidate`
 *   then costs a 304 against the ETag, not a download.
 * - Astro names every file under `/_astro/` after its content, so a changed file has a new name;
 *   so does the stock import name a feed's stored photos (`/stock-photos/feed/`).
 * - dealer images, fonts and stock photos keep their names when edited, but rarely are: a day.
 */
import { contentTypeOf, PLAIN_TEXT } from '../../platform/http/content-types';
import { parseFeedPhotoUrl } from '../../stock/model/feed-photo';

export const CACHE_SHORT = 'public, max-age=60, must-revalidate';
export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';
export const CACHE_DAY = 'public, max-age=86400';

export type FileKind =
  /** Named by content hash: under `/_astro/`, and a feed's stored photos. */
  | 'hashed-asset'
  /** Images, fonts, dealer assets, stock photos: anything else that is not made from the stock. */
  | 'static-file'
  /** An HTML page. */
  | 'page'
  /** What lists or points at pages: feeds, sitemaps, robots.txt, routes.json, other JSON and text. */
  | 'listing';

/** Extensions of files a build writes from the stock or the dealer file, and rewrites each build. */
const LISTING_EXTENSIONS = new Set(['json', 'xml', 'txt', 'csv', 'webmanifest']);

function extensionOf(sitePath: string): string {
  const name = sitePath.slice(sitePath.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot + 1).toLowerCase();
}

export function fileKind(sitePath: string): FileKind {
  if (sitePath.startsWith('_astro/') || parseFeedPhotoUrl(`/${sitePath}`)) return 'hashed-asset';
  const extension = extensionOf(sitePath);
  if (extension === 'html') return 'page';
  // `_headers` holds the pages' script hashes: it belongs with the pages it was built with.
  if (sitePath.startsWith('feeds/') || sitePath === '_headers' || LISTING_EXTENSIONS.has(extension)) return 'listing';
  return 'static-file';
}

/** `_headers` has no extension but is text; an unknown extension is sent as bytes rather than guessed. */
export function contentTypeFor(sitePath: string): string {
  if (sitePath === '_headers') return PLAIN_TEXT;
  return contentTypeOf(sitePath);
}

export function cacheControlFor(sitePath: string): string {
  switch (fileKind(sitePath)) {
    case 'hashed-asset':
      return CACHE_IMMUTABLE;
    case 'static-file':
      return CACHE_DAY;
    case 'page':
    case 'listing':
      return CACHE_SHORT;
  }
}

export interface FileHeaders {
  contentType: string;
  cacheControl: string;
}

export function headersFor(sitePath: string): FileHeaders {
  return { contentType: contentTypeFor(sitePath), cacheControl: cacheControlFor(sitePath) };
}

const UPLOAD_RANK: Record<FileKind, number> = { 'hashed-asset': 0, 'static-file': 1, page: 2, listing: 3 };

/**
 * The order files go up in, so that what a file refers to is there before it: scripts, styles
 * and images before the pages that load them; pages deepest first, so a new car page is up
 * before the search pages and home page that link to it; feeds and sitemaps, which point at
 * pages, last. Uploads run a few at a time, so the order holds to within that many files.
 */
export function compareUploadOrder(a: string, b: string): number {
  const byRank = UPLOAD_RANK[fileKind(a)] - UPLOAD_RANK[fileKind(b)];
  if (byRank !== 0) return byRank;
  const depth = (p: string): number => p.split('/').length;
  const byDepth = depth(b) - depth(a);
  if (byDepth !== 0) return byDepth;
  return a < b ? -1 : a > b ? 1 : 0;
}
