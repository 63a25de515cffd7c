/**
 * InstantSearch's per-index UI state and our SearchState are two spellings of the same
 * thing. The islands keep InstantSearch's shape; everything with meaning (URLs, filters) is
 * computed from SearchState, so these two functions are the only place the shapes meet.
 */
import type { IndexUiState } from 'instantsearch.js';
import type { Near } from '../model/near';
import { rangeFields, refinementFields, type NumericRange, type RangeField, type RefinementField, type SearchState } from '../model/state';

const isRefinementField = (field: string): field is RefinementField => (refinementFields as readonly string[]).includes(field);
const isRangeField = (field: string): field is RangeField => (rangeFields as readonly string[]).includes(field);

const finite = (text: string | undefined): number | undefined => {
  if (text === undefined || text.trim() === '') return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
};

/** InstantSearch writes ranges as "min:max" with either side empty: "5000:20000", ":20000". */
export function parseRange(text: string): NumericRange | undefined {
  const [minText, maxText, ...rest] = text.split(':');
  if (rest.length > 0) return undefined;
  const min = finite(minText);
  const max = finite(maxText);
  if (min === undefined && max === undefined) return undefined;
  return { ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) };
}

export function formatRange(range: NumericRange): string | undefined {
  if (range.min === undefined && range.max === undefined) return undefined;
  return `${range.min ?? ''}:${range.max ?? ''}`;
}

/** `"kingfisher-toyota:price:asc"` → `"price:asc"`; the bare index name is the site default (undefined). */
export function sortFromIndexName(indexName: string | undefined, indexUid: string): string | undefined {
  if (!indexName || !indexName.startsWith(`${indexUid}:`)) return undefined;
  return indexName.slice(indexUid.length + 1) || undefined;
}

export function indexNameForSort(sortBy: string | undefined, indexUid: string): string {
  return sortBy ? `${indexUid}:${sortBy}` : indexUid;
}

export function uiStateToSearchState(ui: IndexUiState, indexUid: string, currentPath?: string): SearchState {
  const refinements: SearchState['refinements'] = {};
  for (const [field, values] of Object.entries(ui.refinementList ?? {})) {
    if (isRefinementField(field) && values.length > 0) refinements[field] = [...values];
  }
  const ranges: SearchState['ranges'] = {};
  for (const [field, text] of Object.entries(ui.range ?? {})) {
    const range = isRangeField(field) ? parseRange(text) : undefined;
    if (range && isRangeField(field)) ranges[field] = range;
  }
  const query = ui.query?.trim() ? ui.query : undefined;
  const page = ui.page !== undefined && ui.page > 1 ? ui.page : undefined;
  const sortBy = sortFromIndexName(ui.sortBy, indexUid);
  // Checked where it is used: routing and request.ts take it through normalNear.
  const near = (ui as { near?: Near }).near;
  return {
    ...(query ? { query } : {}),
    ...(page ? { page } : {}),
    ...(sortBy ? { sortBy } : {}),
    refinements,
    ranges,
    ...(near ? { near } : {}),
    ...(currentPath ? { currentPath } : {}),
  };
}

export function searchStateToUiState(state: SearchState, indexUid: string): IndexUiState {
  const refinementList: Record<string, string[]> = {};
  for (const field of refinementFields) {
    const values = state.refinements[field];
    if (values && values.length > 0) refinementList[field] = [...values];
  }
  const range: Record<string, string> = {};
  for (const field of rangeFields) {
    const bounds = state.ranges[field];
    const text = bounds ? formatRange(bounds) : undefined;
    if (text) range[field] = text;
  }
  return {
    ...(state.query ? { query: state.query } : {}),
    ...(state.page !== undefined && state.page > 1 ? { page: state.page } : {}),
    ...(state.sortBy ? { sortBy: indexNameForSort(state.sortBy, indexUid) } : {}),
    ...(Object.keys(refinementList).length > 0 ? { refinementList } : {}),
    ...(Object.keys(range).length > 0 ? { range } : {}),
    // Its own key, kept by the island's near widget (SearchApp) as a search parameter, so every
    // request carries it to request.ts, which turns it into the geo filter and sort.
    ...(state.near ? { near: state.near } : {}),
  };
}
