/**
 * Nothing empty or promised but missing on the demo dealers: every link of each site's header and
 * footer menus answers 200 with a page of its own (a heading, not the not-found page), and a link
 * to a #section finds that section; the trade-in, sell-my-car and valuation pages each say what
 * they are for; a location still to open shows its opening month, never a promise now past.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listDealerSlugs, loadDealer } from '../../src/platform/config/load';
import { isoToday, locationBadge } from '../../src/dealer/model/locations';
import { blockOutsideRequests, demoOrigin, launchBrowser } from './browser';
import { get } from './http';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** The local links of the home page's header and footer, menus, dropdowns and columns included. */
async function menuHrefs(slug: string): Promise<string[]> {
  const page = await browser.newPage();
  await blockOutsideRequests(page);
  await page.goto(`${demoOrigin(slug)}/`);
  const hrefs = await page.locator('[data-site-header] a[href], footer a[href]').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  await page.close();
  return [...new Set(hrefs.filter((href) => href.startsWith('/') && !href.startsWith('//')))];
}

const heading = (html: string) =>
  /<h1\b[^>]*>([\s\S]*?)<\/h1>/
    .exec(html)?.[1]
    ?.replace(/<[^>]+>/g, '')
    .trim() ?? '';
const title = (html: string) => /<title>([\s\S]*?)<\/title>/.exec(html)?.[1]?.trim() ?? '';

describe('menu links', () => {
  for (const slug of listDealerSlugs('dealers')) {
    it(`${slug}: every header and footer link leads to a page with content, and to its section`, async () => {
      const hrefs = await menuHrefs(slug);
      expect(hrefs.length).toBeGreaterThan(5);
      const broken: string[] = [];
      for (const href of hrefs) {
        const [path = '/', fragment] = href.split('#');
        const res = await get(slug, path);
        const body = res.body;
        if (res.status !== 200) broken.push(`${href}: ${res.status}`);
        else if (!String(res.headers['content-type']).startsWith('text/html')) broken.push(`${href}: not a page`);
        else if (heading(body) === '' || /not found/i.test(title(body))) broken.push(`${href}: no content ("${title(body)}")`);
        else if (fragment && !new RegExp(`\\sid="${fragment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"`).test(body))
          broken.push(`${href}: no #${fragment} on the page`);
      }
      expect(broken).toEqual([]);
    });
  }
});

describe('trade-in, sell-my-car and valuations', () => {
  const SLUG = 'kingfisher-toyota';
  const meta = (html: string) => /<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? '';
  const intro = (html: string) => /<h1\b[^>]*>[\s\S]*?<\/h1>\s*<p[^>]*>([\s\S]*?)<\/p>/.exec(html)?.[1]?.trim() ?? '';

  it('each page is worded for its purpose: title, description, heading and intro all differ', async () => {
    const pages = await Promise.all(['/cars/trade-in', '/sell-my-car', '/valuations'].map((path) => get(SLUG, path)));
    for (const res of pages) expect(res.status).toBe(200);
    const [tradeIn, sell, valuation] = pages.map((res) => ({
      title: title(res.body),
      description: meta(res.body),
      heading: heading(res.body),
      intro: intro(res.body),
    }));
    for (const field of ['title', 'description', 'heading', 'intro'] as const) {
      expect(new Set([tradeIn?.[field], sell?.[field], valuation?.[field]]).size, field).toBe(3);
    }
    expect(tradeIn?.intro).toMatch(/toward your next/);
    expect(tradeIn?.description).toMatch(/toward your next car/);
    expect(sell?.intro).toMatch(/We buy cars outright/);
    expect(sell?.description).toMatch(/outright/);
    expect(valuation?.heading).toMatch(/Valuation/);
    expect(valuation?.intro).toMatch(/what your car is worth/);
    expect(valuation?.description).toMatch(/What is your car worth\?/);
  });
});

describe('a location still to open', () => {
  it('shows its opening month from the opening day in the dealer file, and no dated promise', async () => {
    const site = loadDealer('drivesmart-pre-owned');
    const soon = site.locations.find((l) => l.opens_on);
    if (!soon) throw new Error('drivesmart-pre-owned should have a location still to open');
    const res = await get(site.slug, `/our-location/${soon.slug}`);
    expect(res.status).toBe(200);
    const badge = locationBadge(soon, site.locale, isoToday());
    if (badge) expect(res.body).toContain(badge);
    expect(res.body).not.toMatch(/coming early 20\d\d/i);
  });
});
