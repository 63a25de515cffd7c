/**
 * Loads the favourites strip's code (./strip.ts, with the saved-cars store it needs) only when the
 * strip has cars to show: when this browser already holds a saved list for the site as the page
 * opens, or when the shopper saves a car here or in another tab. A shopper with nothing saved
 * pays nothing for it, and the empty strip ('Get Started') never appears over the page's buttons.
 */
import { savedListKey } from '../model/saved-list';

/** Sent on the document by ./saved-cars.ts whenever this page changes the saved list. */
export const SAVED_CARS_CHANGED = 'saved-cars:changed';

/** Whether `storage` holds a non-empty saved list for the site; unreadable storage holds none. */
export function hasSavedCars(siteSlug: string, storage: Pick<Storage, 'getItem'> | undefined): boolean {
  try {
    const list: unknown = JSON.parse(storage?.getItem(savedListKey(siteSlug)) ?? '[]');
    return Array.isArray(list) && list.length > 0;
  } catch {
    return false;
  }
}

function storageOf(win: Window): Storage | undefined {
  try {
    return win.localStorage;
  } catch {
    return undefined;
  }
}

/** Starts the strip now if there are saved cars, else at the first change to the list. */
export function loadStripWhenNeeded(load: () => Promise<unknown>, doc: Document = document, win: Window = window): void {
  const siteSlug = doc.querySelector<HTMLElement>('[data-saved-strip]')?.dataset.siteSlug;
  if (siteSlug === undefined) return;
  let started = false;
  const start = (): void => {
    if (started) return;
    started = true;
    doc.removeEventListener(SAVED_CARS_CHANGED, start);
    win.removeEventListener('storage', onStorage);
    // Offline, or a new deploy replaced the file: the page works without its strip.
    load().catch(() => undefined);
  };
  const onStorage = (event: StorageEvent): void => {
    if (event.key === savedListKey(siteSlug)) start();
  };
  if (hasSavedCars(siteSlug, storageOf(win))) {
    start();
    return;
  }
  doc.addEventListener(SAVED_CARS_CHANGED, start);
  win.addEventListener('storage', onStorage);
}
