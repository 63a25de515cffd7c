/**
 * The shopper's point in InstantSearch's UI state: its own `near` key, which the island's near
 * widget keeps as a search parameter, so every request carries it to request.ts. Loaded with the
 * postcode box, after the page: the sort's index name is spelled here as ui-state.ts spells it.
 */
import type { IndexUiState } from 'instantsearch.js';
import { NEAREST_SORT, roundCoordinate, type Near } from '../model/near';

/**
 * The UI state with the shopper's point set, changed or gone, back on page 1. A new postcode
 * sorts nearest first (`sort`); without a point a distance sort falls back to the default.
 */
export function withNear(ui: IndexUiState, near: Near | undefined, sort: boolean, indexUid: string): IndexUiState {
  const { page: _page, sortBy, near: _near, ...rest } = ui as IndexUiState & { near?: Near };
  const keptSort = sort && near ? `${indexUid}:${NEAREST_SORT}` : near || !sortBy?.endsWith(`:${NEAREST_SORT}`) ? sortBy : undefined;
  return {
    ...rest,
    ...(keptSort ? { sortBy: keptSort } : {}),
    ...(near ? { near: { ...near, lat: roundCoordinate(near.lat), lng: roundCoordinate(near.lng) } } : {}),
  };
}
