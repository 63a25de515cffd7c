/**
 * The favourites strip: a bar that shows the shopper's first three saved cars on result and car
 * pages, each with a remove button, a 'Get Started' link when nothing is saved, and a
 * 'Compare Cars' button whose badge counts the saved cars the strip has no room for ('+N',
 * at most '+9'). It shows only on paths with `cars` or `search` in them, and hides itself
 * five seconds after it appears.
 */
import type { SavedCar } from './saved-list';

export const STRIP_CARS = 3;
export const STRIP_BADGE_CAP = 9;
export const STRIP_HIDE_AFTER_MS = 5000;

/**
 * Result and car pages: any path with a `cars` or `search` segment (`/used-cars`, `/search/...`,
 * `/cars/...`), but not a car's checkout: a shopper paying a deposit should not have the strip
 * over the Pay button.
 */
export function stripShowsOn(pathname: string): boolean {
  const segments = pathname.toLowerCase().split('/');
  if (segments.filter(Boolean).at(-1) === 'checkout') return false;
  return segments.some((segment) => segment.includes('cars') || segment.includes('search'));
}

export interface StripView {
  /** The cars shown, newest first. */
  cars: SavedCar[];
  /** '+N' beside 'Compare Cars' for the saved cars not shown, capped at '+9'; empty when none. */
  badge: string;
  /** Nothing saved: the strip offers 'Get Started' instead. */
  empty: boolean;
}

export function stripView(list: readonly SavedCar[]): StripView {
  const more = Math.max(0, list.length - STRIP_CARS);
  return { cars: list.slice(0, STRIP_CARS), badge: more > 0 ? `+${Math.min(more, STRIP_BADGE_CAP)}` : '', empty: list.length === 0 };
}
