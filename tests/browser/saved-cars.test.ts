/**
 * Saved cars in Chromium on a built demo dealer: the heart on result cards and the car page, the
 * favourites strip, /favourites with live price and status, /compare and its shareable link on
 * another browser context, tabs kept in step, and storage a shopper has tampered with.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { savedListKey } from '../../src/saved-cars/model/saved-list';
import { DESKTOP, demoOrigin, launchBrowser, newShopperContext, openPage } from './browser';

const PHONE = { width: 390, height: 844 };

const SLUG = 'kingfisher-toyota';
const SEARCH = '/search/new-used-and-demo-cars';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

const newContext = (viewport = DESKTOP): Promise<BrowserContext> => newShopperContext(browser, viewport);
const open = (context: BrowserContext, path: string) => openPage(context, `${demoOrigin(SLUG)}${path}`);

async function searchPage(context: BrowserContext): Promise<{ page: Page; errors: string[] }> {
  const opened = await open(context, SEARCH);
  await opened.page.waitForFunction(() => document.querySelector('astro-island[ssr]') === null);
  return opened;
}

const saveButtons = (page: Page) => page.getByRole('button', { name: /^Save .+ to favourites$/ });
const storedIds = (page: Page) =>
  page.evaluate((key) => (JSON.parse(localStorage.getItem(key) ?? '[]') as { id: string }[]).map((car) => car.id), savedListKey(SLUG));

async function axeViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('saved cars', () => {
  it('saves three cars from search, shows them in the strip, and unsaves with a second press', async () => {
    const context = await newContext();
    const { page, errors } = await searchPage(context);
    const strip = page.getByRole('complementary', { name: 'Your favourites' });
    // Nothing saved: no strip over the page, and none of its code fetched.
    await page.waitForTimeout(500);
    expect(await strip.isVisible()).toBe(false);
    expect(await page.evaluate(() => performance.getEntriesByType('resource').some((e) => /\/strip\.[\w-]+\.js$/.test(e.name)))).toBe(false);

    const events: unknown[] = [];
    await page.exposeFunction('recordEvent', (e: unknown) => events.push(e));
    await page.evaluate(() => {
      const layer = ((window as unknown as { dataLayer?: unknown[] }).dataLayer ??= []);
      const push = layer.push.bind(layer);
      layer.push = (...items: unknown[]) => {
        for (const item of items) (window as unknown as { recordEvent: (e: unknown) => void }).recordEvent(item);
        return push(...items);
      };
    });

    for (let i = 0; i < 3; i++) await saveButtons(page).nth(i).click();
    await expect.poll(() => saveButtons(page).nth(0).getAttribute('aria-pressed')).toBe('true');
    expect(await storedIds(page)).toHaveLength(3);
    await expect.poll(() => strip.getByRole('listitem').count()).toBe(3);
    expect(await strip.getByRole('button', { name: /^Remove / }).count()).toBe(3);
    expect(events.filter((e) => (e as { event_id?: number }).event_id === 39)).toHaveLength(3);

    // A fourth and fifth: the strip keeps three and counts the rest.
    await saveButtons(page).nth(3).click();
    await saveButtons(page).nth(4).click();
    await expect.poll(() => strip.getByText('+2').isVisible()).toBe(true);

    // Pressed again: removed, and no event for a removal.
    await saveButtons(page).nth(4).click();
    await expect.poll(() => saveButtons(page).nth(4).getAttribute('aria-pressed')).toBe('false');
    expect(await storedIds(page)).toHaveLength(4);
    expect(events.filter((e) => (e as { event_id?: number }).event_id === 39)).toHaveLength(5);

    // Removing from the strip unsaves the card too.
    const firstName = (await strip.getByRole('listitem').first().getByRole('link').textContent()) ?? '';
    await strip.getByRole('button', { name: `Remove ${firstName}` }).click();
    await expect.poll(() => storedIds(page)).toHaveLength(3);

    // With nothing left it offers 'Get Started' instead.
    for (const name of await strip.getByRole('listitem').getByRole('link').allTextContents())
      await strip.getByRole('button', { name: `Remove ${name}` }).click();
    await expect.poll(() => strip.getByRole('link', { name: 'Get Started' }).isVisible()).toBe(true);

    // The strip hides itself five seconds after it last showed, without moving the page.
    await page.mouse.move(5, 5);
    await page.locator('body').click({ position: { x: 5, y: 300 } });
    await expect.poll(() => strip.isVisible(), { timeout: 9000 }).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("never covers a car page's calls to action on a phone, saved cars or not", async () => {
    const context = await newContext(PHONE);
    const { page: search } = await searchPage(context);
    const href = (await search.getByRole('article').first().getByRole('link').first().getAttribute('href')) ?? '';
    const strip = (page: Page) => page.getByRole('complementary', { name: 'Your favourites' });
    // Whether the strip, where it is drawn, overlaps any of the page's action buttons on screen.
    const covering = (page: Page) =>
      page.evaluate(() => {
        const bar = document.querySelector<HTMLElement>('[data-saved-strip]');
        if (!bar || bar.hidden) return [];
        const s = bar.getBoundingClientRect();
        return [...document.querySelectorAll<HTMLElement>('main .car-actions .button, main button[type="submit"]')]
          .filter((b) => {
            const r = b.getBoundingClientRect();
            return r.width > 0 && Math.min(r.bottom, s.bottom) > Math.max(r.top, s.top) && Math.min(r.right, s.right) > Math.max(r.left, s.left);
          })
          .map((b) => b.textContent?.trim());
      });
    const { page: empty } = await open(context, href);
    await empty.waitForTimeout(500);
    expect(await strip(empty).isVisible()).toBe(false);

    const { page: car } = await open(context, href);
    const save = car.getByRole('button', { name: 'Save to favourites' });
    await save.click();
    await expect.poll(() => storedIds(car)).toHaveLength(1);
    // Scrolled so the actions sit at the bottom of the screen, where the strip would be, and back.
    for (const block of ['end', 'start', 'center'] as const) {
      await car.locator('.car-actions').evaluate((el, b) => el.scrollIntoView({ block: b }), block);
      await car.waitForTimeout(300);
      expect(await covering(car)).toEqual([]);
    }
    const { page: again } = await open(context, href);
    await again.waitForTimeout(500);
    expect(await covering(again)).toEqual([]);
    await context.close();
  });

  it('keeps tabs in step and opens the favourites with live price, then compares two on another device by link', async () => {
    const context = await newContext();
    const { page: results } = await searchPage(context);
    for (let i = 0; i < 3; i++) await saveButtons(results).nth(i).click();
    const ids = await storedIds(results);

    const { page: favourites, errors } = await open(context, '/favourites');
    const list = favourites.getByRole('list').filter({ has: favourites.getByRole('heading', { level: 2 }) });
    await expect.poll(() => list.getByRole('listitem').count()).toBe(3);
    await expect.poll(() => list.getByText(/^\$[\d,]+/).count()).toBe(3);

    // Saving in the other tab appears here without a reload.
    await saveButtons(results).nth(3).click();
    await expect.poll(() => list.getByRole('listitem').count()).toBe(4);

    const names = await list.getByRole('heading', { level: 2 }).allTextContents();
    await favourites.getByRole('checkbox', { name: `Compare ${names[0]}` }).check();
    await favourites.getByRole('checkbox', { name: `Compare ${names[1]}` }).check();
    const compareLink = favourites.getByRole('link', { name: 'Compare selected cars' });
    await compareLink.click();
    await favourites.waitForURL(/\/compare\?ids=/);
    const table = favourites.getByRole('table');
    await expect.poll(() => table.isVisible()).toBe(true);
    expect(await table.getByRole('columnheader').allTextContents()).toEqual(expect.arrayContaining([expect.stringContaining(names[0]!)]));
    for (const row of ['Price', 'Odometer', 'Year', 'Body', 'Fuel', 'Transmission', 'Drive', 'Seats', 'Colour', 'Features', 'Location']) {
      expect(await table.getByRole('rowheader', { name: new RegExp(`^${row}`) }).count(), row).toBe(1);
    }
    expect(await axeViolations(favourites)).toEqual([]);
    const shared = favourites.url();
    expect(errors).toEqual([]);

    // Another device: nothing saved there, the link alone opens the same comparison, at 390 px.
    const phone = await newContext({ width: 390, height: 844 });
    const { page: other, errors: otherErrors } = await open(phone, new URL(shared).pathname + new URL(shared).search);
    await expect.poll(() => other.getByRole('table').isVisible()).toBe(true);
    expect(await other.getByRole('table').getByRole('columnheader').allTextContents()).toEqual(
      await favourites.getByRole('table').getByRole('columnheader').allTextContents(),
    );
    expect(await storedIds(other)).toEqual([]);
    const overflow = await other.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(otherErrors).toEqual([]);
    expect(ids).toHaveLength(3);
    await phone.close();
    await context.close();
  });

  it('saves from the car page and reads tampered storage as the cars it can trust', async () => {
    const context = await newContext();
    const { page } = await searchPage(context);
    await page.evaluate((key) => {
      localStorage.setItem(
        key,
        JSON.stringify([
          { id: '1', name: '<img src=x onerror="window.hacked=1">', slug: 'x', make: 'A', model: 'B' },
          { id: 'not-an-id', name: 'Bad', slug: 'bad', make: 'A', model: 'B' },
          { id: '2', name: 'Ok car', slug: 'javascript:alert(1)', make: 'A', model: 'B' },
          'junk',
        ]),
      );
    }, savedListKey(SLUG));
    const href = (await page.getByRole('article').first().getByRole('link').first().getAttribute('href')) ?? '';
    const { page: car, errors } = await open(context, href);
    const save = car.getByRole('button', { name: 'Save to favourites' });
    expect(await save.getAttribute('aria-pressed')).toBe('false');
    await save.click();
    await expect.poll(() => save.getAttribute('aria-pressed')).toBe('true');
    // Only the first entry was trustworthy, and it is kept as text.
    const strip = car.getByRole('complementary', { name: 'Your favourites' });
    await expect.poll(() => strip.getByRole('listitem').count()).toBe(2);
    expect(await strip.getByText('<img src=x onerror="window.hacked=1">').count()).toBe(1);
    expect(await car.evaluate(() => (window as unknown as { hacked?: number }).hacked)).toBeUndefined();
    expect(await storedIds(car)).toHaveLength(2);
    expect(errors).toEqual([]);
    await context.close();
  });
});
