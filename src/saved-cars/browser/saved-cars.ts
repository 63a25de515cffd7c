/**
 * The shopper's saved cars on this site, as one store every island and plain script on a page
 * shares (@nanostores/persistent: localStorage, kept in step across the shopper's tabs). Storage
 * is the shopper's to edit, so what it holds is read through parseSavedList; a write storage
 * refuses (full, blocked, absent) keeps the list in this page and costs nothing else.
 */
import { persistentAtom } from '@nanostores/persistent';
import type { ReadableAtom, WritableAtom } from 'nanostores';
import { trackFavourite } from '../../platform/web/tracker';
import { parseSavedList, removeSaved, savedListKey, toggleSaved, type SavedCar } from '../model/saved-list';
import { accountLinkKey } from '../model/account-sync';
import { isAccountLinked } from './account-link';
import { SAVED_CARS_CHANGED } from './strip-loader';

const stores = new Map<string, WritableAtom<SavedCar[]>>();

function store(siteSlug: string): WritableAtom<SavedCar[]> {
  let $list = stores.get(siteSlug);
  if (!$list) {
    $list = persistentAtom<SavedCar[]>(savedListKey(siteSlug), [], { encode: JSON.stringify, decode: parseSavedList });
    stores.set(siteSlug, $list);
  }
  return $list;
}

/** The saved list on this site, newest first. */
export const savedCars = (siteSlug: string): ReadableAtom<SavedCar[]> => store(siteSlug);

function write($list: WritableAtom<SavedCar[]>, list: SavedCar[]): void {
  try {
    $list.set(list);
  } catch {
    // A refused write: the list stays as it was.
  }
  // The favourites strip's code waits for this before it loads (./strip-loader.ts).
  if (typeof document !== 'undefined') document.dispatchEvent(new Event(SAVED_CARS_CHANGED));
}

/** A shopper's own change, while signed in, goes to their account too (../model/account-sync.ts). */
function syncToAccount(siteSlug: string): void {
  if (!isAccountLinked(siteSlug)) return;
  import('./account-sync')
    .then(({ queueSavedCarsSync }) => queueSavedCarsSync({ key: accountLinkKey(siteSlug), list: () => store(siteSlug).get() }))
    .catch(() => {
      // Offline or blocked: the next change, or My Garage, sends the list.
    });
}

/**
 * Adds the car if absent, removes it if present (or as the pressed button showed, `shownSaved`:
 * see toggleSaved); an added car is the favourite event (39). Returns whether it was added.
 */
export function toggleSavedCar(siteSlug: string, car: SavedCar, shownSaved?: boolean): boolean {
  const $list = store(siteSlug);
  const { list, added } = toggleSaved($list.get(), car, shownSaved);
  write($list, list);
  syncToAccount(siteSlug);
  if (added) trackFavourite({ car_id: car.id, name: car.name });
  return added;
}

export function removeSavedCar(siteSlug: string, id: string): void {
  const $list = store(siteSlug);
  write($list, removeSaved($list.get(), id));
  syncToAccount(siteSlug);
}

/** Replaces the list (the account's list after sign-in, or none after sign-out); not sent back to the account. */
export function replaceSavedCars(siteSlug: string, list: SavedCar[]): void {
  write(store(siteSlug), parseSavedList(list));
}
