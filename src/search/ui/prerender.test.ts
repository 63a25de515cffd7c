import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { getServerState } from 'react-instantsearch';
import { describe, expect, it } from 'vitest';
import { dealerFileCopy, testSite } from '../../../tests/support/test-site';
import { searchSite } from '../model/site';
import { cardSite } from './page-data';
import { generateDemoStock } from '../../stock/model/demo';
import { inProcessHttpClient, prerenderedApp, prerenderSearch, serverState } from './prerender';
import { listedFacets, pathVocabulary, searchLandingPages } from './page-data';
import { embeddedAnswer, type MultiSearchAnswer } from '../model/embedded-answer';
import SearchApp from './SearchApp';

const site = testSite();

const car = (id: number, name: string, carType: string) => ({
  id,
  slug: `car-${id}`,
  name,
  price: 20_000 + id,
  km: 1000 * id,
  car_type: carType,
  status: 'in_stock',
});

/** A stand-in engine: records queries, answers each with two used cars and their facet counts. */
function fakeEngine() {
  const queries: Array<Record<string, unknown>> = [];
  const answer: MultiSearchAnswer = (body) => {
    const sent = (body as { queries: Array<Record<string, unknown>> }).queries;
    queries.push(...sent);
    return Promise.resolve({
      results: sent.map((q) => ({
        indexUid: q.indexUid,
        hits: Number(q.limit) > 0 ? [car(1, '2020 Toyota Corolla', 'used'), car(2, '2019 Mazda CX-5', 'used')] : [],
        query: q.q,
        processingTimeMs: 1,
        limit: q.limit,
        offset: q.offset,
        estimatedTotalHits: 2,
        facetDistribution: { car_type: { used: 2, new: 1 }, make: { Toyota: 1, Mazda: 1 }, body: { SUV: 1, Hatchback: 1 } },
        facetStats: { price: { min: 20_001, max: 20_002 }, km: { min: 1000, max: 2000 }, year: { min: 2019, max: 2020 } },
      })),
    });
  };
  return { queries, answer };
}

describe('prerendered first page', () => {
  it('searches once at build time with the filter and state of the page URL', async () => {
    const engine = fakeEngine();
    const state = await prerenderSearch({
      site,
      url: '/search/used-cars',
      heading: 'Used Cars',
      vocabulary: {},
      stock: [],
      answer: engine.answer,
      now: 1_750_000_000_000,
    });
    const main = engine.queries.find((q) => Number(q.limit) > 0 && Array.isArray(q.filter) && String(q.filter[0]).includes('car_type'));
    expect(main?.filter).toEqual([expect.stringContaining('car_type = "used"')]);
    expect(main?.sort).toEqual(['custom_rank:desc']);
    expect(Object.keys(state?.initialResults ?? {})).toEqual([site.slug]);
  });

  it('renders the cars and count into the HTML the island hydrates', async () => {
    const engine = fakeEngine();
    const serverState = await prerenderSearch({ site, url: '/search/used-cars', heading: 'Used Cars', vocabulary: {}, stock: [], answer: engine.answer });
    const asked = engine.queries.length;
    const props = {
      site: searchSite(site),
      card: cardSite(site),
      heading: 'Used Cars',
      vocabulary: {},
      prerenderedUrl: '/search/used-cars',
      ...(serverState ? { serverState } : {}),
    };
    const html = renderToString(createElement(SearchApp, props));
    expect(html).toContain('2020 Toyota Corolla');
    expect(html).toContain('2019 Mazda CX-5');
    expect(html).toContain('<p class="result-count" role="status" aria-atomic="true">2 vehicles</p>');
    expect(html).toContain('aria-label="Minimum kilometres"');
    expect(html).toContain('2019 - 2020');
    expect(html).toMatch(/<input type="checkbox" checked=""\/><span class="facet-label">Used<\/span>/);
    // Rendering from the server state asks the engine nothing more.
    expect(engine.queries.length).toBe(asked);
  });

  it('answers only multi-search in-process', async () => {
    const http = inProcessHttpClient(() => Promise.resolve({ results: [] }));
    await expect(http('http://build.invalid/api/search/multi-search', { method: 'POST', body: '{"queries":[]}' })).resolves.toEqual({ results: [] });
    await expect(http('http://build.invalid/api/search/indexes/x/search', { method: 'POST', body: '{}' })).rejects.toThrow(/cannot answer/);
  });
});

describe('prerendered with the embedded engine', () => {
  it('lists the cars the page stands for, as many as a page holds, with the true count', async () => {
    const stock = generateDemoStock(site, 120);
    const listed = stock.filter((car) => car.car_type === 'used' && car.status !== 'sold');
    const serverState = await prerenderSearch({
      site,
      url: '/search/used-cars',
      heading: 'Used Cars',
      vocabulary: {},
      stock,
      answer: embeddedAnswer(stock, site.slug),
    });
    const [main] = serverState.initialResults[site.slug]?.results ?? [];
    const hits = (main?.hits ?? []) as Array<{ car_type: string }>;
    expect(hits.length).toBe(Math.min(21, listed.length));
    expect(hits.every((hit) => hit.car_type === 'used')).toBe(true);
    // Sold cars inside the sold window may be listed too, so the count is at least the unsold ones.
    expect(main?.nbHits).toBeGreaterThanOrEqual(listed.length);
    expect(main?.facets?.price).toEqual({});
  });

  it('fails the build with the engine’s message when it refuses a request', async () => {
    const answer = embeddedAnswer(generateDemoStock(site, 5), site.slug);
    await expect(answer({ queries: [{ indexUid: 'no-such-index' }] })).rejects.toThrow(/build-time search failed: .*no-such-index/);
  });
});

describe('the widgets added in one go', () => {
  // The whole of getServerState's answer: the requests, the helper state and the results.
  const both = async (input: Parameters<typeof prerenderedApp>[0]) => [
    JSON.stringify(await serverState(prerenderedApp(input))),
    JSON.stringify(await getServerState(prerenderedApp(input), { renderToString })),
  ];

  it.each([['fixture-motors'], ['southern-lakes-motors'], ['drivesmart-pre-owned']])(
    'gives what getServerState gives on every landing page of %s',
    async (slug) => {
      const dealer = slug === 'fixture-motors' ? site : dealerFileCopy(slug);
      const now = 1_750_000_000_000;
      const stock = generateDemoStock(dealer, 150, now);
      const facets = listedFacets(stock);
      const vocabulary = pathVocabulary(facets);
      const urls = [...searchLandingPages(dealer, facets).map((page) => page.path), '/search', '/search/used-cars?query=red&page=2&sort=price_asc'];
      expect(urls.length).toBeGreaterThan(10);
      for (const url of urls) {
        const [once, reference] = await both({ site: dealer, url, heading: 'Cars', vocabulary, stock, now });
        expect(once, url).toBe(reference);
      }
    },
    60_000,
  );
});
