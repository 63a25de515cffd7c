/**
 * npx tsx scripts/bench/feed-photos.ts [photos]
 *
 * How fast a feed's photos become the site's own: camera-size JPEGs (2048 wide: noisy gradients
 * made here with sharp, and the committed demo renders enlarged) stored through `storeFeedPhotos` from files
 * beside a feed, three rounds, each in a fresh store; then the same feed again (nothing new to
 * convert); then what an AVIF copy would cost beside the WebP (docs/decisions/feed-photos.md).
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { storeFeedPhotos } from '../../src/stock/server/feed-photos';
import { testCar } from '../../tests/support/test-car';
import { DEMO_PHOTO_DIR } from '../../src/stock/model/demo-photo';

export async function cameraPhoto(seed: number, width = 2048, height = 1536): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  let x = seed;
  for (let i = 0; i < raw.length; i++) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    raw[i] = (((i / 3) % width) / 8 + (x % 40)) & 0xff;
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .blur(1.2)
    .jpeg({ quality: 88 })
    .toBuffer();
}

/** The committed demo renders (800 × 600 JPEGs of real scenes), enlarged to camera size: realistic detail for the output sizes. */
async function renderedPhotos(count: number): Promise<Buffer[]> {
  const folder = path.join(DEMO_PHOTO_DIR, '800');
  const names = readdirSync(folder)
    .filter((n) => n.endsWith('.jpg'))
    .sort()
    .slice(0, count);
  return Promise.all(names.map((name) => sharp(path.join(folder, name)).resize({ width: 2048 }).jpeg({ quality: 88 }).toBuffer()));
}

async function main(count: number): Promise<void> {
  for (const [label, make] of [
    ['noisy gradients', () => Promise.all(Array.from({ length: count }, (_, i) => cameraPhoto(i + 1)))],
    ['demo renders enlarged', () => renderedPhotos(count)],
  ] as const) {
    console.log(`\n${label}:`);
    await benchSet(await make());
  }
}

async function benchSet(photos: Buffer[]): Promise<void> {
  const count = photos.length;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'feed-photos-bench-'));
  try {
    mkdirSync(path.join(dir, 'photos'));
    photos.forEach((bytes, i) => writeFileSync(path.join(dir, 'photos', `p${i}.jpg`), bytes));
    const average = (list: number[]): number => list.reduce((a, b) => a + b, 0) / list.length;
    console.log(`${count} photos 2048 wide, ${Math.round(average(photos.map((p) => p.length)) / 1024)} KB each; load ${os.loadavg()[0]!.toFixed(2)}`);
    const cars = photos.map((_, i) =>
      testCar({ id: i + 1, slug: `car-${i + 1}`, primary_image_url: undefined, images: [{ image_url: `https://dms.example/p${i}.jpg` }] }),
    );
    const feedFile = path.join(dir, 'feed.csv');
    for (let round = 1; round <= 3; round++) {
      const store = path.join(dir, `store-${round}`);
      const env = { STOCK_PHOTOS_DIR: store };
      let started = performance.now();
      const cpu = process.cpuUsage();
      const first = await storeFeedPhotos(cars, { dealer: 'bench', feedFile, env });
      const seconds = (performance.now() - started) / 1000;
      const used = process.cpuUsage(cpu);
      const cpuMsPerPhoto = (used.user + used.system) / 1000 / count;
      started = performance.now();
      const again = await storeFeedPhotos(cars, { dealer: 'bench', feedFile, env });
      const againMs = performance.now() - started;
      const sizes = new Map<string, number[]>();
      for (const name of readdirSync(path.join(store, 'bench')).filter((n) => n !== 'index.json')) {
        const kind = name.replace(/^[0-9a-f]+-/, '');
        sizes.set(kind, [...(sizes.get(kind) ?? []), statSync(path.join(store, 'bench', name)).size]);
      }
      console.log(
        `round ${round}: ${first.stats.converted} converted in ${seconds.toFixed(2)} s = ${(count / seconds).toFixed(1)} photos/s (${Math.round(cpuMsPerPhoto)} CPU-ms a photo); again: ${again.stats.converted} converted, ${again.stats.reused} reused in ${Math.round(againMs)} ms; ` +
          [...sizes].map(([kind, list]) => `${kind} ${Math.round(average(list) / 1024)} KB`).join(', '),
      );
    }
    for (const format of ['webp', 'avif'] as const) {
      const started = performance.now();
      let bytes = 0;
      for (const photo of photos.slice(0, 6))
        bytes += (
          await sharp(photo)
            .resize({ width: 800 })
            .toFormat(format, { quality: format === 'avif' ? 50 : 75 })
            .toBuffer()
        ).length;
      console.log(`${format} at 800 wide: ${Math.round((performance.now() - started) / 6)} ms and ${Math.round(bytes / 6 / 1024)} KB a photo`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main(Number(process.argv[2]) || 24);
