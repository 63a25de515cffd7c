/**
 * The dealer's live data drawn into built pages after load.
 *
 * "Session data gives navigation and special_hours, fetched cached with no revalidation on
 * focus." "Car-types query: counts of stock per type, keeping types with count above 0; falls
 * back to configured counts on failure." "Default stock dropdown depends on car types with
 * stock: Used (or Pre-Owned), Demo, New, plus Electric Cars and All Cars by config."
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDealer } from '../../src/platform/config/load';
import { sortLocations } from '../../src/dealer/model/locations';
import { blockOutsideRequests, demoOrigin, fixtureOrigin, launchBrowser, watchErrors } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const slug = 'kingfisher-toyota';
const site = loadDealer(slug);
const location = sortLocations(site.locations)[0]!;
const inThreeDays = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);

/** A page whose /api/session-data answers `body`, counting the requests it makes. */
async function withSessionData(body: object): Promise<{ page: Page; asked: () => number; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const errors = watchErrors(page);
  await blockOutsideRequests(page);
  let count = 0;
  await page.route('**/api/session-data', (route) => {
    count++;
    return route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(body) });
  });
  return { page, asked: () => count, errors };
}

describe('live dealer data', () => {
  it('shows holiday hours entered in the dashboard after the build, without moving the page, and asks once per tab', async () => {
    const header = [{ name: 'Holiday Sale', url: '/search/used-cars', target: '_self', dropdownItems: [], dropdownMenus: [] }, ...site.navigation.header];
    const footer = [
      { name: 'Dashboard Links', target: '_self', dropdownItems: [{ name: 'Holiday Trading', url: '/contact', target: '_self' }], dropdownMenus: [] },
    ];
    const { page, asked, errors } = await withSessionData({
      navigation: { header, footer },
      special_hours: [{ date: inThreeDays, name: 'Dashboard Holiday', status: 'Closed', location_id: location.id }],
      source: 'dashboard',
    });
    await page.goto(`${demoOrigin(slug)}/our-location/${location.slug}`);
    const block = page.locator('[data-holiday-hours]');
    const before = await block.boundingBox();
    await expect.poll(() => block.textContent()).toContain('Dashboard Holiday');
    expect(await block.boundingBox()).toEqual(before);
    await page.getByRole('button', { name: 'Holiday Hours' }).click();
    await expect.poll(() => page.getByRole('dialog').textContent()).toContain('Closed');
    await page.keyboard.press('Escape');

    // The header menu is the dashboard's, and its dropdowns still open.
    await expect.poll(() => page.locator('.site-nav .menu > li').first().textContent()).toBe('Holiday Sale');
    const toggle = page.locator('.site-nav .menu-toggle').first();
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');

    // So is the footer's, column by column.
    await expect.poll(() => page.locator('.footer-columns .footer-heading').allTextContents()).toEqual(['Dashboard Links']);
    expect(await page.locator('.footer-columns').getByRole('link', { name: 'Holiday Trading' }).getAttribute('href')).toBe('/contact');

    // Another page of the same tab, and the tab regaining focus, use the copy already fetched.
    await page.goto(`${demoOrigin(slug)}/contact`);
    await expect.poll(() => page.locator('.site-nav .menu > li').first().textContent()).toBe('Holiday Sale');
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    expect(asked()).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('keeps the built hours and menu when the live data cannot be had', async () => {
    const page = await browser.newPage();
    const errors = watchErrors(page);
    await blockOutsideRequests(page);
    await page.route('**/api/session-data', (route) => route.fulfill({ status: 503, body: '{}' }));
    await page.goto(`${demoOrigin(slug)}/our-location/${location.slug}`);
    await page.waitForLoadState('load');
    expect(await page.locator('.site-nav .menu > li').first().textContent()).toContain(site.navigation.header[0]!.name);
    expect(errors.filter((e) => !e.includes('503'))).toEqual([]);
    await page.close();
  });

  it('shows the stock menu links for the car types the live counts have in stock', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await blockOutsideRequests(page);
    let answer = () => route200({ car_types: [{ car_type: 'demo', count: 4 }], source: 'search' });
    await page.route('**/api/car-types', (route) => route.fulfill(answer()));
    await page.route('**/api/session-data', (route) => route.fulfill({ status: 503, body: '{}' }));
    await page.goto(`${fixtureOrigin('fixture-motors')}/contact`);
    await page.getByRole('button', { name: 'Stock' }).click();
    const links = () => page.locator('#site-nav .dropdown-list').last().getByRole('link').allTextContents();
    await expect.poll(links).toEqual(['Demo Cars', 'Electric Cars', 'All Cars']);

    // A failing count leaves the configured counts, which name no car type here: all three are offered.
    const tab = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await blockOutsideRequests(tab);
    answer = () => ({ status: 503, contentType: 'application/json', body: '{}' });
    await tab.route('**/api/car-types', (route) => route.fulfill(answer()));
    await tab.goto(`${fixtureOrigin('fixture-motors')}/contact`);
    await tab.waitForLoadState('load');
    await tab.getByRole('button', { name: 'Stock' }).click();
    expect(await tab.locator('#site-nav .dropdown-list').last().getByRole('link').allTextContents()).toEqual([
      'Pre-Owned Cars',
      'Demo Cars',
      'New Cars',
      'Electric Cars',
      'All Cars',
    ]);
    await tab.close();
    await page.close();
  });
});

const route200 = (body: object) => ({ status: 200, contentType: 'application/json', body: JSON.stringify(body) });

// "GET /api/reviews/snap21?orgId={orgId}: reads rating and stars." "Snap21 rating fetch failure: console only."
describe('the Snap21 rating where the dealer has one', () => {
  it('shows the live rating in the top banner, and on failure only tells the console', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = watchErrors(page);
    await blockOutsideRequests(page);
    const asked: string[] = [];
    await page.route('**/api/reviews/snap21*', (route) => {
      asked.push(new URL(route.request().url()).search);
      return route.fulfill(route200({ rating: 4.6, stars: 5 }));
    });
    await page.goto(`${fixtureOrigin('fixture-motors')}/contact`);
    const badge = page.getByRole('img', { name: 'Rated 4.6 out of 5 on Snap21' });
    await expect.poll(() => badge.isVisible()).toBe(true);
    expect(asked).toEqual(['?orgId=fixture-snap']);
    expect(errors).toEqual([]);

    const failing = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const failures = watchErrors(failing);
    await blockOutsideRequests(failing);
    await failing.route('**/api/reviews/snap21*', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"No Snap21 rating"}' }),
    );
    await failing.goto(`${fixtureOrigin('fixture-motors')}/contact`);
    await expect.poll(() => failures.some((e) => e.includes('Snap21 rating could not be fetched'))).toBe(true);
    expect(await failing.locator('[data-snap21]').evaluate((e) => getComputedStyle(e).visibility)).toBe('hidden');
    await failing.close();
    await page.close();
  });
});

