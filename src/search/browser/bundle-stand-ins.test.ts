import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { standInFor } from './bundle-stand-ins';

const packageDir = (name: string) => path.resolve('node_modules', name);
const instantsearch = (file: string) => path.join(packageDir('instantsearch.js'), file);

/** Each import the stand-ins replace, as the library writes it, with the names it imports. */
const REPLACED = [
  { importer: instantsearch('es/lib/InstantSearch.js'), source: '../middlewares/createInsightsMiddleware.js', names: ['createInsightsMiddleware'] },
  {
    importer: instantsearch('es/lib/InstantSearch.js'),
    source: '../middlewares/createMetadataMiddleware.js',
    names: ['isMetadataEnabled', 'createMetadataMiddleware'],
  },
  { importer: instantsearch('es/middlewares/createRouterMiddleware.js'), source: '../lib/routers/history.js', names: ['default'] },
  { importer: instantsearch('es/lib/InstantSearch.js'), source: './createHelpers.js', names: ['default'] },
  { importer: instantsearch('es/lib/InstantSearch.js'), source: './utils/hydrateSearchClient.js', names: ['hydrateSearchClient'] },
  {
    importer: instantsearch('es/connectors/range/connectRange.js'),
    source: '../../lib/utils/documentation.js',
    names: ['createDocumentationMessageGenerator'],
  },
  {
    importer: instantsearch('es/connectors/refinement-list/connectRefinementList.js'),
    source: '../../lib/utils/createSendEventForFacet.js',
    names: ['createSendEventForFacet'],
  },
  {
    importer: path.join(packageDir('algoliasearch-helper'), 'src/SearchResults/index.js'),
    source: './generate-hierarchical-tree',
    names: ['default'],
  },
  {
    importer: path.join(packageDir('@meilisearch/instant-meilisearch'), 'dist/index.js'),
    source: 'meilisearch',
    names: ['Meilisearch'],
  },
  {
    importer: path.join(packageDir('react-instantsearch-core'), 'dist/es/lib/useInstantSearchApi.js'),
    source: 'use-sync-external-store/shim/index.js',
    names: ['useSyncExternalStore'],
  },
];

describe('the search bundle stand-ins', () => {
  it.each(REPLACED)('replace $source as $importer imports it, with the names it imports', async ({ importer, source, names }) => {
    // The library still imports it this way: an upgrade that moves or renames the module shows here.
    expect(existsSync(importer)).toBe(true);
    expect(readFileSync(importer, 'utf8')).toMatch(new RegExp(`(from |require\\()['"]${source.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}['"]`));
    const target = standInFor(source, importer);
    expect(target).toBeDefined();
    const module = (await import(target!)) as Record<string, unknown>;
    for (const name of names) expect(typeof module[name]).toBe('function');
  });

  it('leave every other import alone', () => {
    const server = path.resolve('src/search/server/meilisearch-push.ts');
    expect(standInFor('meilisearch', server)).toBeUndefined();
    expect(standInFor('../lib/routers/history.js', server)).toBeUndefined();
    expect(standInFor('../connectors/range/connectRange.js', instantsearch('es/lib/InstantSearch.js'))).toBeUndefined();
    expect(standInFor('algoliasearch-helper', instantsearch('es/lib/InstantSearch.js'))).toBeUndefined();
  });

  it('fail loudly where the sites would need the real module', async () => {
    const insights = (await import('./stand-ins/insights-middleware')).createInsightsMiddleware;
    const history = (await import('./stand-ins/history-router')).default;
    expect(() => insights()).toThrow(/insights=\{false\}/);
    expect(() => history()).toThrow(/router\.ts/);
    const { hydrateSearchClient } = await import('./stand-ins/hydrate-search-client');
    expect(() => hydrateSearchClient({ search: () => undefined }, { cars: {} })).not.toThrow();
    expect(() => hydrateSearchClient({ transporter: {} }, { cars: {} })).toThrow(/dealer sites search client/);
    const metadata = await import('./stand-ins/metadata-middleware');
    expect(metadata.isMetadataEnabled()).toBe(false);
    expect(() => metadata.createMetadataMiddleware()).toThrow(/crawler/);
  });
});
