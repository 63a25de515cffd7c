import { describe, expect, it } from 'vitest';
import { testSite } from '../../../tests/support/test-site';
import { searchSite } from '../model/site';
import type { SearchState } from '../model/state';
import { readUnknownPath, understandSearch } from './understand';

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

// Issue 30: an unknown search path became a make filter with a garbled title.
describe('readUnknownPath', () => {
  const asMake: SearchState = { refinements: { make: ['Qwerty Asdf'] }, ranges: {} };

  it('keeps the make a path names when the stock has such cars (a make new since the build)', async () => {
    const asked: unknown[] = [];
    expect(await readUnknownPath(asMake, typed('qwerty asdf'), { site, vocabulary, origin: 'http://x.test', fetch: answering(3, asked) })).toBe(asMake);
    expect(JSON.stringify(asked)).toContain('make = \\"Qwerty Asdf\\"');
  });

  it('searches for the path’s words when no car has that make, reading them as typed words are', async () => {
    const words = typed('qwerty asdf');
    expect(await readUnknownPath(asMake, words, { site, vocabulary, origin: 'http://x.test', fetch: answering(0) })).toBe(words);
    // 'used-utes-qwerty': the words name a car type and a body, kept while they find cars.
    const answers = [0, 4];
    const counting: typeof fetch = () =>
      Promise.resolve(new Response(JSON.stringify({ results: [{ hits: [], estimatedTotalHits: answers.shift() }] }), { status: 200 }));
    expect(await readUnknownPath(asMake, typed('used utes qwerty'), { site, vocabulary, origin: 'http://x.test', fetch: counting })).toEqual({
      refinements: { car_type: ['used'], body: ['Ute'] },
      ranges: {},
      query: 'qwerty',
    });
  });
});
