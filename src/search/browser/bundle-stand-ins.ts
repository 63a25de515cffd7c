/**
 * The search island's libraries carry code the dealer sites never run: the meilisearch client's
 * whole API where instant-meilisearch needs two calls; InstantSearch's Algolia Insights (its
 * middleware and facet events), crawler metadata middleware, default history router, widget
 * template helpers, documentation links, Algolia client cache seeding, React 17 hook shim and
 * Recommend insights; the helper's hierarchical facet trees and Recommend answer merging; the event
 * emitter's warnings and listener events. This Vite plugin (astro.config.mjs) points those imports at
 * small stand-ins in the browser build only, about 10 KB gzip off every search page; the server
 * build (prerendering, the search push, reserved flags) keeps the real modules. The `qs` alias in
 * astro.config.mjs is the same idea, older.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));
const standIn = (file: string) => path.join(here, file);

/** instantsearch.js modules (by path inside the package's ES build) and what replaces each. */
const INSTANTSEARCH: Record<string, string> = {
  'es/middlewares/createInsightsMiddleware.js': standIn('stand-ins/insights-middleware.ts'),
  'es/middlewares/createMetadataMiddleware.js': standIn('stand-ins/metadata-middleware.ts'),
  'es/lib/routers/history.js': standIn('stand-ins/history-router.ts'),
  'es/lib/createHelpers.js': standIn('stand-ins/template-helpers.ts'),
  'es/lib/utils/hydrateSearchClient.js': standIn('stand-ins/hydrate-search-client.ts'),
  'es/lib/utils/createSendEventForFacet.js': standIn('stand-ins/facet-events.ts'),
  'es/lib/utils/documentation.js': standIn('stand-ins/documentation.ts'),
  'es/lib/utils/addInsightsToRecommendParameters.js': standIn('stand-ins/recommend-insights.ts'),
};

/** algoliasearch-helper modules (CommonJS, by path inside the package) and what replaces each. */
const HELPER: Record<string, string> = {
  'src/SearchResults/generate-hierarchical-tree': standIn('stand-ins/hierarchical-tree.cjs'),
  'src/utils/sortAndMergeRecommendations': standIn('stand-ins/recommendations.cjs'),
};

const inPackage = (file: string, name: string) => file.split(path.sep).join('/').includes(`/node_modules/${name}/`);

/** The stand-in for `source` imported from `importer` (an absolute path), if it has one. */
export function standInFor(source: string, importer: string): string | undefined {
  if (source === 'meilisearch' && inPackage(importer, '@meilisearch/instant-meilisearch')) return standIn('meilisearch-lite.ts');
  if (source.startsWith('use-sync-external-store/shim') && inPackage(importer, 'react-instantsearch-core')) return standIn('stand-ins/sync-external-store.ts');
  if (source === '@algolia/events' && (inPackage(importer, 'algoliasearch-helper') || inPackage(importer, 'instantsearch.js')))
    return standIn('stand-ins/events.cjs');
  if (!source.startsWith('.')) return undefined;
  const target = path.resolve(path.dirname(importer), source).split(path.sep).join('/');
  for (const [name, files] of [
    ['instantsearch.js', INSTANTSEARCH],
    ['algoliasearch-helper', HELPER],
  ] as const) {
    if (!inPackage(importer, name)) continue;
    const key = Object.keys(files).find((file) => target.replace(/\.js$/, '').endsWith(`/node_modules/${name}/${file.replace(/\.js$/, '')}`));
    if (key !== undefined) return files[key];
  }
  return undefined;
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
