import { describe, expect, it } from 'vitest';
import { parseQuery } from './query-text';
import { typoBudget } from './text';
import { textRules } from './text-settings';

describe('textRules', () => {
  it('normalises synonym keys and values like document words, dropping a word listed as its own synonym', () => {
    const rules = textRules({ synonyms: { '4WD': ['4x4', 'Four-Wheel Drive', '4wd'], 'Pick Up': ['ute'] } });
    expect(rules.synonyms.get('4wd')).toEqual([['4x4'], ['four', 'wheel', 'drive']]);
    expect(rules.synonyms.get('pick up')).toEqual([['ute']]);
  });

  it('keeps stop words as spelled (case counts) and reads typo tolerance with Meilisearch defaults', () => {
    const rules = textRules({ stopWords: ['The'], typoTolerance: { minWordSizeForTypos: { oneTypo: 3 }, disableOnWords: ['GXL'] } });
    expect([...rules.stopWords]).toEqual(['The']);
    expect(typoBudget('kia', rules.typos)).toBe(1);
    expect(typoBudget('landcruis', rules.typos)).toBe(2);
    expect(typoBudget('gxl', rules.typos)).toBe(0);
    expect(typoBudget('corolla', textRules({ typoTolerance: { enabled: false } }).typos)).toBe(0);
  });
});

describe('parseQuery with text rules', () => {
  const rules = textRules({ stopWords: ['the', 'to'], synonyms: { ute: ['pickup'] } });

  it('leaves stop words out unless typed last, and gives words their synonyms', () => {
    expect(parseQuery('the ute', rules).terms).toEqual([{ kind: 'word', term: 'ute', prefix: true, typos: 0, synonyms: [['pickup']] }]);
    expect(parseQuery('hilux the', rules).terms.map((t) => (t.kind === 'word' ? t.term : t.terms))).toEqual(['hilux', 'the']);
    expect(parseQuery('hilux the ', rules).terms.map((t) => (t.kind === 'word' ? t.term : t.terms))).toEqual(['hilux']);
  });

  it('keeps a stop word inside a phrase as a place, drops it at the ends, and drops a phrase of stop words', () => {
    expect(parseQuery('"how to train"', rules).terms).toEqual([{ kind: 'phrase', terms: ['how', '', 'train'] }]);
    expect(parseQuery('"the dragon"', rules).terms).toEqual([{ kind: 'phrase', terms: ['dragon'] }]);
    expect(parseQuery('"to"', rules).terms).toEqual([]);
  });
});
