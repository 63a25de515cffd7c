import { describe, expect, it } from 'vitest';
import { nearFilter, nearParams, nearSort, normalNear, parseNear, roundCoordinate } from './near';

describe('the shopper’s point', () => {
  it('rounds a looked-up coordinate to five decimals for the URL', () => {
    expect(roundCoordinate(-27.468544304444443)).toBe(-27.46854);
    expect(roundCoordinate(153.02245896666668)).toBe(153.02246);
  });

  it('keeps real coordinates, a postcode-shaped postcode and a menu radius', () => {
    expect(normalNear({ lat: -27.46794, lng: 153.02809, postcode: '4000', within: { distance: 50, unit: 'km' } })).toEqual({
      lat: -27.46794,
      lng: 153.02809,
      postcode: '4000',
      within: { distance: 50, unit: 'km' },
    });
    expect(normalNear({ lat: 30.5, lng: -97.7, postcode: '78681-1234', within: { distance: 25, unit: 'miles' } })).toMatchObject({ postcode: '78681-1234' });
  });

  it('drops what is not a point, a postcode or a radius from the menu', () => {
    for (const bad of [undefined, null, 'x', { lat: 91, lng: 0 }, { lat: 0, lng: 181 }, { lat: Number.NaN, lng: 0 }, { lat: '1', lng: 2 }]) {
      expect(normalNear(bad)).toBeUndefined();
    }
    expect(normalNear({ lat: 1, lng: 2, postcode: '<b>', within: { distance: 30, unit: 'km' } })).toEqual({ lat: 1, lng: 2 });
    expect(normalNear({ lat: 1, lng: 2, within: { distance: 50, unit: 'leagues' } })).toEqual({ lat: 1, lng: 2 });
  });

  it('reads and writes the URL form: near=lat,lng&postcode=…&within=50km', () => {
    const near = parseNear('-27.46794,153.02809', '4000', '50km');
    expect(near).toEqual({ lat: -27.46794, lng: 153.02809, postcode: '4000', within: { distance: 50, unit: 'km' } });
    expect(nearParams(near!)).toEqual(['near=-27.46794,153.02809', 'postcode=4000', 'within=50km']);
    expect(parseNear('30.5,-97.7', undefined, '100miles')?.within).toEqual({ distance: 100, unit: 'miles' });
    expect(parseNear('1,2,3', '4000', undefined)).toBeUndefined();
    expect(parseNear('abc', '4000', undefined)).toBeUndefined();
    expect(parseNear('1,2', undefined, '50 km')).toEqual({ lat: 1, lng: 2 });
  });

  it('is a _geoRadius filter in metres ("miles for US, kilometres otherwise") and a _geoPoint sort', () => {
    expect(nearFilter({ lat: -27.5, lng: 153, within: { distance: 50, unit: 'km' } })).toBe('_geoRadius(-27.5, 153, 50000)');
    expect(nearFilter({ lat: 30.5, lng: -97.7, within: { distance: 25, unit: 'miles' } })).toBe('_geoRadius(30.5, -97.7, 40234)');
    expect(nearFilter({ lat: 1, lng: 2 })).toBeUndefined();
    expect(nearFilter(undefined)).toBeUndefined();
    expect(nearSort('_geo:asc', { lat: -27.5, lng: 153 })).toBe('_geoPoint(-27.5, 153):asc');
    expect(nearSort('_geo:asc', undefined)).toBeUndefined();
    expect(nearSort('price:asc', { lat: 1, lng: 2 })).toBeUndefined();
    expect(nearSort('_geo:desc', { lat: 1, lng: 2 })).toBeUndefined();
  });
});
