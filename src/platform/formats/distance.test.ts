import { describe, expect, it } from 'vitest';
import { formatDistance, inUnit, metresBetween, toMetres } from './distance';

describe("'Distance: haversine, earth radius 6371 km; miles for US, kilometres otherwise'", () => {
  it('is haversine on a 6371 km sphere: a degree of longitude on the equator is 6371 km × π/180', () => {
    expect(metresBetween({ lat: 0, lng: 0 }, { lat: 0, lng: 1 })).toBeCloseTo((6371e3 * Math.PI) / 180, 2);
  });

  it('measures Brisbane to Sydney at about 730 km', () => {
    const km = inUnit(metresBetween({ lat: -27.4705, lng: 153.026 }, { lat: -33.8688, lng: 151.2093 }), 'km');
    expect(km).toBeGreaterThan(725);
    expect(km).toBeLessThan(735);
  });

  it('shows kilometres or miles', () => {
    expect(formatDistance(3_440, 'km')).toBe('3.4 km');
    expect(formatDistance(26_400, 'km')).toBe('26 km');
    expect(formatDistance(1_609.344, 'miles')).toBe('1 mile');
    expect(formatDistance(40_000, 'miles')).toBe('25 miles');
    expect(formatDistance(2_000_000, 'km')).toBe('2,000 km');
  });

  it('turns a radius in the site unit into metres', () => {
    expect(toMetres(50, 'km')).toBe(50_000);
    expect(toMetres(25, 'miles')).toBe(40_234);
  });
});
