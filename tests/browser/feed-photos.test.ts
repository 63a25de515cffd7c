/**
 * A car imported with a photo from the feed's host is published with the site's own copy of it:
 * the car page, its card in the prerendered search and the ad feeds name only the site's stored
 * files, and the dealer's site carries those files (so a deploy and `npm start` serve them).
 *
 * It opens no browser: it runs in the browser step because it renders from the site bundle that
 * step's build made (a bundle is a minute of Astro's work to make here).
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBundle } from '../../src/publish/bundle';
import { createRenderPool, type RenderPool } from '../../src/publish/render-pool';
import { headersFor } from '../../src/publish/deploy/file-kinds';
import { importFeed, readFeed } from '../../src/stock/server/import';
import { parseFeedPhotoUrl } from '../../src/stock/model/feed-photo';
import type { Vehicle } from '../../src/stock/model/vehicle';

const SLUG = 'fixture-motors';
const DEALERS_DIR = 'tests/fixtures/dealers';

let root: string;
let pool: RenderPool | undefined;
let site: string;
let imported: Vehicle[];

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'feed-photos-site-'));
  const env = { ...process.env, STOCK_DIR: path.join(root, 'stock'), STOCK_PHOTOS_DIR: path.join(root, 'stock-photos'), FEED_PHOTOS: 'files' };
  // The fixture feed, its first car with a photo on the dealer management system's host, sent with the feed.
  const feedDir = path.join(root, 'feed');
  mkdirSync(path.join(feedDir, 'photos'), { recursive: true });
  writeFileSync(
    path.join(feedDir, 'photos', 'fm101-front.jpg'),
    await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#2a5d8f' } })
      .jpeg()
      .toBuffer(),
  );
  const cars = readFeed('tests/fixtures/stock/good.csv').vehicles;
  const url = 'https://photos.dms.example/fixture-motors/fm101-front.jpg';
  cars[0] = { ...cars[0]!, primary_image_url: url, images: [{ image_url: url }], thumbnails: [url.replace('.jpg', '-thumb.jpg')] };
  writeFileSync(path.join(feedDir, 'stock.json'), JSON.stringify(cars));
  const result = await importFeed({ dealer: SLUG, file: path.join(feedDir, 'stock.json') }, { dealersDir: DEALERS_DIR, env });
  expect(result.photoProblems).toEqual([]);
  imported = result.vehicles;

  const bundle = await ensureBundle({ root: process.cwd() });
  const distDir = path.join(root, 'dist');
  pool = createRenderPool({ bundle, dealersDir: DEALERS_DIR, distDir, size: 1, env });
  await pool.publish(SLUG, { full: true });
  site = path.join(distDir, SLUG);
}, 600_000);

afterAll(async () => {
  await pool?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

/** Every text file of the published site, by path under it. */
function textFiles(): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of readdirSync(site, { recursive: true, withFileTypes: true })) {
    if (entry.isFile() && /\.(html|json|xml|csv|txt)$/.test(entry.name))
      files.set(path.relative(site, path.join(entry.parentPath, entry.name)), readFileSync(path.join(entry.parentPath, entry.name), 'utf8'));
  }
  return files;
}

describe('a car imported with a feed photo', () => {
  it('shows the site’s own WebP on its page, in both widths, and never the feed’s host', () => {
    const car = imported[0]!;
    const stored = parseFeedPhotoUrl(car.primary_image_url!)!;
    expect(stored).toBeDefined();
    const page = readFileSync(path.join(site, 'cars', car.slug, 'index.html'), 'utf8');
    expect(page).toContain(`src="/stock-photos/feed/${stored.hash}-800.webp"`);
    expect(page).toContain(`/stock-photos/feed/${stored.hash}-400.webp 400w, /stock-photos/feed/${stored.hash}-800.webp 800w`);
    for (const [file, text] of textFiles()) expect(text, file).not.toContain('dms.example');
  });

  it('puts the stored files in the dealer’s site, as WebP and the JPEG the ad feeds link', async () => {
    const { hash } = parseFeedPhotoUrl(imported[0]!.primary_image_url!)!;
    for (const [name, format, width] of [
      [`${hash}-400.webp`, 'webp', 400],
      [`${hash}-800.webp`, 'webp', 800],
      [`${hash}-800.jpg`, 'jpeg', 800],
    ] as const) {
      const file = path.join(site, 'stock-photos', 'feed', name);
      expect(existsSync(file), name).toBe(true);
      const meta = await sharp(readFileSync(file)).metadata();
      expect([meta.format, meta.width], name).toEqual([format, width]);
      // A deploy uploads them to be cached for a year: the name changes with the photo.
      expect(headersFor(`stock-photos/feed/${name}`).cacheControl).toBe('public, max-age=31536000, immutable');
    }
    // The ad feeds link the absolute JPEG on the dealer's own site.
    const feeds = [...textFiles()].filter(([file]) => file.startsWith('feeds/')).map(([, text]) => text);
    expect(feeds.some((text) => text.includes(`/stock-photos/feed/${hash}-800.jpg`))).toBe(true);
  });
});
