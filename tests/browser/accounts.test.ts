/**
 * Shopper accounts in Chromium on a built demo dealer, against the platform's own API: a
 * signed-out shopper sent from My Garage to sign-in and back; signing in with the code from the
 * email the server wrote to the dealer's outbox mail folder; the cars saved before signing in
 * joining the account; another browser seeing them once signed in there, and a car saved there
 * reaching the first; signing out. My Garage is checked with axe at 390 px. Then the alert leg:
 * a shopper turns on car alerts in My Garage, the dealer imports a feed (the real
 * `npm run stock:import`) that lowers the saved car's price, and the running server's alert
 * watcher emails the drop, whose unsubscribe link turns the alerts off.
 */
import AxeBuilder from '@axe-core/playwright';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ALERT_CONSENT_WORDING } from '../../src/accounts/model/paths';
import { loadDealer } from '../../src/platform/config/load';
import { accountLinkKey } from '../../src/saved-cars/model/account-sync';
import { priceText } from '../../src/stock/model/car';
import { loadStock, stockFile } from '../../src/stock/server/store';
import { savedListKey } from '../../src/saved-cars/model/saved-list';
import { DESKTOP, demoOrigin, launchBrowser, newShopperContext, openPage } from './browser';
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

const newContext = (viewport = DESKTOP): Promise<BrowserContext> => newShopperContext(browser, viewport);
const open = (context: BrowserContext, pagePath: string) => openPage(context, `${demoOrigin(SLUG)}${pagePath}`, 15_000);

const storedIds = (page: Page) =>
  page.evaluate((key) => (JSON.parse(localStorage.getItem(key) ?? '[]') as { id: string }[]).map((car) => car.id).sort(), savedListKey(SLUG));
const linked = (page: Page) => page.evaluate((key) => localStorage.getItem(key) !== null, accountLinkKey(SLUG));

/** Saves the first `count` cars of the search page not saved yet. */
async function saveCarsFromSearch(page: Page, count: number): Promise<void> {
  await page.goto(`${demoOrigin(SLUG)}${SEARCH}`);
  await page.waitForFunction(() => document.querySelector('astro-island[ssr]') === null);
  const before = (await storedIds(page)).length;
  // The cards show the list once they have read it (hydration renders nothing saved first); the
  // cars already saved came from this same first page.
  const pressed = page.getByRole('button', { name: /^Save .+ to favourites$/, pressed: true });
  await expect.poll(() => pressed.count()).toBe(before);
  const unsaved = page.getByRole('button', { name: /^Save .+ to favourites$/, pressed: false });
  // One at a time: the next press waits until the last one is stored, or on a slow machine it
  // could land on the same button again before it shows pressed.
  for (let i = 1; i <= count; i++) {
    await unsaved.first().click();
    await expect.poll(() => storedIds(page)).toHaveLength(before + i);
  }
}

const signInByCode = (page: Page, email: string) => signIn(page, SLUG, email);
const mailsTo = (email: string, since: number) => mailsToSlug(SLUG, email, since);

const garageCars = (page: Page) => page.getByRole('region', { name: 'Saved cars' }).getByRole('heading', { level: 3 });

describe('shopper accounts', () => {
  it('sends a signed-out shopper from My Garage to sign-in, with the way back', async () => {
    const context = await newContext();
    const { page, errors } = await open(context, '/favourites');
    await page.evaluate(() => {
      window.location.href = '/my-garage';
    });
    await page.waitForURL(/\/sign-in\?/);
    const query = new URL(page.url()).searchParams;
    expect(Object.fromEntries(query)).toEqual({ type: 'my-garage', redirect: '/my-garage', back: '/favourites' });
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Sign in to My Garage');
    expect(await page.getByRole('link', { name: 'Back', exact: true }).getAttribute('href')).toBe('/favourites');
    // The gated page was replaced in history: Back from sign-in does not bounce through it again.
    await page.goBack();
    await page.waitForURL(/\/favourites$/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('refuses a wrong address and a wrong code beside the field', async () => {
    const context = await newContext();
    const { page } = await open(context, '/sign-in?type=checkout&redirect=%2Ffinance');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Sign in to reserve this car');
    await page.getByLabel('Email', { exact: true }).fill('not-an-address');
    await page.getByRole('button', { name: 'Email me a code' }).click();
    await expect.poll(() => page.getByText('invalid email address').isVisible()).toBe(true);
    expect(await page.getByLabel('Email', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel('Email', { exact: true }).fill(`wrong-code-${Date.now()}@example.com`);
    await page.getByRole('button', { name: 'Email me a code' }).click();
    await page.getByLabel('6-digit code').fill('12');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect.poll(() => page.getByText('Enter the 6-digit code from the email.').isVisible()).toBe(true);
    await context.close();
  });

  it('signs in by emailed code, merges the saved cars, follows the shopper to another browser, and signs out', async () => {
    const email = `shopper-${Date.now()}@example.com`;

    // A laptop: two cars saved before signing in.
    const laptop = await newContext();
    const { page, errors } = await open(laptop, SEARCH);
    await saveCarsFromSearch(page, 2);
    const saved = await storedIds(page);
    await page.goto(`${demoOrigin(SLUG)}/my-garage`);
    await signInByCode(page, email);
    await page.waitForURL(/\/my-garage$/);
    await expect.poll(() => page.getByText(email, { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => garageCars(page).count()).toBe(2);
    expect(await linked(page)).toBe(true);
    expect(await page.getByText('My account', { exact: true }).isVisible()).toBe(true);

    // A phone: nothing saved there; signing in brings the account's cars.
    const phone = await newContext({ width: 390, height: 844 });
    const { page: other, errors: otherErrors } = await open(phone, '/my-garage');
    await signInByCode(other, email);
    await other.waitForURL(/\/my-garage$/);
    await expect.poll(() => garageCars(other).count()).toBe(2);
    expect(await storedIds(other)).toEqual(saved);
    const { violations } = await new AxeBuilder({ page: other }).analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    expect(await other.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

    // A car saved on the phone while signed in reaches the account, and the laptop's My Garage.
    const sent = other.waitForResponse((r) => r.url().endsWith('/api/account/saved-cars') && r.request().method() === 'PUT' && r.ok(), { timeout: 15_000 });
    await saveCarsFromSearch(other, 1);
    const three = await storedIds(other);
    await sent;
    await page.reload();
    await expect.poll(() => garageCars(page).count()).toBe(3);
    expect(await storedIds(page)).toEqual(three);

    // Signing out on the laptop leaves none of the account on it.
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'You are signed out' }).isVisible()).toBe(true);
    expect(await linked(page)).toBe(false);
    expect(await storedIds(page)).toEqual([]);
    await page.goto(`${demoOrigin(SLUG)}/my-garage`);
    await page.waitForURL(/\/sign-in\?/);

    expect(errors).toEqual([]);
    expect(otherErrors).toEqual([]);
    await phone.close();
    await laptop.close();
  });

  it('emails a price drop on a saved car after a stock import, and its unsubscribe link turns alerts off', async () => {
    const email = `alerts-${Date.now()}@example.com`;
    const context = await newContext();
    const { page, errors } = await open(context, SEARCH);
    await saveCarsFromSearch(page, 1);
    const [carId] = await storedIds(page);
    await page.goto(`${demoOrigin(SLUG)}/my-garage`);
    await signInByCode(page, email);
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

      // My Garage reads the live price from search: the new one.
      await page.reload();
      await expect.poll(() => page.getByRole('region', { name: 'Saved cars' }).textContent()).toContain(priceText(car!.price - 1500, site));

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
