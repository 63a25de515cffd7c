/**
 * A feed's photos made the site's own on import: each photo read once (src/stock/server/photo-sources.ts,
 * `FEED_PHOTOS`), checked, converted with sharp to the site's widths (WebP for pages, a JPEG for
 * the ad feeds) and stored under a name made from its content in `<STOCK_PHOTOS_DIR>/<dealer>/`;
 * the cars then point at `/stock-photos/feed/<hash>-<width>.<format>` (src/stock/model/feed-photo.ts),
 * which the dealer's site publishes. No car is left pointing at the feed's photo host.
 *
 * A photo that cannot be read or is not a usable photo is left out of its car and reported; the
 * car stays. What was stored is remembered by the photo's identity (its URL; a file's size and
 * time) in `index.json`, and by its content hash on disk, so the next import reads and converts
 * only new photos. Decision: docs/decisions/feed-photos.md.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import {
  FEED_PHOTO_HASH,
  FEED_PHOTO_VARIANTS,
  feedPhotoFileName,
  feedPhotoUrl,
  parseFeedPhotoUrl,
  type FeedPhotoFormat,
  type FeedPhotoWidth,
} from '../model/feed-photo';
import type { Vehicle } from '../model/vehicle';
import { logUrl } from '../../platform/http/outbound';
import { PhotoRefused, photoSourceFromEnv, type PhotoSource } from './photo-sources';
import { dealerPhotosDir } from './photo-store';

/**
 * Pixels a photo may have: 50 megapixels is more than any camera a dealer uses. Sharp refuses
 * larger ones before decoding them, so a small file that would unpack into gigabytes
 * (a decompression bomb) costs nothing.
 */
export const MAX_PHOTO_PIXELS = 50_000_000;
/** Photos read at once over the network, and converted at once (sharp uses several threads per photo). */
export const DEFAULT_FETCH_CONCURRENCY = 4;
export const MAX_FETCH_CONCURRENCY = 16;
export const CONVERT_CONCURRENCY = 2;
/** Part of every stored name: a change to the conversion below must change it, so no old file keeps its name. */
const CONVERSION_VERSION = 'v1 webp q75 jpeg q80 mozjpeg';

/** The raster formats taken, by their first bytes; everything else (SVG, HTML, PDF…) is refused unread. */
export function sniffPhotoFormat(bytes: Buffer): 'jpeg' | 'png' | 'gif' | 'webp' | 'avif' | 'tiff' | undefined {
  const at = (offset: number, text: string): boolean => bytes.subarray(offset, offset + text.length).toString('latin1') === text;
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (at(0, '\x89PNG\r\n\x1a\n')) return 'png';
  if (at(0, 'GIF87a') || at(0, 'GIF89a')) return 'gif';
  if (at(0, 'RIFF') && at(8, 'WEBP')) return 'webp';
  if (at(4, 'ftypavif') || at(4, 'ftypavis')) return 'avif';
  if (at(0, 'II*\x00') || at(0, 'MM\x00*')) return 'tiff';
  return undefined;
}

export const photoHash = (bytes: Buffer): string => createHash('sha256').update(CONVERSION_VERSION).update(bytes).digest('hex').slice(0, 20);

/**
 * The stored variants of one photo, from its bytes: refused with a reason when it is not a raster
 * photo, has too many pixels or cannot be decoded. Turned upright by its EXIF orientation; its
 * metadata (GPS position, camera serial) is not kept.
 */
