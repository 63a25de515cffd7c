import type { APIRoute } from 'astro';
import { site } from '../platform/config/current';
import { carPaths, searchLandingPaths, sitePaths } from '../site/site-pages';
import { siteUrl } from '../dealer/model/seo';
import { siteStock } from '../stock/server/site-stock';

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export const GET: APIRoute = () => {
  const stock = siteStock();
  const paths = [...new Set([...sitePaths(site), ...searchLandingPaths(site, stock), ...carPaths(stock)])];
  const urls = paths.map((p) => `  <url><loc>${escapeXml(siteUrl(site, p))}</loc></url>`);
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
  return new Response(body, { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
};
