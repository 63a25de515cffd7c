/**
 * The account pages in Chromium against a stand-in for the account API (./fake-account-api.ts):
 * sign-in by code, by emailed link and when already signed in; the gate's retry; My Garage's
 * sections (contact request with its opt-in, removing a car, saved searches, alerts with their
 * consent words, deleting the account, signing out everywhere); 'Save this search' signed in and
 * out; unsubscribe. Live prices come from the real search API. The same pages against the real
 * account API: ./accounts.test.ts.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALERT_CONSENT_WORDING } from '../../src/accounts/model/paths';
import { accountLinkKey } from '../../src/saved-cars/model/account-sync';
import { savedCarOf, savedListKey, type SavedCar } from '../../src/saved-cars/model/saved-list';
import { loadDealer } from '../../src/platform/config/load';
import { loadStock } from '../../src/stock/server/store';
import { blockOutsideRequests, demoOrigin, launchBrowser, watchErrors } from './browser';
import { CODE, FakeAccountApi, TOKEN } from './fake-account-api';

const SLUG = 'kingfisher-toyota';
const SEARCH = '/search/new-used-and-demo-cars';
const stock = loadStock(loadDealer(SLUG)).filter((car) => car.status === 'in_stock');
const savedOf = (index: number): SavedCar => savedCarOf(stock[index])!;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

async function open(
  pagePath: string,
  api: FakeAccountApi,
  viewport = { width: 1280, height: 900 },
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport, ...(viewport.width < 600 ? { isMobile: true, hasTouch: true } : {}) });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await blockOutsideRequests(page);
  await api.attach(page);
  page.setDefaultTimeout(30_000);
  await page.goto(`${demoOrigin(SLUG)}${pagePath}`);
  return { context, page, errors };
}

const storedIds = (page: Page) =>
  page.evaluate((key) => (JSON.parse(localStorage.getItem(key) ?? '[]') as { id: string }[]).map((car) => car.id), savedListKey(SLUG));
const linked = (page: Page) => page.evaluate((key) => localStorage.getItem(key) !== null, accountLinkKey(SLUG));
const violations = async (page: Page) =>
  (await new AxeBuilder({ page }).analyze()).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe('sign-in', () => {
  it('asks for the email then the code, refusing each beside its field, and goes on with the device’s cars merged', async () => {
    const api = new FakeAccountApi();
    api.redirect = '/finance';
    const { context, page, errors } = await open('/sign-in?type=finance&redirect=%2Ffinance&back=%2Ffavourites', api, { width: 390, height: 844 });
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Sign in for your finance quote');
    expect(await page.getByRole('link', { name: 'Back', exact: true }).getAttribute('href')).toBe('/favourites');
    await page.evaluate(([key, car]) => localStorage.setItem(key, JSON.stringify([car])), [savedListKey(SLUG), savedOf(0)] as const);

    await page.getByRole('button', { name: 'Email me a code' }).click();
    await expect.poll(() => page.getByText('*This is a required field.').isVisible()).toBe(true);
    expect(await page.getByLabel('Email', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('sign-in-email');
    expect(api.sent('POST /api/account/sign-in')).toEqual([]);

    await page.getByLabel('Email', { exact: true }).fill(' Jo@Example.com ');
    await page.getByRole('button', { name: 'Email me a code' }).click();
    const code = page.getByLabel('6-digit code');
    await code.waitFor({ state: 'visible' });
    expect(api.sent('POST /api/account/sign-in')).toEqual([{ email: 'jo@example.com', type: 'finance', redirect: '/finance' }]);
    expect(await page.getByText('jo@example.com', { exact: true }).isVisible()).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('sign-in-code');
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    expect(await violations(page)).toEqual([]);

    await code.fill('111111');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect.poll(() => page.locator('#sign-in-code-error').textContent()).toBe('That code is not right, or has expired.');

    await code.fill(`${CODE.slice(0, 3)} ${CODE.slice(3)}`);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(/\/finance$/);
    expect(api.sent('POST /api/account/verify').at(-1)).toEqual({ email: 'jo@example.com', code: CODE });
    expect(api.sent('POST /api/account/saved-cars/merge')).toEqual([{ cars: [savedOf(0)] }]);
    expect(await linked(page)).toBe(true);
    expect(errors.filter((e) => !e.includes('400'))).toEqual([]);
    await context.close();
  });

  it('signs in from the emailed link at once, taking the token out of the address', async () => {
    const api = new FakeAccountApi();
    api.redirect = '/compare';
    const { context, page } = await open(`/sign-in?token=${TOKEN}&redirect=%2Fcompare`, api);
    await page.waitForURL(/\/compare$/);
    expect(api.sent('POST /api/account/verify')).toEqual([{ token: TOKEN }]);
    await page.goBack();
    expect(page.url()).not.toContain('token=');
    await context.close();
  });

  it('sends a shopper already signed in straight on', async () => {
    const api = new FakeAccountApi();
    api.signedIn = true;
    const { context, page } = await open('/sign-in?type=my-garage&redirect=%2Ffavourites', api);
    await page.waitForURL(/\/favourites$/);
    await context.close();
  });
});

describe('the gate', () => {
  it('keeps My Garage hidden while it cannot ask, and opens it on Try again', async () => {
    const api = new FakeAccountApi();
    api.signedIn = true;
    api.sessionFailures = 1;
    const { context, page } = await open('/my-garage', api);
    const alert = page.getByRole('alert').filter({ hasText: 'could not check whether you are signed in' });
    await expect.poll(() => alert.isVisible()).toBe(true);
    expect(await page.locator('[data-gate-content]').isHidden()).toBe(true);
    expect(await page.getByText(api.email).count()).toBe(0);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => page.getByText(api.email, { exact: true }).isVisible()).toBe(true);
    expect(await alert.isVisible()).toBe(false);
    await context.close();
  });
});

describe('My Garage', () => {
  it('shows the account’s cars with live prices, asks the dealer with an explicit yes, and keeps changes on the account', async () => {
    const api = new FakeAccountApi();
    api.signedIn = true;
    api.cars = [savedOf(0), savedOf(1)];
    api.searches = [{ id: 's1', name: 'Utes', path: '/search/ute', alerts: false, created_at: '2026-01-01T00:00:00Z' }];
    const { context, page, errors } = await open('/my-garage', api, { width: 390, height: 844 });
    const cars = page.getByRole('region', { name: 'Saved cars' });
    await expect.poll(() => cars.getByRole('heading', { level: 3 }).count()).toBe(2);
    await expect.poll(() => cars.getByText(/^\$[\d,]+/).count()).toBe(2);
    expect(await storedIds(page)).toEqual([savedOf(0).id, savedOf(1).id]);

    // Contact me: refused until the box is ticked, then sent with the yes and the phone.
    const first = cars.getByRole('listitem').first();
    await first.getByText('Ask the dealer to contact me about this car').click();
    await first.getByRole('button', { name: 'Send to the dealer' }).click();
    await expect.poll(() => first.getByText('Tick the box so the dealer may contact you.').isVisible()).toBe(true);
    expect(api.sent('POST /api/account/interest')).toEqual([]);
    await first.getByRole('checkbox').check();
    await first.getByLabel('Phone (optional)').fill('0412 345 678');
    await first.getByRole('button', { name: 'Send to the dealer' }).click();
    await expect.poll(() => first.getByText(/^Sent\./).isVisible()).toBe(true);
    expect(api.sent('POST /api/account/interest')).toEqual([{ car_id: savedOf(0).id, opt_in: true, phone: '0412 345 678' }]);
    const enquiries = page.getByRole('region', { name: 'Your enquiries' });
    await expect.poll(() => enquiries.getByRole('link', { name: savedOf(0).name }).isVisible()).toBe(true);

    // Removing a car: gone here, and the account gets the new list a moment later.
    await cars.getByRole('button', { name: `Remove ${savedOf(1).name}` }).click();
    await expect.poll(() => cars.getByRole('heading', { level: 3 }).count()).toBe(1);
    await expect.poll(() => api.sent('PUT /api/account/saved-cars')).toEqual([{ cars: [savedOf(0)] }]);

    // Saved searches: rename, alerts, delete.
    const searches = page.getByRole('region', { name: 'Saved searches' });
    await searches.getByRole('button', { name: 'Rename Utes' }).click();
    await searches.getByLabel('Name', { exact: true }).fill('');
    await searches.getByRole('button', { name: 'Save name' }).click();
    await expect.poll(() => searches.getByText('*This is a required field.').isVisible()).toBe(true);
    await searches.getByLabel('Name', { exact: true }).fill('Cheap utes');
    await searches.getByRole('button', { name: 'Save name' }).click();
    await expect.poll(() => searches.getByRole('link', { name: 'Cheap utes' }).isVisible()).toBe(true);
    await searches.getByRole('checkbox', { name: 'Email me new matches for Cheap utes' }).check();
    await expect.poll(() => api.searches[0]?.alerts).toBe(true);
    expect(api.sent('PATCH /api/account/saved-searches/s1')).toEqual([{ name: 'Cheap utes' }, { alerts: true }]);

    // Car alerts: the words beside the box go with the change, as the consent.
    await page.getByRole('checkbox', { name: ALERT_CONSENT_WORDING }).check();
    await expect.poll(() => page.getByText(/^You agreed to alert emails on/).isVisible()).toBe(true);
    expect(api.sent('PUT /api/account/alerts')).toEqual([{ car_alerts: true, wording: ALERT_CONSENT_WORDING, page: '/my-garage' }]);

    expect(await overflow(page)).toBeLessThanOrEqual(0);
    expect(await violations(page)).toEqual([]);

    await searches.getByRole('button', { name: 'Delete Cheap utes' }).click();
    await expect.poll(() => searches.getByText('No saved searches yet.', { exact: false }).isVisible()).toBe(true);

    // Deleting the account: a confirm step, then what went and what stays; nothing of it left here.
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await page.getByRole('button', { name: 'Yes, delete my account' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Your account is deleted' }).isVisible()).toBe(true);
    expect(await page.getByText('1 saved car', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText(/Enquiries you sent stay with the dealer/).isVisible()).toBe(true);
    expect(await page.getByText(api.email).count()).toBe(0);
    expect(await linked(page)).toBe(false);
    expect(await storedIds(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('signs out of every browser and says how many', async () => {
    const api = new FakeAccountApi();
    api.signedIn = true;
    const { context, page } = await open('/my-garage', api);
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'You are signed out' }).isVisible()).toBe(true);
    expect(await page.getByText('Signed out of 3 browsers, this one included.').isVisible()).toBe(true);
    await context.close();
  });
});

describe('save this search', () => {
  async function searchPage(api: FakeAccountApi) {
    const opened = await open(SEARCH, api);
    await opened.page.waitForFunction(() => document.querySelector('astro-island[ssr]') === null);
    return opened;
  }

  it('sends a signed-out shopper to sign-in and back to the search', async () => {
    const { context, page } = await searchPage(new FakeAccountApi());
    await page.getByRole('button', { name: 'Save this search' }).click();
    await page.waitForURL(/\/sign-in\?/);
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ type: 'my-garage', redirect: SEARCH, back: SEARCH });
    await context.close();
  });

  it('names and saves the search for a signed-in shopper', async () => {
    const api = new FakeAccountApi();
    api.signedIn = true;
    const { context, page, errors } = await searchPage(api);
    await page.getByRole('button', { name: 'Save this search' }).click();
    const name = page.getByLabel('Name this search');
    await name.waitFor({ state: 'visible' });
    expect(await name.inputValue()).toBe((await page.getByRole('heading', { level: 1 }).textContent())?.trim());
    await name.fill('Everything');
    await page.getByRole('button', { name: 'Save search' }).click();
    await expect.poll(() => page.getByText('Saved “Everything” to My Garage.').isVisible()).toBe(true);
    expect(api.sent('POST /api/account/saved-searches')).toEqual([{ name: 'Everything', path: SEARCH, alerts: false }]);
    expect(await violations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('unsubscribe', () => {
  it('turns alerts off on a press, and says what a link without its token cannot do', async () => {
    const api = new FakeAccountApi();
    const bare = await open('/unsubscribe', api);
    await expect.poll(() => bare.page.getByText(/This unsubscribe link is incomplete/).isVisible()).toBe(true);
    expect(await bare.page.getByRole('button', { name: 'Turn off alert emails' }).isDisabled()).toBe(true);
    await bare.context.close();

    const { context, page } = await open(`/unsubscribe?token=${TOKEN}`, api);
    expect(api.requests).toEqual([]);
    await page.getByRole('button', { name: 'Turn off alert emails' }).click();
    await expect.poll(() => page.getByText(/^Done: alert emails are off/).isVisible()).toBe(true);
    expect(api.requests.map((r) => `${r.method} ${r.path}`)).toEqual([`POST /api/account/unsubscribe?token=${TOKEN}`]);
    await context.close();
  });
});
