import { describe, expect, it } from 'vitest';
import { parseQuery } from './query-text';
import { boundedDistance, normalizeFacet, normalizeWord, tokenize, typoBudget, typosBetween } from './text';

describe('normalisation', () => {
  it('compares facet values without case, like Meilisearch', () => {
    expect(normalizeFacet('  Toyota ')).toBe('toyota');
    expect(normalizeFacet('ŠKODA')).toBe(normalizeFacet('škoda'));
  });

  it('indexes words without case or accents', () => {
    expect(normalizeWord('Škoda')).toBe('skoda');
    expect(normalizeWord('CITROËN')).toBe('citroen');
    expect(tokenize('2023 Toyota RAV4 <b>GX</b>').map((t) => t.term)).toEqual(['2023', 'toyota', 'rav4', 'b', 'gx', 'b']);
    expect(tokenize('x-trail')).toEqual([
      { start: 0, end: 1, term: 'x' },
      { start: 2, end: 7, term: 'trail' },
    ]);
  });

  it('cuts Chinese and Japanese runs into dictionary words, keeping their places in the text', () => {
    expect(tokenize('豐田汽車 Camry')).toEqual([
      { start: 0, end: 2, term: '豐田' },
      { start: 2, end: 4, term: '汽車' },
      { start: 5, end: 10, term: 'camry' },
    ]);
    expect(tokenize('東京のお寿司。').map((t) => t.term)).toEqual(['東京', 'の', 'お', '寿司']);
  });
});

describe('typo rules (Meilisearch defaults)', () => {
  it('allows 0 typos below 5 characters, 1 from 5 to 8, 2 from 9', () => {
    expect(typoBudget('kia')).toBe(0);
    expect(typoBudget('mazda')).toBe(1);
    expect(typoBudget('corolla!')).toBe(1);
    expect(typoBudget('landcruis')).toBe(2);
    expect(typoBudget('x'.repeat(300))).toBe(0);
  });

  it('counts a swap of neighbours as one typo', () => {
    expect(boundedDistance([...'toyota'], [...'toytoa'], 2, false)).toBe(1);
    expect(typosBetween('toytoa', 'toyota', 1, false)).toBe(1);
  });

  it('matches within the budget only', () => {
    expect(typosBetween('mazda', 'mazda', 1, false)).toBe(0);
    expect(typosBetween('mazds', 'mazda', 1, false)).toBe(1);
    expect(typosBetween('mazzds', 'mazda', 1, false)).toBeUndefined();
    expect(typosBetween('kia', 'kio', 0, false)).toBeUndefined();
  });

  it('counts a typo on the first letter as two', () => {
    expect(typosBetween('nazda', 'mazda', 1, false)).toBeUndefined();
    expect(typosBetween('landcruiser', 'kandcruiser', 2, false)).toBe(2);
    expect(typosBetween('landcruiser', 'kandcruisar', 2, false)).toBeUndefined();
    expect(typosBetween('landcruiser', 'landcruisar', 2, false)).toBe(1);
  });

  it('lets the last word match the start of a longer word, with its typos', () => {
    expect(typosBetween('toyo', 'toyota', 0, true)).toBe(0);
    expect(typosBetween('toyo', 'toyota', 0, false)).toBeUndefined();
    expect(typosBetween('toyta', 'toyota', 1, true)).toBe(1);
    expect(typosBetween('corola', 'corolla', 1, true)).toBe(1);
  });
});

describe('parseQuery', () => {
  it('makes only the last word a prefix, and only when nothing follows it', () => {
    expect(parseQuery('toyota hil').terms).toEqual([
      { kind: 'word', term: 'toyota', prefix: false, typos: 1 },
      { kind: 'word', term: 'hil', prefix: true, typos: 0 },
    ]);
    expect(parseQuery('toyota ').terms).toEqual([{ kind: 'word', term: 'toyota', prefix: false, typos: 1 }]);
  });

  it('reads Chinese typed without spaces as its words, the last one a prefix', () => {
    expect(parseQuery('丰田汽车').terms).toEqual([
      { kind: 'word', term: '丰田', prefix: false, typos: 0 },
      { kind: 'word', term: '汽车', prefix: true, typos: 0 },
    ]);
    expect(parseQuery('"丰田汽车"').terms).toEqual([{ kind: 'phrase', terms: ['丰田', '汽车'] }]);
  });

  it('reads quoted phrases, closing an unclosed one at the end', () => {
    expect(parseQuery('"AB1234"').terms).toEqual([{ kind: 'phrase', terms: ['ab1234'] }]);
    expect(parseQuery('ford "ranger wildtrak" blue').terms.map((t) => t.kind)).toEqual(['word', 'phrase', 'word']);
    expect(parseQuery('"land cruiser').terms).toEqual([{ kind: 'phrase', terms: ['land', 'cruiser'] }]);
    expect(parseQuery('""').terms).toEqual([]);
  });

  it('excludes words and phrases after a dash that starts the query or follows a space', () => {
    expect(parseQuery('toyota -corolla')).toEqual({
      terms: [{ kind: 'word', term: 'toyota', prefix: false, typos: 1 }],
      negative: [{ kind: 'word', term: 'corolla', prefix: false, typos: 0 }],
    });
    expect(parseQuery('-"ab 12" kia').negative).toEqual([{ kind: 'phrase', terms: ['ab', '12'] }]);
    expect(parseQuery('cx-5').negative).toEqual([]);
    expect(parseQuery('cx-5').terms.map((t) => t.kind === 'word' && t.term)).toEqual(['cx', '5']);
  });

  it('keeps at most 10 words', () => {
    expect(parseQuery('a b c d e f g h i j k l').terms).toHaveLength(10);
  });

  it('survives markup and odd unicode', () => {
    expect(parseQuery('<script>alert("x")</script>').terms.map((t) => (t.kind === 'word' ? t.term : t.terms.join(' ')))).toEqual([
      'script',
      'alert',
      'x',
      'script',
    ]);
    expect(parseQuery('\u0000\u202e🚗 ').terms).toEqual([]);
  });
});
