/**
 * The analytics opt-in banner in a real browser. opt-in-motors is a fixture dealer whose file sets
 * `analytics.consent: "opt_in"` and a GA4 measurement id, so the build itself renders the banner;
 * kingfisher-toyota (implied consent, the default) must carry none of it.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AscDataLayer } from '../../src/platform/web/tracker';
import { CONSENT_KEY } from '../../src/platform/web/consent';
import { blockOutsideRequests, demoOrigin, fixtureOrigin, launchBrowser, newShopperContext, watchErrors } from './browser';

const OPT_IN = fixtureOrigin('opt-in-motors');
const PHONE = { width: 390, height: 844 };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

type AscEvent = Record<string, unknown> & { event: string };
const events = async (page: Page): Promise<AscEvent[]> =>
  ((await page.evaluate(() => (window as unknown as { asc_datalayer?: AscDataLayer }).asc_datalayer?.events)) ?? []) as AscEvent[];
const dataLayer = (page: Page) => page.evaluate(() => (window as unknown as { dataLayer?: unknown[] }).dataLayer);
const stored = (page: Page) => page.evaluate((key) => localStorage.getItem(key), CONSENT_KEY);
const banner = (page: Page) => page.getByRole('region', { name: 'Analytics consent' });

/** A shopper's page at `path`, returned once the page's analytics have had their chance to send. */
async function open(context: BrowserContext, path: string, origin = OPT_IN) {
  const page = await context.newPage();
  const errors = watchErrors(page);
  const outside = await blockOutsideRequests(page);
  await goto(page, `${origin}${path}`);
  return { page, errors, outside };
}

/**
 * Analytics load after the page's load event (asc-page.ts), with consent or without, from this
 * machine's server in milliseconds; an event that has not come half a second later is not coming.
 */
async function goto(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForLoadState('load');
  await page.waitForTimeout(500);
}

/** A tel: link click: a measured event once analytics run (the link itself goes nowhere in a test browser). */
async function clickToCall(page: Page): Promise<void> {
  const call = page.locator('footer a[href^="tel:"]').first();
  await call.evaluate((a) => a.addEventListener('click', (e) => e.preventDefault()));
  await call.click();
}

