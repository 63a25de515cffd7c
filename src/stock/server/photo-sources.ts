/**
 * Where a feed's photos are read from on import, chosen by `FEED_PHOTOS` like the providers'
 * adapters (src/providers/index.ts): an offline default that needs no network, and the real
 * adapter.
 *
 * - `files` (the default): photos beside the feed, in a `photos/` folder next to the feed file.
 *   A photo URL is looked up by its path (`https://cdn.example/a/b.jpg` → `photos/a/b.jpg`), then
 *   by its file name (`photos/b.jpg`). A dealer management system's export usually comes as the
 *   feed and a folder of its photos; this is also what tests and a demo use.
 * - `http`: each photo fetched from its URL, once (src/stock/server/feed-photos.ts remembers what
 *   it stored). A feed is outside input, so a URL is fetched only over http(s), never from a
 *   loopback, private or link-local address (checked on the address actually connected to, so a
 *   name that resolves to one is refused too), with a time limit, a size cap, at most
 *   `MAX_REDIRECTS` redirects (each checked again) and an image content type.
 *   `FEED_PHOTOS_ALLOW_PRIVATE=true` lifts the address rule for a photo host on the local network
 *   (and tests).
 */
import { createReadStream } from 'node:fs';
import { lstat, realpath, stat } from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { lookup as dnsLookup } from 'node:dns';
import path from 'node:path';

/** Bigger than any stock photo a camera or phone makes; refusing early keeps memory bounded. */
export const MAX_PHOTO_BYTES = 20 * 1024 * 1024;
export const PHOTO_TIMEOUT_MS = 15_000;
export const MAX_REDIRECTS = 3;

/** A photo that cannot be used, with the reason a dealer can act on. */
export class PhotoRefused extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'PhotoRefused';
  }
}

export interface PhotoSource {
  readonly kind: 'files' | 'http';
  /**
   * What identifies this photo's bytes without reading them: the URL for a web photo (fetched
   * once), the file's size and time beside the feed (a replaced file is read again).
   */
  identity(url: string): Promise<string>;
  /** The photo's bytes, at most `MAX_PHOTO_BYTES`; throws PhotoRefused with the reason. */
  read(url: string): Promise<Buffer>;
}

export interface PhotoSourceOptions {
  /** The feed file: the `files` source reads `<its folder>/photos/`. */
  feedFile: string;
  maxBytes?: number;
  timeoutMs?: number;
}

export type FeedPhotosMode = 'files' | 'http';

/** `FEED_PHOTOS`: `files` (default) or `http`; anything else is a setting mistake, said at once. */
export function feedPhotosMode(env: NodeJS.ProcessEnv): FeedPhotosMode {
  const value = env.FEED_PHOTOS?.trim() || 'files';
  if (value !== 'files' && value !== 'http') throw new Error(`FEED_PHOTOS must be "files" or "http", got "${value.slice(0, 40)}"`);
  return value;
}

export function photoSourceFromEnv(env: NodeJS.ProcessEnv, options: PhotoSourceOptions): PhotoSource {
  if (feedPhotosMode(env) === 'http') return httpPhotoSource({ ...options, allowPrivate: env.FEED_PHOTOS_ALLOW_PRIVATE === 'true' });
  return filesPhotoSource(path.join(path.dirname(path.resolve(options.feedFile)), 'photos'), options);
}

// ---------------------------------------------------------------------------
// Files beside the feed
// ---------------------------------------------------------------------------

/** The relative paths a photo reference may be found at in the photos folder, best first. */
export function photoFileCandidates(url: string): string[] {
  let pathname: string;
  try {
    // A relative reference ("car1.jpg", "a/b.jpg") is a path in the folder; a URL gives its path.
    pathname = /^https?:\/\//i.test(url) ? new URL(url).pathname : new URL(url, 'file:///').pathname;
  } catch {
    return [];
  }
  let segments: string[];
  try {
    segments = pathname
      .split('/')
      .filter((s) => s !== '')
      .map((s) => decodeURIComponent(s));
  } catch {
    return [];
  }
  // Nothing that could climb out of the folder or name something odd: plain names only.
  if (segments.length === 0 || segments.some((s) => s === '.' || s === '..' || !/^[\w.@+=, -]{1,200}$/.test(s))) return [];
  const whole = segments.join('/');
  const name = segments[segments.length - 1]!;
  return whole === name ? [name] : [whole, name];
}

