/**
 * Checkout in Chromium on the built demo dealer kingfisher-toyota (checkout gated), against the
 * platform's own API and the local test payment processor: a signed-out shopper opening a car's
 * checkout is sent to sign in and brought back, pays the deposit with 4242…, lands on the success
 * page; the car is then 'Reserved' in the search API, on its result card on the search page and
 * on its page (no checkout button), and
 * the outbox has the dealer's lead with the payment reference. A declined card leaves a car free.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadDealer } from '../../src/platform/config/load';
import { loadStock } from '../../src/stock/server/store';
import { checkoutNotOffered, TEST_PAYMENTS_NOTICE } from '../../src/checkout/model/api';
import { load } from 'cheerio';
import { get } from './http';
import { wording } from '../../src/platform/formats/region';
import { demoOrigin, launchBrowser, newShopperContext, openPage } from './browser';
import { signInByCode } from './sign-in';

const SLUG = 'kingfisher-toyota';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const site = loadDealer(SLUG, 'dealers');
const forSale = () => loadStock(site, { ...process.env, STOCK_DIR: inject('stockDir') }).filter((car) => car.status === 'in_stock' && car.price > 0);
// Cars far down the list, so other browser tests' cars are left alone.
const carAt = (n: number) => forSale().at(-1 - n)!;

const signIn = (page: Page, email: string) => signInByCode(page, SLUG, email);

async function payWith(page: Page, card: string): Promise<void> {
  await page.waitForURL(/\/api\/payments\/local\/pay\//);
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry (MM/YY)').fill('12/30');
  await page.getByLabel('Security code').fill('123');
  await page.getByRole('button', { name: /^Pay / }).click();
}

/** The API as `<slug>.localhost` asks it: Node cannot resolve that name, so 127.0.0.1 with the Host header. */
function api(method: 'GET' | 'POST', target: string, body?: unknown): Promise<unknown> {
  const port = inject('demoPort');
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, method, path: target, headers: { host: `${SLUG}.localhost:${port}`, 'content-type': 'application/json' } },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve(JSON.parse(text) as unknown));
      },
    );
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

const reservedInSearch = async (id: number): Promise<boolean> => {
  const body = (await api('POST', '/api/search/multi-search', {
    queries: [{ indexUid: site.search.index_uid ?? SLUG, q: '', filter: `id = ${id}`, limit: 1 }],
  })) as { results?: { hits?: { reserved?: boolean }[] }[] };
  return body.results?.[0]?.hits?.[0]?.reserved === true;
};

