import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadDealer } from '../../src/platform/config/load';
import { loadStock } from '../../src/stock/server/store';
import type { Vehicle } from '../../src/stock/model/vehicle';
import { carTitle } from '../../src/stock/model/car-page';
import { listedVehicles } from '../../src/search/server/listed-stock';
import { blockOutsideRequests, demoOrigin, launchBrowser, watchErrors } from './browser';
import { readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { get, servedPage } from './http';

const SLUG = 'kingfisher-toyota';
const site = loadDealer(SLUG);
// Same dealer file, same generator: the cars the build prerendered.
const stock = loadStock(site);
const pick = (test: (car: Vehicle) => boolean, what: string): Vehicle => {
  const car = stock.find(test);
  if (!car) throw new Error(`${SLUG} has no ${what} in stock`);
  return car;
};
const forSale = pick((c) => c.status === 'in_stock' && c.price > 0 && c.images.length > 2 && Boolean(c.vin), 'priced in-stock car with photos and a VIN');
// A sold car the site still lists (sold within the dealer's window): its page reads Sold, not gone.
const listed = new Set(listedVehicles(site, stock, Date.now() / 1000).map((c) => c.id));
const sold = pick((c) => c.status === 'sold' && listed.has(c.id), 'sold car the site still lists');

let browser: Browser;
let context: BrowserContext;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

async function open(
  path: string,
  init?: (page: Page) => Promise<void>,
  viewport = { width: 1280, height: 900 },
): Promise<{ page: Page; errors: string[]; outside: string[] }> {
  context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const errors = watchErrors(page);
  const outside = await blockOutsideRequests(page);
  if (init) await init(page);
  await page.goto(`${demoOrigin(SLUG)}${path}`);
  return { page, errors, outside };
}

/** Console errors other than a missing resource (the search API answers 404 until it exists). */
const realErrors = (errors: string[]) => errors.filter((e) => !e.includes('404 (Not Found)'));

/** POSTs JSON to the test server as `<slug>.localhost`; resolves with the status. */
function postJson(slug: string, path: string, body: unknown): Promise<number> {
  const port = inject('demoPort');
  const data = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        headers: { host: `${slug}.localhost:${port}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

const axeViolations = async (page: Page) =>
  (await new AxeBuilder({ page }).analyze()).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);

describe('car page', () => {
  it('shows the car with one total price and its status, and passes axe with no console or CSP errors', async () => {
    const { page, errors } = await open(`/cars/${forSale.slug}`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(forSale.name);
    expect(await page.locator('[data-car-price]').textContent()).toBe(
      new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD', maximumFractionDigits: 0 }).format(forSale.price),
    );
    expect(await page.locator('[data-car-status]').textContent()).toBe('In Stock');
    expect(await page.locator('.car-specs').textContent()).toContain(forSale.vin);
    expect(await page.getByRole('link', { name: site.features.enquiry_button_label }).getAttribute('href')).toBe('#enquire');
    expect(await axeViolations(page)).toEqual([]);
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });

  it('has head metadata, a schema.org Car with offers and the assistant-readable car metadata', async () => {
    const $ = await servedPage(SLUG, `/cars/${forSale.slug}`);
    const home = new URL('/', site.url).href;
    expect($('head > title').text()).toBe(`${carTitle(forSale)} | ${site.name}`);
    expect($('link[rel="canonical"]').attr('href')).toBe(`${home}cars/${forSale.slug}`);
    expect($('meta[property="og:image"]').attr('content')).toBe(new URL(forSale.primary_image_url ?? '', site.url).href);
    const blocks = $('script[type="application/ld+json"]')
      .toArray()
      .map((b) => JSON.parse($(b).text()) as Record<string, unknown>);
    const car = blocks.find((b) => b['@type'] === 'Car');
    expect(car).toMatchObject({
      '@type': 'Car',
      name: forSale.name,
      vehicleIdentificationNumber: forSale.vin,
      offers: { '@type': 'Offer', price: forSale.price, priceCurrency: 'AUD', availability: 'https://schema.org/InStock', seller: { '@id': `${home}#dealer` } },
    });
    const metadata = JSON.parse($('#assistant-car-metadata').text()) as Record<string, unknown>;
    expect(metadata).toMatchObject({ name: forSale.name, id: String(forSale.id), reserved: false, category: `${forSale.car_type}-vehicle-enquiry` });
  });

  it('switches the main photo from the thumbnails by keyboard', async () => {
    const { page } = await open(`/cars/${forSale.slug}`);
    const main = page.locator('[data-gallery-main]');
    const second = page.getByRole('button', { name: `Show photo 2 of ${forSale.images.length}` });
    await second.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => main.getAttribute('src')).toBe(await second.getAttribute('data-src'));
    expect(await second.getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.press('ArrowRight');
    const third = page.getByRole('button', { name: `Show photo 3 of ${forSale.images.length}` });
    await expect.poll(() => third.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await main.getAttribute('src')).toBe(await third.getAttribute('data-src'));
    expect(await main.getAttribute('alt')).toBe(`${forSale.name}, photo 3 of ${forSale.images.length}`);
    await context.close();
  });

  it('words a caravan and a motorcycle by their kind, with no test drive of a caravan and a test ride of a motorcycle', async () => {
    const LAKES = 'southern-lakes-motors';
    const lakes = loadStock(loadDealer(LAKES)).filter((c) => c.status === 'in_stock' && c.show_on_dealer_website);
    const caravan = lakes.find((c) => c.item_type === 'caravan');
    const motorcycle = lakes.find((c) => c.item_type === 'motorcycle');
    if (!caravan || !motorcycle) throw new Error(`${LAKES} has no caravan or motorcycle in stock`);
    const caravanPage = await servedPage(LAKES, `/cars/${caravan.slug}`);
    const text = caravanPage('main').text();
    expect(text).not.toMatch(/this car\b/i);
    expect(text).toContain('Where this caravan is');
    expect(caravanPage('#test-drive').length).toBe(0);
    expect(caravanPage('a[href="#test-drive"]').length).toBe(0);
    const motorcyclePage = await servedPage(LAKES, `/cars/${motorcycle.slug}`);
    expect(motorcyclePage('main').text()).not.toMatch(/this car\b/i);
    expect(motorcyclePage('a[href="#test-drive"]').text()).toBe('Book a test ride');
  });

  it('moves along the photos with a swipe, and enlarges the photo in a dialog the keyboard can use and leave', async () => {
    const { page, errors } = await open(`/cars/${forSale.slug}`, undefined, { width: 390, height: 844 });
    const count = forSale.images.length;
    const main = page.locator('[data-gallery-main]');
    const box = (await main.boundingBox())!;
    // A finger drawn from right to left across the photo: the next photo.
    await page.mouse.move(box.x + box.width * 0.8, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.2, box.y + box.height / 2 + 5, { steps: 5 });
    await page.mouse.up();
    await expect.poll(() => main.getAttribute('alt')).toBe(`${forSale.name}, photo 2 of ${count}`);
    expect(await page.locator('.car-gallery-main [data-gallery-count]').textContent()).toBe(`2 / ${count}`);

    const enlarge = page.getByRole('button', { name: 'Enlarge photo' });
    await enlarge.click();
    const dialog = page.getByRole('dialog', { name: 'Photos, enlarged' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    const large = dialog.getByRole('img');
    expect(await large.getAttribute('alt')).toBe(`${forSale.name}, photo 2 of ${count}`);
    expect(await page.evaluate(() => document.activeElement?.closest('dialog') !== null)).toBe(true);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => large.getAttribute('alt')).toBe(`${forSale.name}, photo 3 of ${count}`);
    expect(await main.getAttribute('alt')).toBe(`${forSale.name}, photo 3 of ${count}`);
    await dialog.getByRole('button', { name: 'Previous photo' }).click();
    await expect.poll(() => large.getAttribute('alt')).toBe(`${forSale.name}, photo 2 of ${count}`);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(await enlarge.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });

  it('shows a rendered JPEG photo as the main image, and 400-wide thumbnails, all of which load', async () => {
    const { page } = await open(`/cars/${forSale.slug}`);
    const main = page.locator('[data-gallery-main]');
    const src = (await main.getAttribute('src')) ?? '';
    expect(src).toMatch(/^\/stock-photos\/800\/[a-z]+-[a-z]+-1\.jpg$/);
    await expect.poll(() => main.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : -1))).toBe(800);
    expect(await main.evaluate((img: HTMLImageElement) => img.naturalHeight)).toBe(600);
    expect(await page.evaluate(async (url) => (await fetch(url)).headers.get('content-type'), src)).toMatch(/^image\/jpeg/);
    const thumbs = page.locator('[data-gallery-thumbs] img');
    expect(await thumbs.count()).toBeGreaterThan(0);
    for (const thumb of await thumbs.all()) {
      await thumb.scrollIntoViewIfNeeded();
      expect(await thumb.getAttribute('src')).toMatch(/^\/stock-photos\/400\//);
      await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : -1))).toBe(400);
    }
    await context.close();
  });

  it('links to finance with the finance query, landing on the finance form', async () => {
    const { page } = await open(`/cars/${forSale.slug}`);
    const link = page.getByRole('link', { name: 'Finance this car' });
    const href = new URL((await link.getAttribute('href')) ?? '', demoOrigin(SLUG));
    expect(href.pathname).toBe('/finance');
    expect(href.hash).toBe('#finance-form');
    expect(Object.fromEntries(href.searchParams)).toEqual({
      preferredDealership: forSale.dealership_slug ?? site.dealership_slug,
      vehiclePriceBudget: String(forSale.price),
      car_id: String(forSale.id),
      car_type: forSale.car_type,
      vin: forSale.vin,
    });
    await link.click();
    await page.waitForURL((url) => url.pathname === '/finance/' || url.pathname === '/finance');
    expect(new URL(page.url()).hash).toBe('#finance-form');
    expect(await page.locator('#finance-form').isVisible()).toBe(true);
    await context.close();
  });

  it('links to the trade-in page for this car', async () => {
    const { page } = await open(`/cars/${forSale.slug}`);
    const link = page.getByRole('link', { name: 'Value my trade-in' });
    expect(await link.getAttribute('href')).toBe(`/cars/trade-in?car_id=${forSale.id}`);
    await link.click();
    await page.waitForURL((url) => url.pathname.startsWith('/cars/trade-in'));
    // A page of its own (not the car shell), keeping the car id for the trade-in lead.
    expect(new URL(page.url()).searchParams.get('car_id')).toBe(String(forSale.id));
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toMatch(/trade/i);
    expect(await page.locator('[data-car-shell]').count()).toBe(0);
    await context.close();
  });

  it('opens the share popup at 550×400 and copies the link', async () => {
    const { page } = await open(`/cars/${forSale.slug}`, async (p) => {
      await p.addInitScript(() => {
        const calls: unknown[][] = [];
        Object.assign(window, { shareCalls: calls });
        window.open = (...args: unknown[]) => {
          calls.push(args);
          return { opener: window } as unknown as Window;
        };
      });
    });
    await page.getByRole('button', { name: 'Share' }).click();
    await page.getByRole('link', { name: /Share on Facebook/ }).click();
    const calls = await page.evaluate(() => (window as unknown as { shareCalls: string[][] }).shareCalls);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.[0]).toBe(`https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(`${new URL('/', site.url).href}cars/${forSale.slug}`)}`);
    expect(calls[0]?.[2]).toMatch(/(^|,)width=550,height=400(,|$)/);
    expect(page.url()).toBe(`${demoOrigin(SLUG)}/cars/${forSale.slug}`);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: demoOrigin(SLUG) });
    await page.getByRole('button', { name: 'Share' }).click();
    await page.getByRole('button', { name: 'Copy link' }).click();
    await expect
      .poll(() =>
        page
          .getByRole('status')
          .filter({ hasText: /Link copied|Copy this link/ })
          .textContent(),
      )
      .toBe('Link copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${new URL('/', site.url).href}cars/${forSale.slug}`);
    await context.close();
  });

  it('says a sold car is sold, without a finance link', async () => {
    const { page, errors } = await open(`/cars/${sold.slug}`);
    expect(await page.locator('[data-car-status]').textContent()).toBe('Sold');
    expect(await page.getByText('This car has been sold.').isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Finance this car' }).count()).toBe(0);
    expect(await page.title()).toContain('(Sold)');
    expect(await axeViolations(page)).toEqual([]);
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });

  it('refreshes price and status from search on load', async () => {
    const { page } = await open(`/cars/${forSale.slug}`, async (p) => {
      await p.route('**/api/search/multi-search', (route) =>
        route.fulfill({ contentType: 'application/json', body: JSON.stringify({ results: [{ hits: [{ ...forSale, price: 12345, status: 'sold' }] }] }) }),
      );
    });
    await expect.poll(() => page.locator('[data-car-status]').textContent()).toBe('Sold');
    expect(await page.locator('[data-car-price]').textContent()).toBe('$12,345');
    expect(await page.getByText('This car has been sold.').isVisible()).toBe(true);
    await context.close();
  });

  it('keeps the prerendered price and status when search fails', async () => {
    let asked = 0;
    const { page } = await open(`/cars/${forSale.slug}`, async (p) => {
      await p.route('**/api/search/multi-search', (route) => {
        asked++;
        return route.fulfill({ status: 503, body: 'down' });
      });
    });
    await expect.poll(() => asked).toBe(1);
    await page.waitForLoadState('networkidle');
    expect(await page.locator('[data-car-status]').textContent()).toBe('In Stock');
    expect(await page.locator('[data-car-price]').textContent()).not.toBe('');
    await context.close();
  });

  it('loads the safety-rating script only when the banner nears the viewport', async () => {
    if (!site.features.safety_banner) throw new Error(`${SLUG} should configure a safety banner`);
    // A phone-sized window: the banner starts well below the fold.
    const { page, outside, errors } = await open(`/cars/${forSale.slug}`, undefined, { width: 390, height: 700 });
    await page.waitForLoadState('networkidle');
    const banner = page.locator('[data-safety-banner]');
    const script = (await banner.getAttribute('data-script')) ?? '';
    expect(script).toMatch(/^https:\/\//);
    expect(outside).not.toContain(script);
    await banner.scrollIntoViewIfNeeded();
    await expect.poll(() => outside.includes(script)).toBe(true);
    expect(await banner.locator('[data-safety-class]:not([hidden])').getAttribute('data-dealer-id')).toBe(site.features.safety_banner.dealer_id);
    // Its origin is in the page's own script-src, so the CSP does not block it.
    expect(realErrors(errors).filter((e) => /Content Security Policy/i.test(e))).toEqual([]);
    await context.close();
  });

  it('says plainly the rating cannot be shown when the safety-rating script is blocked, not an empty frame', async () => {
    const script = site.features.safety_banner?.script_url ?? '';
    const { page } = await open(
      `/cars/${forSale.slug}`,
      async (p) => {
        await p.route(script, (route) => route.abort('blockedbyclient'));
      },
      { width: 390, height: 700 },
    );
    const banner = page.locator('[data-safety-banner]');
    await banner.scrollIntoViewIfNeeded();
    const statement = banner.locator('[data-safety-unavailable]');
    await statement.waitFor({ state: 'visible' });
    expect(await statement.textContent()).toMatch(/safety rating cannot be shown/i);
    expect(await banner.locator('.car-safety-widgets').isVisible()).toBe(false);
    await context.close();
  });

  it('gives up on the widget frame when the script loads but fills nothing', async () => {
    // blockOutsideRequests answers the script with an empty body: it loads and draws nothing.
    const { page } = await open(`/cars/${forSale.slug}`, undefined, { width: 390, height: 700 });
    const banner = page.locator('[data-safety-banner]');
    await banner.scrollIntoViewIfNeeded();
    await banner.locator('[data-safety-unavailable]').waitFor({ state: 'visible', timeout: 15_000 });
    expect(await banner.locator('[data-safety-class]').evaluateAll((els) => els.filter((el) => (el as HTMLElement).offsetParent !== null).length)).toBe(0);
    await context.close();
  });
});

