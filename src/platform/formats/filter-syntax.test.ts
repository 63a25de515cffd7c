import { SearchEngine, parseFilterExpression, parseSearchParams } from '@dealer-sites/search-engine';
import { describe, expect, it } from 'vitest';
import { isBalancedFilter, quoteFilterValue } from './filter-syntax';

describe('quoteFilterValue', () => {
  it('quotes values, strips double quotes and escapes backslashes', () => {
    expect(quoteFilterValue('Toyota')).toBe('"Toyota"');
    expect(quoteFilterValue('Land Rover')).toBe('"Land Rover"');
    expect(quoteFilterValue('Toyota" OR make != "x')).toBe('"Toyota OR make != x"');
    expect(quoteFilterValue('a\\b')).toBe('"a\\\\b"');
    expect(quoteFilterValue('ends with \\')).toBe('"ends with \\\\"');
    expect(quoteFilterValue('\\" OR 1 = 1')).toBe('"\\\\ OR 1 = 1"');
  });

  it('parses back to exactly the value, without its double quotes', () => {
    const hostile = ['Toyota', 'x" OR make != "y', 'a\\b', 'trailing\\', '\\"', "O'Brien", '[1, 2]', '(a) AND (b)', 'NOT', 'Škoda 🚗', '', ' spaced '];
    for (const value of hostile) {
      const node = parseFilterExpression(`make = ${quoteFilterValue(value)}`);
      expect(node, value).toMatchObject({ type: 'compare', op: '=', value: { value: value.replace(/"/g, '') } });
    }
  });

  // Two copies of this rule once disagreed: one stripped backslashes, one doubled them. Against
  // the engine (which reads `\` inside quotes as Meilisearch does), only doubling finds the value.
  it('finds a value with a backslash in the engine, where stripping the backslash would not', () => {
    const settings = {
      primaryKey: 'id',
      searchableAttributes: ['slug'],
      filterableAttributes: ['slug'],
      sortableAttributes: [],
      rankingRules: ['words'],
      faceting: { maxValuesPerFacet: 100 },
      pagination: { maxTotalHits: 1000 },
    };
    const engine = new SearchEngine(
      [
        { id: 1, slug: 'odd\\slug' },
        { id: 2, slug: 'oddslug' },
      ],
      settings,
    );
    const ids = (filter: string) => engine.search(parseSearchParams({ filter })).hits.map((hit) => hit.id);
    expect(ids(`slug = ${quoteFilterValue('odd\\slug')}`)).toEqual([1]);
    const stripped = `"${'odd\\slug'.replace(/["\\]/g, '')}"`;
    expect(ids(`slug = ${stripped}`)).toEqual([2]);
  });
});

describe('isBalancedFilter', () => {
  it('refuses a filter whose parentheses could break out of its own group', () => {
    expect(isBalancedFilter('a = 1) OR (b = 2')).toBe(false);
    expect(isBalancedFilter('a = "x)" AND (b = 2)')).toBe(true);
    expect(isBalancedFilter('a = "unclosed')).toBe(false);
  });
});
