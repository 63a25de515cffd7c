/**
 * Layout on narrow phones on the built demo dealer kingfisher-toyota: the search page's category
 * tiles keep every word of their names whole ('Subscription cars', never 'Subscripti / on'), and
 * a signed-in shopper's top bar stays on one line.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountLinkKey } from '../../src/saved-cars/model/account-sync';
import { demoOrigin, launchBrowser, newShopperContext, openPage } from './browser';

const SLUG = 'kingfisher-toyota';
const SEARCH = '/search/new-used-and-demo-cars';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** Words in the elements `selector` finds that the browser drew across more than one line. */
const brokenWords = (page: Page, selector: string) =>
  page.evaluate((sel) => {
    const broken: string[] = [];
    for (const element of document.querySelectorAll(sel)) {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const match of text.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
          if (lines.size > 1) broken.push(match[0]);
        }
      }
    }
    return broken;
  }, selector);

describe('narrow phones', () => {
  it.each([320, 390])('keeps category tile names whole at %i px', async (width) => {
    const context = await newShopperContext(browser, { width, height: 800 });
    const { page } = await openPage(context, `${demoOrigin(SLUG)}${SEARCH}`);
    await page.waitForFunction(() => document.querySelector('astro-island[ssr]') === null);
    const names = page.locator('.facet-tiles .facet-tile-name');
    expect(await names.allTextContents()).toContain('Subscription cars');
    expect(await brokenWords(page, '.facet-tiles .facet-tile-name')).toEqual([]);
    // And no tile's name runs out of its tile.
    const overflowing = await page.$$eval('.facet-tile', (tiles) => tiles.filter((t) => t.scrollWidth > t.clientWidth).map((t) => t.textContent));
    expect(overflowing).toEqual([]);
    await context.close();
  });

  it.each([320, 390])('keeps a signed-in top bar on one line at %i px', async (width) => {
    const context = await newShopperContext(browser, { width, height: 800 });
    await context.addInitScript((key) => localStorage.setItem(key, 'linked'), accountLinkKey(SLUG));
    const { page } = await openPage(context, `${demoOrigin(SLUG)}/`);
    const account = page.getByRole('link', { name: 'My account' });
    expect(await account.isVisible()).toBe(true);
    // Each link's top edge: one line of links has one (the spacer between them has no height).
    const lines = await page.$$eval(
      '.top-banner-inner > a',
      (items) => new Set(items.filter((i) => i.getBoundingClientRect().height > 0).map((i) => Math.round(i.getBoundingClientRect().top))).size,
    );
    expect(lines).toBe(1);
    expect(await brokenWords(page, '.top-banner-inner')).toEqual([]);
    await context.close();
  });
});