describe('checkout with a deposit', () => {
  let context: BrowserContext;
  beforeAll(async () => {
    context = await newShopperContext(browser);
  });
  afterAll(async () => {
    await context.close();
  });

  it('signs the shopper in, takes 4242…, reserves the car everywhere and sends the dealer the lead', async () => {
    const car = carAt(0);
    const { page } = await openPage(context, `${demoOrigin(SLUG)}/cars/${car.slug}/checkout`, 20_000);
    await signIn(page, 'reserver@example.com');
    await page.waitForURL(new RegExp(`/cars/${car.slug}/checkout`));
    await expect.poll(() => page.getByRole('heading', { name: car.name }).isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => page.getByText('reserver@example.com').isVisible()).toBe(true);
    // The demo dealer takes payments through the local test processor, and says so before anyone pays.
    expect(await page.getByText(TEST_PAYMENTS_NOTICE).isVisible()).toBe(true);
    await page.getByRole('button', { name: /^Pay .* deposit$/ }).click();
    await payWith(page, '4242 4242 4242 4242');
    await page.waitForURL(/\/success\?category=car-reservation/, { timeout: 20_000 });
    expect(await page.getByText('the car is reserved for you').isVisible()).toBe(true);
    const paymentId = new URL(page.url()).searchParams.get('payment');

    await expect.poll(() => reservedInSearch(car.id), { timeout: 3000 }).toBe(true);
    // What the next shopper sees: the car's result card on the search page says Reserved.
    const searchPage = await context.newPage();
    await searchPage.goto(`${demoOrigin(SLUG)}/search?query=${encodeURIComponent(car.stocknum ?? car.name)}`);
    const card = searchPage.locator('article.car-card', { has: searchPage.getByRole('link', { name: car.name }) });
    await expect.poll(() => card.locator('.car-card-flags').textContent(), { timeout: 15_000 }).toContain('Reserved');
    const carPage = await context.newPage();
    await carPage.goto(`${demoOrigin(SLUG)}/cars/${car.slug}`);
    await expect.poll(() => carPage.locator('[data-car-status]').textContent(), { timeout: 10_000 }).toBe('Reserved');
    expect(await carPage.locator('[data-checkout-link]').isVisible()).toBe(false);

    // The shopper who paid opens the checkout again: the hold is theirs, with the receipt.
    const again = await context.newPage();
    await again.goto(`${demoOrigin(SLUG)}/cars/${car.slug}/checkout`);
    await expect.poll(() => again.getByRole('heading', { name: 'You have reserved this car' }).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await again.locator('[data-checkout-mine-lines]').textContent()).toContain(paymentId ?? 'none');
    expect(await again.getByText('reserved by another shopper').isVisible()).toBe(false);
    expect(await again.getByRole('button', { name: /^Pay .* deposit$/ }).isVisible()).toBe(false);
    // Another shopper is told only that it is reserved.
    const other = await newShopperContext(browser);
    const { page: theirs } = await openPage(other, `${demoOrigin(SLUG)}/cars/${car.slug}/checkout`, 20_000);
    await signIn(theirs, 'someone-else@example.com');
    await theirs.waitForURL(new RegExp(`/cars/${car.slug}/checkout`));
    await expect.poll(() => theirs.getByText('This car is reserved by another shopper.').isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await theirs.getByRole('heading', { name: 'You have reserved this car' }).isVisible()).toBe(false);
    await other.close();

    await expect
      .poll(
        () => {
          const folder = path.join(inject('outboxDir'), SLUG);
          return readdirSync(folder)
            .filter((name) => name.endsWith('.json'))
            .some((name) => readFileSync(path.join(folder, name), 'utf8').includes(paymentId ?? 'none'));
        },
        { timeout: 15_000 },
      )
      .toBe(true);
  });

  it('leaves the car available when the card is declined', async () => {
    const car = carAt(1);
    const { page } = await openPage(context, `${demoOrigin(SLUG)}/cars/${car.slug}/checkout`, 20_000);
    await page.getByRole('button', { name: /^Pay .* deposit$/ }).click();
    await payWith(page, '4000 0000 0000 0002');
    await page.waitForURL(/\/checkout\/return/);
    await expect.poll(() => page.getByRole('heading', { name: 'Payment declined' }).isVisible(), { timeout: 10_000 }).toBe(true);
    // Analytics run on this page: the payment key has left the address bar, the card page's
    // address (its pay token) is not the referrer, and gtag was given neither.
    expect(new URL(page.url()).searchParams.has('key')).toBe(false);
    expect(await page.evaluate(() => document.referrer)).not.toContain('/api/payments/local/pay/');
    const configs = () =>
      page.evaluate(() =>
        JSON.stringify(
          ((window as unknown as { dataLayer?: ArrayLike<unknown>[] }).dataLayer ?? []).map((args) => Array.from(args)).filter((args) => args[0] === 'config'),
        ),
      );
    await expect.poll(configs, { timeout: 10_000 }).toContain('page_location');
    expect(await configs()).not.toMatch(/key=|\/api\/payments\/local\/pay\//);
    // A reload still finds the payment (the key is kept in the page's history entry).
    await page.reload();
    await expect.poll(() => page.getByRole('heading', { name: 'Payment declined' }).isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await api('GET', `/api/cars/${car.id}/availability`)).toEqual({ car_id: String(car.id), reserved: false });
    expect(await reservedInSearch(car.id)).toBe(false);
  });

  it('at 390 px, signed in: the deposit and terms show, Pay is reachable by keyboard, no overflow, axe-clean', async () => {
    const phone = await newShopperContext(browser, { width: 390, height: 844 });
    try {
      const car = carAt(2);
      const { page } = await openPage(phone, `${demoOrigin(SLUG)}/cars/${car.slug}/checkout`, 20_000);
      await signIn(page, 'phone-reserver@example.com');
      await page.waitForURL(new RegExp(`/cars/${car.slug}/checkout`));
      const pay = page.getByRole('button', { name: /^Pay .* deposit$/ });
      await expect.poll(() => pay.isVisible(), { timeout: 15_000 }).toBe(true);
      expect(await page.getByRole('heading', { name: car.name }).isVisible()).toBe(true);
      expect(await page.getByRole('heading', { name: 'Terms' }).isVisible()).toBe(true);
      expect(await page.locator('.saved-strip').isVisible()).toBe(false);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      const { violations } = await new AxeBuilder({ page }).analyze();
      expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
      await pay.focus();
      expect(await page.evaluate(() => document.activeElement?.textContent ?? '')).toMatch(/^Pay .* deposit$/);
    } finally {
      await phone.close();
    }
  });
});

describe('a dealer that does not take deposits or payments online', () => {
  it('answers a car’s checkout address with the truth and a link to the car, and has no /online-payment', async () => {
    const other = loadDealer('lone-star-auto', 'dealers');
    expect(other.features.enabled_pages).not.toContain('checkout');
    const car = loadStock(other, { ...process.env, STOCK_DIR: inject('stockDir') }).find((c) => c.status === 'in_stock')!;
    const served = await get('lone-star-auto', `/cars/${car.slug}/checkout`);
    expect(served.status).toBe(200);
    const $ = load(served.text);
    const words = checkoutNotOffered(other.name);
    const w = wording(other.locale);
    expect($('h1').text()).toBe(w(words.heading));
    expect($('[data-checkout-status]').text()).toBe(w(words.text));
    expect(served.text).not.toContain('may have been sold');
    expect($('[data-checkout-car-link]')).toHaveLength(1);
    for (const slug of ['lone-star-auto', 'kingfisher-toyota']) expect((await get(slug, '/online-payment')).status, slug).toBe(404);
  });

  it('links the checkout page to the car it names', async () => {
    const other = loadDealer('lone-star-auto', 'dealers');
    const car = loadStock(other, { ...process.env, STOCK_DIR: inject('stockDir') }).find((c) => c.status === 'in_stock')!;
    const context = await newShopperContext(browser);
    const { page, errors } = await openPage(context, `${demoOrigin('lone-star-auto')}/cars/${car.slug}/checkout`, 20_000);
    await expect.poll(() => page.locator('[data-checkout-car-link]').getAttribute('href')).toBe(`/cars/${car.slug}`);
    expect(errors).toEqual([]);
    await context.close();
  });
});
