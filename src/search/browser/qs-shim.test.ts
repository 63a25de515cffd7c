import { describe, expect, it } from 'vitest';
import qs from './qs-shim';

describe('qs stand-in', () => {
  it('reads and writes flat query strings', () => {
    expect(qs.parse('query=rav4&page=2')).toEqual({ query: 'rav4', page: '2' });
    expect(qs.stringify({ query: 'land rover', page: 2, nested: { a: 1 } })).toBe('query=land+rover&page=2');
    expect(qs.stringify(null)).toBe('');
  });
});