export async function convertPhoto(bytes: Buffer): Promise<{ width: FeedPhotoWidth; format: FeedPhotoFormat; data: Buffer }[]> {
  const format = sniffPhotoFormat(bytes);
  if (!format) throw new PhotoRefused('is not a photo (JPEG, PNG, WebP, AVIF, GIF or TIFF)');
  const input = { limitInputPixels: MAX_PHOTO_PIXELS, failOn: 'error' as const, animated: false };
  let meta: sharp.Metadata;
  try {
    // Only the header is read here, so the pixel limit is checked below with the photo's size in the reason.
    meta = await sharp(bytes, { ...input, limitInputPixels: false }).metadata();
  } catch (error) {
    throw new PhotoRefused(`cannot be read as ${format.toUpperCase()} (${reasonOf(error)})`);
  }
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  if (width === 0 || height === 0) throw new PhotoRefused('has no size');
  if (width * height > MAX_PHOTO_PIXELS)
    throw new PhotoRefused(`is ${width} × ${height} pixels; photos over ${MAX_PHOTO_PIXELS / 1_000_000} megapixels are refused`);
  try {
    // Decoded once, at the largest width (a JPEG shrinks while it decodes); each variant is encoded from those pixels.
    const { data: pixels, info } = await sharp(bytes, input)
      .rotate()
      .resize({ width: Math.max(...FEED_PHOTO_VARIANTS.map((v) => v.width)), withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
    return await Promise.all(
      FEED_PHOTO_VARIANTS.map(async (variant) => {
        const pipeline = sharp(pixels, raw).resize({ width: variant.width, withoutEnlargement: true });
        const data =
          variant.format === 'webp' ? await pipeline.webp({ quality: 75 }).toBuffer() : await pipeline.jpeg({ quality: 80, mozjpeg: true }).toBuffer();
        return { ...variant, data };
      }),
    );
  } catch (error) {
    throw new PhotoRefused(`cannot be decoded (${reasonOf(error)})`);
  }
}

function reasonOf(error: unknown): string {
  const text = (error instanceof Error ? error.message : String(error)).split('\n')[0]!.trim();
  return text.length > 120 ? `${text.slice(0, 120)}…` : text;
}

/** What is stored for a dealer, by photo identity: the content hash. */
interface PhotoIndex {
  photos: Record<string, string>;
}

async function readIndex(file: string): Promise<PhotoIndex> {
  try {
    const data = JSON.parse(await readFile(file, 'utf8')) as unknown;
    if (typeof data === 'object' && data !== null && 'photos' in data && typeof data.photos === 'object' && data.photos !== null) {
      const photos: Record<string, string> = {};
      for (const [key, hash] of Object.entries(data.photos)) if (typeof hash === 'string' && FEED_PHOTO_HASH.test(hash)) photos[key] = hash;
      return { photos };
    }
  } catch {
    // No index yet, or a broken one: photos are read again, and found on disk by their hash.
  }
  return { photos: {} };
}

async function writeAtomic(file: string, data: Buffer | string): Promise<void> {
  const temp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  try {
    await writeFile(temp, data);
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/** Runs `work` over `items`, at most `limit` at a time. */
async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const runner = async (): Promise<void> => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, runner));
}

/** A tiny semaphore: conversions are CPU work, so fewer run at once than fetches. */
function limiter(limit: number): <T>(work: () => Promise<T>) => Promise<T> {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async (work) => {
    if (active >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    active++;
    try {
      return await work();
    } finally {
      active--;
      waiting.shift()?.();
    }
  };
}

export interface StoreFeedPhotosOptions {
  dealer: string;
  feedFile: string;
  env: NodeJS.ProcessEnv;
  /** Tests pass their own; otherwise chosen by FEED_PHOTOS. */
  source?: PhotoSource;
}

export interface PhotoStats {
  /** Photos read and converted in this import. */
  converted: number;
  /** Photos already stored, by identity or by content. */
  reused: number;
  refused: number;
}

/** A photo reference that is already the site's own file: a site path (demo photos, stored photos). */
const isSitePath = (url: string): boolean => url.startsWith('/') && !url.startsWith('//');

/** The reference as a report shows it: no query (it may carry keys), control characters escaped by URL encoding. */
function shownRef(url: string): string {
  if (/^https?:\/\//i.test(url)) return logUrl(url);
  try {
    return new URL(url, 'file:///').pathname.slice(1);
  } catch {
    return '(bad reference)';
  }
}

function carLabel(car: Vehicle): string {
  return car.stocknum ? `car ${car.id} (stock ${JSON.stringify(car.stocknum).slice(1, -1).slice(0, 40)})` : `car ${car.id}`;
}

/**
 * Every image of every car made the site's own (see the top of this file). Returns the cars with
 * `primary_image_url` and `images` at the stored 800-wide JPEG and `thumbnails` at the stored
 * 400-wide WebP of each kept image; and a problem line per photo left out.
 */
export async function storeFeedPhotos(
  vehicles: Vehicle[],
  options: StoreFeedPhotosOptions,
): Promise<{ vehicles: Vehicle[]; problems: string[]; stats: PhotoStats }> {
  const { dealer, env } = options;
  const folder = dealerPhotosDir(dealer, env);
  const indexFile = path.join(folder, 'index.json');
  const source = options.source ?? photoSourceFromEnv(env, { feedFile: options.feedFile });
  // Capped: a photo host is one dealer's supplier, not something to flood.
  const fetchConcurrency = Math.min(MAX_FETCH_CONCURRENCY, Math.max(1, Math.floor(Number(env.FEED_PHOTOS_CONCURRENCY)) || DEFAULT_FETCH_CONCURRENCY));
  const convert = limiter(CONVERT_CONCURRENCY);
  const stats: PhotoStats = { converted: 0, reused: 0, refused: 0 };

  // Every outside reference once, however many cars or fields name it.
  const refs = new Set<string>();
  for (const car of vehicles) {
    for (const url of photoRefs(car)) if (!isSitePath(url)) refs.add(url);
  }
  if (refs.size === 0) return { vehicles, problems: [], stats };

  await mkdir(folder, { recursive: true });
  const index = await readIndex(indexFile);
  const stored = new Map<string, string>();
  const refused = new Map<string, string>();
  const storedHashes = new Set<string>();
  const hasAllVariants = (hash: string): boolean => FEED_PHOTO_VARIANTS.every((v) => existsSync(path.join(folder, feedPhotoFileName(hash, v.width, v.format))));

  await eachLimited([...refs], fetchConcurrency, async (url) => {
    try {
      const identity = await source.identity(url);
      const known = index.photos[identity];
      if (known && (storedHashes.has(known) || hasAllVariants(known))) {
        stored.set(url, known);
        stats.reused++;
        return;
      }
      const bytes = await source.read(url);
      const hash = photoHash(bytes);
      if (!storedHashes.has(hash) && !hasAllVariants(hash)) {
        const variants = await convert(() => convertPhoto(bytes));
        // Written whole or not at all: a stored name always holds a finished file.
        for (const v of variants) await writeAtomic(path.join(folder, feedPhotoFileName(hash, v.width, v.format)), v.data);
        stats.converted++;
      } else stats.reused++;
      storedHashes.add(hash);
      index.photos[identity] = hash;
      stored.set(url, hash);
    } catch (error) {
      if (!(error instanceof PhotoRefused)) throw error;
      refused.set(url, error.message);
      stats.refused++;
    }
  });
  await writeAtomic(indexFile, `${JSON.stringify(index, null, 1)}\n`);

  const problems: string[] = [];
  const result = vehicles.map((car) => {
    if (photoRefs(car).every(isSitePath) && car.thumbnails.every(isSitePath)) return car;
    const reported = new Set<string>();
    const own = (url: string): string | undefined => {
      if (isSitePath(url)) return url;
      const hash = stored.get(url);
      if (hash) return feedPhotoUrl(hash, 800, 'jpg');
      if (!reported.has(url)) {
        reported.add(url);
        problems.push(`${carLabel(car)}: photo ${shownRef(url)}: ${refused.get(url) ?? 'was not read'}; left out, the car is kept`);
      }
      return undefined;
    };
    // A feed's thumbnails are smaller copies of its images; the stored 400-wide file replaces them.
    // Only a car with no images has its thumbnails stored as its photos.
    const sources = car.images.length > 0 ? car.images.map((i) => i.image_url) : car.thumbnails;
    const images = [...new Set(sources.map(own).filter((u): u is string => u !== undefined))];
    const primary = car.primary_image_url === undefined ? undefined : own(car.primary_image_url);
    // A site's own image keeps the thumbnail the feed gave it at the same place, when that is a site file too.
    const feedThumbs = new Map(car.images.map((image, i) => [image.image_url, car.thumbnails[i]] as const));
    const thumbnails = images.map((url) => {
      const photo = parseFeedPhotoUrl(url);
      if (photo) return feedPhotoUrl(photo.hash, 400, 'webp');
      const thumb = feedThumbs.get(url);
      return thumb !== undefined && isSitePath(thumb) ? thumb : url;
    });
    const next: Vehicle = { ...car, images: images.map((image_url) => ({ image_url })), thumbnails };
    if (primary === undefined) delete next.primary_image_url;
    else next.primary_image_url = primary;
    return next;
  });
  return { vehicles: result, problems, stats };
}

function photoRefs(car: Vehicle): string[] {
  return [...(car.primary_image_url ? [car.primary_image_url] : []), ...(car.images.length > 0 ? car.images.map((i) => i.image_url) : car.thumbnails)];
}
