/**
 * The header search autocomplete: an ARIA 1.2 combobox whose options are cars
 * from the stock, loaded on first use. Answers come from page.route mocks shaped like
 * Meilisearch's, so hostile names, prices at the 250 line and failures can be set up exactly.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockOutsideRequests, demoOrigin, launchBrowser, watchErrors } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const HOSTILE = '<img src=x onerror=alert(1)> RAV4 Cruiser';
const HITS = [
  { id: 1, name: '2023 Toyota RAV4 GXL Hybrid', slug: '2023-toyota-rav4-gxl-hybrid-1', price: 45_990, primary_image_url: '/stock-images/suv-white-1.svg' },
  { id: 2, name: HOSTILE, slug: 'hostile-rav4-2', price: 250, primary_image_url: 'javascript:alert(1)' },
  { id: 3, name: '2019 Toyota RAV4 GX', slug: '2019-toyota-rav4-gx-3', price: 0, thumbnails: ['/stock-images/suv-grey-1.svg'] },
];

const STOCK_WORDS = { make: { Toyota: 9 }, model: { RAV4: 3, HiLux: 6 }, body: { SUV: 3, Ute: 6 }, fuel: { Petrol: 9 } };

interface SentQuery {
  q?: string;
  filter?: unknown;
  sort?: string[];
  limit?: number;
}

async function open(options: { width?: number; hits?: unknown[]; status?: number; path?: string } = {}) {
  const { width = 1280, hits = HITS, status = 200, path = '/contact' } = options;
  const context = await browser.newContext({ viewport: { width, height: 900 }, ...(width < 600 ? { isMobile: true, hasTouch: true } : {}) });
  const page = await context.newPage();
  const errors = watchErrors(page);
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await blockOutsideRequests(page);
  const sent: SentQuery[] = [];
  await page.route('**/api/search/multi-search', async (route) => {
    const body = route.request().postDataJSON() as { queries: SentQuery[] };
    sent.push(...body.queries);
    if (status !== 200) return route.fulfill({ status, contentType: 'application/json', body: '{"message":"down","code":"internal"}' });
    const results = body.queries.map((query) => {
      const q = query.q ?? '';
      // The stock values shoppers' words may name, asked for once per page.
      if (query.limit === 0)
        return {
          indexUid: 'kingfisher-toyota',
          hits: [],
          query: q,
          processingTimeMs: 1,
          limit: 0,
          offset: 0,
          estimatedTotalHits: 9,
          facetDistribution: STOCK_WORDS,
        };
      const found = /zzz/.test(q) ? [] : hits;
      return { indexUid: 'kingfisher-toyota', hits: found, query: q, processingTimeMs: 1, limit: 6, offset: 0, estimatedTotalHits: found.length };
    });
    return route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ results }) });
  });
  await page.goto(`${demoOrigin('kingfisher-toyota')}${path}`);
  return { page, errors, dialogs, sent };
}

const box = (page: Page) => page.getByRole('combobox', { name: 'Search stock' });
const listbox = (page: Page) => page.getByRole('listbox', { name: 'Search suggestions' });
const options = (page: Page) => listbox(page).getByRole('option');

async function typeQuery(page: Page, text: string): Promise<void> {
  await box(page).click();
  await box(page).pressSequentially(text);
}

