/**
 * nanostores atoms kept in sessionStorage: what one tab remembers across the pages of a dealer
 * site that a page's scripts watch (the hero's choice). @nanostores/persistent keeps its stores in
 * localStorage only (one storage engine for every store), so tab-long state is kept here, in the
 * same shape: a store per key that pages' scripts and islands share, changed with `set`.
 *
 * Storage is the shopper's to edit: `decode` turns whatever the key holds (null when nothing)
 * into a value it trusts. A store holds what the tab has remembered, so a write the storage
 * refuses (full, blocked, absent) leaves it as it was, and nothing throws.
 */
import { atom, type WritableAtom } from 'nanostores';
import { browserStorage, readStored } from './storage';

function sessionAtom<T>(key: string, decode: (raw: string | null) => T, storage: Storage | undefined): WritableAtom<T> {
  const $store = atom(readStored(storage, key, decode));
  // Written first, kept only if storage took it: the way @nanostores/persistent wraps `set`.
  // (nanostores' onSet would do too, but brings its lifecycle code onto every page.)
  const keep = $store.set.bind($store);
  $store.set = (value) => {
    try {
      if (!storage) return;
      storage.setItem(key, JSON.stringify(value));
    } catch {
      return;
    }
    keep(value);
  };
  // A page the back button restores from the back/forward cache keeps its scripts' state, but
  // the tab's other pages may have changed the key meanwhile: read it again.
  if (typeof window !== 'undefined') {
    window.addEventListener('pageshow', (event) => {
      if (event.persisted) keep(readStored(storage, key, decode));
    });
  }
  return $store;
}

/**
 * A family of session stores read with one `decode`: `store(key)` is the same atom for the same
 * key and storage (so every script on a page shares it), made on first use.
 */
export function sessionAtoms<T>(decode: (raw: string | null) => T): (key: string, storage?: Storage) => WritableAtom<T> {
  const made = new WeakMap<Storage, Map<string, WritableAtom<T>>>();
  return (key, storage = browserStorage('sessionStorage')) => {
    if (!storage) return sessionAtom(key, decode, undefined);
    let byKey = made.get(storage);
    if (!byKey) made.set(storage, (byKey = new Map<string, WritableAtom<T>>()));
    let $store = byKey.get(key);
    if (!$store) byKey.set(key, ($store = sessionAtom(key, decode, storage)));
    return $store;
  };
}
