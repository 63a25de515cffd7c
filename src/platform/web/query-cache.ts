/**
 * Data a page asks for by key (an API path) and several parts of the page may want: each key is
 * fetched once and the answer shared, callers asking while it is on its way share that request,
 * and a caller refetches when it decides to (never because the tab regains focus). A failure is
 * kept as the key's error state, which callers read to tell the shopper, log it or try again;
 * it is never swallowed.
 *
 * Optionally answers are also kept in a tab-long store (sessionStorage) for `maxAgeMs`, so the
 * next page of the visit asks nothing. Failures are never stored.
 */

export type QueryState<T> = { status: 'loading' } | { status: 'success'; data: T; at: number } | { status: 'error'; error: Error; at: number };

export interface QueryCacheOptions {
  /** Tab-long copies: the storage and the prefix of its keys. Absent: this page only. */
  store?: { storage: () => Pick<Storage, 'getItem' | 'setItem'> | undefined; prefix: string };
  /** How long an answer (in memory or the store) counts as fresh. Default: as long as the page lives. */
  maxAgeMs?: number;
  now?: () => number;
}

export interface QueryCache<T> {
  /** The answer for `key`: kept while fresh, else fetched; the kept error while the key is failed. */
  get: (key: string) => Promise<T>;
  /** Asks again now, whatever is kept (joins a request already on its way). */
  refetch: (key: string) => Promise<T>;
  /** Where `key` stands; undefined when nobody asked for it yet. */
  state: (key: string) => QueryState<T> | undefined;
  /** Keys whose last request failed. */
  failed: () => string[];
  /** Told the key whenever its state changes; returns the way to stop listening. */
  subscribe: (listener: (key: string) => void) => () => void;
}

export function createQueryCache<T>(load: (key: string) => Promise<T>, options: QueryCacheOptions = {}): QueryCache<T> {
  const { store, maxAgeMs = Infinity, now = Date.now } = options;
  const states = new Map<string, QueryState<T>>();
  const pending = new Map<string, Promise<T>>();
  const listeners = new Set<(key: string) => void>();
  const fresh = (at: number) => now() - at >= 0 && now() - at < maxAgeMs;

  const set = (key: string, state: QueryState<T>) => {
    states.set(key, state);
    for (const listener of listeners) listener(key);
  };

  const storage = () => {
    try {
      return store?.storage();
    } catch {
      // Private modes and sandboxed frames refuse storage: every page asks.
      return undefined;
    }
  };

  const fromStore = (key: string): { data: T; at: number } | undefined => {
    if (!store) return undefined;
    try {
      const kept = JSON.parse(storage()?.getItem(store.prefix + key) ?? 'null') as { at?: unknown; body?: unknown } | null;
      if (kept && typeof kept.at === 'number' && fresh(kept.at)) return { data: kept.body as T, at: kept.at };
    } catch {
      // A copy that is not ours to read: ask again.
    }
    return undefined;
  };

  const start = (key: string): Promise<T> => {
    const running = pending.get(key);
    if (running) return running;
    const at = now();
    const request = load(key).then(
      (data) => {
        pending.delete(key);
        set(key, { status: 'success', data, at });
        if (store) {
          try {
            storage()?.setItem(store.prefix + key, JSON.stringify({ at, body: data }));
          } catch {
            // Storage full or refused: the next page asks again.
          }
        }
        return data;
      },
      (reason: unknown) => {
        pending.delete(key);
        const error = reason instanceof Error ? reason : new Error(String(reason));
        set(key, { status: 'error', error, at });
        throw error;
      },
    );
    pending.set(key, request);
    set(key, { status: 'loading' });
    return request;
  };

  return {
    get: (key) => {
      const state = states.get(key);
      if (state?.status === 'success' && fresh(state.at)) return Promise.resolve(state.data);
      if (state?.status === 'error') return Promise.reject(state.error);
      const kept = state?.status === 'loading' ? undefined : fromStore(key);
      if (kept) {
        set(key, { status: 'success', ...kept });
        return Promise.resolve(kept.data);
      }
      return start(key);
    },
    refetch: start,
    state: (key) => states.get(key),
    failed: () => [...states].filter(([, state]) => state.status === 'error').map(([key]) => key),
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
