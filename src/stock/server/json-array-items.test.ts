import { describe, expect, it } from 'vitest';
import { JsonArrayItems } from './json-array-items';

/** Every item of `key`'s array, `step` at a time, and the text with the array emptied. */
function read(text: string, key = 'list', step = 2): { items: string[]; rest: string } {
  const reader = new JsonArrayItems(Buffer.from(text), key);
  const items: string[] = [];
  for (let chunk = reader.next(step); chunk.length > 0; chunk = reader.next(step)) {
    expect(chunk.length).toBeLessThanOrEqual(step);
    items.push(...chunk);
  }
  return { items, rest: reader.rest() };
}

describe('JsonArrayItems', () => {
  it('finds each item of the named array, whatever comes before and after it', () => {
    const value = { a: { list: [1] }, b: ['[', '{'], list: [{ x: '"]},', y: 'Škoda — 日本 🚗' }, [1, [2]], 'a\\"', -1.5e3, true, null, {}], c: 'end' };
    for (const text of [JSON.stringify(value), JSON.stringify(value, null, 2)]) {
      const { items, rest } = read(text);
      expect(items.map((item) => JSON.parse(item) as unknown)).toEqual(value.list);
      expect(JSON.parse(rest)).toEqual({ ...value, list: [] });
    }
  });

  it('reads an empty array, and an object without the array as having no items', () => {
    expect(read('{"list": [ ]}')).toEqual({ items: [], rest: '{"list": []}' });
    expect(read('{"other": [1, 2]}')).toEqual({ items: [], rest: '{"other": [1, 2]}' });
    expect(read('[1, 2]')).toEqual({ items: [], rest: '[1, 2]' });
  });

  it('refuses a list it cannot split, and leaves the rest of the syntax to JSON.parse', () => {
    for (const text of ['{"list": [1,]}', '{"list": [1 2]}', '{"list": [{"a": 1}', '{"list": ["abc]}', '{"list" [1]}']) {
      expect(() => read(text), text).toThrow(SyntaxError);
    }
    // Boundaries only: a broken item or outer object is found by parsing it.
    const { items, rest } = read('{"list": [{"a": tru}, 2], "x": }');
    expect(() => JSON.parse(items[0]!) as unknown).toThrow(SyntaxError);
    expect(() => JSON.parse(rest) as unknown).toThrow(SyntaxError);
  });
});
