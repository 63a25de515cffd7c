import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dealerPhotosDir, storedPhotoFile } from './photo-store';

describe('where stored photos live', () => {
  const env = { STOCK_PHOTOS_DIR: '/srv/photos' };

  it('keeps each dealer in its own folder under STOCK_PHOTOS_DIR', () => {
    expect(dealerPhotosDir('fixture-motors', env)).toBe(path.resolve('/srv/photos/fixture-motors'));
    expect(storedPhotoFile('fixture-motors', '0123456789abcdef0123', 400, 'webp', env)).toBe(
      path.resolve('/srv/photos/fixture-motors/0123456789abcdef0123-400.webp'),
    );
    expect(dealerPhotosDir('a', {})).toBe(path.resolve('.data/stock-photos/a'));
  });

  it('names no file outside it', () => {
    for (const dealer of ['../other', 'a/b', 'A', '', '.']) expect(() => dealerPhotosDir(dealer, env), dealer).toThrow(/not a dealer slug/);
    for (const hash of ['../../etc/passwd', '0123456789ABCDEF0123', '0123'])
      expect(storedPhotoFile('fixture-motors', hash, 800, 'jpg', env), hash).toBeUndefined();
  });
});
