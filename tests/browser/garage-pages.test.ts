/**
 * A dealer's own garage page (`features.garage_page`): built at the path the dealer file names,
 * not indexed, and gated for every shopper like My Garage: a signed-out shopper is sent to sign in
 * for My Garage and brought back to the dealer's page. The fixture dealer opt-in-motors has one.
 */
import type { Browser } from 'playwright-core';
import { load } from 'cheerio';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { blockOutsideRequests, fixtureOrigin, launchBrowser } from './browser';
import { getAt } from './http';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe('dealer-specific garage pages', () => {
  it('builds the dealer’s garage page at its path, gated, not indexed; a dealer without one has none', async () => {
    const served = await getAt(inject('fixturePort'), 'opt-in-motors', '/opt-in-garage');
    expect(served.status).toBe(200);
    const $ = load(served.text);
    expect($('h1').text()).toBe('Opt-In Owners Garage');
    expect($('[data-gate="my_garage"] [data-gate-content]').attr('hidden')).toBeDefined();
    expect($('meta[name="robots"]').attr('content')).toContain('noindex');
    expect((await getAt(inject('fixturePort'), 'fixture-motors', '/opt-in-garage')).status).toBe(404);
  });

  it('sends a signed-out shopper to sign in for My Garage and back to the dealer’s garage page', async () => {
    const page = await browser.newPage();
    await blockOutsideRequests(page);
    await page.goto(`${fixtureOrigin('opt-in-motors')}/opt-in-garage`);
    await page.waitForURL(/\/sign-in\?/, { timeout: 15_000 });
    const url = new URL(page.url());
    expect(url.searchParams.get('type')).toBe('my-garage');
    expect(url.searchParams.get('redirect')).toBe('/opt-in-garage');
    expect(url.searchParams.get('back')).toBe('/');
    await page.close();
  });
});
