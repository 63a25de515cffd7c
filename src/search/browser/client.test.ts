import { describe, expect, it } from 'vitest';
import { testSite } from '../../../tests/support/test-site';
import { searchSite } from '../model/site';
import { adaptResult, createSearchClient, fetchHttpClient, SearchServiceError, type SearchHttpClient } from './client';

const site = searchSite(testSite());
const INDEX = site.slug;
const NOW = 1_750_000_000_000;

interface SentQuery {
  indexUid: string;
  q?: string;
  filter?: unknown;
  sort?: string[];
  facets?: string[];
  limit?: number;
  offset?: number;
}

/** A Meilisearch stand-in: records each multi-search and answers every query with `answer`. */
function fakeMeilisearch(answer: (query: SentQuery) => Record<string, unknown>) {
  const calls: SentQuery[][] = [];
  const httpClient: SearchHttpClient = (input, init) => {
    expect(input instanceof URL ? input.href : input).toBe('https://search.example.test/multi-search');
    const { queries } = JSON.parse(typeof init?.body === 'string' ? init.body : '') as { queries: SentQuery[] };
    calls.push(queries);
    return Promise.resolve({
      results: queries.map((query) => ({
        indexUid: query.indexUid,
        hits: [],
        query: query.q ?? '',
        processingTimeMs: 1,
        limit: query.limit,
        offset: query.offset,
        estimatedTotalHits: 0,
        ...answer(query),
      })),
    });
  };
  return { calls, httpClient };
}

const client = (httpClient: SearchHttpClient, cacheSize?: number) =>
  createSearchClient({
    site,
    host: 'https://search.example.test',
    apiKey: '',
    indexUid: INDEX,
    httpClient,
    now: () => NOW,
    ...(cacheSize ? { cacheSize } : {}),
  });

const mainRequest = (params: Record<string, unknown> = {}) => ({
  indexName: INDEX,
  params: { query: '', facets: ['make'], hitsPerPage: 21, page: 0, ...params },
});

type Answer = { results: Array<{ nbHits: number; nbPages: number; hits: Array<Record<string, unknown>> }> };
const search = (c: ReturnType<typeof client>, requests: unknown[]) => c.search(requests as Parameters<typeof c.search>[0]) as unknown as Promise<Answer>;

