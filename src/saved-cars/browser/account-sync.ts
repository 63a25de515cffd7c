/**
 * Sends the saved list to the shopper's account while this browser is linked to it
 * (./account-link.ts). The saved-cars store loads this on the first change after sign-in, so
 * result and car pages where nobody saves a car never do; the account pages load it with them.
 * It imports nothing at run time: the caller hands over the link's key and the list, so loading
 * it fetches this one small file.
 *
 * Changes close together go as one PUT of the whole list (the account keeps what the shopper
 * sees here); one still waiting when the page closes is sent on the way out. A 401 means the
 * session has ended: the link is removed and the list stays on this device. Any other failure
 * is left for the next change, or the next visit to My Garage, which merges the lists again.
 *
 * The path is the account API's (src/accounts/model/paths.ts, a floor above, which this floor
 * cannot import); a test there checks the two stay the same.
 */
import type { SavedCar } from '../model/saved-list';

export const ACCOUNT_SAVED_CARS_PATH = '/api/account/saved-cars';

/** Changes within this time of each other go to the account as one request. */
export const ACCOUNT_SYNC_DELAY_MS = 800;

/** Whose list goes where: the account link's key (accountLinkKey) and the list to send. */
export interface SyncTarget {
  key: string;
  list: () => readonly SavedCar[];
}

export interface SyncDeps {
  fetch?: typeof globalThis.fetch;
  storage?: Storage;
  delayMs?: number;
  /** Where 'pagehide' is listened for, to send a change still waiting. */
  win?: { addEventListener(type: 'pagehide', listener: () => void): void };
}

const store = (storage?: Storage): Storage => storage ?? localStorage;

/** Links this browser to the account (after sign-in) or unlinks it (sign-out, or a 401). */
export function setAccountLink(key: string, linked: boolean, storage?: Storage): void {
  try {
    if (linked) store(storage).setItem(key, '1');
    else store(storage).removeItem(key);
  } catch {
    // Storage refused: the list stays on this device only, as before sign-in.
  }
}

function linked(key: string, storage?: Storage): boolean {
  try {
    return store(storage).getItem(key) !== null;
  } catch {
    return false;
  }
}

export type SyncOutcome = 'synced' | 'not-linked' | 'signed-out' | 'failed';

const waiting = new Map<string, { timer: ReturnType<typeof setTimeout>; target: SyncTarget; deps: SyncDeps }>();
const hooked = new WeakSet<object>();

/** PUTs the list now (anything waiting goes with it). */
export async function syncSavedCarsNow(target: SyncTarget, deps: SyncDeps = {}, keepalive = false): Promise<SyncOutcome> {
  const pending = waiting.get(target.key);
  if (pending) clearTimeout(pending.timer);
  waiting.delete(target.key);
  if (!linked(target.key, deps.storage)) return 'not-linked';
  try {
    const response = await (deps.fetch ?? fetch)(ACCOUNT_SAVED_CARS_PATH, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ cars: target.list() }),
      credentials: 'same-origin',
      ...(keepalive ? { keepalive: true } : {}),
    });
    if (response.status === 401) {
      setAccountLink(target.key, false, deps.storage);
      return 'signed-out';
    }
    return response.ok ? 'synced' : 'failed';
  } catch {
    return 'failed';
  }
}

/** Sends the list a moment after the last change. */
export function queueSavedCarsSync(target: SyncTarget, deps: SyncDeps = {}): void {
  const pending = waiting.get(target.key);
  if (pending) clearTimeout(pending.timer);
  const timer = setTimeout(() => void syncSavedCarsNow(target, deps), deps.delayMs ?? ACCOUNT_SYNC_DELAY_MS);
  waiting.set(target.key, { timer, target, deps });
  const win = deps.win ?? (typeof window === 'undefined' ? undefined : window);
  if (win && !hooked.has(win)) {
    hooked.add(win);
    win.addEventListener('pagehide', () => {
      for (const { target: next, deps: nextDeps } of waiting.values()) void syncSavedCarsNow(next, nextDeps, true);
    });
  }
}

/** Whether a change is waiting to be sent. */
export const syncWaiting = (key: string): boolean => waiting.has(key);
