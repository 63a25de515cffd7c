import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, inject, it } from 'vitest';
import { blockOutsideRequests, demoOrigin, launchBrowser, watchErrors } from './browser';
import { pageTypes } from './pages';
import { stubAccountApi } from './account-stub';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

// Dealers are checked side by side. Within a dealer one page visits every page type in turn, as a
// shopper's browser would: a new browser context and renderer per page cost more here than axe.
describe.concurrent.each(inject('demoDealers'))('%s', (slug) => {
  describe.sequential('on a desktop', () => {
    let page: Page;
    let errors: string[] = [];
    beforeAll(async () => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      page = await context.newPage();
      errors = watchErrors(page);
      await blockOutsideRequests(page);
      await stubAccountApi(page);
    });
    afterAll(async () => {
      await page.context().close();
    });

    // Dealers run concurrently, so each test uses its own `expect`: the global one cannot tell which test a poll belongs to.
    it.for(pageTypes(slug))('$type page has no axe violations and no console errors', async ({ type, path, gated, ready }, { expect }) => {
      errors.length = 0;
      await page.goto(`${demoOrigin(slug)}${path}`);
      // A gated page is checked as a signed-in shopper sees it, once its sections have loaded.
      if (gated) await page.locator(ready ?? '[data-gate-content]').waitFor({ state: 'visible' });
      // The search page is checked as the shopper uses it: once its filters and results are live.
      if (type === 'search') await page.waitForFunction(() => document.querySelector('astro-island[ssr]') === null);
      const { violations } = await new AxeBuilder({ page }).analyze();
      expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
      // A CSP violation shows up as a console error; so would a script that throws.
      expect(errors.filter((e) => !e.includes('404 (Not Found)'))).toEqual([]);
    });
  });

  it('home page has no axe violations on a phone with the menu open', async ({ expect }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await blockOutsideRequests(page);
    await page.goto(`${demoOrigin(slug)}/`);
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await expect.poll(() => page.locator('#site-nav').isVisible()).toBe(true);
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await context.close();
  });
});
