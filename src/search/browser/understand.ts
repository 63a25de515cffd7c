/**
 * The search page's reading of a typed query (model/shopper-words.ts): loaded only when an
 * address carries `query=`, so pages that open without one ship none of it. The refinements the
 * words name are kept when they find cars; when they find none, the query stays as typed.
 */
import { searchEndpoint } from '../../platform/config/search-endpoint';
import { multiSearch, resultCount } from '../model/hero/multi-search';
import { searchCountQuery } from '../model/hero/requests';
import type { QuerySite } from '../model/query';
import type { Vocabulary } from '../model/routing';
import { understandWhenFound } from '../model/shopper-words';
import type { SearchState } from '../model/state';

export interface UnderstandOptions {
  site: QuerySite & Parameters<typeof searchEndpoint>[0];
  vocabulary?: Vocabulary;
  origin: string;
  fetch?: typeof fetch;
  now?: () => number;
}

export async function understandSearch(state: SearchState, { site, vocabulary, origin, fetch, now = Date.now }: UnderstandOptions): Promise<SearchState> {
  const endpoint = searchEndpoint(site);
  const ctx = { site, nowSeconds: Math.floor(now() / 1000) };
  return understandWhenFound(state, vocabulary, async (understood) => {
    const [result] = await multiSearch(endpoint, [searchCountQuery(understood, ctx, endpoint.indexUid)], { origin, ...(fetch ? { fetch } : {}) });
    if (!result) throw new Error('search answered no result');
    return resultCount(result);
  });
}
