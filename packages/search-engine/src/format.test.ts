import { describe, expect, it } from 'vitest';
import { Highlighter, formatValue, typedHighlights } from './format';
import { parseQuery } from './query-text';

const highlighter = (q: string, known: readonly string[] = []): Highlighter =>
  new Highlighter(typedHighlights(parseQuery(q)), { preTag: '<em>', postTag: '</em>' }, (term) => known.includes(term));

describe('Highlighter', () => {
  it('wraps each matched word, and only the typed part of a prefix', () => {
    expect(highlighter('toyota hil').format('2021 Toyota HiLux, Toyota')).toBe('2021 <em>Toyota</em> <em>HiL</em>ux, <em>Toyota</em>');
  });

  it('keeps accents with the letters they belong to', () => {
    expect(highlighter('sko').format('Škoda Octavia')).toBe('<em>Ško</em>da Octavia');
    expect(highlighter('skoda').format('ŠKODA')).toBe('<em>ŠKODA</em>');
  });

  it('highlights typo matches only for words the index holds', () => {
    expect(highlighter('toyta ', ['toyota']).format('Toyota')).toBe('<em>Toyota</em>');
    expect(highlighter('toyta ').format('Toyota')).toBe('Toyota');
  });

  it('highlights a phrase as one span, only where its words stand together', () => {
    expect(highlighter('"corolla ascent"').format('Corolla Ascent, Ascent Corolla')).toBe('<em>Corolla Ascent</em>, Ascent Corolla');
  });

  it('highlights a word found split in two as one span over both halves', () => {
    const h = new Highlighter({ words: [], runs: [['cx', '5']] }, { preTag: '<em>', postTag: '</em>' }, () => true);
    expect(h.format('Mazda CX-5 Maxx')).toBe('Mazda <em>CX-5</em> Maxx');
  });

  it('highlights a Chinese word inside a longer run of characters on its own', () => {
    expect(highlighter('豐田').format('豐田汽車')).toBe('<em>豐田</em>汽車');
    expect(highlighter('汽車').format('豐田汽車')).toBe('豐田<em>汽車</em>');
    expect(highlighter('寿司').format('東京のお寿司。')).toBe('東京のお<em>寿司</em>。');
  });

  it('inserts tags and data as they are, without escaping or breaking on markup', () => {
    const h = new Highlighter(typedHighlights(parseQuery('rs')), { preTag: '<mark class="x">', postTag: '</mark>' }, () => false);
    expect(h.format('Octavia <b>RS</b> & <script>alert(1)</script>')).toBe('Octavia <b><mark class="x">RS</mark></b> & <script>alert(1)</script>');
    expect(highlighter('').format('<b>x</b>')).toBe('<b>x</b>');
  });
});

describe('formatValue', () => {
  it('turns numbers into strings, keeps booleans and null, and walks arrays and objects', () => {
    const h = highlighter('2019');
    expect(formatValue(2019, true, h)).toBe('<em>2019</em>');
    expect(formatValue(2020, false, h)).toBe('2020');
    expect(formatValue(true, true, h)).toBe(true);
    expect(formatValue(null, true, h)).toBeNull();
    expect(formatValue([{ image_url: '/a/2019.jpg' }], true, h)).toEqual([{ image_url: '/a/<em>2019</em>.jpg' }]);
  });
});
