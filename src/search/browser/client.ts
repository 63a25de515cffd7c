/**
 * The search client the islands hand to InstantSearch: instant-meilisearch underneath, with our
 * filters, query text and default sort put into every request (request.ts), our result cache in
 * front, and the shown count and page count worked out from facet counts above 1,999 hits (see
 * `adaptResult`).
 *
 * The same client runs at build time (prerendering the first page of results) with an
 * `httpClient` that answers in-process, and in the browser against `/api/search` or a real
 * Meilisearch.
 */
import { instantMeiliSearch } from '@meilisearch/instant-meilisearch';
import type { SearchClient } from 'instantsearch.js';
import { displayCount, pagination, RESULT_CACHE_SIZE, ResultCache, stableKey } from '../model/results';
import type { SearchSite } from '../model/site';
import { rangeFields } from '../model/state';
import { adaptRequest, COUNT_FACET, type SearchRequest } from './request';

/** A Meilisearch answer that is not 2xx, with the engine's own message when it sent one. */
export class SearchServiceError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'SearchServiceError';
  }
}

/** meilisearch-js hands the request to this instead of `fetch` and expects the parsed body back. */
export type SearchHttpClient = (input: RequestInfo | URL, init?: RequestInit) => Promise<unknown>;

/** Longer than this and the island shows its error state and retries; the engine answers in milliseconds. */
export const SEARCH_TIMEOUT_MS = 8000;

