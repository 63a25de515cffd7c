import { describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from '../../../tests/support/memory-storage';
import { sessionAtoms } from './session-atoms';

// Trusts only a list of strings; anything else reads as an empty list.
const decode = (raw: string | null): string[] => {
  try {
    const value: unknown = JSON.parse(raw ?? '[]');
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
};

describe('sessionAtoms', () => {
  it('reads what the key holds, through decode', () => {
    const storage = new MemoryStorage();
    storage.setItem('trail', JSON.stringify(['/a', 42, '/b']));
    expect(sessionAtoms(decode)('trail', storage).get()).toEqual(['/a', '/b']);
    storage.setItem('junk', '{not json');
    expect(sessionAtoms(decode)('junk', storage).get()).toEqual([]);
  });

  it('is one store per key and storage, so every script on the page shares it', () => {
    const store = sessionAtoms(decode);
    const storage = new MemoryStorage();
    const seen: string[][] = [];
    store('trail', storage).listen((value) => seen.push([...value]));
    store('trail', storage).set(['/a']);
    expect(seen).toEqual([['/a']]);
    expect(store('trail', storage)).toBe(store('trail', storage));
    expect(store('other', storage)).not.toBe(store('trail', storage));
    expect(store('trail', new MemoryStorage()).get()).toEqual([]);
  });

  it('writes each change to the key as JSON', () => {
    const storage = new MemoryStorage();
    sessionAtoms(decode)('trail', storage).set(['/a', '/b']);
    expect(storage.getItem('trail')).toBe('["/a","/b"]');
  });

  it('keeps what it had when storage refuses the write, or there is no storage', () => {
    const full = new MemoryStorage();
    full.setItem = () => {
      throw new Error('QuotaExceededError');
    };
    const $full = sessionAtoms(decode)('trail', full);
    expect(() => $full.set(['/a'])).not.toThrow();
    expect($full.get()).toEqual([]);
    const $none = sessionAtoms(decode)('trail', undefined);
    $none.set(['/a']);
    expect($none.get()).toEqual([]);
  });

  it('reads storage that refuses access as nothing remembered', () => {
    const blocked = new MemoryStorage();
    blocked.getItem = () => {
      throw new Error('SecurityError');
    };
    expect(sessionAtoms(decode)('trail', blocked).get()).toEqual([]);
  });

  it('reads the key again when the back button restores the page from the back/forward cache', () => {
    const win = new EventTarget();
    vi.stubGlobal('window', win);
    try {
      const storage = new MemoryStorage();
      const $trail = sessionAtoms(decode)('trail', storage);
      // Another page of the tab, visited meanwhile.
      storage.setItem('trail', '["/a","/b"]');
      win.dispatchEvent(new Event('pageshow'));
      expect($trail.get()).toEqual([]);
      win.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true }));
      expect($trail.get()).toEqual(['/a', '/b']);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
