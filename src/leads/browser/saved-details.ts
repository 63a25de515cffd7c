/**
 * Saved user details (spec §3): name, last_name, email, phone and postcode, kept in the
 * browser per site so the next form is prefilled. Storage is shopper-controlled: whatever is in
 * it is parsed defensively and anything odd reads as "nothing saved", never as an error.
 */
import { browserStorage } from '../../platform/web/storage';

export const SAVED_DETAIL_FIELDS = ['name', 'last_name', 'email', 'phone', 'postcode'] as const;
export type SavedDetailField = (typeof SAVED_DETAIL_FIELDS)[number];
export type SavedDetails = Partial<Record<SavedDetailField, string>>;

/** Longer than any valid value of these fields; a longer one was not written by us. */
const MAX_LENGTH = 200;

export const savedDetailsKey = (siteSlug: string): string => `leads:saved-details:${siteSlug}`;

/** Keeps only known fields holding short strings; trims them and drops empty ones. */
function clean(value: unknown): SavedDetails {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  const details: SavedDetails = {};
  for (const field of SAVED_DETAIL_FIELDS) {
    const raw = (value as Record<string, unknown>)[field];
    if (typeof raw !== 'string') continue;
    const text = raw.trim();
    if (text.length > 0 && text.length <= MAX_LENGTH) details[field] = text;
  }
  return details;
}

export function loadSavedDetails(siteSlug: string, storage: Storage | undefined = browserStorage('localStorage')): SavedDetails {
  if (!storage) return {};
  try {
    const raw = storage.getItem(savedDetailsKey(siteSlug));
    return raw ? clean(JSON.parse(raw)) : {};
  } catch {
    return {};
  }
}

/**
 * Called after a successful submit: the fields this form had replace the saved ones, the rest
 * are kept (an enquiry has no postcode, but a later finance form may want the earlier one).
 */
export function saveDetails(
  siteSlug: string,
  values: Partial<Record<SavedDetailField, unknown>>,
  storage: Storage | undefined = browserStorage('localStorage'),
): void {
  if (!storage) return;
  const next = { ...loadSavedDetails(siteSlug, storage), ...clean(values) };
  try {
    storage.setItem(savedDetailsKey(siteSlug), JSON.stringify(next));
  } catch {
    // A full or refused storage only costs the shopper some typing next time.
  }
}
