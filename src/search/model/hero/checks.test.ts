import { describe, expect, it } from 'vitest';
import { CheckError, attempt, boolean, either, list, number, object, oneOf, optional, pair, record, text } from './checks';

describe('structural checks', () => {
  const car = object({ name: text(20), price: optional(number), sold: boolean, type: oneOf(['new', 'used'] as const), tags: list(text(10), 3) });

  it('returns the value, typed, without unknown keys', () => {
    expect(car({ name: 'RAV4', price: 45_990, sold: false, type: 'new', tags: ['suv'], extra: '<script>' }, 'car')).toEqual({
      name: 'RAV4',
      price: 45_990,
      sold: false,
      type: 'new',
      tags: ['suv'],
    });
  });

  it('leaves optional keys out when absent or null', () => {
    expect(car({ name: 'A', price: null, sold: true, type: 'used', tags: [] }, 'car')).toEqual({ name: 'A', sold: true, type: 'used', tags: [] });
  });

  it.each([
    ['a number as text', 'car.name', { name: 5, sold: false, type: 'new', tags: [] }],
    ['text too long', 'car.name', { name: 'x'.repeat(21), sold: false, type: 'new', tags: [] }],
    ['NaN', 'car.price', { name: 'a', price: Number.NaN, sold: false, type: 'new', tags: [] }],
    ['a value outside the list', 'car.type', { name: 'a', sold: false, type: 'demo', tags: [] }],
    ['too many items', 'car.tags', { name: 'a', sold: false, type: 'new', tags: ['a', 'b', 'c', 'd'] }],
    ['a bad item', 'car.tags[0]', { name: 'a', sold: false, type: 'new', tags: [1] }],
    ['a missing field', 'car.sold', { name: 'a', type: 'new', tags: [] }],
    ['an array for an object', 'car', []],
  ])('refuses %s, naming %s', (_case, path, value) => {
    expect(() => car(value, 'car')).toThrow(CheckError);
    expect(() => car(value, 'car')).toThrow(`${path}: expected`);
    expect(attempt(car, value)).toBeUndefined();
  });

  it('keeps "__proto__" keys of a record as plain data', () => {
    const parsed = record(number)(JSON.parse('{"__proto__": 5, "Kia": 2}'), 'facets');
    expect(Object.keys(parsed).sort()).toEqual(['Kia', '__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('checks pairs and alternatives', () => {
    expect(pair(text(), text())(['Brisbane', 'QLD'], 'p')).toEqual(['Brisbane', 'QLD']);
    expect(() => pair(text(), text())(['Brisbane'], 'p')).toThrow(CheckError);
    expect(either(number, text())('12', 'id')).toBe('12');
    expect(either(number, text())(12, 'id')).toBe(12);
  });

  it('lets errors other than a failed check through', () => {
    const broken = () => {
      throw new TypeError('bug');
    };
    expect(() => attempt(broken, 1)).toThrow(TypeError);
  });
});
