/**
 * Which file of the browser build a module goes into, where Rollup's own splitting would leave
 * it in a file of its own. Rollup gives every module shared by several scripts a chunk of its
 * own, so a brochure page fetched fourteen small files: each pays its own gzip overhead and
 * compresses against nothing else, about a quarter of the page's JavaScript. Two groups instead:
 *
 * - `site-script`: the script every page runs (src/site/browser/page-script.ts, from
 *   BaseLayout.astro, whose name the file keeps) with the small modules it shares with other
 *   scripts (consent, storage, the lead trail, the query cache, the record check, Vite's preload
 *   helper). Every page loads it, so nothing here is fetched for nothing.
 * - `analytics`: the ASC page view and the tracker it shares with the forms, saved cars and
 *   search results: fetched after `load` where they will send something, or with the script
 *   that tracks.
 *
 * Anything else is left to Rollup. The browser build only: the server build has its own chunks.
 */

const SITE_SCRIPT = [
  '/src/site/browser/page-script.ts',
  '/src/platform/web/consent.ts',
  '/src/platform/web/storage.ts',
  '/src/platform/web/query-cache.ts',
  '/src/leads/browser/visits.ts',
  '/src/platform/formats/records.ts',
];

const ANALYTICS = [
  '/src/platform/web/asc-page.ts',
  '/src/platform/web/tracker.ts',
  '/src/platform/web/asc-events.ts',
  '/src/platform/web/address-secrets.ts',
  '/src/platform/web/event-ids.ts',
];

/** The script BaseLayout.astro renders on every page, as Astro names the module. */
const LAYOUT_SCRIPT = '/src/site/BaseLayout.astro?astro&type=script';

/** Vite's helper for the dynamic imports' preloads, used by every page that imports anything later. */
const PRELOAD_HELPER = 'vite/preload-helper';

/** The chunk `id` (a module id as Rollup gives it) is kept in; undefined leaves it to Rollup. */
export function browserChunk(id: string): 'site-script' | 'analytics' | undefined {
  const file = id.replaceAll('\\', '/');
  if (file.includes(LAYOUT_SCRIPT) || file.includes(PRELOAD_HELPER) || SITE_SCRIPT.some((s) => file.endsWith(s))) return 'site-script';
  if (ANALYTICS.some((s) => file.endsWith(s))) return 'analytics';
  return undefined;
}
