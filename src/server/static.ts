/**
 * Serving one dealer's built folder: safe path resolution, content types, cache rules, ETags and
 * compression. Kept free of Hono so each rule is testable on its own; app.ts wires them together.
 */
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import path from 'node:path';
import { parseFeedPhotoUrl } from '../stock/model/feed-photo';

/** Text formats gain from compression; images and fonts are already compressed. */
export function isCompressible(type: string): boolean {
  const base = type.split(';')[0]?.trim() ?? '';
  return base.startsWith('text/') || base === 'image/svg+xml' || /^application\/(json|xml|manifest\+json|javascript)$/.test(base);
}

/** Below this, compression saves less than its headers and CPU cost. */
export const MIN_COMPRESS_BYTES = 1024;

/**
 * Maps a URL pathname (still percent-encoded) to a file path inside `root`, or null when the path
 * must not be served. Rejects rather than normalises: a request for `..`, an encoded slash or
 * backslash, or a NUL byte is never a link a built site contains, only a probe.
 */
export function resolveSafePath(root: string, pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (!decoded.startsWith('/') || decoded.includes('\0') || decoded.includes('\\')) return null;
  if (decoded.split('/').some((segment) => segment === '..' || segment === '.')) return null;
  const base = path.resolve(root);
  const full = path.resolve(base, `.${decoded}`);
  // Belt and braces after the segment check: whatever the decoding, the result stays in root.
  if (full !== base && !full.startsWith(base + path.sep)) return null;
  return decoded.endsWith('/') ? `${full}${path.sep}` : full;
}

/** Files that may answer a request for `resolved`, in order: the file, a folder's index, `x.html`. */
export function candidateFiles(resolved: string): string[] {
  if (resolved.endsWith(path.sep)) return [path.join(resolved, 'index.html')];
  return [resolved, path.join(resolved, 'index.html'), `${resolved}.html`];
}

/**
 * Astro names everything under /_astro/ by content hash, and a feed's stored photos are named by
 * theirs, so they can be cached forever. Dealer assets keep their names across edits, so a day.
 * HTML must be revalidated so a rebuild shows at once.
 */
export function cacheControlFor(pathname: string): string {
  if (pathname.startsWith('/_astro/') || parseFeedPhotoUrl(pathname)) return 'public, max-age=31536000, immutable';
  if (pathname.startsWith('/assets/')) return 'public, max-age=86400';
  return 'public, max-age=0, must-revalidate';
}

/** Weak because the same tag covers the identity, gzip and brotli bodies of a file. */
export function weakEtag(size: number, mtimeMs: number): string {
  return `W/"${size.toString(16)}-${Math.floor(mtimeMs).toString(16)}"`;
}

/** If-None-Match uses weak comparison (RFC 9110 13.1.2): `W/` is ignored on both sides. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const strip = (tag: string): string => tag.trim().replace(/^W\//, '');
  const wanted = strip(etag);
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || strip(tag) === wanted);
}

export type Encoding = 'br' | 'gzip';

/** The best encoding the client accepts: brotli over gzip at equal preference; `q=0` refuses. */
export function pickEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  const q = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name.trim(), Number.isFinite(value) ? value : 0);
  }
  const weight = (name: Encoding): number => q.get(name) ?? q.get('*') ?? 0;
  const br = weight('br');
  const gz = weight('gzip');
  if (br <= 0 && gz <= 0) return undefined;
  return br >= gz ? 'br' : 'gzip';
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

function compress(body: Buffer, encoding: Encoding): Promise<Buffer> {
  if (encoding === 'gzip') return gzipAsync(body, { level: 9 });
  // Quality 9 rather than 11: within a few percent of the size at a fraction of the time, and
  // the first request for each file pays it.
  return brotli(body, {
    params: {
      [zlibConstants.BROTLI_PARAM_QUALITY]: 9,
      [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
      [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
}

/**
 * Compressed bodies by file, mtime, size and encoding. Built files never change in place (a
 * rebuild gives a new mtime, hence a new key), so entries never need invalidating, only evicting
 * when the cache outgrows its budget. Promises are cached so concurrent first requests compress once.
 */
export class CompressionCache {
  private readonly entries = new Map<string, { body: Promise<Buffer>; size: number }>();
  private total = 0;

  constructor(private readonly maxBytes = 64 * 1024 * 1024) {}

  get(file: string, mtimeMs: number, body: Buffer, encoding: Encoding): Promise<Buffer> {
    const key = `${file}\0${mtimeMs}\0${body.length}\0${encoding}`;
    const hit = this.entries.get(key);
    if (hit) {
      // Re-insert so eviction drops the least recently used entries first.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.body;
    }
    const entry = { body: compress(body, encoding), size: 0 };
    this.entries.set(key, entry);
    entry.body.then(
      (out) => {
        if (this.entries.get(key) !== entry) return;
        entry.size = out.length;
        this.total += out.length;
        this.evict();
      },
      () => this.entries.delete(key),
    );
    return entry.body;
  }

  get bytes(): number {
    return this.total;
  }

  get size(): number {
    return this.entries.size;
  }

  private evict(): void {
    for (const [key, entry] of this.entries) {
      if (this.total <= this.maxBytes) break;
      this.entries.delete(key);
      this.total -= entry.size;
    }
  }
}
