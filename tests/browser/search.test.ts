/**
 * The search pages in Chromium against the built demo dealer and the embedded search API:
 * deep URLs, refining, paging, sorting, the mobile drawer, a search service that goes down and
 * comes back, the header search, the shell page for unbuilt paths, and axe.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadDealer } from '../../src/platform/config/load';
import { defaultSearchPath } from '../../src/search/model/search-path';
import { blockOutsideRequests, demoOrigin, launchBrowser, watchErrors } from './browser';
import { get } from './http';

const SLUG = 'kingfisher-toyota';
const DEFAULT_PATH = '/search/new-used-and-demo-cars';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

interface Opened {
  page: Page;
  errors: string[];
}

async function open(path: string, viewport = { width: 1280, height: 900 }, slug = SLUG): Promise<Opened> {
  const context = await browser.newContext({ viewport, ...(viewport.width < 600 ? { isMobile: true, hasTouch: true } : {}) });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await blockOutsideRequests(page);
  await page.goto(`${demoOrigin(slug)}${path}`);
  // The island is live once InstantSearch has hydrated and the Filters button answers.
  await page.waitForFunction(() => document.querySelector('astro-island[ssr]') === null);
  return { page, errors };
}

const countText = (page: Page) => page.getByRole('status').filter({ hasText: /vehicles?$/ });
async function shownCount(page: Page): Promise<number> {
  const text = (await countText(page).textContent()) ?? '';
  return Number(text.replace(/[^\d]/g, ''));
}
const pathAndQuery = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};
const pageLink = (page: Page, n: number) => page.getByRole('link', { name: `Page ${n}`, exact: true });
const checkbox = (page: Page, value: string) => page.getByRole('checkbox', { name: new RegExp(`^${value} \\d`) });
const cards = (page: Page) => page.getByRole('article');

async function axeViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('search pages', () => {
  it('opens a deep URL with every widget showing it', async () => {
    const { page, errors } = await open('/search/used-cars?make=Toyota&page=2');
    // The page was prerendered for /search/used-cars; the island follows the rest of the URL.
    await expect.poll(() => checkbox(page, 'Toyota').isChecked()).toBe(true);
    expect(await checkbox(page, 'Used').isChecked()).toBe(true);
    expect(await checkbox(page, 'New').isChecked()).toBe(false);
    await expect.poll(() => pageLink(page, 2).getAttribute('aria-current')).toBe('page');
    expect(await page.getByRole('button', { name: 'Remove Condition: Used' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Remove Make: Toyota' }).isVisible()).toBe(true);
    expect(await page.getByRole('combobox', { name: 'Sort by' }).inputValue()).toBe(SLUG);
    await expect.poll(() => shownCount(page)).toBeGreaterThan(21);
    await expect.poll(() => cards(page).count()).toBe(21);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toMatch(/Used.*Toyota/);
    expect(pathAndQuery(page)).toBe('/search/used-cars?make=Toyota&page=2');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('prerenders the first page of results into the HTML', async () => {
    const response = await get(SLUG, '/search/used-cars');
    const html = response.body;
    expect(response.status).toBe(200);
    expect(html).toContain('<link rel="canonical" href="https://');
    expect(html).toMatch(/<h1>Used Cars[^<]*<\/h1>/);
    expect(html.match(/<article class="car-card"/g)?.length).toBe(21);
  });

  it('refines by make to the SEO path, and back again', async () => {
    const { page, errors } = await open(DEFAULT_PATH);
    // Issue 30: the first interaction sent an extra search with no filter, outside the site's listing.
    const sent: { filter?: unknown }[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/multi-search')) sent.push(...(request.postDataJSON() as { queries: { filter?: unknown }[] }).queries);
    });
    const before = await shownCount(page);
    await checkbox(page, 'Mazda').check();
    await expect.poll(() => pathAndQuery(page)).toBe('/search/mazda');
    await expect.poll(() => sent.length).toBeGreaterThan(0);
    for (const query of sent) expect(JSON.stringify(query.filter), JSON.stringify(query)).toContain('status IN');
    await expect.poll(() => shownCount(page)).not.toBe(before);
    expect(await shownCount(page)).toBeLessThan(before);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toMatch(/Mazda/);
    await page.goBack();
    await expect.poll(() => pathAndQuery(page)).toBe(DEFAULT_PATH);
    await expect.poll(() => shownCount(page)).toBe(before);
    expect(await checkbox(page, 'Mazda').isChecked()).toBe(false);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('pages and sorts', async () => {
    const { page, errors } = await open('/search/used-cars');
    const firstOnPage1 = await cards(page).first().getByRole('link').textContent();
    await pageLink(page, 2).click();
    await expect.poll(() => pathAndQuery(page)).toBe('/search/used-cars?page=2');
    await expect.poll(() => pageLink(page, 2).getAttribute('aria-current')).toBe('page');
    await expect.poll(() => cards(page).first().getByRole('link').textContent()).not.toBe(firstOnPage1);

    await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Price: low to high' });
    await expect.poll(() => pathAndQuery(page)).toBe('/search/used-cars?sortBy=price:asc');
    await expect
      .poll(async () => {
        const prices = await page.locator('.car-card-price').allTextContents();
        const numbers = prices.map((p) => Number(p.replace(/[^\d]/g, ''))).filter((n) => n > 0);
        return numbers.length > 3 && numbers.every((n, i) => i === 0 || (numbers[i - 1] ?? 0) <= n);
      })
      .toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("filters in the phone drawer, with a 'Show Me N vehicles' button", async () => {
    const { page, errors } = await open('/search/used-cars', { width: 390, height: 844 });
    const total = await shownCount(page);
    await page.getByRole('button', { name: /^Filters/ }).click();
    const drawer = page.getByRole('dialog', { name: 'Filter results' });
    await expect.poll(() => drawer.isVisible()).toBe(true);
    const showMe = drawer.getByRole('button', { name: /^Show Me [\d,]+ vehicles?$/ });
    expect(await showMe.textContent()).toBe(`Show Me ${total.toLocaleString('en-AU')} vehicles`);
    expect(await axeViolations(page)).toEqual([]);

    await drawer.getByRole('checkbox', { name: /^Mazda \d/ }).check();
    await expect.poll(() => shownCount(page)).not.toBe(total);
    const mazdas = await shownCount(page);
    // The count runs to the new number over a second.
    await expect.poll(() => showMe.textContent()).toBe(`Show Me ${mazdas} vehicles`);
    await showMe.click();
    await expect.poll(() => drawer.isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: /^Filters/ }).getAttribute('aria-expanded')).toBe('false');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('keeps the last results and count when search is down, says so, retries, and recovers', async () => {
    const { page, errors } = await open('/search/used-cars');
    const before = await shownCount(page);
    const firstCar = await cards(page).first().getByRole('link').textContent();
    let attempts = 0;
    await page.route('**/api/search/**', (route) => {
      attempts += 1;
      return route.abort();
    });
    await checkbox(page, 'Mazda').check();
    const alert = page.getByRole('alert').filter({ hasText: 'We couldn’t update the results' });
    await expect.poll(() => alert.isVisible()).toBe(true);
    expect(await shownCount(page)).toBe(before);
    expect(await cards(page).first().getByRole('link').textContent()).toBe(firstCar);

    // It tries again on its own, and keeps showing what it had while it fails.
    const failed = attempts;
    await expect.poll(() => attempts, { timeout: 10_000 }).toBeGreaterThan(failed);
    await expect.poll(() => alert.getByRole('button', { name: 'Retry' }).isEnabled()).toBe(true);
    expect(await shownCount(page)).toBe(before);

    await page.unroute('**/api/search/**');
    await alert.getByRole('button', { name: 'Retry' }).click();
    await expect.poll(() => alert.isVisible()).toBe(false);
    await expect.poll(() => shownCount(page)).toBeLessThan(before);
    expect(await cards(page).first().getByRole('link').textContent()).toMatch(/Mazda/);
    // Only the failed requests themselves may have complained.
    expect(errors.filter((e) => !/ERR_FAILED|MeilisearchRequestError|Failed to fetch|has failed/.test(e))).toEqual([]);
    await page.context().close();
  });

  it('reads ?query= on the header search page', async () => {
    const { page, errors } = await open('/search?query=corolla');
    await expect.poll(() => page.getByRole('button', { name: 'Remove Search: corolla' }).isVisible()).toBe(true);
    await expect.poll(() => cards(page).first().getByRole('link').textContent()).toMatch(/Corolla/);
    expect(await page.getByRole('searchbox', { name: 'Keyword or stock number' }).inputValue()).toBe('corolla');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('reads shoppers’ words from the header search as filters, keeping the rest as the query', async () => {
    const { page, errors } = await open('/');
    await page.getByRole('combobox', { name: 'Search stock' }).fill('used suv');
    await page.getByRole('combobox', { name: 'Search stock' }).press('Enter');
    await expect.poll(() => pathAndQuery(page), { timeout: 10_000 }).toBe('/search/used-cars?body=SUV');
    await expect.poll(() => page.getByRole('button', { name: 'Remove Body type: SUV' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Remove Condition: Used' }).isVisible()).toBe(true);
    await expect.poll(() => cards(page).count()).toBe(21);
    expect(await shownCount(page)).toBeGreaterThan(21);

    // Words it does not know stay the query; a price becomes the price range.
    await page.goto(`${demoOrigin(SLUG)}/search?query=diesel+hilux+under+60k`);
    await expect.poll(() => pathAndQuery(page), { timeout: 10_000 }).toBe(`${DEFAULT_PATH}?query=hilux&fuel=Diesel&range[price]=:60000`);
    await expect.poll(() => cards(page).first().getByRole('link').textContent()).toMatch(/HiLux/i);

    // Words that would find nothing as filters fall back to the query as typed.
    await page.goto(`${demoOrigin(SLUG)}/search?query=electric+ute+under+5k`);
    await expect.poll(() => page.getByRole('button', { name: 'Remove Search: electric ute under 5k' }).isVisible(), { timeout: 10_000 }).toBe(true);
    expect(pathAndQuery(page)).toBe(`${DEFAULT_PATH}?query=electric+ute+under+5k`);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('never paints the wrong cars for a filtered or later-page link: a loading state of the same size first', async () => {
    for (const path of ['/search/used-cars?range[price]=:20000', '/search/new-used-and-demo-cars?page=2']) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      await blockOutsideRequests(page);
      // Hold the search answer so the first paint can be looked at before it arrives.
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/search/**', async (route) => {
        await held;
        await route.continue();
      });
      await page.addInitScript(() => {
        const shifts: number[] = [];
        (window as unknown as { shifts: number[] }).shifts = shifts;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) if (!entry.hadRecentInput) shifts.push(entry.value);
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await page.goto(`${demoOrigin(SLUG)}${path}`);
      await page.waitForFunction(() => document.querySelector('astro-island[ssr]') === null);
      // The prerendered cars are another search's: none of them shows while the right ones load.
      expect(await page.evaluate(() => document.documentElement.dataset.searchPending), path).toBe('');
      expect(await cards(page).first().isVisible(), path).toBe(false);
      release();
      await expect.poll(() => cards(page).first().isVisible(), { message: path }).toBe(true);
      if (path.includes('price')) {
        // Each card's price: none above the link's $20,000.
        const prices = await cards(page).evaluateAll((articles) =>
          articles.map((a) => Number(/\$([\d,]+)/.exec(a.querySelector('.car-card-price')?.textContent ?? '')?.[1]?.replace(/,/g, ''))),
        );
        expect(prices.length).toBeGreaterThan(0);
        expect(
          prices.every((price) => !(price > 20_000)),
          prices.join(', '),
        ).toBe(true);
      } else await expect.poll(() => pageLink(page, 2).getAttribute('aria-current'), { message: path }).toBe('page');
      const shifted = await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts.reduce((a, b) => a + b, 0));
      expect(shifted, path).toBeLessThan(0.05);
      await context.close();
    }
  });

  it('paints the prerendered cars at once where the address is the prerendered search', async () => {
    const { page } = await open('/search/used-cars?utm_source=newsletter');
    expect(await page.evaluate(() => document.documentElement.dataset.searchPending)).toBeUndefined();
    expect(await cards(page).first().isVisible()).toBe(true);
    await page.context().close();
  });

  it('serves an unbuilt search path with the shell, which searches for it and settles on its SEO path', async () => {
    // No build lists /search/used-cars-toyota (this dealer's paths have no car type + make pattern).
    const { page, errors } = await open('/search/used-cars-toyota');
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    await expect.poll(() => checkbox(page, 'Toyota').isChecked()).toBe(true);
    expect(await checkbox(page, 'Used').isChecked()).toBe(true);
    await expect.poll(() => pathAndQuery(page)).toBe('/search/used-cars?make=Toyota');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toMatch(/Used.*Toyota/);
    await expect.poll(() => page.title()).toMatch(/^Used.*Toyota/);
    // Its canonical is the page's own clean URL, never the shell's.
    const home = new URL('/', loadDealer(SLUG).url).href;
    await expect.poll(() => page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${home}search/used-cars`);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  // Issue 30: an unknown search path became a make filter with a garbled title.
  it('searches for the words of a path that names no make in stock, with an honest heading', async () => {
    const { page, errors } = await open('/search/qwerty-asdf');
    await expect.poll(() => new URL(page.url()).searchParams.get('query')).toBe('qwerty asdf');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Search results for “qwerty asdf”');
    expect(await page.title()).toMatch(/^Search results for “qwerty asdf”/);
    expect(await checkbox(page, 'Qwerty Asdf').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('has no axe violations and no console or CSP errors on a landing page', async () => {
    const { page, errors } = await open('/search/suv');
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

// The desktop page is checked with every other page type in accessibility.test.ts.
describe.each(inject('demoDealers'))('%s default search page', (slug) => {
  it('has no axe violations and no console or CSP errors in the phone drawer', async () => {
    const path = defaultSearchPath(loadDealer(slug));
    const phone = await open(path, { width: 390, height: 844 }, slug);
    await phone.page.getByRole('button', { name: /^Filters/ }).click();
    await expect.poll(() => phone.page.getByRole('dialog', { name: 'Filter results' }).isVisible()).toBe(true);
    expect(await axeViolations(phone.page)).toEqual([]);
    expect(phone.errors).toEqual([]);
    await phone.page.context().close();
  });
});
