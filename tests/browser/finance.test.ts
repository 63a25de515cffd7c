/**
 * Personalised finance and the terms every repayment carries, in Chromium on the demo dealers:
 * Kingfisher Toyota (AU, finance gated) quotes each lender with the rate and the comparison rate
 * after sign-in, and again on the Equifax band after the consent step; Lone Star Auto (US) quotes
 * APR and monthly payments. Result cards, car pages and the home budget panel each show their
 * repayment's terms (AU: rate, comparison rate and the warning; US: APR).
 */
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { creditCheckConsentWording } from '../../src/finance/model/quote';
import { loadDealer } from '../../src/platform/config/load';
import { COMPARISON_RATE_WARNING } from '../../src/stock/model/repayments';
import { loadStock } from '../../src/stock/server/store';
import { carPath } from '../../src/stock/model/car';
import { DESKTOP, demoOrigin, newShopperContext, openPage, launchBrowser } from './browser';
import { signInByCode } from './sign-in';

const AU = 'kingfisher-toyota';
const US = 'lone-star-auto';
const PHONE = { width: 390, height: 844 };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** A car in stock with a price, from the stock the demo server serves. */
function carFor(slug: string) {
  const stock = loadStock(loadDealer(slug), { ...process.env, STOCK_DIR: inject('stockDir') });
  const car = stock.find((c) => c.status === 'in_stock' && c.price > 15_000 && c.car_type === 'used');
  if (!car) throw new Error(`${slug} has no used car in stock`);
  return car;
}

const axe = async (page: Page) => {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
};
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
const headings = (page: Page) => page.locator('.finance-table thead th').allTextContents();
const firstRow = (page: Page) => page.locator('.finance-table tbody tr').first().locator('th, td').allTextContents();

