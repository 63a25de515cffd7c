import { describe, expect, it } from 'vitest';
import { AnswerCache } from './answer-cache';

const answer = (bytes: number) => new Uint8Array(bytes);

describe('AnswerCache', () => {
  it('keeps at most maxEntries, dropping the least recently used first', () => {
    const cache = new AnswerCache(2, 1000);
    cache.set('a', answer(1));
    cache.set('b', answer(1));
    expect(cache.get('a')).toBeDefined(); // a is now the most recent
    cache.set('c', answer(1));
    expect([cache.get('a'), cache.get('b'), cache.get('c')].map(Boolean)).toEqual([true, false, true]);
  });

  it('keeps keys and answers within maxBytes, and never holds one larger than that', () => {
    const cache = new AnswerCache(100, 100);
    cache.set('a', answer(40));
    cache.set('b', answer(40));
    cache.set('c', answer(40));
    expect(cache.size).toBe(2);
    expect(cache.bytes).toBe(82);
    cache.set('huge', answer(200));
    expect(cache.get('huge')).toBeUndefined();
    cache.set('b', answer(10));
    expect(cache.bytes).toBe(52);
    cache.clear();
    expect([cache.size, cache.bytes]).toEqual([0, 0]);
  });
});
