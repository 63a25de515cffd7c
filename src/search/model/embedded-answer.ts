/**
 * The embedded search engine asked in-process, for pages prerendered at build time
 * (src/search/ui/prerender.ts) and for the publisher asking a page's searches again after a stock
 * change (src/publish/). No server runs during a build.
 */
import { MeiliError, SearchEngine, multiSearch, type EngineSettings } from '@dealer-sites/search-engine';
import { noteSearch } from '../../platform/config/page-inputs';
import type { Vehicle } from '../../stock/model/vehicle';
import { indexSettings } from './index-settings';
import { withSortPrice } from './sort-price';

/** Answers one Meilisearch multi-search request body (`{ queries: [...] }`) with its response body. */
export type MultiSearchAnswer = (body: unknown) => Promise<unknown>;

/** Per stock, the engine and the settings it was built with (as JSON: each page makes its own settings object). */
const engines = new WeakMap<readonly Vehicle[], { settings: string; engine: SearchEngine }>();

/**
 * The embedded engine over this build's stock (indexed once per build), asked in-process through
 * the same protocol code that answers the browser's `/api/search`, so a prerendered page and the live island
 * get the same answer to the same request.
 */
export function embeddedAnswer(stock: readonly Vehicle[], indexUid: string, settings: EngineSettings = indexSettings): MultiSearchAnswer {
  let built = engines.get(stock);
  const key = JSON.stringify(settings);
  if (built?.settings !== key) {
    built = { settings: key, engine: new SearchEngine(stock.map(withSortPrice), settings) };
    engines.set(stock, built);
  }
  const index = built.engine;
  return async (body) => {
    try {
      const answer = await multiSearch((uid) => (uid === indexUid ? index : undefined), body);
      // The time a search took varies from run to run; in a page it would make two builds of the
      // same stock differ, so a prerendered answer says 0.
      const stable = { ...answer, results: answer.results.map((result) => ({ ...result, processingTimeMs: 0 })) };
      // The page depends on this answer, not on the whole stock: a publish after a stock change
      // asks again and re-renders the page only when the answer differs.
      noteSearch(indexUid, body, stable);
      return stable;
    } catch (error) {
      if (error instanceof MeiliError) throw new Error(`build-time search failed: ${error.message}`);
      throw error;
    }
  };
}
