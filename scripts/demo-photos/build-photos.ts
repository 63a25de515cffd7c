/**
 * Turns the PNGs render.py wrote into the committed demo stock photos: an 800 × 600 JPEG for the
 * car page and feeds, and a 400 × 300 one for cards and gallery thumbnails (see
 * src/stock/model/demo-photo.ts for the names and docs/decisions/demo-photos.md for why JPEG).
 *
 * Usage: npx tsx scripts/demo-photos/build-photos.ts <render output dir>
 * sharp comes with Astro (its image service); this script is the only place the project calls it.
 */
import { mkdirSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { DEMO_PHOTO_DIR, DEMO_PHOTO_WIDTHS, parseDemoPhotoName } from '../../src/stock/model/demo-photo';

const source = process.argv[2];
if (!source) throw new Error('Usage: build-photos.ts <dir with <kind>-<colour>-<view>.png>');

const names = readdirSync(source)
  .filter((file) => file.endsWith('.png'))
  .map((file) => file.slice(0, -4))
  .filter((name) => parseDemoPhotoName(name));
if (names.length === 0) throw new Error(`No renders in ${source}`);

let bytes = 0;
for (const width of DEMO_PHOTO_WIDTHS) {
  const dir = path.join(DEMO_PHOTO_DIR, String(width));
  mkdirSync(dir, { recursive: true });
  for (const name of names) {
    const file = path.join(dir, `${name}.jpg`);
    await sharp(path.join(source, `${name}.png`))
      .resize(width, Math.round((width * 3) / 4))
      // mozjpeg at this quality keeps the paint smooth at ~30–50 KB for 800 wide.
      .jpeg({ quality: width > 400 ? 74 : 70, mozjpeg: true, progressive: true })
      .toFile(file);
    bytes += statSync(file).size;
  }
}
console.log(`${names.length} photos × ${DEMO_PHOTO_WIDTHS.length} widths written to ${DEMO_PHOTO_DIR}: ${(bytes / 1024 / 1024).toFixed(1)} MB`);
