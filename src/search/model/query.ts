/**
 * Meilisearch requests for a search state: the filter, sort, search text and paging of one search.
 *
 * A filter is built from parts the engine combines with AND: the site's own filter, a per-template
 * filter, the manufacturer filter, the default listing (statuses and the sold window), then the
 * shopper's refinements and ranges. Every shopper value is quoted, so no value can widen a filter:
 *
 *   make ['Toyota', 'Land Rover']      → ['make = "Toyota"', 'make = "Land Rover"'] (one OR group)
 *   make ['x" OR make != "y']          → 'make = "x OR make != y"' (double quotes stripped)
 *   colour ['a\\b']                    → 'colour = "a\\\\b"' (backslashes escaped)
 *   year ['> 2015']                    → 'year > 2015' (a comparison, see `comparison`)
 *   range price {min: 20000}           → 'price >= 20000'
 */
import type { DealerConfig } from '../../platform/config/schema';
import { isBalancedFilter, quoteFilterValue } from '../../platform/formats/filter-syntax';
import { defaultSearchPath } from './search-path';
import { listedStatuses } from '../../stock/model/kinds';
import { indexSettings } from './index-settings';
import { indexSort } from './sort-price';
import { nearFilter, nearSort } from './near';
import { DEFAULT_SORT, HITS_PER_PAGE, SECONDS_PER_DAY, rangeFields, refinementFields, type RangeField, type RefinementField, type SearchState } from './state';

// Car type refinement sits with the other car type helpers; re-exported for callers building queries.
export { CAR_TYPE_ORDER, chooseCarType } from './car-type';

/** A Meilisearch filter: a string, or AND-ed items whose inner arrays are OR-ed. */
export type MeiliFilter = Array<string | string[]>;

/** The part of a site the requests depend on (a SearchSite or the whole config will do). */
export type QuerySite = Pick<DealerConfig, 'search' | 'manufacturer'>;

