import { describe, expect, it } from 'vitest';
import { testSite } from '../../../tests/support/test-site';
import { searchSite } from '../model/site';
import type { SearchState } from '../model/state';
import { understandSearch } from './understand';

const site = searchSite(testSite());
const vocabulary = { body: ['SUV', 'Ute'], make: ['Toyota'] };
const typed = (query: string): SearchState => ({ refinements: {}, ranges: {}, query });

function answering(hits: number, asked: unknown[] = []): typeof fetch {
  return (_url, init) => {
    asked.push(JSON.parse(typeof init?.body === 'string' ? init.body : '{}'));
    return Promise.resolve(new Response(JSON.stringify({ results: [{ hits: [], estimatedTotalHits: hits }] }), { status: 200 }));
  };
}

describe('understandSearch', () => {
  it('keeps the filters the words name when they find cars, asking with the filters and the rest of the text', async () => {
    const asked: unknown[] = [];
    const result = await understandSearch(typed('used suv hilux'), { site, vocabulary, origin: 'http://x.test', fetch: answering(12, asked) });
    expect(result).toEqual({ refinements: { car_type: ['used'], body: ['SUV'] }, ranges: {}, query: 'hilux' });
    expect(JSON.stringify(asked)).toContain('body = \\"SUV\\"');
  });

  it('keeps the query as typed when the filters find nothing', async () => {
    const state = typed('used ute');
    expect(await understandSearch(state, { site, vocabulary, origin: 'http://x.test', fetch: answering(0) })).toBe(state);
  });

  it('asks nothing when no word is understood', async () => {
    const asked: unknown[] = [];
    const state = typed('hilux sr5');
    expect(await understandSearch(state, { site, vocabulary, origin: 'http://x.test', fetch: answering(5, asked) })).toBe(state);
    expect(asked).toEqual([]);
  });
});
