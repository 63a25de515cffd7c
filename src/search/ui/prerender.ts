/**
 * The first page of results of a search page, worked out at build time with the island's own
 * client and widgets (react-instantsearch `getServerState`), so the static HTML lists the cars
 * and hydration starts from exactly what the browser would have asked for. Searches are answered
 * in-process by the embedded engine over the build's stock: no server runs during a build.
 */
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { getServerState, type InstantSearchServerState } from 'react-instantsearch';
import type { DealerConfig } from '../../platform/config/schema';
import { createSearchClient, type SearchHttpClient } from '../browser/client';
import { unshownFields } from '../browser/labels';
import { searchEndpoint } from '../../platform/config/search-endpoint';
import { embeddedAnswer, type MultiSearchAnswer } from '../model/embedded-answer';
import { dealerIndexSettings } from '../model/text-settings';
import type { Vocabulary } from '../model/routing';
import { searchSite } from '../model/site';
import type { Vehicle } from '../../stock/model/vehicle';
import { cardSite } from './page-data';
import SearchApp from './SearchApp';

/** Where the build's client sends its requests; never fetched, only read by the in-process answer. */
const BUILD_HOST = 'http://build.invalid/api/search';

/** A meilisearch-js `httpClient` that hands `POST …/multi-search` bodies to `answer`. */
export function inProcessHttpClient(answer: MultiSearchAnswer): SearchHttpClient {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (!url.pathname.endsWith('/multi-search') || init?.method !== 'POST')
      throw new Error(`build-time search cannot answer ${init?.method ?? 'GET'} ${url.pathname}`);
    if (typeof init.body !== 'string') throw new Error('build-time search expects a JSON body');
    return answer(JSON.parse(init.body));
  };
}

export interface PrerenderInput {
  site: DealerConfig;
  /** The page's path (and query), as the island's router reads it. */
  url: string;
  heading: string;
  vocabulary: Vocabulary;
  stock: readonly Vehicle[];
  /** Defaults to the embedded engine over `stock`. */
  answer?: MultiSearchAnswer;
  /** Build time in milliseconds; the sold window is measured back from it. */
  now?: number;
}

/** The server state for `<SearchApp serverState>`. */
export async function prerenderSearch(input: PrerenderInput): Promise<InstantSearchServerState> {
  const site = searchSite(input.site);
  const endpoint = searchEndpoint(site);
  const answer = input.answer ?? embeddedAnswer(input.stock, endpoint.indexUid, dealerIndexSettings(input.site));
  const card = cardSite(input.site);
  const { refinements, ranges } = unshownFields(site, card.units);
  const searchClient = createSearchClient({
    site,
    host: BUILD_HOST,
    apiKey: '',
    indexUid: endpoint.indexUid,
    omitFacets: [...refinements, ...ranges],
    httpClient: inProcessHttpClient(answer),
    ...(input.now !== undefined ? { now: () => input.now ?? Date.now() } : {}),
  });
  const app = createElement(SearchApp, {
    site,
    card,
    heading: input.heading,
    vocabulary: input.vocabulary,
    prerenderedUrl: input.url,
    searchClient,
  });
  const state = await getServerState(app, { renderToString });
  // Props of an island are serialised into the page: plain JSON only (no undefined, no classes).
  return JSON.parse(JSON.stringify(state)) as InstantSearchServerState;
}