// "Display formats vary by country and prefix."
describe("the dealer's phone", () => {
  it("is written in the country's format in the header and on location cards", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await blockOutsideRequests(page);
    await page.goto(`${demoOrigin('lone-star-auto')}/contact`);
    expect(await page.locator('.top-banner a[href^="tel:"]').first().textContent()).toMatch(/^\(\d{3}\) \d{3}-\d{4}$/);
    await page.goto(`${fixtureOrigin('fixture-motors')}/our-location/fixture-motors-sales`);
    expect(await page.locator('main a[href^="tel:"]').first().textContent()).toMatch(/\(07\) 3000 1234/);
    await page.close();
  });
});

// "One named dealer has a fixed contact page, reached by 'Enquire Now' on some weekend hours."
describe("the dealer's fixed contact page", () => {
  it("is offered as 'Enquire Now' beside the Saturday hours, and opens", async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 800 } });
    await blockOutsideRequests(page);
    await page.goto(`${fixtureOrigin('fixture-motors')}/contact`);
    const saturday = page.locator('main .hours-row', { hasText: 'Sat' }).first();
    await saturday.getByRole('link', { name: 'Enquire Now' }).click();
    await page.waitForURL('**/contact-us/fixture-motors');
    expect(await page.locator('main .hours-row', { hasText: 'Sun' }).first().getByRole('link', { name: 'Enquire Now' }).count()).toBe(0);
    await page.close();
  });
});
