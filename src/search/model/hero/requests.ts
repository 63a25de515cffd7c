/**
 * The Meilisearch queries behind the hero (makes, models, budget) and the header autocomplete. Each takes
 * the search context (site and time, for the base filter) and returns one multi-search query.
 */
import { baseFilter, searchFilter, searchText, type SearchContext } from '../query';
import { AUTOCOMPLETE_MIN_PRICE, DEFAULT_SORT, type SearchState } from '../state';
import { BUDGET_MIN_PRICE, budgetSearchState, type PriceStats } from './budget';
import { heroSearchState } from './hero-state';
import type { HeroSelection } from './remembered';
import type { SearchQuery, SearchResult } from './multi-search';
import type { Vocabulary } from '../routing';

/** Hits the header autocomplete lists. */
export const AUTOCOMPLETE_LIMIT = 6;

/** Counts and facets only: no hits travel. */
const countOnly = { q: '', limit: 0, offset: 0 } as const;

/** Makes in stock for the chosen car type. */
export function makeFacetQuery(selection: HeroSelection, ctx: SearchContext, indexUid: string): SearchQuery {
  const state = heroSearchState({ car_type: selection.car_type, make: '', make_model: '' });
  return { indexUid, ...countOnly, filter: searchFilter(state, ctx), facets: ['make'] };
}

/** Models in stock for the chosen car type and make. */
export function modelFacetQuery(selection: HeroSelection, ctx: SearchContext, indexUid: string): SearchQuery {
  const state = heroSearchState({ ...selection, make_model: '' });
  return { indexUid, ...countOnly, filter: searchFilter(state, ctx), facets: ['make_model'] };
}

/** How many cars a search finds (the results page's own filter and text). */
export function searchCountQuery(state: SearchState, ctx: SearchContext, indexUid: string): SearchQuery {
  return { indexUid, ...countOnly, q: searchText(state.query), filter: searchFilter(state, ctx) };
}

/** The price range of the stock a budget can buy: cars priced over $1,000. */
export function priceStatsQuery(ctx: SearchContext, indexUid: string): SearchQuery {
  return { indexUid, ...countOnly, filter: [...baseFilter(ctx), `price > ${BUDGET_MIN_PRICE}`], facets: ['price'] };
}

/** How many cars the budget link opens: the results page's own filter for the link's search. */
export function budgetCountQuery(maxPrice: number, ctx: SearchContext, indexUid: string): SearchQuery {
  return { indexUid, ...countOnly, filter: searchFilter(budgetSearchState(maxPrice), ctx) };
}

/**
 * The header autocomplete for one reading of the typed words (shopper-words.ts `readingsOf`): the
 * results page's filter and text for it, on the base index, best-ranked first (custom_rank:desc).
 */
export function autocompleteQuery(state: SearchState, ctx: SearchContext, indexUid: string): SearchQuery {
  return { indexUid, q: searchText(state.query), offset: 0, limit: AUTOCOMPLETE_LIMIT, filter: searchFilter(state, ctx), sort: [DEFAULT_SORT] };
}

/**
 * The fields whose stock values the reading of shoppers' words (../shopper-words.ts) takes from
 * the vocabulary: the search page's own vocabulary has these (src/search/ui/page-data.ts), and the
 * header asks search for the same, so both read a query alike. Car types never come from stock.
 */
export const WORD_FIELDS = ['make', 'model', 'body', 'fuel', 'categories'] as const;

/** The stock's values of the fields shoppers' words may name, so the header reads words as the results page does. */
export function stockWordsQuery(ctx: SearchContext, indexUid: string): SearchQuery {
  return { indexUid, ...countOnly, filter: baseFilter(ctx), facets: [...WORD_FIELDS] };
}

/** The vocabulary a stockWordsQuery answer gives: each field's values, in stock order. */
export function stockWords(result: SearchResult | undefined): Vocabulary {
  const vocabulary: Vocabulary = {};
  for (const field of WORD_FIELDS) {
    const values = Object.keys(result?.facetDistribution?.[field] ?? {});
    if (values.length > 0) vocabulary[field] = values.sort();
  }
  return vocabulary;
}

export function priceStats(result: SearchResult | undefined): PriceStats | undefined {
  const stats = result?.facetStats?.price;
  return stats && stats.min <= stats.max ? { min: stats.min, max: stats.max } : undefined;
}

export interface AutocompleteHit {
  name: string;
  /** The car page, /cars/{slug}. */
  url: string;
  /** Shown only above $250: lower figures are placeholders, not prices. */
  price?: number;
  image?: string;
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
// https only: the page's CSP refuses http images, and anything else could be script.
const SAFE_IMAGE = /^(https:\/\/|\/(?!\/))[^\s"'<>\\]+$/;

const str = (value: unknown, max: number): string | undefined => (typeof value === 'string' && value.length <= max ? value : undefined);

function firstImage(hit: Record<string, unknown>): string | undefined {
  const candidates: unknown[] = [hit.primary_image_url];
  if (Array.isArray(hit.thumbnails)) candidates.push(hit.thumbnails[0]);
  if (Array.isArray(hit.images)) {
    const first: unknown = hit.images[0];
    if (typeof first === 'object' && first !== null && 'image_url' in first) candidates.push(first.image_url);
  }
  return candidates.map((c) => str(c, 2_000)).find((url) => url !== undefined && SAFE_IMAGE.test(url));
}

/** A hit as the autocomplete shows it; undefined when it lacks a name or a usable slug. */
export function autocompleteHit(hit: unknown): AutocompleteHit | undefined {
  if (typeof hit !== 'object' || hit === null) return undefined;
  const record = hit as Record<string, unknown>;
  const name = str(record.name, 500)?.trim();
  const slug = str(record.slug, 200);
  if (!name || !slug || !SLUG.test(slug)) return undefined;
  const out: AutocompleteHit = { name, url: `/cars/${slug}` };
  if (typeof record.price === 'number' && Number.isFinite(record.price) && record.price > AUTOCOMPLETE_MIN_PRICE) out.price = record.price;
  const image = firstImage(record);
  if (image) out.image = image;
  return out;
}