export function filesPhotoSource(folder: string, options: { maxBytes?: number } = {}): PhotoSource {
  const maxBytes = options.maxBytes ?? MAX_PHOTO_BYTES;
  const shown = `${path.basename(folder)}/`;

  async function find(url: string): Promise<{ file: string; size: number; mtimeMs: number }> {
    const candidates = photoFileCandidates(url);
    if (candidates.length === 0) throw new PhotoRefused('has no file name to look for beside the feed');
    let root: string;
    try {
      root = await realpath(folder);
    } catch {
      throw new PhotoRefused(`no ${shown} folder beside the feed (FEED_PHOTOS=files looks there)`);
    }
    for (const candidate of candidates) {
      const file = path.join(root, candidate);
      try {
        // The real path must stay in the folder: a link out of it is not a photo beside the feed.
        const real = await realpath(file);
        if (!real.startsWith(root + path.sep)) continue;
        const info = await stat(real);
        if (!info.isFile()) continue;
        return { file: real, size: info.size, mtimeMs: info.mtimeMs };
      } catch {
        continue;
      }
    }
    throw new PhotoRefused(`not found beside the feed (looked for ${candidates.map((c) => shown + c).join(', ')})`);
  }

  return {
    kind: 'files',
    async identity(url) {
      const found = await find(url);
      return `file:${path.relative(folder, found.file)}:${found.size}:${Math.floor(found.mtimeMs)}`;
    },
    async read(url) {
      const found = await find(url);
      if (found.size > maxBytes) throw new PhotoRefused(`is ${megabytes(found.size)}; photos over ${megabytes(maxBytes)} are refused`);
      const info = await lstat(found.file);
      if (!info.isFile()) throw new PhotoRefused('is not a file');
      return readCapped(createReadStream(found.file), maxBytes);
    },
  };
}

// ---------------------------------------------------------------------------
// HTTP(S)
// ---------------------------------------------------------------------------

/**
 * Addresses a feed's photo URL may not reach: this machine, the private networks, link-local
 * (cloud metadata at 169.254.169.254), carrier-grade NAT, multicast and the unspecified address.
 */
export const PRIVATE_ADDRESSES = (() => {
  const list = new BlockList();
  for (const [net, prefix] of [
    ['0.0.0.0', 8],
    ['10.0.0.0', 8],
    ['100.64.0.0', 10],
    ['127.0.0.0', 8],
    ['169.254.0.0', 16],
    ['172.16.0.0', 12],
    ['192.0.0.0', 24],
    ['192.168.0.0', 16],
    ['198.18.0.0', 15],
    ['224.0.0.0', 3],
  ] as const)
    list.addSubnet(net, prefix, 'ipv4');
  for (const [net, prefix] of [
    ['::', 128],
    ['::1', 128],
    ['fc00::', 7],
    ['fe80::', 10],
    ['ff00::', 8],
  ] as const)
    list.addSubnet(net, prefix, 'ipv6');
  return list;
})();

/** Whether an IP address is one a feed's URL may not reach (an IPv4-mapped IPv6 address as its IPv4). */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return PRIVATE_ADDRESSES.check(mapped[1]!, 'ipv4');
  const family = isIP(address);
  if (family === 0) return true;
  return PRIVATE_ADDRESSES.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

type Resolve = (hostname: string, callback: (error: NodeJS.ErrnoException | null, addresses: { address: string; family: number }[]) => void) => void;

const resolveAll: Resolve = (hostname, callback) => dnsLookup(hostname, { all: true }, callback);

/**
 * A DNS lookup for the socket that refuses a name with any private address, so the address
 * checked is the one connected to (a name cannot pass the check and then resolve elsewhere).
 * Answers in both forms a socket asks for: one address, or all of them (`all`, when Node tries
 * IPv4 and IPv6 in turn).
 */
export function guardedLookupWith(resolve: Resolve): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, (error, list) => {
      if (error) return callback(error, '', 4);
      const refused = list.find((a) => isPrivateAddress(a.address));
      if (refused) return callback(new PhotoRefused(`${hostname} resolves to a private address (${refused.address})`), '', 4);
      const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family;
      const wanted = list.filter((a) => !family || a.family === family);
      const first = wanted[0];
      if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '', 4);
      if (options.all) return (callback as unknown as (e: null, a: typeof list) => void)(null, wanted);
      callback(null, first.address, first.family);
    });
  };
}

