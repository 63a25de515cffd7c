import type { APIRoute, GetStaticPaths } from 'astro';
import { perSite, site } from '../platform/config/current';
import { stockForPathsAndSearch } from '../stock/server/site-stock';
import { sitemapFiles } from '../site/site-pages';

/** /sitemap-index.xml and the sitemaps it lists (src/site/site-pages.ts decides what they hold). */
export const getStaticPaths = (() =>
  perSite('sitemaps', () =>
    sitemapFiles(site, stockForPathsAndSearch()).map((file) => ({ params: { sitemap: file.path.slice(1, -'.xml'.length) }, props: { body: file.body } })),
  )) satisfies GetStaticPaths;

export const GET: APIRoute = ({ props }) => new Response(String(props.body), { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
