import { describe, expect, it } from 'vitest';
import { feedPhotoAtWidth, feedPhotoFiles, feedPhotoSrcSet, feedPhotoUrl, parseFeedPhotoUrl } from './feed-photo';
import { imageSrc, imageSrcSet } from './images';

const hash = '0123456789abcdef0123';

describe('feed photos as the site serves them', () => {
  it('names each stored file by content hash, width and format', () => {
    expect(feedPhotoUrl(hash)).toBe(`/stock-photos/feed/${hash}-800.jpg`);
    expect(feedPhotoUrl(hash, 400, 'webp')).toBe(`/stock-photos/feed/${hash}-400.webp`);
    expect(parseFeedPhotoUrl(`/stock-photos/feed/${hash}-800.webp`)).toEqual({ hash, width: 800, format: 'webp' });
  });

  it('recognises only the files it stores', () => {
    for (const url of [
      `/stock-photos/feed/${hash}-400.jpg`, // no small JPEG is stored
      `/stock-photos/feed/${hash}-600.webp`,
      `/stock-photos/feed/${hash.toUpperCase()}-800.jpg`,
      `/stock-photos/feed/${hash}-800.jpg?x=1`,
      `/stock-photos/feed/../${hash}-800.jpg`,
      `https://photos.example/stock-photos/feed/${hash}-800.jpg`,
      '/stock-photos/800/suv-red-1.jpg',
    ])
      expect(parseFeedPhotoUrl(url), url).toBeUndefined();
  });

  it('shows pages the WebP that fills the box, and lists both widths', () => {
    const url = feedPhotoUrl(hash);
    expect(feedPhotoAtWidth(url, 240)).toBe(`/stock-photos/feed/${hash}-400.webp`);
    expect(feedPhotoAtWidth(url, 401)).toBe(`/stock-photos/feed/${hash}-800.webp`);
    expect(feedPhotoAtWidth(url, 1200)).toBe(`/stock-photos/feed/${hash}-800.webp`);
    expect(feedPhotoSrcSet(url)).toBe(`/stock-photos/feed/${hash}-400.webp 400w, /stock-photos/feed/${hash}-800.webp 800w`);
    expect(feedPhotoSrcSet('https://dms.example/a.jpg')).toBe('');
  });

  it('goes through imageSrc and imageSrcSet without an image CDN, and never through one', () => {
    const url = feedPhotoUrl(hash);
    const cdn = { image_cdn: { base_url: 'https://img.example/', quality: 70 } };
    for (const site of [{}, cdn]) {
      expect(imageSrc(url, site, { width: 400 })).toBe(`/stock-photos/feed/${hash}-400.webp`);
      expect(imageSrcSet(url, site, [320, 400, 640, 800])).toBe(feedPhotoSrcSet(url));
    }
  });

  it('lists every variant of each photo the stock uses, once', () => {
    const other = 'fedcba9876543210fedc';
    expect(feedPhotoFiles([feedPhotoUrl(hash), feedPhotoUrl(hash, 400, 'webp'), feedPhotoUrl(other), '/stock-photos/800/suv-red-1.jpg']).sort()).toEqual(
      [`${hash}-400.webp`, `${hash}-800.webp`, `${hash}-800.jpg`, `${other}-400.webp`, `${other}-800.webp`, `${other}-800.jpg`].sort(),
    );
  });
});
