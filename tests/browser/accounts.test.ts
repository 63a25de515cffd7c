/**
 * Shopper accounts in Chromium on a built demo dealer, against the platform's own API: a
 * signed-out shopper sent from My Garage to sign-in and back; signing in with the code from the
 * email the server wrote to the dealer's outbox mail folder; the cars saved before signing in
 * joining the account; another browser seeing them once signed in there, and a car saved there
 * reaching the first; signing out. My Garage is checked with axe at 390 px. The alert emails a
 * stock import sends are in stock-alerts.test.ts, which runs when no other file is looking.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountLinkKey } from '../../src/saved-cars/model/account-sync';
import { DESKTOP, demoOrigin, launchBrowser, newShopperContext, openPage } from './browser';
import { garageCars, savedIds, saveFromSearch } from './garage';
import { signInByCode as signIn } from './sign-in';

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

const storedIds = (page: Page) => savedIds(page, SLUG);
const saveCarsFromSearch = (page: Page, count: number) => saveFromSearch(page, `${demoOrigin(SLUG)}${SEARCH}`, count);
const linked = (page: Page) => page.evaluate((key) => localStorage.getItem(key) !== null, accountLinkKey(SLUG));

const signInByCode = (page: Page, email: string) => signIn(page, SLUG, email);

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
});
