import type { IndexUiState } from 'instantsearch.js';
import { describe, expect, it } from 'vitest';
import { searchStateToUiState, uiStateToSearchState } from './ui-state';
import { withNear } from './near-state';

const INDEX = 'kingfisher-toyota';
const near = { lat: -27.46794, lng: 153.02809, postcode: '4000' };
const settings = { hitsPerPage: 21 };
const configure = (extra: object) => ({ ...settings, ...extra }) as IndexUiState['configure'];

describe('the shopper’s point in the UI state', () => {
  it('rides in configure beside the widgets’ settings, and reads back', () => {
    const ui = searchStateToUiState({ refinements: {}, ranges: {}, near, sortBy: '_geo:asc' }, INDEX);
    expect(ui.configure).toEqual({ near });
    expect(uiStateToSearchState({ ...ui, configure: { ...ui.configure, ...settings } }, INDEX)).toEqual({
      refinements: {},
      ranges: {},
      near,
      sortBy: '_geo:asc',
    });
  });

  it('a new postcode sorts nearest first, back on page 1', () => {
    const ui = withNear({ page: 3, sortBy: `${INDEX}:price:asc`, configure: settings, query: 'rav4' }, near, true, INDEX);
    expect(ui).toEqual({ query: 'rav4', sortBy: `${INDEX}:_geo:asc`, configure: configure({ near }) });
  });

  it('a new radius keeps the shopper’s sort', () => {
    const within = { distance: 50, unit: 'km' as const };
    expect(withNear({ sortBy: `${INDEX}:price:asc`, configure: configure({ near }) }, { ...near, within }, false, INDEX)).toEqual({
      sortBy: `${INDEX}:price:asc`,
      configure: { ...settings, near: { ...near, within } },
    });
  });

  it('clearing the postcode drops the point and a nearest-first sort, and keeps other sorts and settings', () => {
    expect(withNear({ sortBy: `${INDEX}:_geo:asc`, configure: configure({ near }) }, undefined, false, INDEX)).toEqual({ configure: settings });
    expect(withNear({ sortBy: `${INDEX}:year:desc`, configure: configure({ near }) }, undefined, false, INDEX)).toEqual({
      sortBy: `${INDEX}:year:desc`,
      configure: settings,
    });
  });
});
