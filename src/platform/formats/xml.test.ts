import { describe, expect, it } from 'vitest';
import { xmlText } from './xml';

describe('xmlText', () => {
  it('escapes the five markup characters and drops characters XML 1.0 forbids', () => {
    expect(xmlText(`<a href="x">Tom & 'Jerry'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;Tom &amp; &apos;Jerry&apos;&lt;/a&gt;');
    expect(xmlText('a\u0000b\u0008c\u000Bd\u001Fe\uFFFEf\uFFFFg\uD800h')).toBe('abcdefgh');
    expect(xmlText('tab\tnew\nline\r ok 🚗 ü')).toBe('tab\tnew\nline\r ok 🚗 ü');
  });

  it('cannot close a CDATA section or an element', () => {
    expect(xmlText(']]></title><x>')).toBe(']]&gt;&lt;/title&gt;&lt;x&gt;');
  });
});
