/**
 * What the law in each region asks of the demo sites, page by page, in Chromium:
 * - AU (Kingfisher Toyota): one drive-away price per car; wherever a repayment shows (result
 *   cards, car pages, the home budget panel, saved cars, the comparison, personalised finance,
 *   My Garage) its interest rate and the comparison rate, equally prominent (same font size and
 *   weight), with the standard comparison-rate warning.
 * - NZ (Southern Lakes Motors): used cars carry the Consumer Information Notice, printable on its
 *   own, and repayments their rate and fees.
 * - US (Lone Star Auto): payments are estimates, with the APR, the term and the down payment.
 * - Booking a test drive from a car page: a free slot, stored with the car, answered by email.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadDealer } from '../../src/platform/config/load';
import { COMPARISON_RATE_WARNING, repayment } from '../../src/stock/model/repayments';
import { loadStock } from '../../src/stock/server/store';
import { listedVehicles } from '../../src/search/server/listed-stock';
import { carPath } from '../../src/stock/model/car';
import { savedListKey } from '../../src/saved-cars/model/saved-list';
import { NOT_PROVIDED } from '../../src/cars/model/consumer-notice';
import { DESKTOP, demoOrigin, launchBrowser, newShopperContext, openPage } from './browser';
import { mailsTo, signInByCode } from './sign-in';

const AU = 'kingfisher-toyota';
const NZ = 'southern-lakes-motors';
const US = 'lone-star-auto';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** Used cars in stock with a price, as the demo server serves them. */
function usedCars(slug: string) {
  const stock = loadStock(loadDealer(slug), { ...process.env, STOCK_DIR: inject('stockDir') });
  return stock.filter((c) => c.status === 'in_stock' && c.price > 15_000 && c.car_type === 'used');
}

const typeOf = (el: Locator) =>
  el.evaluate((node) => {
    const style = getComputedStyle(node);
    return { size: style.fontSize, weight: style.fontWeight };
  });

/** The AU terms block: rate and comparison rate in the same type, and the standard warning, all on screen. */
async function expectAuTerms(terms: Locator): Promise<void> {
  await terms.waitFor({ state: 'visible' });
  const rate = terms.locator('[data-rate]');
  const comparison = terms.locator('[data-comparison-rate]');
  expect(await rate.textContent()).toMatch(/^\d+\.\d\d% p\.a\.$/);
  expect(await comparison.textContent()).toMatch(/^\d+\.\d\d% p\.a\. comparison rate$/);
  expect(await rate.isVisible()).toBe(true);
  expect(await comparison.isVisible()).toBe(true);
  expect(await typeOf(comparison)).toEqual(await typeOf(rate));
  expect(await terms.locator('[data-warning]').textContent()).toBe(COMPARISON_RATE_WARNING);
  expect(await terms.locator('[data-warning]').isVisible()).toBe(true);
}

async function seedSaved(page: Page, slug: string, cars: ReturnType<typeof usedCars>): Promise<void> {
  await page.evaluate(([key, list]) => localStorage.setItem(key, JSON.stringify(list)), [
    savedListKey(slug),
    cars.map(({ id, name, slug: carSlug, make, model }) => ({ id: String(id), name, slug: carSlug, make, model })),
  ] as const);
}

