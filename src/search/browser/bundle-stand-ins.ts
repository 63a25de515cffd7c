/**
 * The search island's libraries carry code the dealer sites never run: the meilisearch client's
 * whole API where instant-meilisearch needs two calls, and InstantSearch's Algolia Insights
 * middleware, default history router, widget template helpers and a React 17 hook shim. This Vite
 * plugin (astro.config.mjs) points those imports at small stand-ins in the browser build only, about
 * 7 KB gzip off every search page; the server build (prerendering, the search push, reserved
 * flags) keeps the real modules. The `qs` alias in astro.config.mjs is the same idea, older.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));
const standIn = (file: string) => path.join(here, file);

/** instantsearch.js modules (by path inside the package's ES build) and what replaces each. */
const INSTANTSEARCH: Record<string, string> = {
  'es/middlewares/createInsightsMiddleware.js': standIn('stand-ins/insights-middleware.ts'),
  'es/lib/routers/history.js': standIn('stand-ins/history-router.ts'),
  'es/lib/createHelpers.js': standIn('stand-ins/template-helpers.ts'),
};

const inPackage = (file: string, name: string) => file.split(path.sep).join('/').includes(`/node_modules/${name}/`);

/** The stand-in for `source` imported from `importer` (an absolute path), if it has one. */
export function standInFor(source: string, importer: string): string | undefined {
  if (source === 'meilisearch' && inPackage(importer, '@meilisearch/instant-meilisearch')) return standIn('meilisearch-lite.ts');
  if (source.startsWith('use-sync-external-store/shim') && inPackage(importer, 'react-instantsearch-core')) return standIn('stand-ins/sync-external-store.ts');
  if (!source.startsWith('.') || !inPackage(importer, 'instantsearch.js')) return undefined;
  const target = path.resolve(path.dirname(importer), source).split(path.sep).join('/');
  const key = Object.keys(INSTANTSEARCH).find((file) => target.endsWith(`/node_modules/instantsearch.js/${file}`));
  return key === undefined ? undefined : INSTANTSEARCH[key];
}

export function searchBundleStandIns(): Plugin {
  return {
    name: 'dealer-sites:search-bundle-stand-ins',
    enforce: 'pre',
    resolveId(source, importer, options) {
      if (options.ssr || importer === undefined) return null;
      return standInFor(source, importer) ?? null;
    },
  };
}
