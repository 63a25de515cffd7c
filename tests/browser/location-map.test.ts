/**
 * "Holiday hours dialog; location map (greyscale, one marker per location, loads only when
 * scrolled into view)." Without a maps key the map is drawn from the dealer's own coordinates.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDealer } from '../../src/platform/config/load';
import { sortLocations } from '../../src/dealer/model/locations';
import { blockOutsideRequests, demoOrigin, launchBrowser, watchErrors } from './browser';
import { servedPage } from './http';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe('location map without a maps key', () => {
  it('draws one marker per location, offline, with the locations listed and linked', async () => {
    const slug = 'kingfisher-toyota';
    const site = loadDealer(slug);
    const placed = sortLocations(site.locations).filter((l) => l.visible && l.address.lat !== undefined && l.address.long !== undefined);
    expect(site.maps_key).toBeUndefined();
    const page = await browser.newPage({ viewport: { width: 390, height: 800 } });
    const errors = watchErrors(page);
    const outside = await blockOutsideRequests(page);
    const current = placed[0]!;
    await page.goto(`${demoOrigin(slug)}/our-location/${current.slug}`);
    const map = page.locator('.static-map');
    expect(await map.locator('svg .pin').count()).toBe(placed.length);
    expect(await map.locator('svg .pin-current').count()).toBe(1);
    expect(await map.getByRole('listitem').getByRole('link').allTextContents()).toEqual(placed.map((l) => l.name));
    expect(await map.getByRole('link', { name: current.name }).getAttribute('aria-current')).toBe('page');
    const box = await map.locator('svg').boundingBox();
    expect(box!.width).toBeLessThanOrEqual(390);
    // The map asks nothing of anyone; the dealer's own analytics (its GA4 property's script) aside.
    expect(outside.filter((url) => !url.startsWith('https://www.googletagmanager.com/gtag/js'))).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('the footer’s map variant', () => {
  it('shows a dealer’s locations in its footer, one marker each and listed, drawn offline without a maps key; other footers have none', async () => {
    const slug = 'drivesmart-pre-owned';
    const site = loadDealer(slug);
    expect(site.footer.show_map).toBe(true);
    expect(site.maps_key).toBeUndefined();
    const placed = sortLocations(site.locations).filter((l) => l.visible && l.address.lat !== undefined && l.address.long !== undefined);
    const $ = await servedPage(slug, '/contact');
    const map = $('.site-footer .static-map');
    expect(map.find('svg .pin')).toHaveLength(placed.length);
    expect(
      map
        .find('li a')
        .map((_, a) => $(a).text())
        .get(),
    ).toEqual(placed.map((l) => l.name));
    expect(map.find('[data-map-image]')).toHaveLength(0);
    const other = await servedPage('kingfisher-toyota', '/contact');
    expect(other('.site-footer .static-map')).toHaveLength(0);
  });
});
