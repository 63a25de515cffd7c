/**
 * The browser's own libraries (the meilisearch client and instant-meilisearch) against the
 * embedded search API over real HTTP: proof that the protocol subset is the one they speak.
 */
import { serve, type ServerType } from '@hono/node-server';
import { instantMeiliSearch, type AlgoliaMultipleQueriesQuery } from '@meilisearch/instant-meilisearch';
import { Meilisearch, MeilisearchApiError } from 'meilisearch';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SearchEngine } from '@dealer-sites/search-engine';
import { indexSettings } from '../search/model/index-settings';
import { createApp } from './app';

const docs = [
  { id: 1, name: '2023 Toyota RAV4 GX', make: 'Toyota', model: 'RAV4', body: 'SUV', car_type: 'new', price: 45990, custom_rank: 3 },
  { id: 2, name: '2019 Toyota Corolla Ascent', make: 'Toyota', model: 'Corolla', body: 'Hatchback', car_type: 'used', price: 19990, custom_rank: 2 },
  { id: 3, name: '2021 Mazda CX-5 Maxx', make: 'Mazda', model: 'CX-5', body: 'SUV', car_type: 'used', price: 34990, custom_rank: 1 },
];

let server: ServerType;
let host: string;

beforeAll(async () => {
  const engine = new SearchEngine(docs, indexSettings);
  const app = createApp({
    distDir: 'unused',
    dealers: ['alpha'],
    defaultDealer: 'alpha',
    domains: new Map(),
    search: { get: (uid) => Promise.resolve(uid === 'alpha' ? { engine } : undefined) },
  });
  const port = await new Promise<number>((resolve) => {
    server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, (info: AddressInfo) => resolve(info.port));
  });
  host = `http://127.0.0.1:${port}/api/search`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the meilisearch client (0.57)', () => {
  it('multi-searches and searches one index', async () => {
    const client = new Meilisearch({ host, apiKey: 'any-read-only-key' });
    const { results } = await client.multiSearch({
      queries: [
        { indexUid: 'alpha', q: 'toyota', filter: [['car_type = "used"', 'car_type = "new"']], facets: ['body'], sort: ['price:asc'] },
        { indexUid: 'alpha', filter: 'make = Mazda', limit: 1 },
      ],
    });
    expect(results[0]?.hits.map((h) => Number(h.id))).toEqual([2, 1]);
    expect(results[0]?.facetDistribution).toEqual({ body: { Hatchback: 1, SUV: 1 } });
    expect(results[1]?.estimatedTotalHits).toBe(1);
    const single = await client.index('alpha').search('mazda');
    expect(single.hits.map((h) => Number(h.id))).toEqual([3]);
  });

  it('surfaces Meilisearch-shaped errors as MeilisearchApiError with the code', async () => {
    const client = new Meilisearch({ host });
    const error = await client
      .index('alpha')
      .search('', { filter: 'colour_code = red' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MeilisearchApiError);
    expect((error as MeilisearchApiError).cause?.code).toBe('invalid_search_filter');
    expect((error as MeilisearchApiError).response.status).toBe(400);
    await expect(client.index('nope').search('')).rejects.toThrow(/Index `nope` not found/);
  });
});

describe('instant-meilisearch (0.31), as the search islands use it', () => {
  it('answers InstantSearch requests with hits, highlights, facets and totals', async () => {
    const { searchClient } = instantMeiliSearch(host, 'any-read-only-key');
    // Called the way InstantSearch calls it; the declared type is a union over InstantSearch's
    // client versions, so narrow it to the multiple-queries form used here.
    const search = searchClient.search.bind(searchClient) as unknown as (requests: AlgoliaMultipleQueriesQuery[]) => Promise<{ results: unknown[] }>;
    const response = await search([
      { indexName: 'alpha', params: { query: 'toyo', facets: ['make', 'body'], facetFilters: [['body:SUV']], hitsPerPage: 21, page: 0 } },
    ]);
    const [result] = response.results as unknown as {
      hits: { id: number; _highlightResult?: { name?: { value: string } } }[];
      nbHits: number;
      facets: Record<string, Record<string, number>>;
    }[];
    expect(result?.hits.map((h) => h.id)).toEqual([1]);
    expect(result?.hits[0]?._highlightResult?.name?.value).toBe('2023 __ais-highlight__Toyo__/ais-highlight__ta RAV4 GX');
    expect(result?.nbHits).toBe(1);
    expect(result?.facets.make).toEqual({ Toyota: 1 });
  });
});
