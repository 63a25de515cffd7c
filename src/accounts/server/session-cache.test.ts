import { describe, expect, it } from 'vitest';
import { SessionCache, sessionCacheOf } from './session-cache';
import type { FoundSession } from './sessions';

const found = (id: string, accountId = 'acc'): FoundSession => ({
  id,
  rotated_at: new Date(0),
  account: { id: accountId, dealer: 'alpha', email: 'a@b.co', created_at: new Date(0), passkeys: 0 },
});
const LATER = new Date(1_000_000);

describe('SessionCache', () => {
  it('answers what it was given, for its dealer, until the entry or the session runs out', () => {
    const cache = new SessionCache(1000);
    cache.fill(cache.begin(), found('s1'), 'alpha', LATER, 0);
    expect(cache.get('s1', 'alpha', 999)).toEqual(found('s1'));
    expect(cache.get('s1', 'beta', 999)).toBeUndefined();
    expect(cache.get('s1', 'alpha', 1000)).toBeUndefined();
    cache.fill(cache.begin(), found('s2'), 'alpha', new Date(500), 0);
    expect(cache.get('s2', 'alpha', 500)).toBeUndefined();
  });

  it('forgets a session, or every session of an account', () => {
    const cache = new SessionCache();
    for (const [id, account] of [
      ['a1', 'one'],
      ['a2', 'one'],
      ['b1', 'two'],
    ] as const)
      cache.fill(cache.begin(), found(id, account), 'alpha', LATER, 0);
    cache.forgetSession('b1');
    expect(cache.get('b1', 'alpha', 1)).toBeUndefined();
    cache.forgetAccount('one');
    expect(cache.size).toBe(0);
  });

  it('does not keep what a lookup read before a sign-out it overlapped', () => {
    const cache = new SessionCache();
    const started = cache.begin();
    // The sign-out commits and forgets while the lookup is still reading the old row.
    cache.forgetSession('s1');
    cache.fill(started, found('s1'), 'alpha', LATER, 0);
    expect(cache.get('s1', 'alpha', 1)).toBeUndefined();
  });

  it('stays within its bound', () => {
    const cache = new SessionCache(60_000, 3);
    for (const id of ['a', 'b', 'c', 'd']) cache.fill(cache.begin(), found(id), 'alpha', LATER, 0);
    expect(cache.size).toBeLessThanOrEqual(3);
    expect(cache.get('d', 'alpha', 1)).toBeDefined();
  });

  it('is kept for PGlite only: with Postgres other processes may end sessions', () => {
    const db = {};
    expect(sessionCacheOf({ db, kind: 'postgres' })).toBeUndefined();
    const cache = sessionCacheOf({ db, kind: 'pglite' });
    expect(cache).toBeInstanceOf(SessionCache);
    expect(sessionCacheOf({ db, kind: 'pglite' })).toBe(cache);
  });
});
