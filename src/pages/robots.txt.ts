import type { APIRoute } from 'astro';
import { site } from '../platform/config/current';
import { siteUrl } from '../dealer/model/seo';

/** The sitemap is the index src/pages/[sitemap].xml.ts writes, which names its parts. */
export const GET: APIRoute = () =>
  new Response(`User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${siteUrl(site, '/sitemap-index.xml')}\n`, {
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });
