import { describe, expect, it } from 'vitest';
import { canonicalJson, readIdempotencyKey, requestHash } from './idempotency';

describe('readIdempotencyKey', () => {
  it('accepts 8-200 characters of the allowed set, and no header at all', () => {
    expect(readIdempotencyKey(undefined)).toEqual({ ok: true, key: undefined });
    for (const key of ['abcdefgh', '0f8c1a2e-9a7b-4c3d-8e9f-0a1b2c3d4e5f', 'a.b:c_d-e', 'x'.repeat(200)])
      expect(readIdempotencyKey(key)).toEqual({ ok: true, key });
  });
  it('refuses short, long or odd keys', () => {
    for (const key of ['', 'short', 'x'.repeat(201), 'has space1', 'semi;colon', 'ünïcode-key', '<script>x']) expect(readIdempotencyKey(key).ok).toBe(false);
  });
});

describe('canonicalJson / requestHash', () => {
  it('ignores key order at every level but not array order', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, 1], c: null } })).toBe('{"a":{"c":null,"d":[2,1]},"b":1}');
    const one = requestHash({ method: 'POST', target: '/leads', body: { lead: { a: 1, b: 2 } } });
    expect(requestHash({ method: 'POST', target: '/leads', body: { lead: { b: 2, a: 1 } } })).toBe(one);
    expect(requestHash({ method: 'POST', target: '/leads', body: { lead: { a: 1, b: 3 } } })).not.toBe(one);
    expect(requestHash({ method: 'PUT', target: '/leads', body: { lead: { a: 1, b: 2 } } })).not.toBe(one);
  });
  it('keeps a __proto__ key as data', () => {
    const hostile = JSON.parse('{"__proto__":{"x":1},"a":1}') as unknown;
    expect(canonicalJson(hostile)).toBe('{"__proto__":{"x":1},"a":1}');
  });
});
