import type { IndexUiState } from 'instantsearch.js';
import { describe, expect, it } from 'vitest';
import { searchStateToUiState, uiStateToSearchState } from './ui-state';
import { withNear } from './near-state';

const INDEX = 'kingfisher-toyota';
const near = { lat: -27.46794, lng: 153.02809, postcode: '4000' };
const configure = { hitsPerPage: 21 };
const ui = (extra: object) => extra as IndexUiState;

describe('the shopper’s point in the UI state', () => {
  it('rides in its own key, and reads back', () => {
    const state = searchStateToUiState({ refinements: {}, ranges: {}, near, sortBy: '_geo:asc' }, INDEX);
    expect(state).toEqual({ near, sortBy: `${INDEX}:_geo:asc` });
    expect(uiStateToSearchState({ ...state, configure }, INDEX)).toEqual({ refinements: {}, ranges: {}, near, sortBy: '_geo:asc' });
  });

  it('a looked-up point goes in at five decimals', () => {
    expect((withNear({}, { lat: -27.468544304444443, lng: 153.02245896666668, postcode: '4000' }, true, INDEX) as { near?: unknown }).near).toEqual({
      lat: -27.46854,
      lng: 153.02246,
      postcode: '4000',
    });
  });

  it('a new postcode sorts nearest first, back on page 1', () => {
    expect(withNear({ page: 3, sortBy: `${INDEX}:price:asc`, configure, query: 'rav4' }, near, true, INDEX)).toEqual({
      query: 'rav4',
      configure,
      sortBy: `${INDEX}:_geo:asc`,
      near,
    });
  });

  it('a new radius keeps the shopper’s sort', () => {
    const within = { distance: 50, unit: 'km' as const };
    expect(withNear(ui({ sortBy: `${INDEX}:price:asc`, near }), { ...near, within }, false, INDEX)).toEqual({
      sortBy: `${INDEX}:price:asc`,
      near: { ...near, within },
    });
  });

  it('clearing the postcode drops the point and a nearest-first sort, and keeps other sorts', () => {
    expect(withNear(ui({ sortBy: `${INDEX}:_geo:asc`, near, configure }), undefined, false, INDEX)).toEqual({ configure });
    expect(withNear(ui({ sortBy: `${INDEX}:year:desc`, near }), undefined, false, INDEX)).toEqual({ sortBy: `${INDEX}:year:desc` });
  });
});
