import type { APIRoute, GetStaticPaths } from 'astro';
import { perSite, renderTime, site } from '../../platform/config/current';
import { stockForPathsAndSearch } from '../../stock/server/site-stock';
import { siteFeeds } from '../../feeds/server/site-feeds';
import { FEED_REPORT_PATH } from '../../feeds/model/feeds';

/**
 * The inventory feeds (Google vehicle listings, Google Vehicle Ads, Meta automotive catalog) and
 * the report of cars each left out and why, one file each under /feeds/ (docs/decisions/inventory-feeds.md).
 * Each file's body is in its props, which a publish compares to tell whether the file changed.
 */
const current = (): ReturnType<typeof siteFeeds> => perSite('feeds', () => siteFeeds(site, stockForPathsAndSearch(), new Date(renderTime())));

const fileName = (path: string): string => path.slice('/feeds/'.length);

export const getStaticPaths = (() => {
  const { files, report } = current();
  return [
    ...files.map((file) => ({ params: { file: fileName(file.path) }, props: { body: file.body, contentType: file.contentType } })),
    { params: { file: fileName(FEED_REPORT_PATH) }, props: { body: `${JSON.stringify(report, null, 2)}\n`, contentType: 'application/json; charset=utf-8' } },
  ];
}) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) => new Response(String(props.body), { headers: { 'Content-Type': String(props.contentType) } });
