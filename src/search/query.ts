/**
 * Meilisearch requests for a search state (spec §5 and §7).
 *
 * CONTRACT (bodies to be written): signatures are fixed; other modules already call them.
 */
import type { SearchSite } from './site';
import type { RangeField, RefinementField, SearchState } from './state';

/** A Meilisearch filter: a string, or AND-ed items whose inner arrays are OR-ed. */
export type MeiliFilter = Array<string | string[]>;

export interface SearchContext {
  site: SearchSite;
  /** Unix seconds; the sold window is measured back from here. */
  nowSeconds: number;
}

export interface MultiSearchQuery {
  indexUid: string;
  q: string;
  filter: MeiliFilter;
  sort: string[];
  facets: string[];
  limit: number;
  offset: number;
  attributesToHighlight?: string[];
  highlightPreTag?: string;
  highlightPostTag?: string;
}

/** Site filter, per-template filter, manufacturer filter and the default listing (statuses, sold window). */
export function baseFilter(_ctx: SearchContext): MeiliFilter {
  throw new Error('not implemented');
}

/** The shopper's refinements and ranges; `omit` drops one field's own filter (facet queries). */
export function stateFilter(_state: SearchState, _omit?: RefinementField | RangeField): MeiliFilter {
  throw new Error('not implemented');
}

/** baseFilter + stateFilter, plus `price > 0` for a price-ascending sort where the site asks. */
export function searchFilter(_state: SearchState, _ctx: SearchContext, _omit?: RefinementField | RangeField): MeiliFilter {
  throw new Error('not implemented');
}

/** One filter string with the same meaning, for APIs that take a string. */
export function filterToString(_filter: MeiliFilter): string {
  throw new Error('not implemented');
}

/** Free text as sent: stock-number lookalikes wrapped in quotes for an exact match. */
export function searchText(_query: string | undefined): string {
  throw new Error('not implemented');
}

/** The state's sort, else the site default, else custom_rank:desc. */
export function searchSort(_state: SearchState, _site: SearchSite): string[] {
  throw new Error('not implemented');
}

/** One main query (21 hits, page offset) plus a limit-1 query per faceted field that has a filter. */
export function buildMultiSearch(
  _state: SearchState,
  _ctx: SearchContext,
  _options: { indexUid: string; facets: readonly string[] },
): MultiSearchQuery[] {
  throw new Error('not implemented');
}
