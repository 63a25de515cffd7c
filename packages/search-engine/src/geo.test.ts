import { describe, expect, it } from 'vitest';
import { GeoPoints, geoDistanceFor, geoPoint, geoSortKeys, haversineMetres, parseGeoSort } from './geo';
import { MeiliError } from './errors';
import { parseFilterExpression } from './filter-parser';

describe('haversineMetres', () => {
  it('is zero at the same point and symmetric', () => {
    expect(haversineMetres([-27.47, 153.02], [-27.47, 153.02])).toBe(0);
    expect(haversineMetres([-27.47, 153.02], [-33.87, 151.21])).toBe(haversineMetres([-33.87, 151.21], [-27.47, 153.02]));
  });

  it('uses an earth radius of 6371 km: a quarter meridian is 6371 km × π/2', () => {
    expect(haversineMetres([0, 0], [90, 0])).toBeCloseTo((6371e3 * Math.PI) / 2, 2);
  });

  it('agrees with the haversine distance Meilisearch computes for two points 56 m apart', () => {
    expect(haversineMetres([27.740068, 85.337576], [27.740286, 85.337059])).toBeCloseTo(56.36, 1);
  });

  it('rounds to the millimetre, as Meilisearch does', () => {
    const d = haversineMetres([-27.4705, 153.026], [-27.2361, 153.0206]);
    expect(Math.round(d * 1000)).toBe(d * 1000);
  });
});

describe('geoPoint', () => {
  it('reads numbers and numeric strings, and nothing else', () => {
    expect(geoPoint({ lat: -27.5, lng: '153.1' })).toEqual([-27.5, 153.1]);
    expect(geoPoint({ lat: -27.5 })).toBeUndefined();
    expect(geoPoint({ lat: 'north', lng: 1 })).toBeUndefined();
    expect(geoPoint(null)).toBeUndefined();
    expect(geoPoint([1, 2])).toBeUndefined();
  });
});

describe('a _geoRadius filter', () => {
  const points = GeoPoints.of([{ _geo: { lat: 0, lng: 0 } }, { _geo: { lat: 0, lng: 1 } }, { name: 'no location' }]);
  const fail = (_token: unknown, message: string) => new MeiliError('invalid_search_filter', message);
  const within = (filter: string) => {
    const node = parseFilterExpression(filter);
    if (node?.type !== 'geoRadius') throw new Error('not a geo filter');
    return [...points.withinRadius(node, fail).toArray()];
  };

  it('keeps documents at or inside the radius, never those without _geo', () => {
    const oneDegree = haversineMetres([0, 0], [0, 1]);
    expect(within(`_geoRadius(0, 0, ${oneDegree})`)).toEqual([0, 1]);
    expect(within(`_geoRadius(0, 0, ${oneDegree - 0.01})`)).toEqual([0]);
    expect(within('_geoRadius(0, 0, 0)')).toEqual([0]);
  });

  it("refuses coordinates off the globe with Meilisearch's messages", () => {
    expect(() => within('_geoRadius(91, 0, 10)')).toThrow('Bad latitude `91`. Latitude must be contained between -90 and 90 degrees.');
    expect(() => within('_geoRadius(0, 190, 10)')).toThrow(
      'Bad longitude `190`. Longitude must be contained between -180 and 180 degrees. Hint: try using `-170` instead.',
    );
  });
});

describe('parseGeoSort', () => {
  it('reads _geoPoint with either direction and leaves other attributes alone', () => {
    expect(parseGeoSort('_geoPoint(-27.5, 153):asc')).toEqual({ point: [-27.5, 153], direction: 'asc' });
    expect(parseGeoSort('_geoPoint( 1 ,2 ):desc')).toEqual({ point: [1, 2], direction: 'desc' });
    expect(parseGeoSort('price:asc')).toBeUndefined();
  });

  it('refuses malformed points and the reserved names', () => {
    expect(() => parseGeoSort('_geoPoint(1):asc')).toThrow(/expected expression formated like `_geoPoint\(latitude, longitude\)`/);
    expect(() => parseGeoSort('_geoPoint(north, 2):asc')).toThrow(/formated like/);
    expect(() => parseGeoSort('_geoPoint(100, 2):asc')).toThrow(/^Bad latitude `100`/);
    expect(() => parseGeoSort('_geo:asc')).toThrow(/^`_geo` is a reserved keyword and thus can't be used as a sort expression/);
    expect(() => parseGeoSort('_geoRadius(1, 2, 3):asc')).toThrow(/^`_geoRadius` is a reserved keyword/);
    expect(() => parseGeoSort('_geoDistance:asc')).toThrow(/^`_geoDistance` is a reserved keyword/);
  });
});

describe('geoSortKeys', () => {
  const docs = [
    { _geo: { lat: 0, lng: 2 } },
    { _geo: { lat: 0, lng: 1 } },
    {},
    { _geo: { lat: 0, lng: 1.000001 } }, // 11 cm from doc 1: the same bucket
    { _geo: { lat: 0, lng: 3 } },
  ];
  const points = GeoPoints.of(docs);
  const all = Int32Array.from([0, 1, 2, 3, 4]);

  it('ranks nearest first, a metre apart counting as level, documents without _geo last', () => {
    const keys = geoSortKeys(points, all, { point: [0, 0], direction: 'asc' });
    expect([keys[1], keys[3], keys[0], keys[4]]).toEqual([0, 0, 1, 2]);
    expect(keys[2]).toBeGreaterThan(keys[4]!);
  });

  it('ranks farthest first when descending, documents without _geo still last', () => {
    const keys = geoSortKeys(points, all, { point: [0, 0], direction: 'desc' });
    expect([keys[4], keys[0], keys[1], keys[3]]).toEqual([0, 1, 2, 2]);
    expect(keys[2]).toBeGreaterThan(keys[1]!);
  });
});

describe('geoDistanceFor', () => {
  it('gives whole metres from the first _geoPoint sort, and nothing without one or without _geo', () => {
    const doc = { _geo: { lat: 0, lng: 1 } };
    expect(geoDistanceFor(['price:asc', '_geoPoint(0, 0):asc'], doc)).toBe(Math.round(haversineMetres([0, 0], [0, 1])));
    expect(geoDistanceFor(['price:asc'], doc)).toBeUndefined();
    expect(geoDistanceFor(['_geoPoint(0, 0):asc'], {})).toBeUndefined();
    expect(geoDistanceFor(undefined, doc)).toBeUndefined();
  });
});
