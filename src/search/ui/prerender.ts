/**
 * The first page of results of a search page, worked out at build time with the island's own
 * client and widgets (as react-instantsearch's `getServerState` does, a little cheaper:
 * `serverState` below), so the static HTML lists the cars and hydration starts from exactly what
 * the browser would have asked for. Searches are answered
 * in-process by the embedded engine over the build's stock: no server runs during a build.
 */
import { createElement, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import type { InstantSearch } from 'instantsearch.js';
import { getInitialResults, waitForResults } from 'instantsearch.js/es/lib/server.js';
import { isTwoPassWidget, resetWidgetId, walkIndex } from 'instantsearch.js/es/lib/utils/index.js';
import { InstantSearchServerContext, type InstantSearchServerState } from 'react-instantsearch';
import type { DealerConfig } from '../../platform/config/schema';
import { createSearchClient, type SearchHttpClient } from '../browser/client';
import { unshownFields } from '../browser/labels';
import { addCollectedWidgets, collectWidgetAdditions } from '../browser/widgets-together';
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

/** The search island as the build renders it to learn its searches, answering them in-process. */
export function prerenderedApp(input: PrerenderInput): ReactElement {
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
  return createElement(SearchApp, {
    site,
    card,
    heading: input.heading,
    vocabulary: input.vocabulary,
    prerenderedUrl: input.url,
    searchClient,
  });
}

/** The server state for `<SearchApp serverState>`. */
export async function prerenderSearch(input: PrerenderInput): Promise<InstantSearchServerState> {
  const state = await serverState(prerenderedApp(input));
  // Props of an island are serialised into the page: plain JSON only (no undefined, no classes).
  return JSON.parse(JSON.stringify(state)) as InstantSearchServerState;
}

/**
 * react-instantsearch's `getServerState`, with the widgets added to the search in one go.
 *
 * `getServerState` renders the island once to learn its widgets; each widget adds itself as it
 * renders, and InstantSearch works out the search parameters of every widget added so far and
 * the page's UI state again on each addition: quadratic in the widgets (about 30 on a search
 * page) and about a tenth of a render worker's time. That render's markup is thrown away (Astro
 * renders the island again with the results), so here the widgets are collected while it runs and
 * added together afterwards: the same widgets in the same order over the same UI state, hence
 * the same search (prerender.test.ts compares the two on many pages).
 */
export async function serverState(app: ReactElement): Promise<InstantSearchServerState> {
  let search: InstantSearch | undefined;
  const notifyServer = ({ search: started }: { search: InstantSearch }): void => {
    if (search) throw new Error('a prerendered search page has one InstantSearch');
    search = started;
    // Only the render below adds widgets, and it is synchronous: they are added after it.
    collectWidgetAdditions(started.mainIndex);
  };
  resetWidgetId();
  renderToString(createElement(InstantSearchServerContext.Provider, { value: { notifyServer } }, app));
  if (!search) throw new Error('the search page rendered no InstantSearch');
  const { mainIndex } = search;
  addCollectedWidgets(mainIndex);
  // Widgets whose children depend on the first results need getServerState's second render.
  walkIndex(mainIndex, (index) => {
    if (index.getWidgets().some(isTwoPassWidget)) throw new Error('a two-pass widget (DynamicWidgets) needs getServerState');
  });
  // As getServerState: the widgets' own scheduled work (mounting) runs before the search.
  await new Promise((resolve) => setTimeout(resolve, 0));
  const requestParamsList = await waitForResults(search);
  return { initialResults: getInitialResults(mainIndex, requestParamsList) };
}
