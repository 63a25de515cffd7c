import type { Browser } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_PATHS } from './build-sites';
import { blockOutsideRequests, fixtureOrigin, launchBrowser } from './browser';
import { pageTypes } from './pages';
import { stubAccountApi } from './account-stub';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const SCRIPT = '</script><script>alert(1)</script>';
const IMG = '"><img src=x onerror=alert(1)>';

describe('hostile text in a dealer config', () => {
  it('renders as inert text on every page type: no dialog, no injected element, JSON-LD intact', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await blockOutsideRequests(page);
    // Account pages stay where they are: My Garage signed in, sign-in signed out.
    await stubAccountApi(page);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    for (const { type, path } of pageTypes('hostile-motors', FIXTURE_PATHS.dealersDir, FIXTURE_PATHS.stockDir)) {
      await page.goto(`${fixtureOrigin('hostile-motors')}${path}`);
      expect(await page.locator('img[src="x"]').count(), type).toBe(0);
      // Scripts that run are Astro's own (module scripts, the island loader); none carries feed or config text.
      const running = await page.locator('script:not([type="application/ld+json"]):not([type="application/json"])').allTextContents();
      expect(
        running.filter((text) => text.includes('alert(') || text.includes('Hostile')),
        type,
      ).toEqual([]);
      // The search settings the header reads carry the dealer name too: still data, still intact.
      const searchSite = JSON.parse((await page.locator('script#search-site').textContent()) ?? '') as { name?: string };
      expect(searchSite.name, type).toBe(`Hostile ${SCRIPT} Motors`);
      const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
      // A car page adds its Car, a search landing page the ItemList of the cars it shows first.
      expect(ld, type).toHaveLength(type === 'car' || type === 'search' ? 2 : 1);
      const data = JSON.parse(ld[0] ?? '') as { '@graph': { name?: string }[] };
      expect(data['@graph'][0]?.name, type).toBe(`Hostile ${SCRIPT} Motors`);
      if (type === 'car') expect((JSON.parse(ld[1] ?? '') as { name?: string }).name, type).toBe(`2022 Hostile ${SCRIPT} Ute ${IMG}`);
      if (type === 'search') expect(JSON.stringify(JSON.parse(ld[1] ?? '')), type).toContain(`Hostile ${SCRIPT}`);
      expect(await page.title(), type).toContain(type === 'home' ? IMG : SCRIPT);
    }
    await page.goto(`${fixtureOrigin('hostile-motors')}/`);
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toContain(IMG);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(IMG);
    expect(dialogs).toEqual([]);
    await page.close();
  });

  it('escapes the markup in the built HTML itself', () => {
    const html = readFileSync(`${FIXTURE_PATHS.distDir}/hostile-motors/index.html`, 'utf8');
    // Inside a quoted attribute value '<' is inert text; everywhere else it must be escaped.
    const outsideAttributes = html.replace(/="[^"]*"/g, '=""');
    expect(outsideAttributes).not.toContain('<script>alert(1)</script>');
    expect(outsideAttributes).not.toContain('<img src=x onerror=alert(1)>');
    expect(html).not.toMatch(/content="[^"]*"[^\s>]/);
    expect(html).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('keeps very long unbroken text inside the page width', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await blockOutsideRequests(page);
    await page.goto(`${fixtureOrigin('hostile-motors')}/`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.close();
  });
});