export const guardedLookup = guardedLookupWith(resolveAll);

export interface HttpPhotoSourceOptions {
  maxBytes?: number;
  timeoutMs?: number;
  /** Allow loopback and private addresses (a photo host on the local network; tests). */
  allowPrivate?: boolean;
}

export function httpPhotoSource(options: HttpPhotoSourceOptions = {}): PhotoSource {
  const maxBytes = options.maxBytes ?? MAX_PHOTO_BYTES;
  const timeoutMs = options.timeoutMs ?? PHOTO_TIMEOUT_MS;
  const allowPrivate = options.allowPrivate ?? false;

  function checkUrl(raw: string): URL {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new PhotoRefused('is not a URL');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new PhotoRefused(`${url.protocol} URLs are not fetched, only http(s)`);
    if (url.username || url.password) throw new PhotoRefused('URLs with credentials are not fetched');
    const host = url.hostname.replace(/^\[|\]$/g, '');
    // An address literal skips the DNS lookup, so it is checked here.
    if (!allowPrivate && (isIP(host) !== 0 ? isPrivateAddress(host) : host === 'localhost' || host.endsWith('.localhost'))) {
      throw new PhotoRefused(`${host} is a private address; photos are fetched from public hosts only`);
    }
    return url;
  }

  function get(url: URL, signal: AbortSignal): Promise<http.IncomingMessage> {
    const client = url.protocol === 'https:' ? https : http;
    return new Promise((resolve, reject) => {
      const request = client.get(
        url,
        { signal, headers: { Accept: 'image/avif,image/webp,image/jpeg,image/png,image/*;q=0.8' }, ...(allowPrivate ? {} : { lookup: guardedLookup }) },
        resolve,
      );
      request.on('error', reject);
    });
  }

  async function read(raw: string): Promise<Buffer> {
    const signal = AbortSignal.timeout(timeoutMs);
    let url = checkUrl(raw);
    try {
      for (let redirects = 0; ; redirects++) {
        const response = await get(url, signal);
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400 && response.headers.location) {
          response.resume();
          if (redirects >= MAX_REDIRECTS) throw new PhotoRefused(`more than ${MAX_REDIRECTS} redirects`);
          url = checkUrl(new URL(response.headers.location, url).href);
          continue;
        }
        if (status !== 200) {
          response.resume();
          throw new PhotoRefused(`the photo host answered ${status}`);
        }
        const type = (response.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
        // Some hosts send photos as bytes; the content itself is checked after (magic bytes, decoding).
        if (type !== '' && type !== 'application/octet-stream' && (!type.startsWith('image/') || type === 'image/svg+xml')) {
          response.resume();
          throw new PhotoRefused(`is ${type.slice(0, 60)}, not a photo`);
        }
        const declared = Number(response.headers['content-length']);
        if (Number.isFinite(declared) && declared > maxBytes) {
          response.destroy();
          throw new PhotoRefused(`is ${megabytes(declared)}; photos over ${megabytes(maxBytes)} are refused`);
        }
        return await readCapped(response, maxBytes);
      }
    } catch (error) {
      if (error instanceof PhotoRefused) throw error;
      if (signal.aborted) throw new PhotoRefused(`no answer within ${Math.round(timeoutMs / 1000)} s`);
      const cause = error instanceof Error ? ((error as NodeJS.ErrnoException).code ?? error.message) : String(error);
      // The lookup's own refusal arrives wrapped by the socket.
      if (error instanceof Error && error.message.includes('resolves to a private address')) throw new PhotoRefused(error.message);
      throw new PhotoRefused(`could not be fetched (${cause.slice(0, 120)})`);
    }
  }

  return { kind: 'http', identity: (url) => Promise.resolve(url), read };
}

// ---------------------------------------------------------------------------

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** All of a stream's bytes, stopping (and refusing) as soon as it passes `maxBytes`. */
async function readCapped(stream: NodeJS.ReadableStream & { destroy?: () => void }, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    total += buffer.length;
    if (total > maxBytes) {
      stream.destroy?.();
      throw new PhotoRefused(`is over ${megabytes(maxBytes)}; larger photos are refused`);
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}
