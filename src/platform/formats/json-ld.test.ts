import { describe, expect, it } from 'vitest';
import { serializeJsonLd } from './json-ld';

describe('serializeJsonLd', () => {
  it('cannot close the script element, and parses back to the same data', () => {
    const hostile = { name: '</script><script>alert(1)</script>', note: '<!-- & \u2028 -->' };
    const json = serializeJsonLd(hostile);
    expect(json).not.toMatch(/[<>]/);
    expect(json).not.toContain('\u2028');
    expect(JSON.parse(json)).toEqual(hostile);
  });
});
