import { Meilisearch as RealMeilisearch } from 'meilisearch';
import { describe, expect, it } from 'vitest';
import { Meilisearch } from './meilisearch-lite';

/** Every request a client makes, as its httpClient sees it. */
function recorder() {
  const sent: { url: string; method?: string; body?: unknown; headers: [string, string][] }[] = [];
  const httpClient = (input: URL | RequestInfo, init?: RequestInit) => {
    sent.push({
      url: input instanceof URL ? input.href : typeof input === 'string' ? input : input.url,
      method: init?.method,
      body: init?.body,
      headers: [...new Headers(init?.headers)].sort(),
    });
    return Promise.resolve({ results: [] });
  };
  return { sent, httpClient };
}

const configs = [
  { host: 'https://kingfisher.test/api/search', apiKey: 'public-key', clientAgents: ['Meilisearch instant-meilisearch (v0.31.3)'] },
  { host: 'localhost:7700/', apiKey: '' },
  { host: 'http://search.test', requestInit: { headers: { Authorization: 'Bearer theirs', 'X-Extra': 'kept' }, credentials: 'include' as const } },
];

describe('the browser stand-in for the meilisearch client', () => {
  it.each(configs)('sends the multi-search and facet search requests the real client sends ($host)', async (config) => {
    const real = recorder();
    const lite = recorder();
    const queries = { queries: [{ indexUid: 'cars', q: 'hilux', filter: ['make = "Toyota"'], limit: 24 }] };
    await new RealMeilisearch({ ...config, httpClient: real.httpClient }).multiSearch(queries);
    await new RealMeilisearch({ ...config, httpClient: real.httpClient }).index('cars').searchForFacetValues({ facetName: 'make', facetQuery: 'to' });
    await new Meilisearch({ ...config, httpClient: lite.httpClient }).multiSearch(queries);
    await new Meilisearch({ ...config, httpClient: lite.httpClient }).index('cars').searchForFacetValues({ facetName: 'make', facetQuery: 'to' });
    expect(lite.sent).toEqual(real.sent);
    expect(lite.sent[0]?.url).toMatch(/\/multi-search$/);
  });

  it('answers with what the http client answers', async () => {
    const client = new Meilisearch({ host: 'http://search.test', httpClient: () => Promise.resolve({ results: [{ hits: [{ id: '1' }] }] }) });
    expect(await client.multiSearch({ queries: [] })).toEqual({ results: [{ hits: [{ id: '1' }] }] });
  });

  it('without an http client, fetches and throws the engine message on an error status', async () => {
    const original = globalThis.fetch;
    globalThis.fetch = () => Promise.resolve(new Response(JSON.stringify({ message: 'Index `cars` not found.' }), { status: 404 }));
    try {
      await expect(new Meilisearch({ host: 'http://search.test' }).multiSearch({ queries: [] })).rejects.toThrow('Index `cars` not found.');
    } finally {
      globalThis.fetch = original;
    }
  });
});
