/**
 * Saved user details: name, last_name, email, phone and postcode, kept in the
 * browser per site so the next form is prefilled. One store per site (@nanostores/persistent,
 * in localStorage and kept in step across the shopper's tabs), shared by the form islands and
 * the sign-up forms' plain script. Storage is shopper-controlled: whatever is in it is parsed
 * defensively and anything odd reads as "nothing saved", never as an error.
 */
import { persistentAtom } from '@nanostores/persistent';
import type { ReadableAtom, WritableAtom } from 'nanostores';
import { isRecord } from '../../platform/formats/records';

export const SAVED_DETAIL_FIELDS = ['name', 'last_name', 'email', 'phone', 'postcode'] as const;
export type SavedDetailField = (typeof SAVED_DETAIL_FIELDS)[number];
export type SavedDetails = Partial<Record<SavedDetailField, string>>;

/** Longer than any valid value of these fields; a longer one was not written by us. */
const MAX_LENGTH = 200;

export const savedDetailsKey = (siteSlug: string): string => `leads:saved-details:${siteSlug}`;

/** Keeps only known fields holding short strings; trims them and drops empty ones. */
function clean(value: unknown): SavedDetails {
  if (!isRecord(value)) return {};
  const details: SavedDetails = {};
  for (const field of SAVED_DETAIL_FIELDS) {
    const raw = value[field];
    if (typeof raw !== 'string') continue;
    const text = raw.trim();
    if (text.length > 0 && text.length <= MAX_LENGTH) details[field] = text;
  }
  return details;
}

/** What storage holds under the key, trusted only as far as `clean` keeps it. */
function parseSavedDetails(raw: unknown): SavedDetails {
  try {
    return typeof raw === 'string' ? clean(JSON.parse(raw)) : {};
  } catch {
    return {};
  }
}

const stores = new Map<string, WritableAtom<SavedDetails>>();

function store(siteSlug: string): WritableAtom<SavedDetails> {
  let $details = stores.get(siteSlug);
  if (!$details) {
    $details = persistentAtom<SavedDetails>(savedDetailsKey(siteSlug), {}, { encode: JSON.stringify, decode: parseSavedDetails });
    stores.set(siteSlug, $details);
  }
  return $details;
}

/** The shopper's saved details on this site. */
export const savedDetails = (siteSlug: string): ReadableAtom<SavedDetails> => store(siteSlug);

export function loadSavedDetails(siteSlug: string): SavedDetails {
  try {
    return store(siteSlug).get();
  } catch {
    // Storage that refuses to be read: nothing saved.
    return {};
  }
}

/**
 * Called after a successful submit: the fields this form had replace the saved ones, the rest
 * are kept (an enquiry has no postcode, but a later finance form may want the earlier one).
 * A form that asks for one full name (enquiry, sign-up) saves `name` without `last_name`: the
 * last name saved before belonged to another name, so it goes with it.
 */
export function saveDetails(siteSlug: string, values: Partial<Record<SavedDetailField, unknown>>): void {
  try {
    const $details = store(siteSlug);
    const details = { ...$details.get() };
    const fullNameOnly = 'name' in values && !('last_name' in values) && clean({ name: values.name }).name !== undefined;
    if (fullNameOnly) delete details.last_name;
    $details.set({ ...details, ...clean(values) });
  } catch {
    // A full or refused storage only costs the shopper some typing next time.
  }
}

const endsWithWord = (name: string, word: string): boolean => name.length > word.length && name.endsWith(` ${word}`);

/**
 * The saved name as one full name, for forms with a single name field. `name` holds the first
 * name when a form with separate fields saved it, a full name otherwise.
 */
export function savedFullName(details: SavedDetails): string | undefined {
  const { name, last_name: last } = details;
  if (!name) return last;
  return last && name !== last && !endsWithWord(name, last) ? `${name} ${last}` : name;
}

/**
 * The saved name split for forms asking first and last name apart. A full name from a
 * single-name form ("Jo Bloggs") splits at its last space: the last word is the last name, the
 * rest the first name ("Mary Anne Smith" is Mary Anne, Smith). A name of one word is a first name.
 */
export function savedFirstAndLastName(details: SavedDetails): { first_name?: string; last_name?: string } {
  const { name, last_name: last } = details;
  if (last) {
    if (!name || name === last) return { last_name: last };
    return { first_name: endsWithWord(name, last) ? name.slice(0, -last.length - 1).trim() : name, last_name: last };
  }
  if (!name) return {};
  const words = name.split(/\s+/);
  if (words.length < 2) return { first_name: name };
  return { first_name: words.slice(0, -1).join(' '), last_name: words[words.length - 1] };
}
