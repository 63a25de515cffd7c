/**
 * The shopper's saved cars on one dealer site: a favourites list, a garage or a compare list,
 * whichever the dealer file's `features.saved_cars` names. Each entry is what a strip, a list
 * page or a sign-in merge needs without asking search again: the id (as text, as the dashboard
 * keeps it), name, slug, make, model, primary image and whether the car has an NVIC.
 *
 * The list lives in the shopper's browser storage, so it is the shopper's to edit: whatever it
 * holds is read through `parseSavedList`, which keeps only well-formed entries and never throws.
 */
import { isRecord } from '../../platform/formats/records';
import { isCarSlug, isImageUrl } from '../../stock/model/car';

/** More than anyone compares or keeps in view; a longer list was not written by this site. */
export const MAX_SAVED_CARS = 50;

/** One saved car, as the spec's favourite entry. */
export interface SavedCar {
  /** The stock id as text, as the dealer dashboard keeps it. */
  id: string;
  name: string;
  slug: string;
  make: string;
  model: string;
  primary_image_url?: string;
  has_nvic?: boolean;
}

// Checked by hand, not with zod: result pages load this, and zod's core would cost them about
// 16 KB gzip (measured for the search page). The lengths are the stock schema's. Pages put these
// values in as text, never markup, so a tampered name can only misspell itself on the shopper's
// own screen; the character rules are left to the server, for lists it is sent.
const ID = /^[1-9][0-9]{0,15}$/;
const text = (value: unknown, max: number): string | undefined => {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed.length > 0 && trimmed.length <= max ? trimmed : undefined;
};

/** A saved entry from anything (a stored entry, a car, a hit), or undefined when it would not make a valid one. */
export function savedCarOf(value: unknown): SavedCar | undefined {
  if (!isRecord(value)) return undefined;
  const id = typeof value.id === 'number' ? String(value.id) : value.id;
  if (typeof id !== 'string' || !ID.test(id)) return undefined;
  const name = text(value.name, 200);
  const make = text(value.make, 60);
  const model = text(value.model, 80);
  const slug = value.slug;
  if (!name || !make || !model || typeof slug !== 'string' || !isCarSlug(slug)) return undefined;
  const car: SavedCar = { id, name, slug, make, model };
  const image = value.primary_image_url;
  if (typeof image === 'string' && image.length <= 2000 && isImageUrl(image)) car.primary_image_url = image;
  if (typeof value.has_nvic === 'boolean') car.has_nvic = value.has_nvic;
  return car;
}

/**
 * What storage held, as a list this site can trust: entries that fail the schema are dropped,
 * a repeated id keeps its first entry, and the list is cut at MAX_SAVED_CARS. Anything that is
 * not a JSON array reads as an empty list.
 */
export function parseSavedList(raw: unknown): SavedCar[] {
  let value: unknown = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      return [];
    }
  }
  if (!Array.isArray(value)) return [];
  const seen = new Set<string>();
  const list: SavedCar[] = [];
  for (const item of value.slice(0, MAX_SAVED_CARS * 2)) {
    const car = savedCarOf(item);
    if (!car || seen.has(car.id)) continue;
    seen.add(car.id);
    list.push(car);
    if (list.length === MAX_SAVED_CARS) break;
  }
  return list;
}

export const isSaved = (list: readonly SavedCar[], id: string): boolean => list.some((car) => car.id === id);

/**
 * The toggle: a car not in the list is added (at the front, newest first), one already there
 * (matched by id) is removed. A full list drops its oldest entry to make room.
 *
 * `shownSaved` is what the button showed when pressed. A button can lag the list for a moment
 * (a result card hydrates showing nothing saved, then learns the list), and a shopper who
 * pressed a button that said "not saved" meant to save: that press keeps a car already in the
 * list rather than removing it, and a press on one that said "saved" never adds.
 */
export function toggleSaved(list: readonly SavedCar[], car: SavedCar, shownSaved?: boolean): { list: SavedCar[]; added: boolean } {
  const present = isSaved(list, car.id);
  const remove = shownSaved ?? present;
  if (remove) return { list: present ? list.filter((saved) => saved.id !== car.id) : [...list], added: false };
  if (present) return { list: [...list], added: false };
  return { list: [car, ...list].slice(0, MAX_SAVED_CARS), added: true };
}

export const removeSaved = (list: readonly SavedCar[], id: string): SavedCar[] => list.filter((car) => car.id !== id);

/** The storage key: one list per dealer site. */
export const savedListKey = (siteSlug: string): string => `saved-cars:${siteSlug}`;
