import { describe, expect, it } from 'vitest';
import { parseTree } from 'jsonc-parser';
import { duplicateKeys, duplicateKeysInTree } from './json-duplicate-keys';

describe('duplicateKeys', () => {
  it('names a key written twice in one object, by its path', () => {
    const text = '{"features":{"enabled_pages":["checkout"],"safety":{"id":1},"enabled_pages":["spin_to_win"]},"slug":"a"}';
    expect(duplicateKeys(text)).toEqual(['features.enabled_pages']);
  });

  it('finds them inside arrays and at the top', () => {
    expect(duplicateKeys('{"a":1,"locations":[{"id":1},{"id":2,"id":3}],"a":2}')).toEqual(['locations[1].id', 'a']);
  });

  it('lets the same key stand in different objects, and reads strings with escapes and brackets', () => {
    const text = JSON.stringify({ a: { name: 'x "}{,' }, b: { name: 'y\\' }, c: [{ name: '[' }, { name: ']' }] });
    expect(duplicateKeys(text)).toEqual([]);
  });

  it('compares keys as JSON reads them', () => {
    expect(duplicateKeys('{"slug":1,"sl\\u0075g":2}')).toEqual(['slug']);
  });

  it('says where the second key and the first one are written', () => {
    const text = '{"phone":"1",\n "phone":"2"}';
    expect(duplicateKeysInTree(parseTree(text))).toEqual([{ path: ['phone'], offset: text.lastIndexOf('"phone"'), firstOffset: 1 }]);
  });
});