describe('car shell (cars added after the last build)', () => {
  const newCar = { ...forSale, id: 990001, slug: 'brand-new-arrival-990001', name: '2026 Toyota bZ4X Just Arrived', status: 'coming_soon', price: 61990 };

  it('renders a car fetched from search at its own URL', async () => {
    const shell = await get(SLUG, '/shell/car/');
    expect(shell.status).toBe(200);
    const { page, errors } = await open(`/cars/${newCar.slug}`, async (p) => {
      // Stand-ins for the server's rewrite and the engine's answer: this checks the shell alone.
      await p.route(`**/cars/${newCar.slug}`, (route) =>
        route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: Buffer.from(shell.body, 'latin1') }),
      );
      await p.route('**/api/search/multi-search', (route) =>
        route.fulfill({ contentType: 'application/json', body: JSON.stringify({ results: [{ hits: [newCar] }] }) }),
      );
    });
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(newCar.name);
    expect(await page.locator('[data-car-status]').textContent()).toBe('Coming Soon');
    expect(await page.locator('[data-car-price]').textContent()).toBe('$61,990');
    expect(await page.getByRole('link', { name: 'Value my trade-in' }).getAttribute('href')).toBe('/cars/trade-in?car_id=990001');
    expect(await page.getByRole('link', { name: 'Finance this car' }).getAttribute('href')).toContain('car_id=990001');
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    const second = page.getByRole('button', { name: `Show photo 2 of ${newCar.images.length}` });
    await second.click();
    await expect.poll(() => page.locator('[data-gallery-main]').getAttribute('src')).toBe(await second.getAttribute('data-src'));
    expect(await axeViolations(page)).toEqual([]);
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });

  it('fills in the same page the build renders for a car (one car page, two ways to fill it)', async () => {
    const built = await open(`/cars/${forSale.slug}`);
    // What a shopper reads and can reach in the article: text, links, images, list items.
    const outline = (page: Page) =>
      page
        .locator('article[data-car]')
        .evaluate((article) =>
          [...article.querySelectorAll('h1, h2, a[href], img, li, dt, dd, .car-variant, .badge, .car-description, .car-pill, [data-car-price]')]
            .filter((el) => !el.closest('[hidden], template, form, [data-share]'))
            .map(
              (el) =>
                `${el.tagName} ${el instanceof HTMLImageElement ? `${el.getAttribute('src')} ${el.alt}` : ''}${el.getAttribute('href') ?? ''} ${el.textContent?.trim().replace(/\s+/g, ' ')}`,
            ),
        );
    await expect.poll(() => built.page.locator('article[data-car]').getAttribute('data-refreshed')).toBe('true');
    const fromBuild = await outline(built.page);
    await context.close();

    const shell = await get(SLUG, '/shell/car/');
    const { page, errors } = await open(`/cars/${forSale.slug}`, async (p) => {
      await p.route(`**/cars/${forSale.slug}`, (route) =>
        route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: Buffer.from(shell.body, 'latin1') }),
      );
      await p.route('**/api/search/multi-search', (route) =>
        route.fulfill({ contentType: 'application/json', body: JSON.stringify({ results: [{ hits: [forSale] }] }) }),
      );
    });
    await expect.poll(() => page.locator('[data-car-shell]').getAttribute('data-shell-state')).toBe('found');
    expect(await outline(page)).toEqual(fromBuild);
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });

  it('says so when search has no such car', async () => {
    const shell = await get(SLUG, '/shell/car/');
    const { page } = await open('/cars/no-such-car-1', async (p) => {
      await p.route('**/cars/no-such-car-1', (route) =>
        route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: Buffer.from(shell.body, 'latin1') }),
      );
      await p.route('**/api/search/multi-search', (route) =>
        route.fulfill({ contentType: 'application/json', body: JSON.stringify({ results: [{ hits: [] }] }) }),
      );
    });
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Car not found');
    expect(await page.getByRole('link', { name: 'Browse all stock' }).isVisible()).toBe(true);
    await context.close();
  });

  it('is what the server serves for an unbuilt /cars/ URL, asking the real search engine', async () => {
    expect(
      (await get(SLUG, '/cars/unbuilt-car-424242')).status,
      'the server should answer an unbuilt /cars/<slug> with the /shell/car/ page (routes.json fallback), not the 404 page',
    ).toBe(200);
    expect(await postJson(SLUG, '/api/search/multi-search', { queries: [] }), 'the embedded search API (/api/search/multi-search) should answer').toBe(200);
    const { page, errors } = await open('/cars/unbuilt-car-424242');
    // The real index has no such car: the shell asked the engine and says so.
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 15_000 }).toMatch(/^(Car not found|We could not load this car)$/);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Car not found');
    expect(realErrors(errors)).toEqual([]);
    await context.close();
  });
});