/** `fetch` with a time limit and Meilisearch errors turned into SearchServiceError. */
export function fetchHttpClient(fetchImpl: typeof fetch = (input, init) => fetch(input, init), timeoutMs = SEARCH_TIMEOUT_MS): SearchHttpClient {
  return async (input, init) => {
    const response = await fetchImpl(input, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    const text = await response.text();
    let body: unknown;
    try {
      body = text === '' ? undefined : JSON.parse(text);
    } catch {
      throw new SearchServiceError(`search answered ${response.status} without JSON`, response.status);
    }
    if (!response.ok) {
      const message =
        typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string'
          ? body.message
          : `search answered ${response.status}`;
      throw new SearchServiceError(message, response.status);
    }
    return body;
  };
}

/**
 * A query asked only for its facet counts (InstantSearch's disjunctive facet queries, which
 * instant-meilisearch sends with limit 0) asks for one hit, as every facet query of the dealer
 * sites' search does; InstantSearch reads only its counts.
 */
export function facetQueriesAskOneHit(client: SearchHttpClient): SearchHttpClient {
  return (input, init) => {
    let body: { queries?: { limit?: number }[] } | undefined;
    try {
      body = typeof init?.body === 'string' ? (JSON.parse(init.body) as typeof body) : undefined;
    } catch {
      // Not a multi-search body: sent as it is.
    }
    if (!Array.isArray(body?.queries)) return client(input, init);
    for (const query of body.queries) if (query.limit === 0) query.limit = 1;
    return client(input, { ...init, body: JSON.stringify(body) });
  };
}

/**
 * instant-meilisearch asks each index once for its facet counts without any filter (to show
 * zero counts, which `keepZeroFacets: false` then never uses). That query would search outside
 * the site's listing filter, cost the server a whole-stock facet count per page load, and make a
 * prerendered page depend on every car in stock; every query this client makes carries the site's
 * filter (src/search/browser/request.ts), so a body of queries without one is answered here, empty.
 */
export function unfilteredQueriesAnsweredEmpty(client: SearchHttpClient): SearchHttpClient {
  return (input, init) => {
    let body: { queries?: { indexUid?: string; q?: string; limit?: number; filter?: unknown }[] } | undefined;
    try {
      body = typeof init?.body === 'string' ? (JSON.parse(init.body) as typeof body) : undefined;
    } catch {
      // Not a multi-search body: sent as it is.
    }
    const queries = body?.queries;
    if (!Array.isArray(queries) || queries.length === 0 || queries.some((query) => query.filter !== undefined)) return client(input, init);
    return Promise.resolve({
      results: queries.map((query) => ({
        indexUid: query.indexUid,
        hits: [],
        query: query.q ?? '',
        processingTimeMs: 0,
        limit: query.limit ?? 0,
        offset: 0,
        estimatedTotalHits: 0,
        facetDistribution: {},
        facetStats: {},
      })),
    });
  };
}

/** The parts of an InstantSearch (Algolia-shaped) result that are adjusted here. */
interface ResultShape {
  hitsPerPage?: number;
  nbHits?: number;
  nbPages?: number;
  facets?: Record<string, Record<string, number>>;
  facets_stats?: Record<string, unknown>;
}

/**
 * Above 1,999 Meilisearch's total is an estimate, so the sum of car type counts is shown instead;
 * the page count follows the shown total (ceiling of hits / page size).
 */
export function adaptResult<T extends ResultShape>(result: T): T {
  // A slider needs its field's stats, never the count of every price or odometer reading (up to
  // 300 values each, carried in every prerendered page). InstantSearch reads stats only for a
  // facet that has a distribution, so a range field keeps an empty one.
  const rangeStats = Object.keys(result.facets_stats ?? {}).filter((field) => (rangeFields as readonly string[]).includes(field));
  const withFacets =
    rangeStats.length > 0 ? { ...result, facets: { ...result.facets, ...Object.fromEntries(rangeStats.map((field) => [field, {}])) } } : result;
  const hitsPerPage = withFacets.hitsPerPage ?? 0;
  if (hitsPerPage <= 0 || withFacets.nbHits === undefined) return withFacets;
  const nbHits = displayCount(withFacets.nbHits, withFacets.facets ?? {}, COUNT_FACET);
  return { ...withFacets, nbHits, nbPages: pagination(nbHits, hitsPerPage).length };
}

export interface SearchClientOptions {
  site: SearchSite;
  /** Absolute Meilisearch host, e.g. `https://example.test/api/search`. */
  host: string;
  apiKey: string;
  indexUid: string;
  /** Replaces fetch: in-process search at build time, fakes in tests. */
  httpClient?: SearchHttpClient;
  /** Milliseconds since the epoch; the sold window is measured back from it. */
  now?: () => number;
  /** Distinct request sets kept; the oldest goes first. */
  cacheSize?: number;
  /** Fields in the search state that no list or slider shows: their counts are not asked for. */
  omitFacets?: readonly string[];
}

/** What InstantSearch hands the client and gets back, as far as this module reads it. */
type SearchFunction = (requests: readonly SearchRequest[]) => Promise<{ results: ResultShape[] }>;

export type DealerSearchClient = SearchClient & { clearCache: () => void };

export function createSearchClient(options: SearchClientOptions): DealerSearchClient {
  const { site, indexUid } = options;
  const now = options.now ?? Date.now;
  const { searchClient: inner } = instantMeiliSearch(options.host, options.apiKey, {
    placeholderSearch: true,
    // Zero counts would come from an unfiltered first query (no site or listing filter): leave them
    // out, and that query is not sent (unfilteredQueriesAnsweredEmpty).
    keepZeroFacets: false,
    finitePagination: false,
    primaryKey: 'id',
    httpClient: unfilteredQueriesAnsweredEmpty(facetQueriesAskOneHit(options.httpClient ?? fetchHttpClient())),
  });
  // instant-meilisearch types its client as a union with Algolia's composition API; the search
  // method it returns takes and answers Algolia-shaped multi-queries, which is what it is used for.
  const innerSearch = inner.search.bind(inner) as unknown as SearchFunction;
  const cache = new ResultCache<{ results: ResultShape[] }>(options.cacheSize ?? RESULT_CACHE_SIZE);

  const search: SearchFunction = async (requests) => {
    // Keyed on what InstantSearch asked, not on the filter sent: the sold window moves every second.
    // InstantSearch may change what it is given after the answer: it gets a copy, never the cached one.
    const answer = await cache.load(stableKey(requests), async () => {
      const ctx = { site, nowSeconds: Math.floor(now() / 1000), indexUid, ...(options.omitFacets ? { omitFacets: options.omitFacets } : {}) };
      const response = await innerSearch(requests.map((request) => adaptRequest(request, ctx)));
      // instant-meilisearch keeps every answer forever; ours is the bounded cache.
      inner.clearCache();
      return { ...response, results: response.results.map(adaptResult) };
    });
    return structuredClone(answer);
  };

  return { search: search as unknown as SearchClient['search'], clearCache: () => cache.clear() };
}
