import type { APIRoute } from 'astro';
import { site } from '../platform/config/current';
import { siteUrl } from '../dealer/model/seo';

export const GET: APIRoute = () =>
  new Response(`User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${siteUrl(site, '/sitemap.xml')}\n`, {
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });
