/**
 * The dealer being built. Astro renders pages in Node at build time, so the dealer file is read
 * and validated once per build here; components import `site` and never read JSON themselves.
 */
import { loadDealer, listDealerSlugs } from './load';
import type { DealerConfig } from './schema';

function currentSlug(): string {
  const slug = process.env.DEALER ?? listDealerSlugs()[0];
  if (!slug) throw new Error('DEALER is not set and dealers/ has no dealer files');
  return slug;
}

export const site: DealerConfig = loadDealer(currentSlug());
