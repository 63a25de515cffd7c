/**
 * The dealer being built. Astro renders pages in Node at build time, so the dealer file is read
 * and validated once per build here; components import `site` and never read JSON themselves.
 */
import { loadDealer, listDealerSlugs } from './load';
import type { DealerConfig } from './schema';
import { withBuildSearchKey } from './search-endpoint';

function currentSlug(): string {
  const slug = process.env.DEALER ?? listDealerSlugs()[0];
  if (!slug) throw new Error('DEALER is not set and dealers/ has no dealer files');
  return slug;
}

// A dealer on a real Meilisearch with a key uid gets the tenant token npm run build signed in place of its key.
export const site: DealerConfig = withBuildSearchKey(loadDealer(currentSlug()), process.env);
