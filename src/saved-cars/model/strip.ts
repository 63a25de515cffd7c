/**
 * The favourites strip: a bar that shows the shopper's first three saved cars on result and car
 * pages, each with a remove button, a 'Get Started' link when nothing is saved, and a
 * 'Compare Cars' button whose badge counts the saved cars the strip has no room for ('+N',
 * at most '+9'). It shows only on paths with `cars` or `search` in them, and hides itself
 * five seconds after it appears. It sits over the bottom of the screen, so it never shows where it
 * would cover one of the page's calls to action (Enquire, Book a test drive, a form's submit).
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

/** A rectangle on screen, as getBoundingClientRect gives it. */
export interface ScreenBox {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/**
 * Whether the strip, at `strip`, would cover any of `actions`: an overlap of any area, since a
 * button half hidden is a button the shopper may miss. An action with no area (hidden) is not covered.
 */
export function coversAction(strip: ScreenBox, actions: readonly ScreenBox[]): boolean {
  return actions.some(
    (a) =>
      a.right > a.left &&
      a.bottom > a.top &&
      Math.min(a.right, strip.right) > Math.max(a.left, strip.left) &&
      Math.min(a.bottom, strip.bottom) > Math.max(a.top, strip.top),
  );
}
