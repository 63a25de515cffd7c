/**
 * Availability in a real browser: a shopper filters the search by availability, sees each car's
 * status (and when a car on its way arrives) on its card, and the same on the car's page.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDealer } from '../../src/platform/config/load';
import { defaultSearchPath } from '../../src/search/model/search-path';
import { loadStock } from '../../src/stock/server/store';
import { arrivalText } from '../../src/stock/model/car';
import { blockOutsideRequests, demoOrigin, launchBrowser, watchErrors } from './browser';

const SLUG = 'kingfisher-toyota';
const site = loadDealer(SLUG);
const inTransit = loadStock(site).filter((c) => c.status === 'in_transit');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe(`availability on ${SLUG}`, () => {
  it('filters the results to cars in transit, badges each card and says when the car arrives', async () => {
    expect(inTransit.length).toBeGreaterThan(0);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await blockOutsideRequests(page);
    await page.goto(`${demoOrigin(SLUG)}${defaultSearchPath(site)}`);
    await page.waitForFunction(() => document.querySelector('astro-island[ssr]') === null);

    const availability = page.getByRole('group', { name: 'Availability' });
    await availability.getByRole('checkbox', { name: /^In Transit \d/ }).check();
    await page.waitForURL((url) => url.searchParams.get('status') === 'in_transit');
    const status = page.getByRole('status').filter({ hasText: /vehicles?$/ });
    await expect.poll(async () => Number(((await status.textContent()) ?? '').replace(/[^\d]/g, ''))).toBe(inTransit.length);

    const cards = page.locator('article.car-card');
    await expect.poll(() => cards.count()).toBe(Math.min(inTransit.length, 21));
    for (const flags of await cards.getByRole('list', { name: 'Labels' }).all())
      expect(await flags.getByRole('listitem').allTextContents()).toContain('In Transit');

    // The first card's car, on its own page.
    const href = (await cards.first().locator('h3 a').getAttribute('href')) ?? '';
    const car = inTransit.find((c) => `/cars/${c.slug}` === href);
    if (!car) throw new Error(`${href} is not a car in transit`);
    const arriving = arrivalText(car, site.locale);
    expect(arriving).toMatch(/^Arriving \d{1,2} \w+ \d{4}$/);
    expect(await cards.first().getByRole('list', { name: 'Labels' }).getByRole('listitem').allTextContents()).toContain(arriving);
    await cards.first().locator('h3 a').click();
    await page.waitForURL((url) => url.pathname === href);
    await expect.poll(() => page.locator('[data-car-status]').textContent()).toBe('In Transit');
    expect(await page.locator('[data-car-arrival]').textContent()).toBe(arriving);
    expect(await page.locator('[data-car-arrival]').isVisible()).toBe(true);
    // A car not yet here cannot be reserved with a deposit.
    expect(await page.locator('[data-checkout-link]:visible').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
