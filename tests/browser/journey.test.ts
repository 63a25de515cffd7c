/**
 * The shopper's way to a car, end to end on every demo dealer, with no mocks: the home hero, the
 * header search or a menu link lead to filtered results on their SEO path; the shopper pages
 * through them, opens a car, and lands on its finance and trade-in links. Search answers come
 * from the embedded engine behind /api/search, exactly as `npm start` serves it.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadDealer } from '../../src/platform/config/load';
import { defaultSearchPath } from '../../src/search/model/search-path';
import { blockOutsideRequests, demoOrigin, launchBrowser, watchErrors } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const carLinks = (page: Page) => page.locator('article.car-card h3 a');

/** The result count the page announces, as a number. */
async function resultCount(page: Page): Promise<number> {
  const status = page.locator('.result-count');
  await expect.poll(async () => /\d/.test((await status.textContent()) ?? '')).toBe(true);
  return Number(/([\d,]+)/.exec((await status.textContent()) ?? '')?.[1]?.replace(/,/g, '') ?? NaN);
}

describe.each(inject('demoDealers'))('%s', (slug) => {
  const site = loadDealer(slug);
  const searchPath = defaultSearchPath(site);

  it('hero → filtered results → page 2 → car → finance and trade-in', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await blockOutsideRequests(page);
    const errors = watchErrors(page);
    await page.goto(`${demoOrigin(slug)}/`);

    // Makes come from live stock; choose the first real one and search.
    const make = page.getByLabel('Make', { exact: true });
    await make.focus();
    await expect.poll(async () => make.locator('option').count()).toBeGreaterThan(1);
    const chosen = (await make.locator('option').nth(1).getAttribute('value')) ?? '';
    expect(chosen).not.toBe('');
    await make.selectOption(chosen);
    await page.locator('#hero-stock button[type="submit"]').click();
    await page.waitForURL((url) => url.pathname !== '/');
    const url = new URL(page.url());
    // The make is in the SEO path or in the query string, never lost.
    expect(decodeURIComponent(url.pathname + url.search).toLowerCase()).toMatch(new RegExp(chosen.toLowerCase().replace(/[^a-z0-9]+/g, '.?')));
    const total = await resultCount(page);
    expect(total).toBeGreaterThan(0);
    await expect.poll(async () => carLinks(page).count()).toBeGreaterThan(0);

    // Page 2 when there is one, else stay on page 1.
    if (total > 21) {
      const firstOnPage1 = await carLinks(page).first().getAttribute('href');
      await page.getByRole('navigation', { name: 'Pages of results' }).getByRole('link', { name: 'Page 2', exact: true }).click();
      await page.waitForURL((u) => u.searchParams.get('page') === '2');
      await expect.poll(async () => carLinks(page).first().getAttribute('href')).not.toBe(firstOnPage1);
    }

    // Open a car.
    expect(await carLinks(page).first().getAttribute('href')).toMatch(/^\/cars\/[a-z0-9-]+$/);
    await carLinks(page).first().click();
    await page.waitForURL((u) => u.pathname.startsWith('/cars/'));
    await expect.poll(async () => page.getByRole('heading', { level: 1 }).textContent()).toBeTruthy();

    // Its trade-in link, then its finance link, which carries the car to the finance form.
    const tradeIn = page.locator('a[href^="/cars/trade-in?car_id="]').first();
    const tradeInHref = (await tradeIn.getAttribute('href')) ?? '';
    await page.goto(`${demoOrigin(slug)}${tradeInHref}`);
    expect(new URL(page.url()).searchParams.get('car_id')).toMatch(/^\d+$/);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toMatch(/trade/i);
    await page.goBack();
    const finance = page.locator('a[href^="/finance?"]').first();
    const financeHref = (await finance.getAttribute('href')) ?? '';
    expect(financeHref).toContain('car_id=');
    await finance.click();
    await page.waitForURL((u) => u.pathname === '/finance' && u.hash === '#finance-form');
    expect(await page.locator('#finance-form').count()).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('header search and a menu link lead to results', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await blockOutsideRequests(page);
    const errors = watchErrors(page);
    await page.goto(`${demoOrigin(slug)}/contact`);
    const box = page.getByRole('combobox').first();
    const word = site.manufacturer?.name ?? (slug === 'lone-star-auto' ? 'Ford' : 'Toyota');
    await box.fill(word);
    // Enter with no suggestion chosen submits the search; a make's name is read as the make, so
    // the page settles on the make's own search path.
    await box.press('Enter');
    await page.waitForURL((u) => u.pathname === `/search/${word.toLowerCase()}` && !u.searchParams.has('query'));
    expect(await resultCount(page)).toBeGreaterThan(0);

    // The first header link that goes to a search page.
    await page.goto(`${demoOrigin(slug)}/`);
    const menuLink = page.locator(`header a[href^="/search/"], header a[href="${searchPath}"]`).first();
    const href = (await menuLink.getAttribute('href')) ?? '';
    expect(href).not.toBe('');
    await page.goto(`${demoOrigin(slug)}${href}`);
    expect(await resultCount(page)).toBeGreaterThan(0);
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(new URL(href.split('?')[0] ?? '', site.url).href);
    expect(errors).toEqual([]);
    await page.close();
  });
});
