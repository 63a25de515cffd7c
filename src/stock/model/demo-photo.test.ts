import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_PHOTO_DIR, DEMO_PHOTO_WIDTHS, demoPhotoAtWidth, demoPhotoFiles, demoPhotoUrl, demoPhotoUrls, parseDemoPhotoUrl } from './demo-photo';
import { placeholderNames } from './placeholder-image';

describe('demo photos', () => {
  it('names each photo by kind, colour, view and width', () => {
    expect(demoPhotoUrl('ute', 'red', 1)).toBe('/stock-photos/800/ute-red-1.jpg');
    expect(demoPhotoUrls('caravan', 'blue', 400)).toEqual([1, 2, 3, 4].map((v) => `/stock-photos/400/caravan-blue-${v}.jpg`));
    expect(parseDemoPhotoUrl('/stock-photos/400/sedan-grey-3.jpg')).toEqual({ width: 400, name: 'sedan-grey-3' });
  });

  it('recognises only its own files', () => {
    for (const url of [
      '/stock-images/ute-red-1.svg',
      '/stock-photos/600/ute-red-1.jpg',
      '/stock-photos/800/ute-pink-1.jpg',
      '/stock-photos/800/ute-red-5.jpg',
      '/stock-photos/800/tractor-red-1.jpg',
      '/stock-photos/800/ute-red-1.jpg?x=1',
      'https://photos.example/stock-photos/800/ute-red-1.jpg',
      '/stock-photos/800/../../secret.jpg',
    ])
      expect(parseDemoPhotoUrl(url), url).toBeUndefined();
  });

  it('picks the smallest file width that fills the box, else the largest', () => {
    const url = '/stock-photos/800/suv-white-2.jpg';
    expect(demoPhotoAtWidth(url, 240)).toBe('/stock-photos/400/suv-white-2.jpg');
    expect(demoPhotoAtWidth(url, 400)).toBe('/stock-photos/400/suv-white-2.jpg');
    expect(demoPhotoAtWidth(url, 401)).toBe('/stock-photos/800/suv-white-2.jpg');
    expect(demoPhotoAtWidth(url, 1200)).toBe('/stock-photos/800/suv-white-2.jpg');
    expect(demoPhotoAtWidth('/stock-photos/400/suv-white-2.jpg', 800)).toBe('/stock-photos/800/suv-white-2.jpg');
    expect(demoPhotoAtWidth('https://cdn.example/car.jpg', 400)).toBeUndefined();
  });

  it('lists each file a stock uses once, in both widths', () => {
    const files = demoPhotoFiles([
      '/stock-photos/800/van-black-1.jpg',
      '/stock-photos/400/van-black-1.jpg',
      'https://x.example/a.jpg',
      '/stock-images/van-black-1.svg',
    ]);
    expect(files).toEqual([
      { width: 400, name: 'van-black-1' },
      { width: 800, name: 'van-black-1' },
    ]);
  });

  it('has every kind × colour × view committed as a JPEG in each width', () => {
    for (const width of DEMO_PHOTO_WIDTHS)
      for (const name of placeholderNames()) {
        const file = path.join(DEMO_PHOTO_DIR, String(width), `${name}.jpg`);
        expect(existsSync(file), file).toBe(true);
        const bytes = readFileSync(file);
        expect([bytes[0], bytes[1]], file).toEqual([0xff, 0xd8]); // JPEG start of image
      }
  });
});
