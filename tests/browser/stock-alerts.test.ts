/**
 * Stock alerts end to end: a shopper turns on car alerts in My Garage, the dealer imports a feed
 * (the real `npm run stock:import`) that lowers the saved car's price, and the running server's
 * alert watcher emails the drop, whose unsubscribe link turns the alerts off.
 *
 * The import changes a demo dealer's stock for every test reading it, so this file runs after
 * the others, on its own (vitest.browser.config.ts).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ALERT_CONSENT_WORDING } from '../../src/accounts/model/paths';
import { loadDealer } from '../../src/platform/config/load';
import { priceText } from '../../src/stock/model/car';
import { loadStock, stockFile } from '../../src/stock/server/store';
import { DESKTOP, demoOrigin, launchBrowser, newShopperContext, openPage } from './browser';
import { garageCars, savedIds, saveFromSearch } from './garage';
import { mailsTo as mailsToSlug, signInByCode as signIn } from './sign-in';

const SLUG = 'kingfisher-toyota';
const SEARCH = '/search/new-used-and-demo-cars';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const mailsTo = (email: string, since: number) => mailsToSlug(SLUG, email, since);

describe('stock alerts', () => {
  it('emails a price drop on a saved car after a stock import, and its unsubscribe link turns alerts off', async () => {
    const email = `alerts-${Date.now()}@example.com`;
    const context = await newShopperContext(browser, DESKTOP);
    const { page, errors } = await openPage(context, `${demoOrigin(SLUG)}${SEARCH}`, 15_000);
    await saveFromSearch(page, page.url(), 1);
    const [carId] = await savedIds(page, SLUG);
    await page.goto(`${demoOrigin(SLUG)}/my-garage`);
    await signIn(page, SLUG, email);
    await page.waitForURL(/\/my-garage$/);
    await expect.poll(() => garageCars(page).count()).toBe(1);
    await page.getByRole('checkbox', { name: ALERT_CONSENT_WORDING }).check();
    await expect.poll(() => page.getByText(/^You agreed to alert emails on/).isVisible()).toBe(true);

    // The dealer's next feed: the same stock, with the saved car $1,500 cheaper.
    const site = loadDealer(SLUG);
    const env = { ...process.env, STOCK_DIR: inject('stockDir') };
    const stock = loadStock(site, env);
    const car = stock.find((vehicle) => String(vehicle.id) === carId);
    expect(car?.price).toBeGreaterThan(1500);
    const feedDir = mkdtempSync(path.join(tmpdir(), 'browser-feed-'));
    const feed = path.join(feedDir, 'feed.json');
    writeFileSync(feed, JSON.stringify(stock.map((vehicle) => (vehicle === car ? { ...vehicle, price: vehicle.price - 1500 } : vehicle))));
    const imported = Date.now();
    try {
      // --no-alerts: the test database is the running server's, so its watcher sends them, as
      // it does under `npm start` on the embedded database.
      await promisify(execFile)('npm', ['run', '--silent', 'stock:import', '--', '--dealer', SLUG, feed, '--no-alerts'], { env });
      let alert = '';
      await expect.poll(() => (alert = mailsTo(email, imported).find((text) => text.includes('Price drop')) ?? ''), { timeout: 15_000 }).not.toBe('');
      expect(alert).toContain(`Subject: Price drop on the ${car!.make} ${car!.model} you saved`);
      expect(alert).toContain('($1,500 less)');

      // My Garage reads the live price from search: the new one. Search swaps in the imported
      // stock once its index is built, which can end after the alert is sent: until then a page
      // shows the price before, so the shopper's reload is repeated until it shows the new one.
      const newPrice = priceText(car!.price - 1500, site);
      const region = page.getByRole('region', { name: 'Saved cars' });
      await expect
        .poll(
          async () => {
            await page.reload();
            await expect.poll(() => region.textContent()).toMatch(/\$[\d,]+/);
            return region.textContent();
          },
          { interval: 1000 },
        )
        .toContain(newPrice);

      // The mail's unsubscribe page, on this site, turns the alerts off.
      const unsubscribe = [...alert.matchAll(/https?:\/\/[^\s<>"]+\?token=[\w-]+/g)].map((m) => new URL(m[0])).find((url) => url.pathname === '/unsubscribe')!;
      await page.goto(`${demoOrigin(SLUG)}${unsubscribe.pathname}${unsubscribe.search}`);
      await page.getByRole('button', { name: 'Turn off alert emails' }).click();
      await expect.poll(() => page.getByText(/^Done: alert emails are off/).isVisible()).toBe(true);
      await page.goto(`${demoOrigin(SLUG)}/my-garage`);
      await expect.poll(() => page.getByRole('checkbox', { name: ALERT_CONSENT_WORDING }).isChecked()).toBe(false);
      expect(errors).toEqual([]);
    } finally {
      // Back to demo stock for the tests after this one.
      rmSync(stockFile(SLUG, env), { force: true });
      rmSync(feedDir, { recursive: true, force: true });
      await context.close();
    }
  });
});
