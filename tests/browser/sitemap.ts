import { get } from './http';

const locs = (xml: string): string[] => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] ?? '');

/**
 * The sitemap as a search engine reads it: the index robots.txt names (src/pages/[sitemap].xml.ts writes
 * /sitemap-index.xml), then every sitemap the index lists, fetched by their paths from the test
 * server. `parts` are the addresses the index gives, `xml` the parts' text joined, `pages` their <loc>s.
 */
export async function readSitemap(slug: string): Promise<{ parts: string[]; xml: string; pages: string[] }> {
  const index = await get(slug, '/sitemap-index.xml');
  if (index.status !== 200) throw new Error(`/sitemap-index.xml answered ${index.status}`);
  const parts = locs(index.body);
  const bodies = await Promise.all(parts.map(async (part) => (await get(slug, new URL(part).pathname)).body));
  const xml = bodies.join('\n');
  return { parts, xml, pages: locs(xml) };
}
