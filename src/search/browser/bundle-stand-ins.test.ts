import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
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
  { importer: path.join(packageDir('algoliasearch-helper'), 'src/algoliasearch.helper.js'), source: '@algolia/events', names: ['default'] },
  {
    importer: path.join(packageDir('algoliasearch-helper'), 'src/algoliasearch.helper.js'),
    source: './utils/sortAndMergeRecommendations',
    names: ['default'],
  },
  {
    importer: instantsearch('es/widgets/index/index.js'),
    source: '../../lib/utils/addInsightsToRecommendParameters.js',
    names: ['addInsightsToRecommendParameters'],
  },
  { importer: path.join(packageDir('algoliasearch-helper'), 'src/DerivedHelper/index.js'), source: '@algolia/events', names: ['default'] },
  { importer: instantsearch('es/lib/InstantSearch.js'), source: '@algolia/events', names: ['default'] },
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
    const recommend = await import('./stand-ins/recommend-insights');
    const parameters = { params: [] };
    expect(recommend.addInsightsToRecommendParameters(parameters, {})).toBe(parameters);
    expect(() => recommend.addInsightsToRecommendParameters(parameters, { userToken: 'u' })).toThrow(/insights=\{false\}/);
    const merge = (await import('./stand-ins/recommendations.cjs')) as { default: () => unknown };
    expect(() => merge.default()).toThrow(/Recommend/);
    const metadata = await import('./stand-ins/metadata-middleware');
    expect(metadata.isMetadataEnabled()).toBe(false);
    expect(() => metadata.createMetadataMiddleware()).toThrow(/crawler/);
  });
});

type Listener = (...args: unknown[]) => void;
interface Emitter {
  on(type: string, listener: Listener): Emitter;
  addListener(type: string, listener: Listener): Emitter;
  once(type: string, listener: Listener): Emitter;
  emit(type: string, ...args: unknown[]): boolean;
  removeListener(type: string, listener: Listener): Emitter;
  removeAllListeners(type?: string): Emitter;
  setMaxListeners(n: number): Emitter;
}
type EmitterClass = new () => Emitter;

const require = createRequire(import.meta.url);
const emitters: [string, EmitterClass][] = [
  ['@algolia/events', require('@algolia/events') as EmitterClass],
  ['the stand-in', require('./stand-ins/events.cjs') as EmitterClass],
];

/** The calls InstantSearch and the helper make, in a tangle of orders; what each listener heard. */
function script(Emitter: EmitterClass): string[] {
  const heard: string[] = [];
  const named =
    (name: string): Listener =>
    (...args) =>
      void heard.push(`${name}(${args.join(',')})`);
  const a = named('a');
  const b = named('b');
  const c = named('c');
  const emitter = new Emitter();
  emitter.setMaxListeners(100);
  heard.push(`nobody: ${emitter.emit('change', 1)}`);
  emitter.on('change', a).addListener('change', b).on('change', a);
  heard.push(`some: ${emitter.emit('change', 1, 2)}`);
  // The most recent of two same listeners goes.
  emitter.removeListener('change', a);
  emitter.emit('change', 3);
  emitter.once('result', c).once('result', c);
  emitter.emit('result', 'r1');
  emitter.emit('result', 'r2');
  emitter.emit('result', 'r3');
  // A once listener removed by the function it was given.
  emitter.once('search', c).removeListener('search', c);
  heard.push(`removed once: ${emitter.emit('search')}`);
  // A listener removing another mid-emit: this emit still calls both.
  const remover: Listener = () => void emitter.removeListener('render', b);
  emitter.on('render', remover).on('render', b);
  emitter.emit('render', 'x');
  emitter.emit('render', 'y');
  // A listener adding one mid-emit: the new one hears the next emit only.
  emitter.on('fetch', () => void emitter.on('fetch', c));
  emitter.emit('fetch', 1);
  emitter.emit('fetch', 2);
  emitter.removeAllListeners('change');
  heard.push(`change after removing all: ${emitter.emit('change')}`);
  emitter.removeAllListeners();
  heard.push(`after removing everything: ${emitter.emit('fetch')}`);
  for (const cause of [new Error('boom'), 'text'])
    try {
      emitter.emit('error', cause);
    } catch (error) {
      heard.push(`threw ${(error as Error).message}`);
    }
  emitter.on('error', named('error'));
  emitter.emit('error', 'handled');
  try {
    emitter.on('x', 'no' as unknown as Listener);
  } catch (error) {
    heard.push(`refused: ${(error as Error).message}`);
  }
  return heard;
}

describe('the event emitter stand-in', () => {
  it('hears and throws as @algolia/events does for the calls the libraries make', () => {
    const [real, standIn] = emitters.map(([, Emitter]) => script(Emitter));
    expect(real).toContain('threw boom');
    expect(standIn).toEqual(real);
  });

  it.each(emitters)('%s works as a prototype inherited without its constructor, as the helper does', (_name, Emitter) => {
    function Helper(this: Emitter) {}
    Helper.prototype = Object.create(Emitter.prototype as object) as Emitter;
    const helper = new (Helper as unknown as EmitterClass)();
    const heard: unknown[] = [];
    helper.on('change', (event) => heard.push(event));
    expect(helper.emit('change', 'state')).toBe(true);
    expect(heard).toEqual(['state']);
  });
});
