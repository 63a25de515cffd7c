/**
 * Each demo dealer's home page is its own: a dealer with several makes shows a tile per make with
 * that make's mark, a one-brand dealer shows its range instead of one lonely brand tile, the
 * feature cards never leave one card alone on a row, the page asks for the newsletter once, and
 * the models menu draws its photos whole.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listDealerSlugs } from '../../src/platform/config/load';
import { blockOutsideRequests, demoOrigin, launchBrowser } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

async function home(slug: string, width: number): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  await blockOutsideRequests(page);
  await page.goto(`${demoOrigin(slug)}/`);
  return page;
}

/** How many cards sit on each row, top to bottom, from where the browser laid them out. */
async function cardsPerRow(page: Page): Promise<number[]> {
  const tops = await page.locator('.feature-cards > li').evaluateAll((cards) => cards.map((c) => Math.round(c.getBoundingClientRect().top)));
  const rows = new Map<number, number>();
  for (const top of tops) rows.set(top, (rows.get(top) ?? 0) + 1);
  return [...rows.entries()].sort(([a], [b]) => a - b).map(([, n]) => n);
}

describe('home pages', () => {
  for (const slug of listDealerSlugs('dealers')) {
    it(`${slug}: one newsletter form, and no feature card alone on a row at 1366 and 768 px`, async () => {
      for (const width of [1366, 768]) {
        const page = await home(slug, width);
        expect(await page.locator('form[data-sign-up-form]').count()).toBe(1);
        const rows = await cardsPerRow(page);
        expect(rows.length, `${width} px`).toBeGreaterThan(0);
        if (rows.reduce((a, b) => a + b, 0) > 1) expect(rows.at(-1), `${width} px: ${rows.join('+')}`).toBeGreaterThan(1);
        await page.close();
      }
    });
  }

  it('shows a one-brand dealer its range, not a single brand tile', async () => {
    const page = await home('kingfisher-toyota', 1366);
    expect(await page.getByRole('heading', { name: 'Shop by brand' }).count()).toBe(0);
    const range = page.locator('section', { has: page.getByRole('heading', { level: 2, name: 'The Toyota range' }) });
    const models = await range.getByRole('heading', { level: 3 }).allTextContents();
    expect(models.length).toBe(4);
    expect(models.every((name) => name.includes('Toyota'))).toBe(true);
    await range.getByRole('link', { name: 'See every Toyota model' }).click();
    await page.waitForURL(/\/models/);
    await page.close();
  });

  it('draws the models menu photos whole, at the small file, never stretched', async () => {
    const page = await home('kingfisher-toyota', 1366);
    await page.locator('[data-menu-kind="models"] > .menu-toggle').click();
    const images = page.locator('.models-grid img');
    await expect
      .poll(() =>
        images.evaluateAll((all) => all.length > 0 && all.every((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0)),
      )
      .toBe(true);
    const drawn = await images.evaluateAll((all) =>
      all.map((element) => {
        const img = element as HTMLImageElement;
        const box = img.getBoundingClientRect();
        return { fit: getComputedStyle(img).objectFit, shown: box.width / box.height, own: img.naturalWidth / img.naturalHeight, width: img.naturalWidth };
      }),
    );
    for (const image of drawn) {
      // Lighthouse's "incorrect aspect ratio": a photo drawn into a box of another shape without object-fit.
      if (image.fit === 'fill') expect(Math.abs(image.shown - image.own) / image.own).toBeLessThan(0.05);
      else expect(image.fit).toBe('contain');
      expect(image.width).toBeLessThanOrEqual(400);
    }
    await page.close();
  });

  it('shows a several-brand dealer a tile per make, each with its own mark drawn', async () => {
    const page = await home('southern-lakes-motors', 1366);
    const tiles = page.locator('section', { has: page.getByRole('heading', { name: 'Shop by brand' }) }).locator('.brand-tile');
    expect(await tiles.locator('span').allTextContents()).toEqual(['Mitsubishi', 'Suzuki', 'Jayco', 'Honda', 'Yamaha']);
    const marks = await tiles.locator('img').evaluateAll(async (images) =>
      Promise.all(
        (images as HTMLImageElement[]).map(async (img) => {
          img.loading = 'eager';
          await img.decode();
          return { width: img.naturalWidth, svg: await (await fetch(img.src)).text() };
        }),
      ),
    );
    expect(marks.every((m) => m.width > 0)).toBe(true);
    expect(new Set(marks.map((m) => m.svg)).size).toBe(5);
    // An emblem, not only lettering in a box.
    expect(marks.every((m) => /<(path|ellipse|circle) /.test(m.svg))).toBe(true);
    await page.close();
  });
});
