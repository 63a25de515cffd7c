import { describe, expect, it } from 'vitest';
import type { SearchEndpoint } from '../../../platform/config/search-endpoint';
import { SearchError, multiSearch, parseMultiSearchResponse, resultCount } from './multi-search';

const embedded: SearchEndpoint = { host: '/api/search', apiKey: '', indexUid: 'fixture-motors' };
const query = { indexUid: 'fixture-motors', q: 'kia', limit: 6 };

function fakeFetch(body: unknown, status = 200) {
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  const fetcher: typeof fetch = (url, init) => {
    calls.push({ url: url instanceof Request ? url.url : url.toString(), init });
    return Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
  };
  return { calls, fetcher };
}

describe('multiSearch', () => {
  it('POSTs the queries to {host}/multi-search on the page origin', async () => {
    const { calls, fetcher } = fakeFetch({ results: [{ hits: [], estimatedTotalHits: 0 }] });
    await multiSearch(embedded, [query], { origin: 'http://fixture-motors.localhost:4321', fetch: fetcher });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('http://fixture-motors.localhost:4321/api/search/multi-search');
    expect(calls[0]?.init?.method).toBe('POST');
    const sent = calls[0]?.init?.body;
    expect(typeof sent === 'string' ? JSON.parse(sent) : sent).toEqual({ queries: [query] });
    expect(calls[0]?.init?.headers).toEqual({ 'Content-Type': 'application/json' });
  });

  it('sends the read-only key to a real Meilisearch', async () => {
    const { calls, fetcher } = fakeFetch({ results: [{ hits: [] }] });
    await multiSearch({ host: 'https://search.example.com', apiKey: 'read-only', indexUid: 'x' }, [query], {
      origin: 'https://dealer.example',
      fetch: fetcher,
    });
    expect(calls[0]?.url).toBe('https://search.example.com/multi-search');
    expect(calls[0]?.init?.headers).toEqual({ 'Content-Type': 'application/json', Authorization: 'Bearer read-only' });
  });

  it('fails on an error status or an unexpected body', async () => {
    await expect(multiSearch(embedded, [query], { origin: 'http://a.localhost', fetch: fakeFetch({ message: 'down' }, 503).fetcher })).rejects.toThrow(
      SearchError,
    );
    await expect(multiSearch(embedded, [query], { origin: 'http://a.localhost', fetch: fakeFetch({ results: 'no' }).fetcher })).rejects.toThrow(SearchError);
    await expect(
      multiSearch(embedded, [query, query], { origin: 'http://a.localhost', fetch: fakeFetch({ results: [{ hits: [] }] }).fetcher }),
    ).rejects.toThrow(SearchError);
  });
});

describe('parseMultiSearchResponse', () => {
  it('reads hits, counts, facet distributions and stats', () => {
    const body = {
      results: [
        {
          indexUid: 'x',
          hits: [{ id: 1 }],
          estimatedTotalHits: 2400,
          processingTimeMs: 1,
          facetDistribution: { make: { Toyota: 3 } },
          facetStats: { price: { min: 1500, max: 90_000 } },
        },
      ],
    };
    expect(parseMultiSearchResponse(body, 1)).toEqual([
      { hits: [{ id: 1 }], estimatedTotalHits: 2400, facetDistribution: { make: { Toyota: 3 } }, facetStats: { price: { min: 1500, max: 90_000 } } },
    ]);
  });

  it('refuses counts that are not numbers', () => {
    expect(parseMultiSearchResponse({ results: [{ hits: [], facetDistribution: { make: { Toyota: '3' } } }] }, 1)).toBeUndefined();
  });
});

describe('resultCount', () => {
  it('prefers an exact total, then the estimate', () => {
    expect(resultCount({ hits: [], totalHits: 5, estimatedTotalHits: 7 })).toBe(5);
    expect(resultCount({ hits: [], estimatedTotalHits: 7 })).toBe(7);
    expect(resultCount({ hits: [{}, {}] })).toBe(2);
  });
});