describe('a car the site hides (sold and never kept on the website, or sold before the sold window)', () => {
  // Hidden now and at the build's render day (the start of today), whenever today the build ran.
  const atRender = new Set(listedVehicles(site, stock, Math.floor(Date.now() / 86_400_000) * 86_400).map((c) => c.id));
  const hidden = stock.filter((c) => !listed.has(c.id) && !atRender.has(c.id));

  it('has no page: its address answers byte for byte as an address no car ever had', async () => {
    expect(hidden.length, `${SLUG}'s demo stock should have cars the site hides`).toBeGreaterThan(0);
    const never = await get(SLUG, '/cars/2019-toyota-never-in-stock-999999');
    expect(never.status).toBe(200);
    for (const car of hidden.slice(0, 5)) {
      const answer = await get(SLUG, `/cars/${car.slug}`);
      expect({ status: answer.status, type: answer.headers['content-type'], body: answer.body }, car.slug).toEqual({
        status: never.status,
        type: never.headers['content-type'],
        body: never.body,
      });
    }
  });

  it('has its VIN and stock number in no file the site serves', () => {
    const files: string[] = [];
    const walk = (dir: string): void => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (/\.(html|json|xml|txt|csv|js|tsv)$/.test(entry.name)) files.push(full);
      }
    };
    walk(path.resolve('dist', SLUG));
    expect(files.some((f) => f.endsWith('.html'))).toBe(true);
    const secrets = new RegExp(
      `\\b(${hidden
        .flatMap((c) => [c.vin, c.stocknum])
        .filter(Boolean)
        .join('|')})\\b`,
    );
    const leaks = files.flatMap((file) => {
      const found = secrets.exec(readFileSync(file, 'utf8'));
      return found ? [`${path.relative('dist', file)}: ${found[1]}`] : [];
    });
    expect(leaks).toEqual([]);
  });
});
