/**
 * The Automotive Standards Council (ASC) analytics in a real browser, on the demo dealer that
 * names a GA4 measurement id: each page's `window.asc_datalayer`, the events a shopper's way to an
 * enquiry fires (home → search → car → click to call → enquiry sent), gtag's calls to the
 * dealer's property, and nothing at all once the shopper turns analytics off.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDealer } from '../../src/platform/config/load';
import { defaultSearchPath } from '../../src/search/model/search-path';
import { loadStock } from '../../src/stock/server/store';
import { ascItem } from '../../src/stock/model/asc-item';
import type { AscDataLayer } from '../../src/platform/web/tracker';
import { blockOutsideRequests, demoOrigin, launchBrowser, watchErrors } from './browser';

const SLUG = 'kingfisher-toyota';
const site = loadDealer(SLUG);
const stock = loadStock(site);
const SEEN_KEY = 'asc-events-seen';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

type AscEvent = Record<string, unknown> & { event: string };
const layer = (page: Page) => page.evaluate(() => (window as unknown as { asc_datalayer?: AscDataLayer }).asc_datalayer);
const events = async (page: Page): Promise<AscEvent[]> => ((await layer(page))?.events ?? []) as AscEvent[];
const eventNamed = async (page: Page, name: string) => (await events(page)).find((e) => e.event === name);

/** The ASC page view arrives after the page's load event. */
async function pageView(page: Page): Promise<AscEvent> {
  await expect.poll(async () => (await eventNamed(page, 'asc_pageview')) !== undefined, { timeout: 15_000 }).toBe(true);
  return (await eventNamed(page, 'asc_pageview'))!;
}

/** gtag's `event` commands on the page, as Google's script would read them from dataLayer. */
const gtagEvents = (page: Page) =>
  page.evaluate(() =>
    ((window as unknown as { dataLayer?: unknown[] }).dataLayer ?? [])
      .map((entry) => Array.from<unknown>(entry as ArrayLike<unknown>))
      .filter((args) => args[0] === 'event')
      .map((args) => ({ name: args[1] as string, params: args[2] as Record<string, unknown> })),
  );

