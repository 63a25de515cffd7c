import { describe, expect, it, vi } from 'vitest';
import { AnswerCache } from './answer-cache';
import { SearchEngine, type EngineSettings, type SearchDocument } from './engine';
import { MeiliError } from './errors';
import { MAX_RESPONSE_BYTES, PAUSE_AFTER_MS, getDocument, indexSearch, joinAnswer, multiSearch, multiSearchJson, type SearchIndex } from './protocol';

const settings: EngineSettings = {
  primaryKey: 'id',
  searchableAttributes: ['name'],
  filterableAttributes: ['make', 'status'],
  sortableAttributes: [],
  rankingRules: ['words', 'typo', 'attribute', 'sort', 'exactness'],
  faceting: { maxValuesPerFacet: 100 },
  pagination: { maxTotalHits: 1000 },
};

const docs: SearchDocument[] = Array.from({ length: 60 }, (_, i) => ({
  id: i + 1,
  name: `Car ${i + 1}`,
  make: i % 2 ? 'Kia' : 'Mazda',
  status: i < 50 ? 'in_stock' : 'sold',
  // Large enough that 60 hits pass 2 MiB.
  description: 'x'.repeat(40_000),
}));

const engine = new SearchEngine(docs, settings);

async function refusal(work: () => Promise<unknown>): Promise<MeiliError> {
  try {
    await work();
  } catch (error) {
    if (error instanceof MeiliError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('answers as JSON', () => {
  it('are the same answer as the objects, indexUid first', async () => {
    const body = {
      queries: [
        { indexUid: 'x', q: 'car', limit: 2, attributesToRetrieve: ['id'] },
        { indexUid: 'x', limit: 0, facets: ['make'] },
      ],
    };
    const answer = await multiSearchJson(() => engine, body);
    expect(answer.bytes).toBe(joinAnswer(answer).byteLength);
    const text = new TextDecoder().decode(joinAnswer(answer));
    expect(text.startsWith('{"results":[{"indexUid":"x","hits":[{"id":1},{"id":2}],"query":"car"')).toBe(true);
    const timeless = (answer: { results: object[] }) => answer.results.map((result) => ({ ...result, processingTimeMs: 0 }));
    expect(timeless(JSON.parse(text) as { results: object[] })).toEqual(timeless(await multiSearch(() => engine, body)));
  });

  it('refuse an answer larger than MAX_RESPONSE_BYTES, naming the query that passed it', async () => {
    const query = { indexUid: 'x', limit: 30 };
    expect(await multiSearch(() => engine, { queries: [query] })).toMatchObject({ results: [{ estimatedTotalHits: 60 }] });
    const error = await refusal(() => multiSearch(() => engine, { queries: [query, query] }));
    expect(error).toMatchObject({ code: 'bad_request', status: 400 });
    expect(error.message).toBe(
      `Inside \`.queries[1]\`: The answer would be larger than ${MAX_RESPONSE_BYTES / 1024 / 1024} MiB, the most the embedded search engine sends; ask for fewer hits, highlighted attributes or facets.`,
    );
    expect(await refusal(() => indexSearch(() => engine, 'x', { limit: 60 }))).toMatchObject({ code: 'bad_request' });
  });

  it('take any limit, and stop making hits at the answer cap rather than make them all first', async () => {
    const small = new SearchEngine(
      docs.map(({ description: _description, ...doc }) => doc),
      settings,
    );
    expect(await indexSearch(() => small, 'x', { limit: 1000 })).toMatchObject({ limit: 1000, estimatedTotalHits: 60 });
    expect((await indexSearch(() => small, 'x', { limit: 1000 })).hits).toHaveLength(60);

    const highlight = vi.spyOn(engine, 'search');
    const error = await refusal(() => multiSearch(() => engine, { queries: [{ indexUid: 'x', limit: 1000, attributesToHighlight: ['*'] }] }));
    expect(error.message).toContain(`larger than ${MAX_RESPONSE_BYTES / 1024 / 1024} MiB`);
    // The engine was given what is left of the answer's budget, so it stops at the 27th highlighted hit (80 KB each), not the 60th.
    expect(highlight).toHaveBeenCalledWith(expect.anything(), expect.anything(), undefined, MAX_RESPONSE_BYTES - '{"results":['.length - 2);
    highlight.mockRestore();
  });

  it('pause once computed results have taken PAUSE_AFTER_MS, so other work can run, and not for a quick multi-search', async () => {
    let pauses = 0;
    const pause = () => {
      pauses += 1;
      return Promise.resolve();
    };
    const body = {
      queries: [
        { indexUid: 'x', limit: 1 },
        { indexUid: 'x', q: 'car', limit: 1 },
        { indexUid: 'x', q: 'car 1', limit: 1 },
      ],
    };
    const clock = vi.spyOn(performance, 'now');
    try {
      clock.mockReturnValue(1000);
      await multiSearchJson(() => engine, body, { pause });
      expect(pauses).toBe(0);
      let now = 0;
      clock.mockImplementation(() => (now += PAUSE_AFTER_MS));
      await multiSearchJson(() => engine, body, { pause });
      expect(pauses).toBe(3);
    } finally {
      clock.mockRestore();
    }
  });
});

describe('an index with a scope and an answer cache', () => {
  const index: SearchIndex = { engine, scope: engine.matching('status = in_stock')!, answers: new AnswerCache() };
  const lookup = () => index;

  it('answers only inside the scope: search, facets and document reads', async () => {
    const { results } = await multiSearch(lookup, { queries: [{ indexUid: 'x', filter: 'status = sold', facets: ['status'], limit: 1 }] });
    expect(results[0]).toMatchObject({ hits: [], estimatedTotalHits: 0, facetDistribution: { status: {} } });
    expect((await indexSearch(lookup, 'x', { limit: 0, facets: ['status'] })).facetDistribution).toEqual({ status: { in_stock: 50 } });
    expect((await getDocument(lookup, 'x', '50')).id).toBe(50);
    expect(await refusal(() => getDocument(lookup, 'x', '51'))).toMatchObject({ code: 'document_not_found', status: 404 });
  });

  it('replays an answer for the same query however it is written, and computes it only once', async () => {
    index.answers!.clear();
    let pauses = 0;
    const pause = () => {
      pauses += 1;
      return Promise.resolve();
    };
    const clock = vi.spyOn(performance, 'now');
    let now = 0;
    clock.mockImplementation(() => (now += PAUSE_AFTER_MS));
    const first = await multiSearchJson(lookup, { queries: [{ indexUid: 'x', q: 'car 7', limit: 3 }] }, { pause });
    // The same query: defaults spelled out, in another order; replayed, so nothing to pause for.
    const again = await multiSearchJson(lookup, { queries: [{ limit: 3, offset: 0, q: 'car 7', indexUid: 'x', showRankingScore: false }] }, { pause });
    clock.mockRestore();
    expect(joinAnswer(again)).toEqual(joinAnswer(first));
    expect(pauses).toBe(1);
    expect(index.answers!.size).toBe(1);
  });
});