describe('search client', () => {
  it('sends our filter, sort and page to Meilisearch', async () => {
    const meili = fakeMeilisearch(() => ({}));
    await search(client(meili.httpClient), [mainRequest({ facetFilters: [['make:Toyota']], numericFilters: ['price<=20000'], page: 2 })]);
    const sent = meili.calls.at(-1)?.[0];
    expect(sent?.filter).toEqual([
      expect.stringMatching(
        /^\(status IN \["in_stock", "sale_pending", "in_transit", "in_production", "coming_soon"\] OR .*\) AND make = "Toyota" AND price <= 20000$/,
      ),
    ]);
    expect(sent?.sort).toEqual(['custom_rank:desc']);
    expect(sent?.facets).toEqual(['make', 'car_type']);
    // One hit more than the page: instant-meilisearch's way of knowing there is a next page.
    expect(sent).toMatchObject({ limit: 22, offset: 42, q: '' });
  });

  // "Facet queries use limit 1 and drop their own field's filter."
  it("asks each facet query for one hit, without its own field's filter", async () => {
    const meili = fakeMeilisearch((query) => (query.limit === 1 ? { hits: [{ id: 9 }] } : {}));
    const facetRequest = { indexName: INDEX, params: { query: '', facets: ['make'], hitsPerPage: 0, page: 0, facetFilters: [['body:SUV']] } };
    const { results } = await search(client(meili.httpClient), [mainRequest({ facetFilters: [['make:Toyota'], ['body:SUV']] }), facetRequest]);
    const [main, facet] = meili.calls.at(-1) ?? [];
    expect(main?.limit).toBe(22);
    expect(facet).toMatchObject({ limit: 1, offset: 0, facets: ['make'] });
    expect(String(facet?.filter)).not.toContain('make =');
    expect(results[1]?.hits).toEqual([]);
  });

  it("sends no query without the site's filter: instant-meilisearch's unfiltered zero-count query is answered empty here", async () => {
    const meili = fakeMeilisearch(() => ({ estimatedTotalHits: 3, hits: [{ id: 1 }], facetDistribution: { make: { Toyota: 3 } } }));
    const c = client(meili.httpClient);
    const { results } = await search(c, [mainRequest()]);
    await search(c, [mainRequest({ query: 'hilux' })]);
    expect(meili.calls.flat().length).toBeGreaterThan(0);
    for (const query of meili.calls.flat()) expect(query.filter, JSON.stringify(query)).toEqual([expect.stringContaining('status IN')]);
    expect(results[0]).toMatchObject({ nbHits: 3, facets: { make: { Toyota: 3 } } });
  });

  it('shows the sum of car type counts above 1,999 hits, and pages to match', async () => {
    const meili = fakeMeilisearch(() => ({ estimatedTotalHits: 2400, facetDistribution: { car_type: { new: 1000, demo: 100, used: 1250 } } }));
    const { results } = await search(client(meili.httpClient), [mainRequest()]);
    expect(results[0]?.nbHits).toBe(2350);
    expect(results[0]?.nbPages).toBe(112);
  });

  it('keeps counts up to 1,999 as Meilisearch gives them', async () => {
    const meili = fakeMeilisearch(() => ({ estimatedTotalHits: 1999, facetDistribution: { car_type: { used: 5 } } }));
    const { results } = await search(client(meili.httpClient), [mainRequest()]);
    expect(results[0]?.nbHits).toBe(1999);
    expect(results[0]?.nbPages).toBe(96);
  });

  it('answers a repeated query from the cache and evicts the oldest', async () => {
    const meili = fakeMeilisearch(() => ({}));
    const c = client(meili.httpClient, 2);
    await search(c, [mainRequest({ query: 'a' })]);
    const afterFirst = meili.calls.length;
    await search(c, [mainRequest({ query: 'a' })]);
    expect(meili.calls.length).toBe(afterFirst);
    await search(c, [mainRequest({ query: 'b' })]);
    await search(c, [mainRequest({ query: 'c' })]);
    expect(meili.calls.length).toBe(afterFirst + 2);
    await search(c, [mainRequest({ query: 'a' })]);
    expect(meili.calls.length).toBe(afterFirst + 3);
  });

  it('hands out copies, so InstantSearch cannot change what the cache holds', async () => {
    const meili = fakeMeilisearch(() => ({ hits: [{ id: 1 }] }));
    const c = client(meili.httpClient);
    const first = await search(c, [mainRequest()]);
    first.results[0]?.hits.push({ id: 2 });
    const second = await search(c, [mainRequest()]);
    expect(second.results[0]?.hits).toHaveLength(1);
  });

  it('fails when Meilisearch fails, and does not cache the failure', async () => {
    let down = true;
    const meili = fakeMeilisearch(() => ({}));
    const flaky: SearchHttpClient = (input, init) => (down ? Promise.reject(new SearchServiceError('search is down', 503)) : meili.httpClient(input, init));
    const c = client(flaky);
    await expect(search(c, [mainRequest()])).rejects.toThrow(/multi-search has failed/);
    down = false;
    await expect(search(c, [mainRequest()])).resolves.toMatchObject({ results: [{ nbHits: 0 }] });
  });
});

describe('fetch with a time limit', () => {
  it("turns a Meilisearch error into SearchServiceError with the engine's message", async () => {
    const http = fetchHttpClient(() =>
      Promise.resolve(new Response(JSON.stringify({ message: 'Attribute `nope` is not filterable.', code: 'invalid_search_filter' }), { status: 400 })),
    );
    await expect(http('https://x.test/multi-search')).rejects.toEqual(new SearchServiceError('Attribute `nope` is not filterable.', 400));
  });

  it('gives up on a slow service', async () => {
    const never: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason as Error)));
    await expect(fetchHttpClient(never, 20)('https://x.test/multi-search')).rejects.toThrow(/timeout|aborted/i);
  });

  it('returns the parsed body of an answer', async () => {
    const http = fetchHttpClient(() => Promise.resolve(new Response('{"results":[]}', { status: 200 })));
    await expect(http('https://x.test/multi-search')).resolves.toEqual({ results: [] });
  });
});

describe('slider stats', () => {
  it('keeps the stats of a range field and drops its distribution (InstantSearch needs the key for the stats)', () => {
    const result = adaptResult({
      hitsPerPage: 0,
      facets: { make: { Toyota: 1 }, price: { '20000': 1, '30000': 2 } },
      facets_stats: { km: { min: 1, max: 9 }, price: { min: 20000, max: 30000 }, seats: { min: 2, max: 7 } },
    });
    expect(result.facets).toEqual({ make: { Toyota: 1 }, km: {}, price: {} });
    expect(result.facets_stats).toEqual({ km: { min: 1, max: 9 }, price: { min: 20000, max: 30000 }, seats: { min: 2, max: 7 } });
  });
});
