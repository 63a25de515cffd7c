/**
 * The saved list in a React island. The prerendered HTML and the island's first render show
 * nothing saved (the build cannot know the shopper's list, and hydration must match it); the
 * list from storage follows straight after.
 */
import { useSyncExternalStore } from 'react';
import type { SavedCar } from '../model/saved-list';
import { savedCars } from '../browser/saved-cars';

const NOTHING_SAVED: SavedCar[] = [];

export function useSavedCars(siteSlug: string): readonly SavedCar[] {
  const $list = savedCars(siteSlug);
  return useSyncExternalStore(
    (changed) => $list.listen(changed),
    () => $list.get(),
    () => NOTHING_SAVED,
  );
}
