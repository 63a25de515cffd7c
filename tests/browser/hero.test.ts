/**
 * The home page hero: vehicle type, make and model from the stock, the search
 * button to the built search path, the remembered choice, and the budget panel.
 * Search answers come from page.route mocks shaped like Meilisearch's, so each state (a stock
 * minimum above the budget, a failing service) can be set up exactly.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockOutsideRequests, demoOrigin, launchBrowser, watchErrors } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

interface SentQuery {
  q?: string;
  facets?: string[];
  limit?: number;
  filter?: unknown;
}

interface Stock {
  makes: Record<string, number>;
  models: Record<string, number>;
  price?: { min: number; max: number };
  count: number;
}

const STOCK: Stock = {
  makes: { Toyota: 120, Mazda: 14, Kia: 9 },
  models: { 'Toyota RAV4': 40, 'Toyota HiLux': 35, 'Toyota Corolla': 20 },
  price: { min: 4_990, max: 89_990 },
  count: 37,
};

/** Answers multi-search like Meilisearch would for this stock; returns every query sent. */
async function mockSearch(page: Page, stock: Stock = STOCK): Promise<SentQuery[]> {
  const sent: SentQuery[] = [];
  await page.route('**/api/search/multi-search', async (route: Route) => {
    const body = route.request().postDataJSON() as { queries: SentQuery[] };
    sent.push(...body.queries);
    const results = body.queries.map((query) => {
      const facetDistribution: Record<string, Record<string, number>> = {};
      const facetStats: Record<string, { min: number; max: number }> = {};
      if (query.facets?.includes('make')) facetDistribution.make = stock.makes;
      if (query.facets?.includes('make_model')) facetDistribution.make_model = stock.models;
      if (query.facets?.includes('price') && stock.price) facetStats.price = stock.price;
      return {
        indexUid: 'kingfisher-toyota',
        hits: [],
        query: query.q ?? '',
        processingTimeMs: 1,
        limit: query.limit ?? 20,
        offset: 0,
        estimatedTotalHits: stock.count,
        facetDistribution,
        facetStats,
      };
    });
    await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ results }) });
  });
  return sent;
}

async function openHome(width = 1280, slug = 'kingfisher-toyota'): Promise<{ page: Page; errors: string[]; sent: SentQuery[] }> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await blockOutsideRequests(page);
  const sent = await mockSearch(page);
  await page.goto(`${demoOrigin(slug)}/`);
  return { page, errors, sent };
}

const stockPanel = (page: Page) => page.getByRole('form', { name: 'Find your next car' });
const budgetPanel = (page: Page) => page.getByRole('form', { name: 'Looking for a specific budget?' });
const optionTexts = (page: Page, label: string) => stockPanel(page).getByLabel(label, { exact: true }).locator('option').allTextContents();
/**
 * Points at the stock panel once its script listens (it marks the panel ready), as a shopper's
 * pointer arriving after the page has loaded would: on a loaded machine the pointer can otherwise
 * arrive before the listener, and the lists are then only loaded on the next focus or touch.
 */
async function warmPanel(page: Page): Promise<void> {
  await page.locator('[data-hero-panel][data-ready]').waitFor({ state: 'attached' });
  await stockPanel(page).hover();
}
/** The stock's lists have replaced the config's. */
const listsReady = (page: Page) => expect.poll(() => stockPanel(page).getAttribute('data-stock-lists')).toBe('ready');