describe('AU: one drive-away price; every repayment with its rate and an equally prominent comparison rate', () => {
  const [first, second] = usedCars(AU);

  it('result cards and the car page', async () => {
    const context = await newShopperContext(browser, DESKTOP);
    const { page, errors } = await openPage(context, `${demoOrigin(AU)}/search/new-used-and-demo-cars`, 20_000);
    await page.locator('.car-card-weekly').first().waitFor();
    await expectAuTerms(page.locator('#repayment-terms'));

    await page.goto(`${demoOrigin(AU)}${carPath(first!.slug)}`);
    expect(await page.locator('.car-weekly').textContent()).toMatch(/^\$[\d,]+\/week\*$/);
    await expectAuTerms(page.locator('#repayment-terms'));
    // One price for the car, said to be drive away; the only other figure is the marked repayment.
    expect(await page.locator('.car-price').textContent()).toMatch(/^Price: \$[\d,]+ Drive away$/);
    const figures = await page.locator('.car-summary').evaluate((summary) => {
      const copy = summary.cloneNode(true) as HTMLElement;
      copy.querySelectorAll('.car-weekly, .repayment-terms, [hidden]').forEach((el) => el.remove());
      return copy.textContent?.match(/\$\s?[\d,]+/g) ?? [];
    });
    expect(figures).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the home budget panel', async () => {
    const context = await newShopperContext(browser, DESKTOP);
    const { page, errors } = await openPage(context, `${demoOrigin(AU)}/`, 20_000);
    await page.getByRole('button', { name: 'SEARCH BY BUDGET' }).click();
    await expectAuTerms(page.locator('#budget-terms'));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('saved cars and the comparison', async () => {
    const context = await newShopperContext(browser, DESKTOP);
    const { page, errors } = await openPage(context, `${demoOrigin(AU)}/favourites`, 20_000);
    await seedSaved(page, AU, [first!, second!]);
    await page.reload();
    const price = page.locator('.garage-car-price').first();
    await expect.poll(() => price.textContent(), { timeout: 15_000 }).toMatch(/^\$[\d,]+ · \$[\d,]+\/week\*$/);
    await expectAuTerms(page.locator('#repayment-terms'));

    await page.goto(`${demoOrigin(AU)}/compare?ids=${first!.id},${second!.id}`);
    const weekly = page.getByRole('row', { name: /^Weekly price/ });
    await expect.poll(() => weekly.locator('td').first().textContent(), { timeout: 15_000 }).toMatch(/^\$[\d,]+\/week\*$/);
    await expectAuTerms(page.locator('#repayment-terms'));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('no repayment and no finance terms for sold or price-on-application cars: saved cars and the comparison', async () => {
    const site = loadDealer(AU);
    const stock = loadStock(site, { ...process.env, STOCK_DIR: inject('stockDir') });
    const listed = new Set(listedVehicles(site, stock, Date.now() / 1000).map((c) => c.id));
    const sold = stock.find((c) => c.status === 'sold' && listed.has(c.id));
    const onApplication = stock.find((c) => c.status === 'in_stock' && c.price === 0 && listed.has(c.id));
    expect(sold && onApplication).toBeTruthy();
    const context = await newShopperContext(browser, DESKTOP);
    const { page, errors } = await openPage(context, `${demoOrigin(AU)}/favourites`, 20_000);
    await seedSaved(page, AU, [sold!, onApplication!]);
    await page.reload();
    const prices = page.locator('.garage-car-price');
    // Once search has answered for both, neither shows a repayment, and the terms stay hidden.
    await expect.poll(() => page.locator('.garage-car[data-status]').count(), { timeout: 15_000 }).toBe(2);
    expect((await prices.allTextContents()).join(' ')).not.toMatch(/\/week/);
    expect(await page.locator('#repayment-terms').isVisible()).toBe(false);

    await page.goto(`${demoOrigin(AU)}/compare?ids=${sold!.id},${onApplication!.id}`);
    const weekly = page.getByRole('row', { name: /^Weekly price/ });
    await expect.poll(() => weekly.locator('td').allTextContents(), { timeout: 15_000 }).toEqual(['—', '—']);
    expect(await page.locator('#repayment-terms').isVisible()).toBe(false);
    // With a car for sale beside them, the terms are back for its repayment.
    await page.goto(`${demoOrigin(AU)}/compare?ids=${sold!.id},${first!.id}`);
    await expect.poll(() => weekly.locator('td').nth(1).textContent(), { timeout: 15_000 }).toMatch(/^\$[\d,]+\/week\*$/);
    await expectAuTerms(page.locator('#repayment-terms'));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('no finance terms under search results when no card on the page shows a repayment', async () => {
    const site = loadDealer(AU);
    const stock = loadStock(site, { ...process.env, STOCK_DIR: inject('stockDir') });
    const listed = new Set(listedVehicles(site, stock, Date.now() / 1000).map((c) => c.id));
    const sold = stock.find((c) => c.status === 'sold' && c.vin && listed.has(c.id));
    const onApplication = stock.find((c) => c.status === 'in_stock' && c.price === 0 && c.vin && listed.has(c.id));
    expect(sold && onApplication).toBeTruthy();
    const context = await newShopperContext(browser, DESKTOP);
    const { page, errors } = await openPage(context, `${demoOrigin(AU)}/search/new-used-and-demo-cars`, 20_000);
    await expectAuTerms(page.locator('#repayment-terms'));
    // A VIN finds its one car: sold, then price on application; neither card shows a repayment.
    for (const car of [sold!, onApplication!]) {
      await page.goto(`${demoOrigin(AU)}/search/new-used-and-demo-cars?query=${car.vin}`);
      await expect.poll(() => page.locator('.car-card-title').allTextContents(), { timeout: 15_000 }).toEqual([car.name]);
      expect(await page.locator('.car-card-weekly').count()).toBe(0);
      expect(await page.locator('#repayment-terms').isVisible()).toBe(false);
    }
    // A car for sale among the results brings the terms back for its repayment.
    await page.goto(`${demoOrigin(AU)}/search/new-used-and-demo-cars?query=${first!.vin}`);
    await page.locator('.car-card-weekly').first().waitFor();
    await expectAuTerms(page.locator('#repayment-terms'));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('personalised finance and My Garage, signed in', async () => {
    const context = await newShopperContext(browser, DESKTOP);
    const { page, errors } = await openPage(context, `${demoOrigin(AU)}/personalised/finance?car_id=${first!.id}`, 20_000);
    await page.waitForURL(/\/sign-in\?/);
    await signInByCode(page, AU, `compliance-${Date.now()}@example.com`);
    await page.waitForURL(/\/personalised\/finance\?car_id=/);
    const row = page.locator('.finance-table tbody tr').first();
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(1);
    const headings = await page.locator('.finance-table thead th').allTextContents();
    const rate = row.locator('th, td').nth(headings.indexOf('Interest rate'));
    const comparison = row.locator('th, td').nth(headings.indexOf('Comparison rate'));
    expect(await rate.textContent()).toMatch(/^\d+\.\d\d% p\.a\.$/);
    expect(await comparison.textContent()).toMatch(/^\d+\.\d\d% p\.a\.$/);
    expect(await typeOf(comparison)).toEqual(await typeOf(rate));
    expect(await page.locator('.finance-notes').textContent()).toContain(COMPARISON_RATE_WARNING);

    // My Garage prints the terms once a saved car shows a repayment.
    await seedSaved(page, AU, [first!]);
    await page.goto(`${demoOrigin(AU)}/my-garage`);
    await expectAuTerms(page.locator('#repayment-terms'));
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('NZ: the Consumer Information Notice on used cars', () => {
  it('shows every notice field from stock, says what is not provided, and prints on its own', async () => {
    const car = usedCars(NZ)[0]!;
    const context = await newShopperContext(browser, DESKTOP);
    const { page, errors } = await openPage(context, `${demoOrigin(NZ)}${carPath(car.slug)}`, 20_000);
    const notice = page.getByRole('region', { name: 'Consumer Information Notice' });
    await notice.waitFor();
    const value = (label: string) => notice.getByRole('row', { name: label }).locator('td').textContent();
    expect(await notice.locator('caption').allTextContents()).toEqual(['Trader', 'Sale', 'Vehicle', 'Import history']);
    expect(await value('Trader registration number')).toBe('MVTR M307112');
    expect(await value('Make and model')).toBe(`${car.make} ${car.model}`);
    expect(await value('VIN or chassis number')).toBe(car.vin);
    expect(await value('Registration plate')).toBe(car.registration_plate);
    expect(await value('Security interest registered on the PPSR')).toBe('No');
    expect(await value('Engine capacity')).toBe(NOT_PROVIDED);
    // New cars carry none.
    const fresh = loadStock(loadDealer(NZ), { ...process.env, STOCK_DIR: inject('stockDir') }).find((c) => c.car_type === 'new' && c.status === 'in_stock');
    // NZ repayments: the rate and the fees, the repayment worked out with them (Southern Lakes' $350 and $10.35).
    expect(await page.locator('#repayment-terms [data-warning]').textContent()).toBe(
      'Includes an establishment fee of $350 and a PPSR fee of $10.35, added to the loan.',
    );
    const weekly = repayment({ amount: car.price, rate: 11.95, term_months: 60, frequency: 'weekly', establishment_fee: 360.35 }).payment;
    expect(await page.locator('[data-car-weekly]').textContent()).toBe(`$${Math.ceil(weekly).toLocaleString('en-NZ')}/week`);

    // "Print this notice" prints the notice alone.
    await page.evaluate(() => {
      window.print = () => {
        (window as unknown as { printed?: string }).printed = document.documentElement.dataset.printing;
      };
    });
    await notice.getByRole('button', { name: 'Print this notice' }).click();
    expect(await page.evaluate(() => (window as unknown as { printed?: string }).printed)).toBe('notice');
    await page.emulateMedia({ media: 'print' });
    await page.evaluate(() => (document.documentElement.dataset.printing = 'notice'));
    const visibility = (selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((el) => getComputedStyle(el).visibility);
    expect(await visibility('h1')).toBe('hidden');
    expect(await visibility('#consumer-notice-heading')).toBe('visible');
    expect(errors).toEqual([]);

    if (fresh) {
      await page.goto(`${demoOrigin(NZ)}${carPath(fresh.slug)}`);
      expect(await page.locator('#consumer-information-notice').count()).toBe(0);
    }
    await context.close();
  });
});

describe('US: payments are estimates with the APR, term and down payment', () => {
  it('on car pages and the comparison', async () => {
    const [first, second] = usedCars(US);
    const context = await newShopperContext(browser, DESKTOP);
    const { page, errors } = await openPage(context, `${demoOrigin(US)}${carPath(first!.slug)}`, 20_000);
    expect(await page.locator('.car-weekly').textContent()).toMatch(/^Est\. \$[\d,]+\/month\*$/);
    const terms = page.locator('#repayment-terms');
    expect(await terms.locator('[data-rate]').textContent()).toBe('7.49% APR');
    expect(await terms.textContent()).toContain('Estimated monthly payments for 72 months at 7.49% APR with a 10% down payment.');
    expect(await terms.locator('[data-comparison-rate]').count()).toBe(0);

    await page.goto(`${demoOrigin(US)}/compare?ids=${first!.id},${second!.id}`);
    const payment = page.getByRole('row', { name: /^Estimated monthly payment/ });
    await expect.poll(() => payment.locator('td').first().textContent(), { timeout: 15_000 }).toMatch(/^\$[\d,]+\/month\*$/);
    expect(await page.locator('#repayment-terms [data-rate]').textContent()).toBe('7.49% APR');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('test drive from the car page', () => {
  it('books a free slot; the lead carries the car and the slot, and the shopper gets a reply naming the car', async () => {
    const car = usedCars(AU)[0]!;
    const context = await newShopperContext(browser, DESKTOP);
    const { page, errors } = await openPage(context, `${demoOrigin(AU)}${carPath(car.slug)}`, 20_000);
    const sent: Record<string, unknown>[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/leads')) sent.push((request.postDataJSON() as { lead: Record<string, unknown> }).lead);
    });
    const since = Date.now();
    await page.getByRole('link', { name: 'Book a test drive' }).click();
    const form = page.locator('#test-drive .multi-step');
    await form.hover();
    await page.locator('#test-drive astro-island:not([ssr])').waitFor({ state: 'attached' });
    const readyAt = Date.now();
    expect(await form.textContent()).toContain(car.name);

    const date = form.getByRole('combobox', { name: /^Date/ });
    await expect.poll(() => date.locator('option').count(), { timeout: 15_000 }).toBeGreaterThan(1);
    // The last day offered: the server checks the time again when the lead arrives, and today's
    // earliest time can pass the yard's notice while the test is still filling the form.
    const chosenDate = (await date.locator('option').last().getAttribute('value')) ?? '';
    await date.selectOption(chosenDate);
    const times = form.getByRole('radiogroup').getByRole('radio');
    await expect.poll(() => times.count()).toBeGreaterThan(0);
    const chosenTime = (await times.first().getAttribute('value')) ?? '';
    await times.first().check();
    await form.getByRole('button', { name: 'Continue' }).click();

    const email = `test-drive-${Date.now()}@example.com`;
    await form.getByLabel('First Name').fill('Ann');
    await form.getByLabel('Last Name').fill('Lee');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Mobile').fill('0412 345 678');
    // A person takes longer than the server's time trap (3 s from the form's first use); a bot would not.
    const pace = readyAt + 3_300 - Date.now();
    if (pace > 0) await new Promise((resolve) => setTimeout(resolve, pace));
    await form.getByRole('button', { name: 'Submit' }).click();
    // On to the success page, with the way back to the car.
    await page.waitForURL(/\/success\?category=test-drive&/, { timeout: 15_000 });
    expect(await page.locator('[data-success-kind="test-drive"]').isVisible()).toBe(true);
    expect(await page.locator('[data-success-car]').getAttribute('href')).toBe(`/cars/${car.slug}`);

    const last = sent[sent.length - 1];
    expect(last).toMatchObject({
      form: 'test_drive',
      category: 'test-drive',
      car_id: String(car.id),
      booking_date: chosenDate,
      booking_time: chosenTime,
      lead_status: 'Complete',
    });
    // Delivered to the dealer with the car and the slot, and a reply to the shopper naming the car.
    const delivered = () =>
      readdirSync(path.join(inject('outboxDir'), AU))
        .filter((name) => name.endsWith('.json'))
        .map((name) => JSON.parse(readFileSync(path.join(inject('outboxDir'), AU, name), 'utf8')) as { data: Record<string, unknown> })
        .find((lead) => lead.data.email === email);
    await expect
      .poll(() => delivered()?.data, { timeout: 15_000 })
      .toMatchObject({ car_id: String(car.id), booking_date: chosenDate, booking_time: chosenTime });
    await expect.poll(() => mailsTo(AU, email, since).length, { timeout: 15_000 }).toBe(1);
    expect(mailsTo(AU, email, since)[0]).toContain(car.name);

    expect(errors).toEqual([]);

    // A time the yard does not offer is refused by the server, whatever the page sent (Chromium logs the 400).
    const refused = await page.evaluate(
      async (lead) => {
        const response = await fetch('/api/leads', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ lead }) });
        return { status: response.status, body: await response.text() };
      },
      { ...last, lead_id: undefined, booking_date: '2020-01-06', booking_time: '03:00' },
    );
    expect(refused.status).toBe(400);
    expect(refused.body).toContain('lead.booking_time');
    await context.close();
  });
});