describe(`ASC analytics on ${SLUG}`, () => {
  it('home → search → car → click to call → enquiry: every page has its data layer and the events carry the right fields', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors = watchErrors(page);
    const outside = await blockOutsideRequests(page);
    // Events logged on the car page survive its move to /success here, in this tab's session storage.
    await page.addInitScript((key) => {
      const w = window as unknown as { asc_datalayer?: AscDataLayer };
      let installed: unknown;
      const keep = () => {
        const events = w.asc_datalayer?.events;
        if (!events || events === installed) return;
        installed = events;
        const push = events.push.bind(events);
        events.push = (...added) => {
          sessionStorage.setItem(key, JSON.stringify([...(JSON.parse(sessionStorage.getItem(key) ?? '[]') as unknown[]), ...added]));
          return push(...added);
        };
      };
      document.addEventListener('DOMContentLoaded', keep);
    }, SEEN_KEY);

    // Home.
    await page.goto(`${demoOrigin(SLUG)}/`);
    expect(await pageView(page)).toMatchObject({ event: 'asc_pageview', page_type: 'home', event_owner: 'dealer sites', affiliation: 'native' });
    expect(await layer(page)).toMatchObject({
      measurement_ids: ['G-KFTOYOTA01'],
      store_name: site.name,
      oem_code: 'QLD0421',
      oem_brand: 'toyota',
      language: 'en',
      currency: 'aud',
      page_type: 'home',
      items: [],
    });
    await expect.poll(async () => (await gtagEvents(page)).find((e) => e.name === 'asc_pageview')?.params.send_to).toEqual(['G-KFTOYOTA01']);
    await expect.poll(() => outside.some((url) => url.startsWith('https://www.googletagmanager.com/gtag/js?id=G-KFTOYOTA01'))).toBe(true);

    // Search.
    await page.goto(`${demoOrigin(SLUG)}${defaultSearchPath(site)}`);
    expect((await pageView(page)).page_type).toBe('itemlist');
    const firstCar = page.locator('article.car-card h3 a').first();
    await expect.poll(() => firstCar.count()).toBe(1);
    const href = (await firstCar.getAttribute('href')) ?? '';

    // A car: its item fields on the data layer and on every event.
    await page.goto(`${demoOrigin(SLUG)}${href}`);
    const car = stock.find((c) => `/cars/${c.slug}` === href);
    if (!car) throw new Error(`no car at ${href}`);
    const item = ascItem(car);
    expect(await pageView(page)).toMatchObject({ page_type: 'item', ...item });
    expect((await layer(page))?.items).toEqual([item]);
    expect(await eventNamed(page, 'asc_item_pageview')).toMatchObject({ item_id: item.item_id, item_make: car.make.toLowerCase() });

    // Click to call (the footer's number; the tel: link itself goes nowhere in a test browser).
    await page.evaluate(() => document.addEventListener('click', (e) => e.preventDefault()));
    await page.locator('footer a[href^="tel:"]').first().click();
    expect(await eventNamed(page, 'asc_click_to_call')).toMatchObject({
      comm_phone_number: site.phone.replace(/[^\d+]/g, ''),
      department: 'sales',
      page_type: 'item',
      item_id: item.item_id,
    });
    await page.reload();
    await pageView(page);

    // The enquiry: engagement on the first focus, submission once the lead is stored.
    const form = '#enquire form[data-lead-form="enquiry"]';
    const submit = page.locator(`${form} button[type="submit"]`);
    await submit.scrollIntoViewIfNeeded();
    await page.locator(form).hover();
    await expect.poll(() => submit.getAttribute('data-waking'), { timeout: 15_000 }).toBeNull();
    await page.locator('#car-enquiry-name').fill('Jo Citizen');
    expect(await eventNamed(page, 'asc_form_engagement')).toMatchObject({ comm_type: 'form', comm_status: 'start', form_name: 'enquiry', department: 'sales' });
    await page.locator('#car-enquiry-phone').fill('0412 345 678');
    await page.locator('#car-enquiry-email').fill('jo@example.com');
    await page.locator('#car-enquiry-message').fill('Is it still available?');
    await submit.click();
    await page.waitForURL(/\/success\?/);
    const seen = await page.evaluate((key) => sessionStorage.getItem(key) ?? '[]', SEEN_KEY);
    const submission = (JSON.parse(seen) as AscEvent[]).find((e) => e.event === 'asc_form_submission');
    expect(submission).toMatchObject({
      comm_type: 'form',
      comm_outcome: 'crm_update',
      form_name: 'enquiry',
      form_type: 'consumer_contact',
      department: 'sales',
      page_type: 'item',
      item_id: item.item_id,
    });
    expect(submission?.submission_id).toEqual(expect.any(String));
    // No event carries what the shopper typed.
    for (const personal of ['Jo Citizen', 'jo@example.com', '0412', 'still available']) expect(seen).not.toContain(personal);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sends nothing once the shopper turns analytics off on the privacy page, and starts again when they turn it on', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors = watchErrors(page);
    const outside = await blockOutsideRequests(page);
    await page.goto(`${demoOrigin(SLUG)}/privacy-policy`);
    const toggle = page.getByRole('button', { name: 'Turn analytics off' });
    await toggle.click();
    await expect.poll(() => page.getByRole('button', { name: 'Turn analytics on' }).isVisible()).toBe(true);

    outside.length = 0;
    await page.goto(`${demoOrigin(SLUG)}/`);
    await page.waitForLoadState('load');
    // The data layer still describes the page; no event is logged or sent, and Google's script never loads.
    await expect.poll(async () => (await layer(page))?.page_type).toBe('home');
    await page
      .locator('footer a[href^="tel:"]')
      .first()
      .evaluate((a) => a.addEventListener('click', (e) => e.preventDefault()));
    await page.locator('footer a[href^="tel:"]').first().click();
    expect(await events(page)).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { dataLayer?: unknown }).dataLayer)).toBeUndefined();
    expect(outside.filter((url) => url.includes('googletagmanager'))).toEqual([]);

    await page.goto(`${demoOrigin(SLUG)}/privacy-policy`);
    await page.getByRole('button', { name: 'Turn analytics on' }).click();
    expect((await pageView(page)).page_type).toBe('other');
    expect(errors).toEqual([]);
    await context.close();
  });
});
