import { describe, expect, it } from 'vitest';
import { hasUnsafeCharacters, maskUnstorable, withoutUnsafeCharacters, type UnsafeLevel } from './unsafe-text';

const LEVELS: UnsafeLevel[] = ['storage', 'controls', 'display'];

/** Each character and the levels that refuse it inside multi-line text. */
const CASES: [label: string, text: string, refusedBy: UnsafeLevel[]][] = [
  ['plain text, markup and emoji', 'José <b>hi</b> 😀 Ω', []],
  ['a surrogate pair', '\ud83d\ude00', []],
  ['NUL', 'a\u0000b', ['storage', 'controls', 'display']],
  ['a lone high surrogate', 'a\ud800b', ['storage', 'controls', 'display']],
  ['a lone high surrogate at the end', 'a\ud800', ['storage', 'controls', 'display']],
  ['a lone low surrogate', '\udc00a', ['storage', 'controls', 'display']],
  ['a low then a high surrogate', '\udc00\ud800', ['storage', 'controls', 'display']],
  ['BEL', 'Bell\u0007car', ['controls', 'display']],
  ['ESC', 'x\u001b[2J', ['controls', 'display']],
  ['DEL', 'a\u007fb', ['controls', 'display']],
  ['tab, line feed, carriage return', 'a\tb\nc\r\n', []],
  ['a C1 control', 'a\u0085b', ['display']],
  ['a right-to-left override', 'ok\u202eevil', ['display']],
  ['a first-strong isolate', 'a\u2068b', ['display']],
];

describe('hasUnsafeCharacters', () => {
  it.each(CASES)('%s', (_label, text, refusedBy) => {
    for (const level of LEVELS) expect(hasUnsafeCharacters(text, true, level), level).toBe(refusedBy.includes(level));
  });

  it('refuses what a lead form field refuses by default', () => {
    expect(hasUnsafeCharacters('ok\u202eevil')).toBe(true);
    expect(hasUnsafeCharacters('a\nb')).toBe(false);
  });

  it('refuses tab and line breaks in single-line text, above the storage level', () => {
    for (const text of ['a\tb', 'a\nb', 'a\rb']) {
      expect(hasUnsafeCharacters(text, false, 'display')).toBe(true);
      expect(hasUnsafeCharacters(text, false, 'controls')).toBe(true);
      expect(hasUnsafeCharacters(text, false, 'storage')).toBe(false);
    }
    expect(hasUnsafeCharacters('a b', false)).toBe(false);
  });
});

describe('maskUnstorable', () => {
  it('replaces NUL and lone surrogate halves, and keeps everything else', () => {
    expect(maskUnstorable('bad\u0000key')).toBe('bad?key');
    expect(maskUnstorable('\udc00\ud800x\ud800')).toBe('??x?');
    expect(maskUnstorable('😀 a\u0007\u202e')).toBe('😀 a\u0007\u202e');
  });
});

describe('withoutUnsafeCharacters', () => {
  it('drops what the level refuses and keeps the rest, emoji included', () => {
    expect(withoutUnsafeCharacters('ab\u202ecd\u2066e\u0085f\u0007g\u0000h')).toBe('abcdefgh');
    expect(withoutUnsafeCharacters('😀\ud800x\udc00')).toBe('😀x');
    expect(withoutUnsafeCharacters('a\nb\tc')).toBe('a\nb\tc');
    expect(withoutUnsafeCharacters('a\nb\tc', false)).toBe('abc');
    expect(withoutUnsafeCharacters('a\u202eb', true, 'controls')).toBe('a\u202eb');
  });
});