describe('personalised finance', () => {
  it('AU: signed in, each lender shows its rate with the comparison rate beside it; the Equifax band then decides the quote', async () => {
    const car = carFor(AU);
    const context: BrowserContext = await newShopperContext(browser, PHONE);
    const { page, errors } = await openPage(context, `${demoOrigin(AU)}/personalised/finance?car_id=${car.id}`, 20_000);
    // Finance is gated on this dealer: sign in first, and come back to the same car.
    await page.waitForURL(/\/sign-in\?/);
    expect(new URL(page.url()).searchParams.get('type')).toBe('finance');
    await signInByCode(page, AU, `finance-${Date.now()}@example.com`);
    await page.waitForURL(new RegExp(`/personalised/finance\\?car_id=${car.id}$`));

    await expect.poll(() => page.locator('.finance-table tbody tr').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await headings(page)).toEqual(['Lender', 'Weekly repayment', 'Interest rate', 'Comparison rate', 'Fees', 'Total to repay']);
    const row = await firstRow(page);
    expect(row[1]).toMatch(/^\$[\d,]+\.\d\d\/week$/);
    expect(row[2]).toMatch(/^\d+\.\d\d% p\.a\.$/);
    expect(row[3]).toMatch(/^\d+\.\d\d% p\.a\.$/);
    // Equally prominent: the rate and the comparison rate in the same size and weight.
    const style = (i: number) =>
      page
        .locator('.finance-table tbody tr')
        .first()
        .locator('th, td')
        .nth(i)
        .evaluate((el) => `${getComputedStyle(el).fontSize} ${getComputedStyle(el).fontWeight}`);
    expect(await style(3)).toBe(await style(2));
    expect(await page.getByText(COMPARISON_RATE_WARNING).isVisible()).toBe(true);
    expect(await page.getByText(car.name).first().isVisible()).toBe(true);

    // A deposit above what may be financed is refused beside the field, by the server's words.
    await page.getByLabel('Deposit ($)').fill(String(car.price));
    await page.getByRole('button', { name: 'Show my repayments' }).click();
    await expect.poll(() => page.locator('#finance-deposit-error').textContent()).toMatch(/^Enter a deposit of \$[\d,]+ or less$/);
    // A 20% deposit: enough for every lender's minimum. On good credit the lender for fair and
    // limited histories does not quote.
    await page.getByLabel('Deposit ($)').fill(String(Math.ceil(car.price * 0.2)));
    await page.getByRole('button', { name: 'Show my repayments' }).click();
    await expect.poll(() => page.locator('#finance-deposit-error').isVisible()).toBe(false);
    expect(await page.locator('.finance-table tbody th').allTextContents()).not.toContain('Money3');

    // The Equifax step: nothing is sent without consent.
    await page.getByRole('button', { name: 'Check my credit band with Equifax' }).click();
    // (The consent's words name these fields too, so labels are matched whole.)
    await page.getByLabel('First name', { exact: true }).fill('Sam');
    await page.getByLabel('Last name', { exact: true }).fill('Fair');
    await page.getByLabel('Date of birth', { exact: true }).fill('1990-04-01');
    await page.getByLabel('Postcode', { exact: true }).fill('4000');
    await page.getByRole('button', { name: 'Agree and check my credit' }).click();
    await expect.poll(() => page.locator('#equifax-consent-error').textContent()).toBe('Tick the box to agree to the credit check');
    await page.getByRole('checkbox', { name: creditCheckConsentWording('AU') }).check();
    await page.getByRole('button', { name: 'Agree and check my credit' }).click();
    await expect.poll(() => page.getByText('Equifax credit band: Fair. Your quotes use it.').isVisible()).toBe(true);
    // Fair credit: the lender for fair and limited histories (used cars, 10% down) now quotes.
    await expect.poll(() => page.locator('.finance-table tbody th').allTextContents()).toContain('Money3');

    expect(await axe(page)).toEqual([]);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    // The refused deposit's 400 is the one error Chromium logs.
    expect(errors.filter((e) => !e.includes('400 (Bad Request)'))).toEqual([]);
    await context.close();
  });

  it('US: APR and monthly payments, no comparison rate, keyboard only', async () => {
    const car = carFor(US);
    const context = await newShopperContext(browser, DESKTOP);
    const { page, errors } = await openPage(context, `${demoOrigin(US)}/personalised/finance?car_id=${car.id}`, 20_000);
    await expect.poll(() => page.locator('.finance-table tbody tr').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await headings(page)).toEqual(['Lender', 'Monthly payment', 'APR', 'Fees', 'Total of payments']);
    const row = await firstRow(page);
    expect(row[1]).toMatch(/^\$[\d,]+\.\d\d\/month$/);
    expect(row[2]).toMatch(/^\d+\.\d\d% APR$/);

    // Keyboard: change the term and ask again without a mouse.
    await page.getByLabel('Loan term').focus();
    await page.keyboard.press('ArrowUp');
    const term = await page.getByLabel('Loan term').inputValue();
    await page.getByRole('button', { name: 'Show my payments' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('.finance-notes').textContent()).toContain(`over ${term} months`);
    expect(await axe(page)).toEqual([]);

    // The page is open to anyone here, a credit check is not: signed out, the shopper is asked to
    // sign in (coming back to this car), and then checks their own band.
    await page.getByRole('button', { name: 'Check my credit band with Equifax' }).click();
    const signInLink = page.getByRole('link', { name: 'Sign in to check my credit band' });
    await expect.poll(() => signInLink.isVisible()).toBe(true);
    expect(await page.locator('#equifax-form').isVisible()).toBe(false);
    const here = `/personalised/finance?car_id=${car.id}`;
    expect(await signInLink.getAttribute('href')).toBe(`/sign-in?type=car-finance&redirect=${encodeURIComponent(here)}&back=${encodeURIComponent(here)}`);
    await signInLink.click();
    await page.waitForURL(/\/sign-in\?/);
    await signInByCode(page, US, `credit-${Date.now()}@example.com`);
    await page.waitForURL(new RegExp(`/personalised/finance\\?car_id=${car.id}$`));
    await page.getByRole('button', { name: 'Check my credit band with Equifax' }).click();
    await page.getByLabel('First name', { exact: true }).fill('Sam');
    await page.getByLabel('Last name', { exact: true }).fill('Fair');
    await page.getByLabel('Date of birth', { exact: true }).fill('1990-04-01');
    await page.getByLabel('ZIP code', { exact: true }).fill('75001');
    // The consent in US words: a ZIP code and a credit inquiry.
    await page.getByRole('checkbox', { name: creditCheckConsentWording('US') }).check();
    await page.getByRole('button', { name: 'Agree and check my credit' }).click();
    await expect.poll(() => page.getByText('Equifax credit band: Fair. Your quotes use it.').isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('every repayment shows its terms', () => {
  it('AU result cards: a marker, and the rate, comparison rate and warning once per page', async () => {
    const context = await newShopperContext(browser, PHONE);
    const { page, errors } = await openPage(context, `${demoOrigin(AU)}/search/new-used-and-demo-cars`, 20_000);
    const repayment = page.locator('.car-card-weekly').first();
    await repayment.waitFor();
    expect(await repayment.textContent()).toMatch(/^\$[\d,]+\/week$/);
    // The marker is the stylesheet's, so the search island carries no bytes for it.
    expect(await repayment.evaluate((el) => getComputedStyle(el, '::after').content)).toBe('"*"');
    const terms = page.locator('#repayment-terms');
    expect(await terms.count()).toBe(1);
    expect(await terms.locator('[data-rate]').textContent()).toBe('7.49% p.a.');
    expect(await terms.locator('[data-comparison-rate]').textContent()).toBe('8.60% p.a. comparison rate');
    expect(await terms.locator('[data-warning]').textContent()).toBe(COMPARISON_RATE_WARNING);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('car pages: the repayment with its terms (AU) and APR (US)', async () => {
    const context = await newShopperContext(browser, PHONE);
    const au = carFor(AU);
    const { page } = await openPage(context, `${demoOrigin(AU)}${carPath(au.slug)}`, 20_000);
    expect(await page.locator('.car-weekly').textContent()).toMatch(/^\$[\d,]+\/week\*$/);
    expect(await page.locator('#repayment-terms [data-comparison-rate]').isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'My personalised quote' }).getAttribute('href')).toBe(`/personalised/finance?car_id=${au.id}`);
    const us = carFor(US);
    await page.goto(`${demoOrigin(US)}${carPath(us.slug)}`);
    expect(await page.locator('.car-weekly').textContent()).toMatch(/^Est\. \$[\d,]+\/month\*$/);
    expect(await page.locator('#repayment-terms [data-rate]').textContent()).toBe('7.49% APR');
    expect(await page.locator('#repayment-terms [data-comparison-rate]').count()).toBe(0);
    await context.close();
  });

  it('the home budget panel: its rate, comparison rate and warning', async () => {
    const context = await newShopperContext(browser, DESKTOP);
    const { page, errors } = await openPage(context, `${demoOrigin(AU)}/`, 20_000);
    await page.getByRole('button', { name: 'SEARCH BY BUDGET' }).click();
    const terms = page.locator('#budget-terms');
    await terms.waitFor({ state: 'visible' });
    expect(await terms.locator('[data-rate]').textContent()).toBe('7.49% p.a.');
    expect(await terms.locator('[data-comparison-rate]').isVisible()).toBe(true);
    expect(await terms.locator('[data-warning]').textContent()).toBe(COMPARISON_RATE_WARNING);
    expect(errors).toEqual([]);
    await context.close();
  });
});
