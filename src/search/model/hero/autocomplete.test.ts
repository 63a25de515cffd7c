import { describe, expect, it } from 'vitest';
import { MAX_QUERY_LENGTH, RecentResults, moveActive, normaliseQuery } from './autocomplete';

describe('moveActive: arrow keys through the options', () => {
  it('Down from nothing starts at the first option; Up from nothing at the last', () => {
    expect(moveActive(-1, 4, 1)).toBe(0);
    expect(moveActive(-1, 4, -1)).toBe(3);
  });
  it('moves one step and wraps at either end', () => {
    expect(moveActive(0, 4, 1)).toBe(1);
    expect(moveActive(3, 4, 1)).toBe(0);
    expect(moveActive(0, 4, -1)).toBe(3);
  });
  it('has nothing to move to without options', () => {
    expect(moveActive(2, 0, 1)).toBe(-1);
  });
  it('restarts when the list shrank under the active option', () => {
    expect(moveActive(5, 3, 1)).toBe(0);
  });
});

describe('normaliseQuery', () => {
  it('trims and collapses spaces', () => {
    expect(normaliseQuery('  toyota   rav4 \n')).toBe('toyota rav4');
  });
  it('caps the length at the search box maxlength', () => {
    expect(normaliseQuery('a'.repeat(500))).toHaveLength(MAX_QUERY_LENGTH);
  });
});

describe('RecentResults', () => {
  it('evicts the oldest entry when full', () => {
    const recent = new RecentResults<number>(2);
    recent.set('a', 1);
    recent.set('b', 2);
    recent.set('c', 3);
    expect(recent.get('a')).toBeUndefined();
    expect(recent.get('b')).toBe(2);
    expect(recent.get('c')).toBe(3);
  });
  it('counts a repeated query as new', () => {
    const recent = new RecentResults<number>(2);
    recent.set('a', 1);
    recent.set('b', 2);
    recent.set('a', 10);
    recent.set('c', 3);
    expect(recent.get('b')).toBeUndefined();
    expect(recent.get('a')).toBe(10);
  });
});