describe('header autocomplete', () => {
  it('loads its code only once the search box is used', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await blockOutsideRequests(page);
    const scripts: string[] = [];
    page.on('request', (request: Request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(`${demoOrigin('kingfisher-toyota')}/contact`);
    await page.waitForLoadState('networkidle');
    expect(scripts.some((s) => s.includes('autocomplete'))).toBe(false);
    await box(page).focus();
    await expect.poll(() => scripts.some((s) => s.includes('autocomplete'))).toBe(true);
    await context.close();
  });

  it('suggests cars from the base index, best-ranked first', async () => {
    const { page, sent, errors } = await open();
    await typeQuery(page, 'rav4');
    await expect.poll(() => options(page).count()).toBe(HITS.length + 1);
    expect(await box(page).getAttribute('aria-expanded')).toBe('true');
    const query = sent.at(-1);
    expect(query?.q).toBe('rav4');
    expect(query?.sort).toEqual(['custom_rank:desc']);
    expect(JSON.stringify(query?.filter)).toContain('status IN');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('shows name, price only above 250, and a 50 px high image', async () => {
    const { page, dialogs } = await open();
    await typeQuery(page, 'rav4');
    await expect.poll(() => options(page).count()).toBe(4);
    expect(await options(page).nth(0).textContent()).toBe('2023 Toyota RAV4 GXL Hybrid$45,990');
    expect(await options(page).nth(1).locator('.ac-price').count()).toBe(0); // $250 is not above 250
    expect(await options(page).nth(2).locator('.ac-price').count()).toBe(0); // $0
    const image = options(page).nth(0).locator('img');
    expect(await image.getAttribute('height')).toBe('50');
    expect(await image.evaluate((img) => img.getBoundingClientRect().height)).toBe(50);
    // The hostile hit: its name is text, and its javascript: image is refused.
    expect(await options(page).nth(1).textContent()).toBe(HOSTILE);
    expect(await page.locator('img[src="x"]').count()).toBe(0);
    expect(await options(page).nth(1).locator('img').count()).toBe(0);
    expect(await options(page).nth(2).locator('img').getAttribute('src')).toBe('/stock-images/suv-grey-1.svg');
    expect(await options(page).last().textContent()).toBe('See all results for “rav4”');
    expect(dialogs).toEqual([]);
    await page.context().close();
  });

  it('opens the highlighted car with the keyboard', async () => {
    const { page } = await open();
    await typeQuery(page, 'rav4');
    await expect.poll(() => options(page).count()).toBe(4);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    const active = await box(page).getAttribute('aria-activedescendant');
    expect(await page.locator(`#${active}`).getAttribute('aria-selected')).toBe('true');
    expect(await page.locator(`#${active}`).textContent()).toBe(HOSTILE);
    await page.keyboard.press('ArrowUp');
    expect(await page.locator(`#${await box(page).getAttribute('aria-activedescendant')}`).textContent()).toContain('2023 Toyota RAV4');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/cars/2023-toyota-rav4-gxl-hybrid-1');
    await page.context().close();
  });

  it("wraps from the first option to 'See all results', which searches the text", async () => {
    const { page } = await open();
    await typeQuery(page, 'rav4');
    await expect.poll(() => options(page).count()).toBe(4);
    await page.keyboard.press('ArrowUp');
    expect(await page.locator(`#${await box(page).getAttribute('aria-activedescendant')}`).textContent()).toBe('See all results for “rav4”');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('query') === 'rav4');
    await page.context().close();
  });

  it('opens a car by mouse', async () => {
    const { page } = await open();
    await typeQuery(page, 'rav4');
    await expect.poll(() => options(page).count()).toBe(4);
    await options(page).nth(2).click();
    await page.waitForURL((url) => url.pathname === '/cars/2019-toyota-rav4-gx-3');
    await page.context().close();
  });

  it('closes with Escape and submits plain text with Enter', async () => {
    const { page } = await open();
    await typeQuery(page, 'rav4');
    await expect.poll(() => options(page).count()).toBe(4);
    await page.keyboard.press('Escape');
    expect(await box(page).getAttribute('aria-expanded')).toBe('false');
    expect(await listbox(page).isVisible()).toBe(false);
    expect(await box(page).inputValue()).toBe('rav4');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('query') === 'rav4');
    await page.context().close();
  });

  // Issue 30: 'used suv' said "No cars match" where Enter found 273.
  it('reads shoppers’ words as the results page does, asking once for the stock’s values', async () => {
    const { page, sent, errors } = await open();
    const filterOf = (query: SentQuery | undefined) => JSON.stringify(query?.filter);
    await typeQuery(page, 'used suv');
    await expect.poll(() => options(page).last().textContent()).toBe('See all results for “used suv”');
    // The words as filters first, the text as typed second: one request.
    const [asFilters, asTyped] = sent.filter((query) => query.limit === 6).slice(-2);
    expect(filterOf(asFilters)).toContain('car_type = \\"used\\"');
    expect(filterOf(asFilters)).toContain('body = \\"SUV\\"');
    expect(asFilters?.q).toBe('');
    expect(asTyped?.q).toBe('used suv');
    expect(await options(page).count()).toBe(HITS.length + 1);

    await box(page).fill('');
    await typeQuery(page, 'hilux under 40k');
    await expect.poll(() => options(page).last().textContent()).toBe('See all results for “hilux under 40k”');
    const [underForty] = sent.filter((query) => query.limit === 6).slice(-2);
    expect(underForty?.q).toBe('hilux');
    expect(filterOf(underForty)).toContain('price <= 40000');
    expect(sent.filter((query) => query.limit === 0)).toHaveLength(1);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('says when nothing matches', async () => {
    const { page } = await open();
    await typeQuery(page, 'zzz');
    await expect.poll(() => page.getByText('No cars match “zzz”.').first().isVisible()).toBe(true);
    expect(await box(page).getAttribute('aria-expanded')).toBe('false');
    await page.context().close();
  });

  it('says when search is unavailable, and the form still searches', async () => {
    const { page } = await open({ status: 503 });
    await typeQuery(page, 'rav4');
    await expect
      .poll(() =>
        page
          .getByText(/Suggestions are unavailable right now/)
          .first()
          .isVisible(),
      )
      .toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('query') === 'rav4');
    await page.context().close();
  });

  it('has no axe violations with the listbox open', async () => {
    const { page, errors } = await open({ path: '/' });
    await typeQuery(page, 'rav4');
    await expect.poll(() => options(page).count()).toBe(4);
    await page.keyboard.press('ArrowDown');
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('fits a phone screen', async () => {
    const { page } = await open({ width: 390 });
    await typeQuery(page, 'rav4');
    await expect.poll(() => options(page).count()).toBe(4);
    const popup = await listbox(page).evaluate((el) => el.getBoundingClientRect().toJSON() as DOMRect);
    expect(popup.left).toBeGreaterThanOrEqual(0);
    expect(popup.right).toBeLessThanOrEqual(390);
    // The search box leaves room for the menu button.
    const menu = await page.getByRole('button', { name: 'Menu', exact: true }).boundingBox();
    expect((menu?.x ?? 999) + (menu?.width ?? 0)).toBeLessThanOrEqual(390);
    await options(page).first().tap();
    await page.waitForURL((url) => url.pathname === '/cars/2023-toyota-rav4-gxl-hybrid-1');
    await page.context().close();
  });

  // Beside the logo and menu button, the phone header once cut the placeholder to "Search m";
  // on its own row it still did not fit a 320 px phone.
  it('shows its whole placeholder on a phone', async () => {
    for (const width of [320, 360, 390, 400]) {
      const { page } = await open({ width });
      const room = await box(page).evaluate((input: HTMLInputElement) => {
        const style = getComputedStyle(input);
        const context = document.createElement('canvas').getContext('2d')!;
        context.font = style.font;
        const text = context.measureText(input.placeholder).width;
        return input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - text;
      });
      const placeholder = await box(page).getAttribute('placeholder');
      expect(room, `at ${width} px, room left beside "${placeholder}"`).toBeGreaterThanOrEqual(0);
      // Only the narrowest phones lose the word "Search"; the box keeps its label either way.
      expect(placeholder).toBe(width < 400 ? 'Make, model or keyword' : 'Search make, model or keyword');
      const menu = await page.getByRole('button', { name: 'Menu', exact: true }).boundingBox();
      expect((menu?.x ?? 999) + (menu?.width ?? 0)).toBeLessThanOrEqual(width);
      await page.context().close();
    }
  });

  it('finds a car on the real search service and opens its page', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await blockOutsideRequests(page);
    await page.goto(`${demoOrigin('kingfisher-toyota')}/contact`);
    await typeQuery(page, 'rav4');
    await expect.poll(() => options(page).count()).toBeGreaterThan(1);
    const first = (await options(page).first().locator('.ac-name').textContent()) ?? '';
    expect(first).toMatch(/RAV4/);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname.startsWith('/cars/'));
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain('RAV4');
    expect(errors.filter((e) => !e.includes('404'))).toEqual([]);
    await context.close();
  });

  it('suggests from the real stock what the results page finds for shoppers’ words', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await blockOutsideRequests(page);
    await page.goto(`${demoOrigin('kingfisher-toyota')}/contact`);
    await typeQuery(page, 'used suv');
    await expect.poll(() => options(page).count()).toBeGreaterThan(1);
    await box(page).fill('');
    await typeQuery(page, 'toyota under 40k');
    await expect.poll(() => options(page).last().textContent()).toBe('See all results for “toyota under 40k”');
    const prices = (await listbox(page).locator('.ac-price').allTextContents()).map((text) => Number(text.replace(/[^\d]/g, '')));
    expect(prices.length).toBeGreaterThan(0);
    for (const price of prices) expect(price).toBeLessThanOrEqual(40_000);
    await context.close();
  });
});
