/**
 * A US site speaks US car-finance and vehicle words where the shopper budgets, applies for a loan
 * or describes their car: a monthly payment and a down payment over a term in months, a license
 * plate and an odometer in miles. An Australian site keeps weekly repayments, the deposit, the
 * rego and km. (Checkout's reservation deposit is a deposit everywhere and is not checked here.)
 */
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockOutsideRequests, demoOrigin, launchBrowser, watchErrors } from './browser';

const US = 'lone-star-auto';
const AU = 'kingfisher-toyota';
/** Australian loan and vehicle words; "taxes, title and registration" is US wording and is taken out first. */
const AU_WORDS = /\b(?:deposit|repayments?|weekly|rego|registration|km|\d+-year term)\b/i;
const withoutUsFees = (text: string) => text.replace(/taxes, title and registration/gi, '');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

async function open(slug: string, path: string): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await blockOutsideRequests(page);
  const errors = watchErrors(page);
  await page.goto(`${demoOrigin(slug)}${path}`);
  return { page, errors };
}

/** The flow island, hydrated: the forms hydrate when the shopper reaches for them. */
async function openForm(slug: string, path: string): Promise<{ page: Page; errors: string[] }> {
  const opened = await open(slug, path);
  await form(opened.page).hover();
  await opened.page.locator('astro-island[component-url*="Flow"]:not([ssr])').first().waitFor({ state: 'attached' });
  return opened;
}

const form = (page: Page) => page.locator('.multi-step');
const budgetPanel = (page: Page) => page.getByRole('form', { name: 'Looking for a specific budget?' });

async function openBudget(slug: string): Promise<Page> {
  const { page } = await open(slug, '/');
  await page.getByRole('button', { name: 'SEARCH BY BUDGET' }).click();
  await expect.poll(() => budgetPanel(page).isVisible()).toBe(true);
  return page;
}

/** The leads the page sends, in order. */
function watchLeads(page: Page): Record<string, unknown>[] {
  const sent: Record<string, unknown>[] = [];
  page.on('request', (request: Request) => {
    if (!new URL(request.url()).pathname.startsWith('/api/leads')) return;
    sent.push((request.postDataJSON() as { lead: Record<string, unknown> }).lead);
  });
  return sent;
}

describe('the home budget panel', () => {
  it('US: a monthly payment and a down payment over the advertised 72 months, with no weekly choice', async () => {
    const page = await openBudget(US);
    const panel = budgetPanel(page);
    expect(await panel.getByLabel('Monthly payment', { exact: true }).inputValue()).toBe('600');
    expect(await panel.getByLabel('Down payment', { exact: true }).inputValue()).toBe('2,000');
    expect(await panel.getByLabel('Frequency').count()).toBe(0);
    // What 600 a month pays off over 72 months at Lone Star's 7.49% APR (34,711), + 2,000 down
    expect(await panel.locator('[data-budget-total]').textContent()).toBe('$36,711');
    // The panel's script is listening once it has counted the cars.
    await expect.poll(() => panel.getByRole('link').textContent()).toMatch(/Found$/);
    await panel.getByRole('button', { name: 'Down payment $5,000' }).click();
    await expect.poll(() => panel.locator('[data-budget-total]').textContent()).toBe('$39,711');
    // The panel's term is the footnote's: 72 months.
    expect(await panel.innerText()).toContain('the price your monthly payments pay off over 72 months at 7.49% APR, plus your down payment.');
    expect(await panel.locator('#budget-terms').innerText()).toContain('for 72 months at 7.49% APR');
    expect(withoutUsFees(await panel.innerText())).not.toMatch(AU_WORDS);
    const labels = await panel.locator('[aria-label]').evaluateAll((els) => els.map((el) => el.getAttribute('aria-label') ?? ''));
    expect(labels.join(' ')).not.toMatch(AU_WORDS);
    await page.close();
  });

  it('US: the budget button counts the cars its link opens', async () => {
    const page = await openBudget(US);
    const link = budgetPanel(page).getByRole('link');
    await expect.poll(() => link.textContent()).toMatch(/^[1-9][\d,]* (?:car|vehicle)s? Found$/);
    const max = Number(new URL((await link.getAttribute('href')) ?? '', page.url()).searchParams.get('range[price]')?.split(':')[1]);
    expect(max).toBeLessThanOrEqual(36_711);
    const found = (await link.textContent())?.replace(/ (?:car|vehicle)s? Found$/, '') ?? '';
    await link.click();
    await expect.poll(() => page.locator('.result-count').first().textContent()).toMatch(new RegExp(`^${found} `));
    await page.close();
  });

  it('AU: weekly or monthly repayments and a deposit over the advertised 5 years', async () => {
    const page = await openBudget(AU);
    const panel = budgetPanel(page);
    expect(await panel.getByLabel('Repayments', { exact: true }).inputValue()).toBe('200');
    expect(await panel.getByLabel('Frequency').locator('option').allTextContents()).toEqual(['Weekly', 'Monthly']);
    expect(await panel.getByLabel('Deposit', { exact: true }).inputValue()).toBe('2,000');
    expect(await panel.getByRole('button', { name: 'Deposit $5,000' }).count()).toBe(1);
    expect(await panel.innerText()).toContain('the price your repayments pay off over 5 years at 7.49% p.a., plus your deposit.');
    await page.close();
  });
});

