import { describe, expect, it } from 'vitest';
import { testCar as car } from '../../../tests/support/test-car';
import { carSearchRequest, firstHit, parseCarHit } from './car-hit';
import { isImageUrl } from './car';

describe('refresh from search', () => {
  it('asks for one car by slug', () => {
    expect(carSearchRequest('2021-toyota-rav4-48213', 'kingfisher-toyota')).toEqual({
      queries: [{ indexUid: 'kingfisher-toyota', q: '', filter: 'slug = "2021-toyota-rav4-48213"', limit: 1 }],
    });
    expect(carSearchRequest('a" OR id > 0 OR slug = "b\\', 'x').queries[0]?.filter).toBe('slug = "a OR id > 0 OR slug = b\\\\"');
  });

  it('reads a hit back as a car and refuses malformed ones', () => {
    const hit = { ...car(), images: [{ image_url: 'javascript:alert(1)' }, { image_url: '/stock-images/a.svg' }], seats: 'five', extra: 1 };
    const parsed = parseCarHit(hit);
    expect(parsed).toMatchObject({ id: 48213, status: 'in_stock', price: 38990, images: [{ image_url: '/stock-images/a.svg' }] });
    expect(parsed).not.toHaveProperty('seats');
    expect(parsed).not.toHaveProperty('extra');
    expect(parseCarHit({ ...car(), status: 'stolen' })).toBeNull();
    expect(parseCarHit({ ...car(), price: '38990' })).toBeNull();
    expect(parseCarHit({ ...car(), slug: '../x' })).toBeNull();
    expect(parseCarHit(null)).toBeNull();
  });

  it('lets only http(s) URLs and site paths through as images', () => {
    expect(isImageUrl('https://cdn.example/a.jpg')).toBe(true);
    expect(isImageUrl('http://cdn.example/a.jpg')).toBe(true);
    expect(isImageUrl('/stock-images/a.svg')).toBe(true);
    for (const url of ['javascript:alert(1)', 'data:image/png;base64,AA', '//evil.test/x.png', 'a.jpg', '']) expect(isImageUrl(url), url).toBe(false);
  });

  it('tells an empty result (car gone) from a malformed response', () => {
    expect(firstHit({ results: [{ hits: [] }] })).toBeNull();
    expect(firstHit({ results: [{ hits: [{ id: 1 }] }] })).toEqual({ id: 1 });
    expect(firstHit({ message: 'index not found' })).toBeUndefined();
  });
});