export interface SearchContext {
  site: QuerySite;
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

/** instantsearch's own markers: plain text, so a hit's highlighted name is never parsed as markup. */
export const HIGHLIGHT_PRE_TAG = '__ais-highlight__';
export const HIGHLIGHT_POST_TAG = '__/ais-highlight__';
export const HIGHLIGHTED_ATTRIBUTES = ['name'] as const;

// ---------------------------------------------------------------------------
// Values
// ---------------------------------------------------------------------------

/** Numeric attributes a value may compare against with `<` or `>` instead of matching as text. */
const comparableAttributes = new Set<string>([...rangeFields, 'seats', 'sold_date_timestamp']);
const COMPARISON = /^\s*(?:([a-z_]+)\s*)?(<=|>=|<|>)\s*(-?\d{1,15}(?:\.\d{1,6})?)\s*$/;

/**
 * A refinement value containing `<` or `>` is a comparison: `"> 2015"` on year becomes
 * `year > 2015`, `"price < 20000"` becomes `price < 20000`. Precisely: an optional numeric
 * attribute name (price, subscription_price, km, year, created_at_timestamp, seats,
 * sold_date_timestamp), one of `<`, `<=`, `>`, `>=`, and a plain decimal number; nothing else.
 * Any other value with `<` or `>` is not a comparison and is matched as quoted text.
 */
export function comparison(field: string, value: string): string | undefined {
  if (!/[<>]/.test(value)) return undefined;
  const match = COMPARISON.exec(value);
  if (!match) return undefined;
  const attribute = match[1] ?? field;
  if (!comparableAttributes.has(attribute)) return undefined;
  return `${attribute} ${match[2]} ${Number(match[3])}`;
}

function equality(field: string, value: string): string {
  return comparison(field, value) ?? `${field} = ${quoteFilterValue(value)}`;
}

function finite(n: number | undefined): n is number {
  return typeof n === 'number' && Number.isFinite(n);
}

// ---------------------------------------------------------------------------
// Filters
// ---------------------------------------------------------------------------

/** What the template sells (used cars only on /pre-owned sites, one category on single-category sites), as a filter. */
export function templateFilter(site: Pick<DealerConfig, 'search'>): string | undefined {
  const path = defaultSearchPath(site);
  if (path === '/pre-owned' || path.startsWith('/pre-owned/')) return 'car_type = "used"';
  const { categories } = site.search;
  const [only] = categories;
  if (categories.length === 1 && only !== undefined && only !== 'cars') return `categories = ${quoteFilterValue(only)}`;
  return undefined;
}

/**
 * A franchise site lists new and demo cars of its own make only; its used yard may hold any make
 * (a Toyota dealer still sells trade-ins of other makes).
 */
export function manufacturerFilter(site: Pick<DealerConfig, 'manufacturer'>): string[] | undefined {
  const make = site.manufacturer?.name.trim();
  if (!make) return undefined;
  return ['car_type = "used"', `make = ${quoteFilterValue(make)}`];
}

const LISTED = `status IN [${listedStatuses.map((status) => `"${status}"`).join(', ')}]`;

/**
 * The default listing: every car not sold (in stock, sale pending, in transit, in production,
 * coming soon), plus sold cars flagged for the website within the sold window.
 */
export function defaultListingFilter(site: Pick<DealerConfig, 'search'>, nowSeconds: number): string[] {
  const since = Math.floor(nowSeconds) - site.search.include_sold_cars_days * SECONDS_PER_DAY;
  return [LISTED, `(status = "sold" AND show_on_dealer_website = true AND sold_date_timestamp >= ${since})`];
}

/** Site filter, per-template filter, manufacturer filter and the default listing (statuses, sold window). */
export function baseFilter(ctx: SearchContext): MeiliFilter {
  const { site } = ctx;
  const filter: MeiliFilter = [];
  const raw = site.search.search_filters?.trim();
  if (raw) {
    if (!isBalancedFilter(raw)) throw new Error(`search.search_filters has unbalanced parentheses or quotes: ${raw}`);
    filter.push(`(${raw})`);
  }
  const template = templateFilter(site);
  if (template) filter.push(template);
  const manufacturer = manufacturerFilter(site);
  if (manufacturer) filter.push(manufacturer);
  filter.push(defaultListingFilter(site, ctx.nowSeconds));
  return filter;
}

/** The shopper's refinements and ranges; `omit` drops one field's own filter (facet queries). */
export function stateFilter(state: SearchState, omit?: RefinementField | RangeField): MeiliFilter {
  const filter: MeiliFilter = [];
  for (const field of refinementFields) {
    if (field === omit) continue;
    const values = [...new Set(state.refinements[field] ?? [])].filter((v) => v.replace(/"/g, '') !== '');
    const [first] = values;
    if (values.length === 1 && first !== undefined) filter.push(equality(field, first));
    else if (values.length > 1) filter.push(values.map((v) => equality(field, v)));
  }
  for (const field of rangeFields) {
    if (field === omit) continue;
    const range = state.ranges[field];
    if (finite(range?.min)) filter.push(`${field} >= ${range.min}`);
    if (finite(range?.max)) filter.push(`${field} <= ${range.max}`);
  }
  const radius = nearFilter(state.near);
  if (radius) filter.push(radius);
  return filter;
}

/** baseFilter + stateFilter, plus `price > 0` for a price-ascending sort where the site asks. */
export function searchFilter(state: SearchState, ctx: SearchContext, omit?: RefinementField | RangeField): MeiliFilter {
  const filter = [...baseFilter(ctx), ...stateFilter(state, omit)];
  if (ctx.site.search.price_asc_requires_price && searchSort(state, ctx.site)[0] === 'price:asc') filter.push('price > 0');
  return filter;
}

/** Whether an expression has AND or OR outside quotes and parentheses, so it needs its own. */
function hasTopLevelOperator(expression: string): boolean {
  let depth = 0;
  let quote: string | undefined;
  let word = '';
  const check = () => {
    const found = depth === 0 && (word === 'AND' || word === 'OR');
    word = '';
    return found;
  };
  for (let i = 0; i < expression.length; i++) {
    const c = expression.charAt(i);
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = undefined;
      continue;
    }
    if (/[\w.-]/.test(c)) {
      word += c;
      continue;
    }
    if (check()) return true;
    if (c === '"' || c === "'") quote = c;
    else if (c === '(') depth++;
    else if (c === ')') depth--;
  }
  return check();
}

const group = (expression: string) => (hasTopLevelOperator(expression) ? `(${expression})` : expression);

/**
 * One filter string with the same meaning, for APIs that take a string:
 * `['a = "1"', ['b = "2"', 'b = "3"']]` → `a = "1" AND (b = "2" OR b = "3")`.
 */
export function filterToString(filter: MeiliFilter): string {
  const items = filter
    .map((item) => {
      if (typeof item === 'string') return item.trim();
      const alternatives = item.map((e) => e.trim()).filter(Boolean);
      if (alternatives.length === 0) return '';
      return alternatives.length === 1 ? alternatives.join('') : alternatives.map(group).join(' OR ');
    })
    .filter(Boolean);
  return items.length === 1 ? items.join('') : items.map(group).join(' AND ');
}

// ---------------------------------------------------------------------------
// Text, sort, requests
// ---------------------------------------------------------------------------

const STOCK_NUMBER = /^[A-Za-z]*\d{3,}[A-Za-z]*$/;

/** Free text as sent: stock-number lookalikes wrapped in quotes for an exact match. */
export function searchText(query: string | undefined): string {
  if (query === undefined) return '';
  const trimmed = query.trim();
  return STOCK_NUMBER.test(trimmed) ? `"${trimmed}"` : query;
}

const sortable = new Set<string>(indexSettings.sortableAttributes);

/** A sort the index can answer: `attribute:asc|desc` on a sortable attribute. */
export function isValidSort(sort: string | undefined): sort is string {
  if (!sort) return false;
  const match = /^([a-z_]+):(asc|desc)$/.exec(sort);
  return match?.[1] !== undefined && sortable.has(match[1]);
}

/**
 * The state's sort, else the site default, else custom_rank:desc. `_geo:asc` is nearest first
 * from the shopper's point (`_geoPoint(lat, lng):asc`); without a point, or as `_geo:desc`, it
 * falls to the default.
 */
export function searchSort(state: SearchState, site: Pick<DealerConfig, 'search'>): string[] {
  if (isValidSort(state.sortBy)) {
    if (!state.sortBy.startsWith('_geo:')) return [state.sortBy];
    const nearest = nearSort(state.sortBy, state.near);
    if (nearest) return [nearest];
  }
  if (isValidSort(site.search.default_sort)) return [site.search.default_sort];
  return [DEFAULT_SORT];
}

/** The 1-based page a state stands for: whole numbers from 1, anything else page 1. */
export function statePage(state: SearchState): number {
  const page = state.page;
  return typeof page === 'number' && Number.isSafeInteger(page) && page > 1 ? page : 1;
}

/** Whether the state narrows a field, so that field's facet needs a query of its own. */
export function hasFieldFilter(state: SearchState, field: string): boolean {
  if ((refinementFields as readonly string[]).includes(field)) {
    return (state.refinements[field as RefinementField] ?? []).some((v) => v.replace(/"/g, '') !== '');
  }
  if ((rangeFields as readonly string[]).includes(field)) {
    const range = state.ranges[field as RangeField];
    return finite(range?.min) || finite(range?.max);
  }
  return false;
}

/**
 * One main query (21 hits, page offset) plus a limit-1 query per faceted field that has a filter,
 * without that field's own filter, so its facet still offers the values not chosen.
 */
export function buildMultiSearch(state: SearchState, ctx: SearchContext, options: { indexUid: string; facets: readonly string[] }): MultiSearchQuery[] {
  const q = searchText(state.query);
  const sort = indexSort(searchSort(state, ctx.site));
  const highlight = {
    attributesToHighlight: [...HIGHLIGHTED_ATTRIBUTES],
    highlightPreTag: HIGHLIGHT_PRE_TAG,
    highlightPostTag: HIGHLIGHT_POST_TAG,
  };
  const main: MultiSearchQuery = {
    indexUid: options.indexUid,
    q,
    filter: searchFilter(state, ctx),
    sort,
    facets: [...options.facets],
    limit: HITS_PER_PAGE,
    offset: (statePage(state) - 1) * HITS_PER_PAGE,
    ...highlight,
  };
  const facetQueries = [...new Set(options.facets)]
    .filter((field) => hasFieldFilter(state, field))
    .map((field): MultiSearchQuery => ({
      indexUid: options.indexUid,
      q,
      filter: searchFilter(state, ctx, field as RefinementField | RangeField),
      sort,
      facets: [field],
      limit: 1,
      offset: 0,
      ...highlight,
    }));
  return [main, ...facetQueries];
}
