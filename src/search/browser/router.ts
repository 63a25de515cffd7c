/**
 * InstantSearch routing through our search paths (src/search/model/routing.ts), so the address bar
 * always shows the SEO path of what the shopper is looking at
 * (`/search/used-cars-brisbane?make=Toyota&page=2`) and back/forward replays it.
 *
 * A prerendered page was built for one URL. Until the island has hydrated, the router reads
 * that URL, so the first render matches the static HTML exactly; `goLive()` then switches to the
 * address bar and, when it asks for more (a query string, `?query=` on /search), the search
 * follows it while the prerendered results stay on screen.
 */
import type { IndexUiState, Router, StateMapping, UiState } from 'instantsearch.js';
import { HEADER_SEARCH_PATH, routeToState, stateToRoute, unknownPathWords, type Vocabulary } from '../model/routing';
import type { SearchState } from '../model/state';
import { searchStateToUiState, uiStateToSearchState } from './ui-state';

export type RoutingSite = Parameters<typeof stateToRoute>[1];

/** The slice of `window` the router uses, so tests can hand in their own. */
export interface RouterWindow {
  location: Pick<Location, 'pathname' | 'search'>;
  history: Pick<History, 'pushState' | 'replaceState'>;
  addEventListener(type: 'popstate', listener: () => void): void;
  removeEventListener(type: 'popstate', listener: () => void): void;
}

export interface SearchRoutingOptions {
  site: RoutingSite;
  indexUid: string;
  vocabulary?: Vocabulary;
  /** The path (and query) the page was prerendered for; absent for the shell page. */
  prerenderedUrl?: string;
  /** Absent on the server. */
  win?: RouterWindow;
  /**
   * Reads a typed query into refinements (./understand.ts, loaded on demand); asked once, when
   * the page opens on an address carrying `query=`.
   */
  understand?: (state: SearchState) => Promise<SearchState>;
  /**
   * Settles a search path nothing names (`/search/qwerty-asdf`) between its reading as a make and
   * a search for its words (./understand.ts `readUnknownPath`); asked once, when the page opens on one.
   */
  readUnknownPath?: (asMake: SearchState, asWords: SearchState) => Promise<SearchState>;
}

export interface SearchRouting {
  router: Router<SearchState>;
  stateMapping: StateMapping<UiState, SearchState>;
  /**
   * Called after hydration: read the address bar from now on, put the search's own URL in it,
   * and follow it if it asks for more than the prerendered page shows. True when a search other
   * than the prerendered one follows; false when the prerendered results are the answer.
   */
  goLive(): boolean;
}

export function createSearchRouting({ site, indexUid, vocabulary, prerenderedUrl, win, understand, readUnknownPath }: SearchRoutingOptions): SearchRouting {
  const toUrl = (state: SearchState): string => stateToRoute(state, site, vocabulary);
  const toState = (url: string): SearchState => routeToState(url, site, vocabulary);
  const addressBar = (): string | undefined => (win ? `${win.location.pathname}${win.location.search}` : undefined);
  let live = prerenderedUrl === undefined;
  let update: ((route: SearchState) => void) | undefined;
  const onPopState = (): void => update?.(router.read());

  const router: Router<SearchState> = {
    $$type: 'dealer.search-path',
    read: () => toState((live ? addressBar() : undefined) ?? prerenderedUrl ?? addressBar() ?? '/'),
    write(route) {
      const current = addressBar();
      if (!win || current === undefined) return;
      const url = toUrl(route);
      if (!live) {
        // Before hydration ends, InstantSearch mounting the prerendered search writes that search
        // back: not the shopper's doing, and the address bar may ask for more. Anything else is a
        // shopper quicker than the island, and the address bar follows them.
        if (prerenderedUrl !== undefined && url === toUrl(toState(prerenderedUrl))) return;
        live = true;
      }
      if (url === current) return;
      // The same search in another spelling (case, order, a default) is corrected in place, not stacked.
      if (toUrl(toState(current)) === url) win.history.replaceState(null, '', url);
      else win.history.pushState(null, '', url);
    },
    createURL: toUrl,
    onUpdate(callback) {
      update = callback;
      win?.addEventListener('popstate', onPopState);
    },
    dispose() {
      update = undefined;
      win?.removeEventListener('popstate', onPopState);
    },
  };

  const stateMapping: StateMapping<UiState, SearchState> = {
    $$type: 'dealer.search-state',
    stateToRoute: (uiState) => uiStateToSearchState(uiState[indexUid] ?? {}, indexUid),
    routeToState: (route): UiState => ({ [indexUid]: searchStateToUiState(route, indexUid) satisfies IndexUiState }),
  };

  return {
    router,
    stateMapping,
    goLive() {
      live = true;
      const current = addressBar();
      if (!win || current === undefined) return false;
      // The search shown so far: the prerendered one, or (with none) the address bar's.
      const shown = toUrl(toState(prerenderedUrl ?? current));
      const settle = (state: SearchState): boolean => {
        const canonical = toUrl(state);
        // One spelling per search: a shell page, a trailing slash or `page=1` settle on the SEO path.
        if (canonical !== addressBar()) win.history.replaceState(null, '', canonical);
        if (canonical === shown) return false;
        update?.(state);
        return true;
      };
      const state = toState(current);
      const words = readUnknownPath && unknownPathWords(current, site, vocabulary);
      if (words && readUnknownPath) {
        // The address's query string stays; the path's words join any query it has.
        const asWords = toState(`${HEADER_SEARCH_PATH}${win.location.search}`);
        asWords.query = [words, asWords.query].filter(Boolean).join(' ');
        void readUnknownPath(state, asWords)
          .catch(() => state)
          .then((read) => settle(read));
        return true;
      }
      if (!state.query || !understand) return settle(state);
      // 'used suv' from the header: the words become filters, and the address the SEO path.
      void understand(state)
        .catch(() => state)
        .then((understood) => settle(understood));
      return true;
    },
  };
}
