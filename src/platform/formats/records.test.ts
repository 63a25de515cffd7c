import { describe, expect, it } from 'vitest';
import { isRecord } from './records';

describe('isRecord', () => {
  it('takes objects, including ones without a prototype', () => {
    expect(isRecord({})).toBe(true);
    expect(isRecord({ lead: { form: 'enquiry' } })).toBe(true);
    expect(isRecord(Object.create(null))).toBe(true);
  });
  it('refuses null, arrays and every other JSON value', () => {
    for (const value of [null, undefined, [], [{}], 'text', 42, true]) expect(isRecord(value), JSON.stringify(value)).toBe(false);
  });
});
