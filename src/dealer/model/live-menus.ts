/**
 * The two rules a built page's live-data script needs on every page view (src/dealer/browser/
 * live-data.ts), apart from ./navigation.ts so that script stays small: which car types the stock
 * menu offers for live counts, and the fingerprint that tells whether the dashboard's navigation
 * differs from the one the page was built with.
 */
import type { NavigationItem } from '../../platform/config/schema';
import type { CarType } from '../../search/model/search-path';

export const STOCK_MENU_ORDER = ['used', 'demo', 'new'] as const satisfies readonly CarType[];

/**
 * The car types the stock menu offers for these counts: those with stock, or all three while no
 * count says any has stock (a new site, or counts not known yet).
 */
export function stockMenuTypes(counts: Partial<Record<CarType, number>>): CarType[] {
  const withStock = STOCK_MENU_ORDER.filter((t) => (counts[t] ?? 0) > 0);
  return withStock.length > 0 ? withStock : [...STOCK_MENU_ORDER];
}

/**
 * A short fingerprint of header navigation (FNV-1a of its JSON), so a built page can tell whether
 * the dashboard's navigation differs from the one it was built with without carrying it.
 */
export function navigationDigest(items: readonly NavigationItem[]): string {
  let hash = 0x811c9dc5;
  for (const char of JSON.stringify(items)) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}
