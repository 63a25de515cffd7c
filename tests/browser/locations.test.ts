import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockOutsideRequests, demoOrigin, fixtureOrigin, launchBrowser } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe('location page', () => {
  it('shows the card, grouped hours and upcoming holiday hours in a dialog', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await blockOutsideRequests(page);
    await page.goto(`${fixtureOrigin('fixture-motors')}/our-location/fixture-motors-sales`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Fixture Motors - Sales');
    const hours = page.locator('section[aria-labelledby="hours-heading"] > .hours');
    expect(await hours.locator('dt').allTextContents()).toEqual(['Mon-Fri', 'Sat', 'Sun']);
    expect(await hours.locator('dd').allTextContents()).toEqual(['8:30am - 5:30pm', '9am - 12pm', 'Closed']);
    await page.getByRole('button', { name: 'Holiday Hours' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.textContent()).toContain('Christmas Day');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    for (const name of ['Get Directions', 'Contact', 'View Location Details']) {
      expect(
        await page
          .getByRole('link', { name: new RegExp(`^${name}`) })
          .first()
          .isVisible(),
      ).toBe(true);
    }
    await page.close();
  });

  it('with a maps key, loads the map image (one marker per location, greyscale) only once it is scrolled into view', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 600 } });
    const outside = await blockOutsideRequests(page);
    await page.goto(`${fixtureOrigin('fixture-motors')}/our-location/fixture-motors-sales`);
    const map = page.locator('.static-map-image');
    expect(await map.locator('img').count()).toBe(0);
    expect(outside.filter((u) => u.includes('maps.googleapis.com'))).toEqual([]);
    await map.scrollIntoViewIfNeeded();
    await expect.poll(() => map.locator('img').count()).toBe(1);
    const src = new URL((await map.locator('img').getAttribute('src'))!);
    expect(src.origin + src.pathname).toBe('https://maps.googleapis.com/maps/api/staticmap');
    expect(src.searchParams.get('key')).toBe('test-maps-key');
    expect(src.searchParams.get('style')).toBe('feature:all|saturation:-100');
    expect(src.searchParams.getAll('markers')).toHaveLength(1);
    // The request went nowhere: outside requests are answered here.
    expect(outside.some((u) => u.startsWith('https://maps.googleapis.com/maps/api/staticmap'))).toBe(true);
    await page.close();
  });

  it('shows a directions link instead of a map when no maps key is configured', async () => {
    const page = await browser.newPage();
    await blockOutsideRequests(page);
    await page.goto(`${demoOrigin('kingfisher-toyota')}/our-location/${'kingfisher-toyota-sales'}`);
    expect(await page.locator('.location-map').count()).toBe(0);
    expect(await page.getByRole('link', { name: /^Open in Maps/ }).getAttribute('href')).toMatch(/^https:\/\/www\.google\.com\/maps/);
    await page.close();
  });

  it('marks a location still to open with its opening month and lists locations primary first', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await blockOutsideRequests(page);
    await page.goto(`${demoOrigin('drivesmart-pre-owned')}/contact`);
    const headings = await page.locator('#locations article h3').allTextContents();
    expect(headings.length).toBe(5);
    expect(headings[0]).toContain('Penrith');
    expect(await page.locator('#locations').getByText('Opening February 2027').isVisible()).toBe(true);
    await page.close();
  });
});
