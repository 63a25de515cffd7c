import { describe, expect, it } from 'vitest';
import type { SearchState } from '../model/state';
import { formatRange, indexNameForSort, parseRange, searchStateToUiState, sortFromIndexName, uiStateToSearchState } from './ui-state';

const INDEX = 'kingfisher-toyota';

describe('ranges as InstantSearch writes them', () => {
  it('reads min-max, min-only and max-only', () => {
    expect(parseRange('5000:20000')).toEqual({ min: 5000, max: 20000 });
    expect(parseRange('5000:')).toEqual({ min: 5000 });
    expect(parseRange(':20000')).toEqual({ max: 20000 });
  });

  it('ignores text that is not a range', () => {
    expect(parseRange(':')).toBeUndefined();
    expect(parseRange('a:b')).toBeUndefined();
    expect(parseRange('1:2:3')).toBeUndefined();
  });

  it('writes what it reads', () => {
    expect(formatRange({ min: 5000 })).toBe('5000:');
    expect(formatRange({ max: 20000 })).toBe(':20000');
    expect(formatRange({})).toBeUndefined();
  });
});

describe('sort in the index name', () => {
  it('the bare index name is the site default', () => {
    expect(sortFromIndexName(INDEX, INDEX)).toBeUndefined();
    expect(sortFromIndexName(`${INDEX}:price:asc`, INDEX)).toBe('price:asc');
    expect(indexNameForSort('price:asc', INDEX)).toBe(`${INDEX}:price:asc`);
    expect(indexNameForSort(undefined, INDEX)).toBe(INDEX);
  });

  it('another index name carries no sort', () => {
    expect(sortFromIndexName('other:price:asc', INDEX)).toBeUndefined();
  });
});

describe('UI state and search state', () => {
  const state: SearchState = {
    query: 'hybrid',
    page: 2,
    sortBy: 'price:asc',
    refinements: { make: ['Toyota', 'Mazda'], car_type: ['used'] },
    ranges: { price: { min: 5000, max: 20000 }, km: { max: 50000 } },
  };

  it('round-trips', () => {
    expect(uiStateToSearchState(searchStateToUiState(state, INDEX), INDEX)).toEqual(state);
  });

  it('spells the state the InstantSearch way', () => {
    expect(searchStateToUiState(state, INDEX)).toEqual({
      query: 'hybrid',
      page: 2,
      sortBy: `${INDEX}:price:asc`,
      refinementList: { make: ['Toyota', 'Mazda'], car_type: ['used'] },
      range: { price: '5000:20000', km: ':50000' },
    });
  });

  it('leaves out page 1, empty lists, blank queries and fields that are not vehicle fields', () => {
    expect(uiStateToSearchState({ page: 1, query: '  ', refinementList: { make: [], nonsense: ['x'] }, range: { nonsense: '1:2' } }, INDEX)).toEqual({
      refinements: {},
      ranges: {},
    });
  });
});