describe('finance pre-approval', () => {
  it('US: a down payment, a term in months and a trade-in odometer in miles the lead records as miles', async () => {
    const { page, errors } = await openForm(US, '/apply-for-finance#finance-form');
    const sent = watchLeads(page);
    expect(await form(page).getByLabel('Down payment ($)').isVisible()).toBe(true);
    const term = form(page).getByLabel('Loan term');
    expect(await term.locator('option').allTextContents()).toEqual(['12 months', '24 months', '36 months', '48 months', '60 months', '72 months', '84 months']);
    expect(await term.locator('option:checked').textContent()).toBe('60 months');
    expect(withoutUsFees(await form(page).innerText())).not.toMatch(AU_WORDS);

    await form(page)
      .getByLabel(/Vehicle price or budget/)
      .fill('32000');
    await form(page).getByLabel('Down payment ($)').fill('4000');
    await term.selectOption({ label: '72 months' });
    const dealership = form(page).getByLabel('Preferred dealership');
    if ((await dealership.count()) > 0) await dealership.selectOption({ index: 1 });
    await form(page).getByLabel('I have a trade-in').check();
    await form(page).getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => form(page).locator('.multi-step-fields h3').textContent()).toBe('Trade-in');
    expect(await form(page).getByLabel('Odometer (miles)').isVisible()).toBe(true);
    expect(withoutUsFees(await form(page).innerText())).not.toMatch(AU_WORDS);
    expect(sent[0]).toMatchObject({ deposit: 4000, loan_term_years: 6 });

    await form(page).getByLabel('Make').fill('Ford');
    await form(page).getByLabel('Model').fill('F-150');
    await form(page).getByLabel('Year').fill('2019');
    await form(page).getByLabel('Odometer (miles)').fill('41,000');
    await form(page).getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => form(page).locator('.multi-step-fields h3').textContent()).toBe('Employment');
    expect(sent.at(-1)).toMatchObject({ trade_in_km: 41000, odometer_units: 'miles', loan_term_years: 6 });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('AU: the deposit, a term in years and the odometer in km', async () => {
    const { page } = await openForm(AU, '/apply-for-finance#finance-form');
    expect(await form(page).getByLabel('Deposit ($)').isVisible()).toBe(true);
    expect(await form(page).getByLabel('Loan term').locator('option:checked').textContent()).toBe('5 years');
    await form(page)
      .getByLabel(/Vehicle price or budget/)
      .fill('32000');
    await form(page).getByLabel('I have a trade-in').check();
    await form(page).getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => form(page).locator('.multi-step-fields h3').textContent()).toBe('Trade-in');
    expect(await form(page).getByLabel('Odometer (km)').isVisible()).toBe(true);
    await page.close();
  });
});

describe('service booking and trade-in', () => {
  it('US: a license plate and an odometer in miles', async () => {
    const service = await openForm(US, '/service');
    expect(await form(service.page).getByLabel('License plate').isVisible()).toBe(true);
    expect(await form(service.page).getByLabel('Odometer (miles)').isVisible()).toBe(true);
    expect(withoutUsFees(await form(service.page).innerText())).not.toMatch(AU_WORDS);
    await service.page.close();

    const { page } = await openForm(US, '/sell-my-car');
    expect(await page.getByText('Enter your license plate to start;').isVisible()).toBe(true);
    expect(await form(page).getByLabel('License plate').isVisible()).toBe(true);
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toContain('enter your license plate');
    expect(await page.locator('.faq').textContent()).toContain('more than 62,137 miles');
    // The questions are closed, so innerText below leaves their answers out: read them whole.
    expect(await page.locator('.faq').textContent()).toContain('SUVs, pickups and vans');
    expect(await page.locator('.faq').textContent()).toContain('a payoff amount');
    expect(await page.locator('.faq').textContent()).not.toMatch(/\butes?\b|payout/i);
    expect(withoutUsFees(await page.locator('main').innerText())).not.toMatch(AU_WORDS);
    // A Californian plate is looked up offline like an Australian rego, and fills the car in.
    await form(page).getByLabel('License plate').fill('8ABC123');
    await form(page).getByLabel('State').selectOption('CA');
    await form(page).getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => page.getByText('We found your car.').isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await form(page).getByLabel('Make').inputValue()).not.toBe('');
    await page.close();
  });

  it('AU: the rego and km', async () => {
    const service = await openForm(AU, '/service');
    expect(await form(service.page).getByLabel('Registration (rego)').isVisible()).toBe(true);
    expect(await form(service.page).getByLabel('Odometer (km)').isVisible()).toBe(true);
    await service.page.close();

    const { page } = await openForm(AU, '/sell-my-car');
    expect(await page.getByText('Enter your registration to start;').isVisible()).toBe(true);
    expect(await form(page).getByLabel('Registration (rego)').isVisible()).toBe(true);
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toContain('enter your registration');
    expect(await page.locator('.faq').textContent()).toContain('more than 100,000 km');
    expect(await page.locator('.faq').textContent()).toContain('SUVs, utes and vans');
    expect(await page.locator('.faq').textContent()).toContain('a payout figure');
    await page.close();
  });
});
