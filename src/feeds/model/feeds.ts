/**
 * A dealer's three inventory feeds and the report beside them, from the cars its site lists.
 * Pure: the build hands in the listed cars (src/feeds/server/site-feeds.ts) and writes the files.
 */
import type { Vehicle } from '../../stock/model/vehicle';
import { feedIds, FEEDS, leftOutReasons, selectCars, type FeedId, type LeftOutCar, type LeftOutReason } from './eligibility';
import { feedCar, type FeedSite } from './feed-car';
import { vehicleAdsXml } from './google-vehicle-ads';
import { vehicleListingsCsv } from './google-vehicle-listings';
import { metaVehiclesCsv } from './meta-vehicles';

export interface FeedSummary {
  title: string;
  path: string;
  cars_in: number;
  cars_left_out: number;
  /** Cars left out for each reason; a car missing two things counts under both. */
  reasons: Partial<Record<LeftOutReason, number>>;
  left_out: LeftOutCar[];
}

export interface FeedReport {
  dealer: string;
  /** Cars in the stock the site does not list (sold and past their window, or never shown): in no feed, and not named here. */
  not_listed: number;
  listed: number;
  feeds: Record<FeedId, FeedSummary>;
}

export interface SiteFeeds {
  /** Feed files by their path on the site. */
  files: { path: string; contentType: string; body: string }[];
  report: FeedReport;
}

/**
 * The feeds for `listed` (the cars the site lists, in stock order); `notListed` is only counted.
 * Every feed is regenerated from the same stock the build reads, so a stock change shows on the next build.
 */
export function buildFeeds(site: FeedSite, listed: readonly Vehicle[], notListed: number): SiteFeeds {
  const facts = listed.map((car) => feedCar(car, site));
  const selections = Object.fromEntries(feedIds.map((id) => [id, selectCars(facts, FEEDS[id])])) as Record<FeedId, ReturnType<typeof selectCars>>;
  const bodies: Record<FeedId, string> = {
    'google-vehicle-listings': vehicleListingsCsv(selections['google-vehicle-listings'].cars),
    'google-vehicle-ads': vehicleAdsXml(selections['google-vehicle-ads'].cars, site),
    'meta-vehicles': metaVehiclesCsv(selections['meta-vehicles'].cars),
  };
  const feeds = Object.fromEntries(
    feedIds.map((id) => {
      const { feed, cars, leftOut } = selections[id];
      const reasons: Partial<Record<LeftOutReason, number>> = {};
      for (const car of leftOut) for (const reason of car.reasons) reasons[reason] = (reasons[reason] ?? 0) + 1;
      const summary: FeedSummary = { title: feed.title, path: feed.path, cars_in: cars.length, cars_left_out: leftOut.length, reasons, left_out: leftOut };
      return [id, summary];
    }),
  ) as Record<FeedId, FeedSummary>;
  return {
    files: feedIds.map((id) => ({ path: FEEDS[id].path, contentType: FEEDS[id].contentType, body: bodies[id] })),
    report: { dealer: site.slug, not_listed: notListed, listed: listed.length, feeds },
  };
}

/** Where the build writes the report, beside the feeds. */
export const FEED_REPORT_PATH = '/feeds/report.json';

/**
 * The build log's lines for one dealer, e.g.
 * `  Google Vehicle Ads (Merchant Center): 812 in, 88 left out (sold 50, no price (price on application) 38)`.
 */
export function formatFeedReport(report: FeedReport): string[] {
  return feedIds.map((id) => {
    const summary = report.feeds[id];
    const reasons = Object.entries(summary.reasons)
      .sort(([, a], [, b]) => b - a)
      .map(([reason, count]) => `${leftOutReasons[reason as LeftOutReason]} ${count}`);
    return `  ${summary.title}: ${summary.cars_in} in, ${summary.cars_left_out} left out${reasons.length > 0 ? ` (${reasons.join('; ')})` : ''}`;
  });
}
