import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../../../tests/support/fake-fetch';
import { MemoryStorage } from '../../../tests/support/memory-storage';
import { accountLinkKey } from '../model/account-sync';
import type { SavedCar } from '../model/saved-list';
import { isAccountLinked } from './account-link';
import { ACCOUNT_SAVED_CARS_PATH, ACCOUNT_SYNC_DELAY_MS, queueSavedCarsSync, setAccountLink, syncSavedCarsNow, syncWaiting } from './account-sync';
import { removeSavedCar, replaceSavedCars, toggleSavedCar } from './saved-cars';

const car = (id: number): SavedCar => ({ id: String(id), name: `Car ${id}`, slug: `car-${id}`, make: 'Toyota', model: 'Corolla' });

class FakeWindow {
  readonly listeners = new Map<string, (() => void)[]>();
  addEventListener(type: string, listener: () => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  fire(type: string): void {
    for (const listener of this.listeners.get(type) ?? []) listener();
  }
}

describe('syncing the saved list to the account', () => {
  let storage: MemoryStorage;
  let list: SavedCar[];
  const target = (slug: string) => ({ key: accountLinkKey(slug), list: () => list });

  beforeEach(() => {
    vi.useFakeTimers();
    storage = new MemoryStorage();
    list = [car(1), car(2)];
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('sends nothing while this browser is not linked to an account', async () => {
    const { fetch, calls } = fakeFetch();
    expect(await syncSavedCarsNow(target('a'), { fetch, storage })).toBe('not-linked');
    expect(calls).toEqual([]);
  });

  it('PUTs the whole list once, a moment after the last of several changes', async () => {
    setAccountLink(accountLinkKey('b'), true, storage);
    const { fetch, calls } = fakeFetch({ [`PUT ${ACCOUNT_SAVED_CARS_PATH}`]: { status: 200, body: { cars: [] } } });
    const win = new FakeWindow();
    queueSavedCarsSync(target('b'), { fetch, storage, win });
    list = [car(3), ...list];
    queueSavedCarsSync(target('b'), { fetch, storage, win });
    expect(syncWaiting(accountLinkKey('b'))).toBe(true);
    await vi.advanceTimersByTimeAsync(ACCOUNT_SYNC_DELAY_MS - 1);
    expect(calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: 'PUT', path: ACCOUNT_SAVED_CARS_PATH, body: { cars: [car(3), car(1), car(2)] } });
    expect(calls[0]?.init?.credentials).toBe('same-origin');
    expect(syncWaiting(accountLinkKey('b'))).toBe(false);
  });

  it('sends a change still waiting as the page closes, with keepalive', async () => {
    setAccountLink(accountLinkKey('c'), true, storage);
    const { fetch, calls } = fakeFetch({ [`PUT ${ACCOUNT_SAVED_CARS_PATH}`]: { status: 200, body: {} } });
    const win = new FakeWindow();
    queueSavedCarsSync(target('c'), { fetch, storage, win });
    win.fire('pagehide');
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.init?.keepalive).toBe(true);
    await vi.advanceTimersByTimeAsync(ACCOUNT_SYNC_DELAY_MS);
    expect(calls).toHaveLength(1);
  });

  it('unlinks this browser when the session has ended (401), keeping the list here', async () => {
    setAccountLink(accountLinkKey('d'), true, storage);
    const { fetch } = fakeFetch({ [`PUT ${ACCOUNT_SAVED_CARS_PATH}`]: { status: 401, body: { error: 'Sign in again' } } });
    expect(await syncSavedCarsNow(target('d'), { fetch, storage })).toBe('signed-out');
    expect(isAccountLinked('d', storage)).toBe(false);
    expect(list).toHaveLength(2);
  });

  it('leaves the link in place when the request fails for another reason', async () => {
    setAccountLink(accountLinkKey('e'), true, storage);
    const down = fakeFetch({ [`PUT ${ACCOUNT_SAVED_CARS_PATH}`]: { status: 503, body: {} } });
    expect(await syncSavedCarsNow(target('e'), { fetch: down.fetch, storage })).toBe('failed');
    const offline = fakeFetch({ [`PUT ${ACCOUNT_SAVED_CARS_PATH}`]: new TypeError('offline') });
    expect(await syncSavedCarsNow(target('e'), { fetch: offline.fetch, storage })).toBe('failed');
    expect(isAccountLinked('e', storage)).toBe(true);
  });

  it('is what the saved-cars store does on a save or removal while linked, and only then', async () => {
    const shared = new MemoryStorage();
    vi.stubGlobal('localStorage', shared);
    const { fetch, calls } = fakeFetch({ [`PUT ${ACCOUNT_SAVED_CARS_PATH}`]: { status: 200, body: {} } });
    vi.stubGlobal('fetch', fetch);
    replaceSavedCars('store-site', []);
    toggleSavedCar('store-site', car(5));
    await vi.advanceTimersByTimeAsync(ACCOUNT_SYNC_DELAY_MS * 2);
    expect(calls).toEqual([]);

    setAccountLink(accountLinkKey('store-site'), true, shared);
    toggleSavedCar('store-site', car(6));
    removeSavedCar('store-site', '5');
    await vi.advanceTimersByTimeAsync(ACCOUNT_SYNC_DELAY_MS * 2);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toEqual({ cars: [car(6)] });

    // Replacing the list (the account's own list arriving) is not sent back.
    replaceSavedCars('store-site', [car(7)]);
    await vi.advanceTimersByTimeAsync(ACCOUNT_SYNC_DELAY_MS * 2);
    expect(calls).toHaveLength(1);
  });
});

describe('isAccountLinked', () => {
  it('reads the mark, and reads no mark where storage refuses', () => {
    const storage = new MemoryStorage();
    expect(isAccountLinked('f', storage)).toBe(false);
    setAccountLink(accountLinkKey('f'), true, storage);
    expect(isAccountLinked('f', storage)).toBe(true);
    const refusing = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('SecurityError');
      },
    } as unknown as Storage;
    expect(isAccountLinked('f', refusing)).toBe(false);
    expect(() => setAccountLink(accountLinkKey('f'), true, refusing)).not.toThrow();
  });
});
