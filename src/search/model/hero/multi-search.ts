/**
 * A small Meilisearch multi-search client for the hero and the header autocomplete: one POST to
 * `${host}/multi-search`, the answer checked before use. The full search pages use
 * instant-meilisearch; these two widgets must stay a few KB.
 */
import { resolveSearchHost, type SearchEndpoint } from '../../../platform/config/search-endpoint';
import type { MultiSearchQuery } from '../query';
import { anything, attempt, list, number, object, optional, record } from './checks';

/** A query as sent: every MultiSearchQuery field but the index is optional. */
export type SearchQuery = Pick<MultiSearchQuery, 'indexUid'> & Partial<Omit<MultiSearchQuery, 'indexUid'>>;

const resultCheck = object({
  hits: list(anything, 1_000),
  estimatedTotalHits: optional(number),
  totalHits: optional(number),
  facetDistribution: optional(record(record(number))),
  facetStats: optional(record(object({ min: number, max: number }))),
});
export type SearchResult = ReturnType<typeof resultCheck>;

const responseCheck = object({ results: list(resultCheck, 100) });

export class SearchError extends Error {}

/** The results of a multi-search response body, in query order; undefined when it is not one. */
export function parseMultiSearchResponse(body: unknown, expected: number): SearchResult[] | undefined {
  const parsed = attempt(responseCheck, body, 'response');
  return parsed && parsed.results.length === expected ? parsed.results : undefined;
}

/** Total hits, whichever of Meilisearch's two counts the answer carries. */
export function resultCount(result: SearchResult): number {
  return result.totalHits ?? result.estimatedTotalHits ?? result.hits.length;
}

export interface MultiSearchOptions {
  origin: string;
  fetch?: typeof fetch;
  signal?: AbortSignal;
}

export async function multiSearch(endpoint: SearchEndpoint, queries: SearchQuery[], options: MultiSearchOptions): Promise<SearchResult[]> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (endpoint.apiKey) headers.Authorization = `Bearer ${endpoint.apiKey}`;
  const doFetch = options.fetch ?? fetch;
  const response = await doFetch(`${resolveSearchHost(endpoint, options.origin)}/multi-search`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ queries }),
    signal: options.signal ?? null,
  });
  if (!response.ok) throw new SearchError(`search answered ${response.status}`);
  const results = parseMultiSearchResponse(await response.json(), queries.length);
  if (!results) throw new SearchError('search answered with an unexpected body');
  return results;
}
