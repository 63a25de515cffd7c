import { describe, expect, it } from 'vitest';
import { imageSrc, imageSrcSet } from './images';

const cdn = { image_cdn: { base_url: 'https://img.example/', quality: 70 } };

describe('imageSrc', () => {
  it('asks the CDN for the width and the dealer quality', () => {
    expect(imageSrc('https://stock.example/a b.jpg', cdn, { width: 400 })).toBe('https://img.example/?url=https%3A%2F%2Fstock.example%2Fa+b.jpg&w=400&q=70');
    expect(imageSrc('https://stock.example/a.jpg', cdn, { width: 120.4, quality: 50 })).toBe(
      'https://img.example/?url=https%3A%2F%2Fstock.example%2Fa.jpg&w=120&q=50',
    );
  });

  it('leaves site files and CDN-less dealers alone', () => {
    expect(imageSrc('/stock-images/suv-red-1.svg', cdn, { width: 400 })).toBe('/stock-images/suv-red-1.svg');
    expect(imageSrc('https://stock.example/a.jpg', {}, { width: 400 })).toBe('https://stock.example/a.jpg');
    expect(imageSrcSet('https://stock.example/a.jpg', {}, [200, 400])).toBe('');
  });

  it('serves a demo stock photo at the committed width that fills the box, CDN or not', () => {
    expect(imageSrc('/stock-photos/800/suv-red-1.jpg', {}, { width: 400 })).toBe('/stock-photos/400/suv-red-1.jpg');
    expect(imageSrc('/stock-photos/800/suv-red-1.jpg', cdn, { width: 240 })).toBe('/stock-photos/400/suv-red-1.jpg');
    expect(imageSrc('/stock-photos/800/suv-red-1.jpg', cdn, { width: 800 })).toBe('/stock-photos/800/suv-red-1.jpg');
  });

  it('lists widths for a srcset', () => {
    expect(imageSrcSet('https://s.example/a.jpg', cdn, [200, 400])).toBe(
      'https://img.example/?url=https%3A%2F%2Fs.example%2Fa.jpg&w=200&q=70 200w, https://img.example/?url=https%3A%2F%2Fs.example%2Fa.jpg&w=400&q=70 400w',
    );
  });
});