describe('hero stock search', () => {
  it('offers ALL VEHICLES, NEW VEHICLES and USED VEHICLES with the first chosen', async () => {
    const { page } = await openHome();
    const types = stockPanel(page).getByRole('group', { name: 'Vehicle type' }).getByRole('radio');
    expect(await types.evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).parentElement?.textContent))).toEqual([
      'ALL VEHICLES',
      'NEW VEHICLES',
      'USED VEHICLES',
    ]);
    expect(await types.first().isChecked()).toBe(true);
    await page.context().close();
  });

  it('lists makes and models from the stock and searches the built path', async () => {
    const { page, errors, sent } = await openHome();
    await warmPanel(page);
    await listsReady(page);
    expect(await optionTexts(page, 'Make')).toEqual(['Any make', 'Toyota', 'Mazda', 'Kia']); // by volume
    expect(await stockPanel(page).getByLabel('Model', { exact: true }).isDisabled()).toBe(true);

    await stockPanel(page).getByText('USED VEHICLES').click();
    await expect.poll(() => sent.filter((q) => q.facets?.includes('make')).length).toBe(2);
    expect(JSON.stringify(sent.at(-1)?.filter)).toContain('car_type = \\"used\\"');

    await stockPanel(page).getByLabel('Make', { exact: true }).selectOption('Toyota');
    await expect.poll(() => stockPanel(page).getByLabel('Model', { exact: true }).isEnabled()).toBe(true);
    expect(await optionTexts(page, 'Model')).toEqual(['Any model', 'Corolla', 'HiLux', 'RAV4']); // always sorted
    await stockPanel(page).getByLabel('Model', { exact: true }).selectOption('Toyota RAV4');

    await stockPanel(page).getByRole('button', { name: 'Search' }).click();
    await page.waitForURL((url) => url.pathname === '/search/used-cars');
    const url = new URL(page.url());
    expect(Object.fromEntries(url.searchParams)).toEqual({ make: 'Toyota', model: 'RAV4' });
    expect(errors.filter((e) => !e.includes('404'))).toEqual([]);
    await page.context().close();
  });

  it('goes to /search/{make}/{model} when no car type is chosen, by keyboard', async () => {
    const { page } = await openHome();
    await stockPanel(page).getByLabel('Make', { exact: true }).focus();
    await listsReady(page);
    await stockPanel(page).getByLabel('Make', { exact: true }).selectOption('Toyota');
    await expect.poll(() => stockPanel(page).getByLabel('Model', { exact: true }).isEnabled()).toBe(true);
    await stockPanel(page).getByLabel('Model', { exact: true }).selectOption('Toyota HiLux');
    await stockPanel(page).getByLabel('Model', { exact: true }).focus();
    await page.keyboard.press('Tab'); // to the Search button
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/search/toyota/hilux');
    await page.context().close();
  });

  it('remembers the car type, make and model across pages', async () => {
    const { page } = await openHome();
    await warmPanel(page);
    await listsReady(page);
    await stockPanel(page).getByText('NEW VEHICLES').click();
    await stockPanel(page).getByLabel('Make', { exact: true }).selectOption('Toyota');
    await expect.poll(() => stockPanel(page).getByLabel('Model', { exact: true }).isEnabled()).toBe(true);
    await stockPanel(page).getByLabel('Model', { exact: true }).selectOption('Toyota RAV4');

    await page.goto(`${demoOrigin('kingfisher-toyota')}/contact`);
    await page.goto(`${demoOrigin('kingfisher-toyota')}/`);
    // Back on the home page, the remembered choice shows before anything is touched.
    expect(await stockPanel(page).getByRole('radio', { name: 'NEW VEHICLES' }).isChecked()).toBe(true);
    expect(await stockPanel(page).getByLabel('Make', { exact: true }).inputValue()).toBe('Toyota');
    await listsReady(page);
    expect(await stockPanel(page).getByLabel('Model', { exact: true }).inputValue()).toBe('Toyota RAV4');
    await page.context().close();
  });

  it('ignores a tampered memory', async () => {
    const { page, errors } = await openHome();
    await page.evaluate(() => sessionStorage.setItem('hero-search:kingfisher-toyota', '{"car_type":"<img src=x>","make":{"x":1}}'));
    await page.reload();
    expect(await stockPanel(page).getByRole('radio', { name: 'ALL VEHICLES' }).isChecked()).toBe(true);
    expect(await stockPanel(page).getByLabel('Make', { exact: true }).inputValue()).toBe('');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('still searches through the plain form when search is down', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await blockOutsideRequests(page);
    await page.route('**/api/search/multi-search', (route) => route.fulfill({ status: 503, body: 'down' }));
    await page.goto(`${demoOrigin('kingfisher-toyota')}/`);
    await stockPanel(page).getByText('USED VEHICLES').click();
    await stockPanel(page).getByRole('button', { name: 'Search' }).click();
    await page.waitForURL((url) => url.pathname === '/search/used-cars');
    await context.close();
  });
});

