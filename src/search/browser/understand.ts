/**
 * The search page's reading of a typed query (model/shopper-words.ts): loaded only when an
 * address carries `query=`, so pages that open without one ship none of it. The refinements the
 * words name are kept when they find cars; when they find none, the query stays as typed (the
 * same rule the header's suggestions follow: shopper-words.ts `settledReading`).
 */
import { searchEndpoint } from '../../platform/config/search-endpoint';
import { multiSearch, resultCount } from '../model/hero/multi-search';
import { searchCountQuery } from '../model/hero/requests';
import type { QuerySite } from '../model/query';
import type { Vocabulary } from '../model/routing';
import { readingsOf, settledReading } from '../model/shopper-words';
import type { SearchState } from '../model/state';

export interface UnderstandOptions {
  site: QuerySite & Parameters<typeof searchEndpoint>[0];
  vocabulary?: Vocabulary;
  origin: string;
  fetch?: typeof fetch;
  now?: () => number;
}

export async function understandSearch(state: SearchState, { site, vocabulary, origin, fetch, now = Date.now }: UnderstandOptions): Promise<SearchState> {
  const readings = readingsOf(state, vocabulary);
  const [understood] = readings;
  if (readings.length === 1 || !understood) return state;
  const endpoint = searchEndpoint(site);
  try {
    const ctx = { site, nowSeconds: Math.floor(now() / 1000) };
    const [result] = await multiSearch(endpoint, [searchCountQuery(understood, ctx, endpoint.indexUid)], { origin, ...(fetch ? { fetch } : {}) });
    return settledReading(readings, [result ? resultCount(result) : 0]) ?? state;
  } catch {
    // Search itself is down: the page says so either way, and the shopper's words are read.
    return understood;
  }
}
