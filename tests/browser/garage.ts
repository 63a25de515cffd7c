/** A shopper's saved cars in Chromium: saving from a search page, the ids the browser keeps, My Garage's list. */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { savedListKey } from '../../src/saved-cars/model/saved-list';

/** The ids of the cars this browser has saved on the dealer's site, sorted. */
export const savedIds = (page: Page, slug: string): Promise<string[]> =>
  page.evaluate((key) => (JSON.parse(localStorage.getItem(key) ?? '[]') as { id: string }[]).map((car) => car.id).sort(), savedListKey(slug));

/** Opens the search page at `url` (on the dealer's origin) and saves the first `count` cars on it not saved yet. */
export async function saveFromSearch(page: Page, url: string, count: number): Promise<void> {
  const slug = new URL(url).hostname.split('.')[0] ?? '';
  await page.goto(url);
  await page.waitForFunction(() => document.querySelector('astro-island[ssr]') === null);
  const before = (await savedIds(page, slug)).length;
  // The cards show the list once they have read it (hydration renders nothing saved first); the
  // cars already saved came from this same first page.
  const pressed = page.getByRole('button', { name: /^Save .+ to favourites$/, pressed: true });
  await expect.poll(() => pressed.count()).toBe(before);
  const unsaved = page.getByRole('button', { name: /^Save .+ to favourites$/, pressed: false });
  // One at a time: the next press waits until the last one is stored, or on a slow machine it
  // could land on the same button again before it shows pressed.
  for (let i = 1; i <= count; i++) {
    await unsaved.first().click();
    await expect.poll(() => savedIds(page, slug)).toHaveLength(before + i);
  }
}

/** The saved cars My Garage lists, by their headings. */
export const garageCars = (page: Page) => page.getByRole('region', { name: 'Saved cars' }).getByRole('heading', { level: 3 });