describe('hero on the real search service', () => {
  it('goes from the hero to the results page for a make and model in stock', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await blockOutsideRequests(page);
    await page.goto(`${demoOrigin('kingfisher-toyota')}/`);
    await warmPanel(page);
    await listsReady(page);
    expect(await optionTexts(page, 'Make')).toContain('Toyota');

    const answered = page.waitForResponse((r) => r.url().endsWith('/api/search/multi-search') && r.ok());
    await stockPanel(page).getByText('USED VEHICLES').click();
    await answered;
    await stockPanel(page).getByLabel('Make', { exact: true }).selectOption('Toyota');
    const model = stockPanel(page).getByLabel('Model', { exact: true });
    await expect.poll(() => model.locator('option').count()).toBeGreaterThan(1);
    const [value, label] = await model
      .locator('option')
      .nth(1)
      .evaluate((o) => [(o as HTMLOptionElement).value, o.textContent ?? '']);
    expect(value).toBe(`Toyota ${label}`);
    await model.selectOption(value ?? '');

    await stockPanel(page).getByRole('button', { name: 'Search' }).click();
    await page.waitForURL((url) => url.pathname === '/search/used-cars');
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ make: 'Toyota', model: label });
    expect(errors.filter((e) => !e.includes('404'))).toEqual([]);
    await context.close();
  });

  it('counts the cars a budget reaches', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await blockOutsideRequests(page);
    await page.goto(`${demoOrigin('kingfisher-toyota')}/`);
    await page.getByRole('button', { name: 'SEARCH BY BUDGET' }).click();
    const link = budgetPanel(page).getByRole('link');
    await expect.poll(() => link.textContent()).toMatch(/^[1-9][\d,]* cars Found$/);
    expect(new URL((await link.getAttribute('href')) ?? '', page.url()).searchParams.get('range[price]')).toBe('1001:45346'); // 200 a week at the advertised 7.49% + 2,000
    // "the hero budget button's count equal to the results its link opens"
    const found = (await link.textContent())?.replace(/ cars Found$/, '') ?? '';
    await link.click();
    // The results island hydrates before it asks; on a busy machine that alone can take a second.
    await expect.poll(() => page.locator('.result-count').first().textContent()).toMatch(new RegExp(`^${found} `));
    await context.close();
  });
});

describe('a used-car group with popular makes in the preferred order', () => {
  // 25 makes: Make 01 has the most stock. drivesmart-pre-owned sets popular_makes and make_sort 'preferred'.
  const makes = { ...Object.fromEntries(Array.from({ length: 22 }, (_, i) => [`Make ${String(i + 1).padStart(2, '0')}`, 100 - i])), Volvo: 1, BMW: 2, Audi: 3 };

  it("lists 20 popular makes, then 'All Makes', each group in the preferred order", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await blockOutsideRequests(page);
    await mockSearch(page, { ...STOCK, makes });
    await page.goto(`${demoOrigin('drivesmart-pre-owned')}/`);
    // Two options (All, Used): no slider on an AU site.
    expect(await stockPanel(page).getByRole('radio').count()).toBe(0);
    await warmPanel(page);
    await listsReady(page);
    const groups = await stockPanel(page)
      .getByLabel('Make', { exact: true })
      .locator('optgroup')
      .evaluateAll((list) => list.map((g) => [g.getAttribute('label'), [...g.querySelectorAll('option')].map((o) => o.textContent)]));
    expect(groups).toEqual([
      ['Popular Makes', Array.from({ length: 20 }, (_, i) => `Make ${String(i + 1).padStart(2, '0')}`)],
      ['All Makes', ['Audi', 'BMW', 'Volvo', 'Make 21', 'Make 22']],
    ]);
    await context.close();
  });
});

