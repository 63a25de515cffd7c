/**
 * InstantSearch requests carry refinements in Algolia's syntax (`facetFilters`,
 * `numericFilters`). Before instant-meilisearch sees a request, these are read back into our
 * SearchState and replaced by the one filter string query.ts builds for it, so the browser sends
 * exactly the filter the server would build (site, template, manufacturer and default listing
 * included) and never a filter assembled from raw widget text.
 *
 *   facetFilters [["make:Toyota","make:Mazda"]], numericFilters ["price>=5000"]
 *   → filters 'status IN [...] AND … AND (make = "Toyota" OR make = "Mazda") AND price >= 5000'
 */
import { filterToString, searchFilter, searchSort, searchText, type SearchContext } from '../model/query';
import { indexSort } from '../model/sort-price';
import { normalNear } from '../model/near';
import { rangeFields, refinementFields, type RangeField, type RefinementField, type SearchState } from '../model/state';
import { indexNameForSort, sortFromIndexName } from './ui-state';

/** The part of an InstantSearch request this module reads and writes. */
export interface SearchRequestParams {
  query?: string;
  facets?: string | readonly string[];
  facetFilters?: unknown;
  numericFilters?: unknown;
  filters?: string;
  hitsPerPage?: number;
  page?: number;
  [param: string]: unknown;
}

export interface SearchRequest {
  indexName: string;
  params?: SearchRequestParams;
}

const isRefinementField = (field: string): field is RefinementField => (refinementFields as readonly string[]).includes(field);
const isRangeField = (field: string): field is RangeField => (rangeFields as readonly string[]).includes(field);

/** Flattens Algolia's `string | (string | string[])[]` filter lists. */
function filterStrings(filters: unknown): string[] {
  if (typeof filters === 'string') return [filters];
  if (!Array.isArray(filters)) return [];
  return filters.flatMap((item: unknown) =>
    Array.isArray(item) ? item.filter((s): s is string => typeof s === 'string') : typeof item === 'string' ? [item] : [],
  );
}

/**
 * `"make:Land Rover"` → ['make', 'Land Rover']. The helper escapes a value's leading `-` as `\-`
 * (a bare leading `-` on the attribute means "exclude"; nothing here excludes, so those are dropped).
 */
export function parseFacetFilter(text: string): [string, string] | undefined {
  if (text.startsWith('-')) return undefined;
  const colon = text.indexOf(':');
  if (colon <= 0) return undefined;
  const field = text.slice(0, colon);
  const value = text.slice(colon + 1).replace(/^\\-/, '-');
  return [field, value];
}

const NUMERIC_FILTER = /^([a-z_]+)\s*(>=|<=|=|>|<)\s*(-?\d+(?:\.\d+)?)$/;

/** `"price>=5000"` → ['price', '>=', 5000]; anything else is ignored. */
export function parseNumericFilter(text: string): [string, string, number] | undefined {
  const [, field, operator, number] = NUMERIC_FILTER.exec(text.trim()) ?? [];
  if (field === undefined || operator === undefined || number === undefined) return undefined;
  const value = Number(number);
  return Number.isFinite(value) ? [field, operator, value] : undefined;
}

/** The search state one InstantSearch request stands for. */
export function requestState(request: SearchRequest, indexUid: string): SearchState {
  const params = request.params ?? {};
  const refinements: SearchState['refinements'] = {};
  for (const text of filterStrings(params.facetFilters)) {
    const parsed = parseFacetFilter(text);
    if (!parsed || !isRefinementField(parsed[0])) continue;
    const [field, value] = parsed;
    const values = (refinements[field] ??= []);
    if (!values.includes(value)) values.push(value);
  }
  const ranges: SearchState['ranges'] = {};
  for (const text of filterStrings(params.numericFilters)) {
    const parsed = parseNumericFilter(text);
    if (!parsed || !isRangeField(parsed[0])) continue;
    const [field, operator, value] = parsed;
    const range = (ranges[field] ??= {});
    if (operator === '>=' || operator === '=') range.min = value;
    if (operator === '<=' || operator === '=') range.max = value;
  }
  const sortBy = sortFromIndexName(request.indexName, indexUid);
  const query = params.query?.trim() ? params.query : undefined;
  const near = normalNear(params.near);
  return {
    ...(query ? { query } : {}),
    ...(sortBy ? { sortBy } : {}),
    refinements,
    ranges,
    ...(near ? { near } : {}),
  };
}

/** Facets whose counts make the shown total when Meilisearch's estimate is above the threshold. */
export const COUNT_FACET = 'car_type';

/**
 * The request instant-meilisearch should send: our filter string in `filters` (it passes that
 * through as the Meilisearch filter), no Algolia filters, the query as searchText sends it, and
 * the sort (the site default when the shopper chose none) in the index name, where
 * instant-meilisearch reads it. A disjunctive facet request arrives without its own field's
 * filter already, so building from what it carries keeps that. Facets nobody shows
 * (`omitFacets`: fields kept in the search only so URLs can name them) are not asked for.
 */
export function adaptRequest(request: SearchRequest, ctx: SearchContext & { indexUid: string; omitFacets?: readonly string[] }): SearchRequest {
  const state = requestState(request, ctx.indexUid);
  const params = request.params ?? {};
  const filters = filterToString(searchFilter(state, ctx));
  const sort = searchSort(state, ctx.site);
  const isMainQuery = (params.hitsPerPage ?? 1) > 0;
  const asked = typeof params.facets === 'string' ? [params.facets] : [...(params.facets ?? [])];
  const facets = asked.filter((facet) => !ctx.omitFacets?.includes(facet));
  if (isMainQuery && !facets.includes(COUNT_FACET)) facets.push(COUNT_FACET);
  const { facetFilters: _facetFilters, numericFilters: _numericFilters, filters: _filters, near: _near, ...rest } = params;
  return {
    indexName: indexNameForSort(indexSort(sort).join(','), ctx.indexUid),
    params: {
      ...rest,
      query: searchText(state.query),
      facets,
      ...(filters ? { filters } : {}),
    },
  };
}
