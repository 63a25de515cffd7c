/**
 * The search page's reading of a typed query (model/shopper-words.ts): loaded only when an
 * address carries `query=`, so pages that open without one ship none of it. The refinements the
 * words name are kept when they find cars; when they find none, the query stays as typed (the
 * same rule the header's suggestions follow: shopper-words.ts `settledReading`). A search path
 * nothing names is read the same way: as a make while the stock has one of that name, else as
 * the words it holds.
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

/** The first of `readings` that finds cars, else the last; with search down, the first. */
async function firstFinding(readings: readonly SearchState[], { site, origin, fetch, now = Date.now }: UnderstandOptions): Promise<SearchState | undefined> {
  const [first] = readings;
  if (readings.length < 2) return first;
  const endpoint = searchEndpoint(site);
  try {
    const ctx = { site, nowSeconds: Math.floor(now() / 1000) };
    const counted = readings.slice(0, -1).map((reading) => searchCountQuery(reading, ctx, endpoint.indexUid));
    const results = await multiSearch(endpoint, counted, { origin, ...(fetch ? { fetch } : {}) });
    return settledReading(readings, results.map(resultCount));
  } catch {
    // Search itself is down: the page says so either way, and the first reading stands.
    return first;
  }
}

export async function understandSearch(state: SearchState, options: UnderstandOptions): Promise<SearchState> {
  return (await firstFinding(readingsOf(state, options.vocabulary), options)) ?? state;
}

/**
 * A search path nothing names (routing.ts `unknownPathWords`): its reading as a make stands when
 * the stock has such cars (a make new since the build); else the page searches for its words, read
 * as any typed query is.
 */
export async function readUnknownPath(asMake: SearchState, asWords: SearchState, options: UnderstandOptions): Promise<SearchState> {
  const kept = await firstFinding([asMake, asWords], options);
  return kept === asMake ? asMake : understandSearch(asWords, options);
}