describe('hero budget search', () => {
  async function openBudget(stock: Stock = STOCK): Promise<{ page: Page; errors: string[]; sent: SentQuery[] }> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await blockOutsideRequests(page);
    const sent = await mockSearch(page, stock);
    await page.goto(`${demoOrigin('kingfisher-toyota')}/`);
    await page.getByRole('button', { name: 'SEARCH BY BUDGET' }).click();
    await expect.poll(() => budgetPanel(page).isVisible()).toBe(true);
    return { page, errors, sent };
  }
  const total = (page: Page) => budgetPanel(page).locator('[data-budget-total]').textContent();
  const link = (page: Page) => budgetPanel(page).getByRole('link');

  it('switches panels with SEARCH BY BUDGET / SEARCH STOCK', async () => {
    const { page } = await openBudget();
    expect(await stockPanel(page).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'SEARCH STOCK' }).click();
    expect(await stockPanel(page).isVisible()).toBe(true);
    expect(await budgetPanel(page).isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'SEARCH BY BUDGET' }).isVisible()).toBe(true);
    await page.context().close();
  });

  it('offers SEARCH BY BUDGET at every width, the panel fitting a phone', async () => {
    const { page } = await openHome(360);
    await page.locator('[data-hero-panel][data-ready]').waitFor({ state: 'attached' });
    await page.getByRole('button', { name: 'SEARCH BY BUDGET' }).click();
    await expect.poll(() => budgetPanel(page).isVisible()).toBe(true);
    // Nothing in the panel reaches past the phone's screen.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
    const repayments = await budgetPanel(page).getByLabel('Repayments', { exact: true }).boundingBox();
    expect(repayments?.width ?? 0).toBeGreaterThan(200);
    for (const width of [576, 768, 992, 1199]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await page.getByRole('button', { name: 'SEARCH STOCK' }).isVisible()).toBe(true);
    }
    await page.context().close();
  });

  it('works out the budget on the advertised 7.49% over 5 years and links to cars within it', async () => {
    const { page, errors, sent } = await openBudget();
    // What 200 a week pays off over 260 weeks at 7.49% a year (43,346), plus the 2,000 deposit;
    // the spec's plain 200 × 52 × 5 + 2,000 would have been 54,000.
    expect(await total(page)).toBe('$45,346');
    await expect.poll(() => link(page).textContent()).toBe('37 cars Found');
    const href = new URL((await link(page).getAttribute('href')) ?? '', page.url());
    expect(href.pathname).toBe('/search/new-used-and-demo-cars');
    expect(href.searchParams.get('range[price]')).toBe('1001:45346');
    const count = sent.find((q) => q.limit === 0 && !q.facets?.length);
    // The count asks for what the link opens: priced cars up to the budget, "price on application" left out.
    expect(count?.filter).toEqual(expect.arrayContaining(['price >= 1001', 'price <= 45346']));
    expect(
      await budgetPanel(page).getByText('the price your repayments pay off over 5 years at 7.49% p.a., plus your deposit.', { exact: false }).isVisible(),
    ).toBe(true);

    await budgetPanel(page).getByLabel('Frequency').selectOption('monthly');
    expect(await budgetPanel(page).getByLabel('Repayments', { exact: true }).inputValue()).toBe('600');
    expect(await total(page)).toBe('$31,950'); // 600 a month over 60 months at 7.49% pays off 29,950, + 2,000

    await budgetPanel(page).getByLabel('Deposit', { exact: true }).fill('abc');
    expect(await total(page)).toBe('$29,950'); // non-numeric counts as 0

    await budgetPanel(page).getByRole('button', { name: 'Deposit $5,000' }).click();
    expect(await budgetPanel(page).getByLabel('Deposit', { exact: true }).inputValue()).toBe('5,000');
    expect(await total(page)).toBe('$34,950');

    await budgetPanel(page).getByLabel('Repayments', { exact: true }).fill('2000000');
    await budgetPanel(page).getByLabel('Repayments', { exact: true }).blur();
    expect(await budgetPanel(page).getByLabel('Repayments', { exact: true }).inputValue()).toBe('1,000,000'); // clamped
    // Far above the dearest car: the link stops there.
    await expect.poll(async () => new URL((await link(page).getAttribute('href')) ?? '', page.url()).searchParams.get('range[price]')).toBe('1001:89990');

    await link(page).click();
    await page.waitForURL((url) => url.pathname === '/search/new-used-and-demo-cars' && url.searchParams.get('range[price]') === '1001:89990');
    expect(errors.filter((e) => !e.includes('404'))).toEqual([]);
    await page.context().close();
  });

  it("says 'No cars found for this budget' under the cheapest car in stock", async () => {
    const { page } = await openBudget({ ...STOCK, price: { min: 60_000, max: 150_000 } });
    await expect.poll(() => budgetPanel(page).getByText('No cars found for this budget').isVisible()).toBe(true);
    const empty = budgetPanel(page).getByRole('button', { name: '0 cars Found' });
    expect(await empty.isDisabled()).toBe(true);
    expect(await link(page).count()).toBe(0);

    // Raising the deposit past the cheapest car brings the link back (43,346 + 20,000 = 63,346).
    await budgetPanel(page).getByLabel('Deposit', { exact: true }).fill('20,000');
    await expect.poll(() => link(page).textContent()).toBe('37 cars Found');
    expect(await budgetPanel(page).getByText('No cars found for this budget').isVisible()).toBe(false);
    await page.context().close();
  });

  it('has no axe violations with the budget panel open', async () => {
    const { page, errors } = await openBudget();
    await expect.poll(() => link(page).textContent()).toBe('37 cars Found');
    const { violations } = await new AxeBuilder({ page }).include('.hero').analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