describe('analytics opt-in banner', () => {
  it('asks on every page of an opt-in site, compact, accessible, without taking focus, and nothing is measured meanwhile', async () => {
    const context = await newShopperContext(browser, PHONE);
    const { page, errors, outside } = await open(context, '/');
    const region = banner(page);
    await expect.poll(() => region.isVisible()).toBe(true);
    await expect.poll(() => region.getByRole('button', { name: 'Allow analytics' }).isVisible()).toBe(true);
    await expect.poll(() => region.getByRole('button', { name: 'No thanks' }).isVisible()).toBe(true);
    expect(await region.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/privacy-policy');
    expect(await region.textContent()).toMatch(/measure which pages, cars and buttons are used/);
    // Not a dialog: the page behind stays usable, and focus stays where the page put it.
    expect(await page.locator('[role="dialog"][data-consent-banner], dialog[data-consent-banner]').count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);

    // Fixed to the bottom of a phone's screen and short: the two buttons share one row.
    const box = await region.boundingBox();
    expect(box).not.toBeNull();
    expect(Math.round((box?.y ?? 0) + (box?.height ?? 0))).toBe(PHONE.height);
    expect(box?.height).toBeLessThanOrEqual(140);
    const allowBox = await region.getByRole('button', { name: 'Allow analytics' }).boundingBox();
    const noBox = await region.getByRole('button', { name: 'No thanks' }).boundingBox();
    expect(allowBox?.y).toBe(noBox?.y);
    expect(Math.abs((allowBox?.width ?? 0) - (noBox?.width ?? 0))).toBeLessThan(1);

    // The keyboard reaches it right after the skip link.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('[data-consent-banner]')))).toBe(true);

    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

    // Nothing measured before a choice, not even a click to call.
    await clickToCall(page);
    expect(await events(page)).toEqual([]);
    expect(await dataLayer(page)).toBeUndefined();
    expect(outside.filter((url) => url.includes('googletagmanager'))).toEqual([]);

    // Still asking on the next page.
    await goto(page, `${OPT_IN}/contact`);
    await expect.poll(() => banner(page).isVisible()).toBe(true);
    expect(await events(page)).toEqual([]);
    expect(await stored(page)).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('Allow: the page view is sent at once, the banner goes and stays gone on the next page', async () => {
    const context = await newShopperContext(browser, PHONE);
    const { page, errors, outside } = await open(context, '/');
    const allow = banner(page).getByRole('button', { name: 'Allow analytics' });
    await expect.poll(() => allow.isVisible()).toBe(true);
    // By keyboard.
    await allow.focus();
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await events(page)).map((e) => e.event)).toEqual(['asc_pageview']);
    expect((await events(page))[0]).toMatchObject({ event: 'asc_pageview', page_type: 'home' });
    await expect.poll(() => banner(page).isVisible()).toBe(false);
    // Focus goes on to the page, not back to its start.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
    expect(await stored(page)).toBe('granted');
    await expect.poll(() => outside.some((url) => url.startsWith('https://www.googletagmanager.com/gtag/js?id=G-OPTIN00001'))).toBe(true);
    // The choice itself is not a call to action; what the shopper does next is measured.
    await clickToCall(page);
    expect((await events(page)).map((e) => e.event)).toEqual(['asc_pageview', 'asc_click_to_call']);

    await goto(page, `${OPT_IN}/contact`);
    await expect.poll(async () => (await events(page)).find((e) => e.event === 'asc_pageview')?.page_type).toBe('contact');
    expect(await page.locator('[data-consent-banner]').isHidden()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('No thanks: nothing is sent on this page or the next, and the banner does not ask again', async () => {
    const context = await newShopperContext(browser, PHONE);
    const { page, errors, outside } = await open(context, '/');
    await banner(page).getByRole('button', { name: 'No thanks' }).click();
    await expect.poll(() => banner(page).isVisible()).toBe(false);
    expect(await stored(page)).toBe('denied');
    await clickToCall(page);
    expect(await events(page)).toEqual([]);
    expect(await dataLayer(page)).toBeUndefined();

    await goto(page, `${OPT_IN}/privacy-policy`);
    expect(await page.locator('[data-consent-banner]').isHidden()).toBe(true);
    expect(await events(page)).toEqual([]);
    // The privacy page's switch shows the same choice.
    await expect.poll(() => page.getByRole('button', { name: 'Turn analytics on' }).isVisible()).toBe(true);
    expect(outside.filter((url) => url.includes('googletagmanager'))).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a choice made on the privacy page’s switch answers the banner on that page too', async () => {
    const context = await newShopperContext(browser);
    const { page, errors } = await open(context, '/privacy-policy');
    await expect.poll(() => banner(page).isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Turn analytics on' }).click();
    await expect.poll(() => banner(page).isVisible()).toBe(false);
    await expect.poll(async () => (await events(page)).map((e) => e.event)).toEqual(['asc_pageview']);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an implied-consent site has no banner at all, nor its script', async () => {
    const context = await newShopperContext(browser, PHONE);
    const { page, errors } = await open(context, '/', demoOrigin('kingfisher-toyota'));
    expect(await page.getAttribute('html', 'data-analytics-consent')).toBe('implied');
    expect(await page.locator('[data-consent-banner]').count()).toBe(0);
    expect(await page.locator('script[src*="ConsentBanner"]').count()).toBe(0);
    // Measured from the start, as before.
    await expect.poll(async () => (await events(page)).map((e) => e.event)).toContain('asc_pageview');
    expect(errors).toEqual([]);
    await context.close();
  });
});
