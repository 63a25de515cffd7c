/**
 * The feeds of this build: from the stock the build reads, only the cars the site lists (the
 * search's listing rule, src/search/server/listed-stock.ts), worked out once and served as files.
 */
import type { DealerConfig } from '../../platform/config/schema';
import type { Vehicle } from '../../stock/model/vehicle';
import { listedVehicles } from '../../search/server/listed-stock';
import { buildFeeds, type SiteFeeds } from '../model/feeds';

export function siteFeeds(site: DealerConfig, stock: readonly Vehicle[], now = new Date()): SiteFeeds {
  const listed = listedVehicles(site, stock, Math.floor(now.getTime() / 1000));
  return buildFeeds(site, listed, stock.length - listed.length);
}
