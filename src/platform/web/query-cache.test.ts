// "Query data cache: fetched once per key, requests for the same key shared, refetch on demand;
// failures set an error state available to callers."
import { describe, expect, it } from 'vitest';
import { createQueryCache } from './query-cache';

/** A loader whose answers the test settles by hand, counting what it was asked. */
function loader() {
  const asked: string[] = [];
  const waiting: { key: string; resolve: (v: string) => void; reject: (e: Error) => void }[] = [];
  const load = (key: string) =>
    new Promise<string>((resolve, reject) => {
      asked.push(key);
      waiting.push({ key, resolve, reject });
    });
  const next = () => waiting.shift()!;
  return { load, asked, next };
}

describe('the query data cache', () => {
  it('fetches a key once and shares the request with callers that ask while it is on its way', async () => {
    const { load, asked, next } = loader();
    const cache = createQueryCache(load);
    const first = cache.get('/api/a');
    const second = cache.get('/api/a');
    expect(cache.state('/api/a')).toEqual({ status: 'loading' });
    next().resolve('A');
    await expect(Promise.all([first, second])).resolves.toEqual(['A', 'A']);
    await expect(cache.get('/api/a')).resolves.toBe('A');
    expect(asked).toEqual(['/api/a']);
    expect(cache.state('/api/a')).toMatchObject({ status: 'success', data: 'A' });
  });

  it('keeps a failure as the key’s error state for every caller, until a refetch succeeds', async () => {
    const { load, asked, next } = loader();
    const cache = createQueryCache(load);
    const seen: string[] = [];
    cache.subscribe((key) => seen.push(`${key} ${cache.state(key)?.status}`));
    const first = cache.get('/api/b');
    next().reject(new Error('503'));
    await expect(first).rejects.toThrow('503');
    expect(cache.state('/api/b')).toMatchObject({ status: 'error', error: new Error('503') });
    await expect(cache.get('/api/b')).rejects.toThrow('503');
    expect(cache.failed()).toEqual(['/api/b']);
    expect(asked).toEqual(['/api/b']);

    const again = cache.refetch('/api/b');
    expect(cache.refetch('/api/b')).toBe(again);
    next().resolve('B');
    await expect(again).resolves.toBe('B');
    expect(cache.failed()).toEqual([]);
    expect(asked).toEqual(['/api/b', '/api/b']);
    expect(seen).toEqual(['/api/b loading', '/api/b error', '/api/b loading', '/api/b success']);
  });

  it('refetches on demand even when it holds an answer', async () => {
    const { load, asked, next } = loader();
    const cache = createQueryCache(load);
    const first = cache.get('/api/c');
    next().resolve('old');
    await first;
    const fresh = cache.refetch('/api/c');
    next().resolve('new');
    await expect(fresh).resolves.toBe('new');
    await expect(cache.get('/api/c')).resolves.toBe('new');
    expect(asked).toHaveLength(2);
  });

  it('answers from the tab store while the copy is fresh, and stores no failure', async () => {
    const kept = new Map<string, string>();
    const storage = { getItem: (k: string) => kept.get(k) ?? null, setItem: (k: string, v: string) => void kept.set(k, v) };
    let clock = 1000;
    const { load, asked, next } = loader();
    const options = { store: { storage: () => storage, prefix: 'live:' }, maxAgeMs: 100, now: () => clock };
    const page1 = createQueryCache(load, options);
    const answer = page1.get('/api/d');
    next().resolve('D');
    await answer;
    expect(JSON.parse(kept.get('live:/api/d')!)).toEqual({ at: 1000, body: 'D' });

    // The next page of the visit: a new cache over the same store.
    clock = 1099;
    await expect(createQueryCache(load, options).get('/api/d')).resolves.toBe('D');
    expect(asked).toHaveLength(1);
    clock = 1100;
    const stale = createQueryCache(load, options).get('/api/d');
    next().reject(new Error('offline'));
    await expect(stale).rejects.toThrow('offline');
    expect(JSON.parse(kept.get('live:/api/d')!)).toEqual({ at: 1000, body: 'D' });
  });

  it('still answers when storage is refused', async () => {
    const { load, next } = loader();
    const cache = createQueryCache(load, {
      store: {
        storage: () => {
          throw new Error('SecurityError');
        },
        prefix: 'x:',
      },
    });
    const answer = cache.get('/api/e');
    next().resolve('E');
    await expect(answer).resolves.toBe('E');
  });
});
