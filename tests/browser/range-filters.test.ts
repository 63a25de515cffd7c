/**
 * The search page's range filters (price, odometer, year) in Chromium: thumbs dragged with a
 * mouse, PageUp/PageDown in round steps, typed amounts and quick picks, in the region's units.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockOutsideRequests, demoOrigin, launchBrowser, watchErrors } from './browser';

const SEARCH_PATH = '/search/new-used-and-demo-cars';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

async function open(slug = 'kingfisher-toyota'): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await blockOutsideRequests(page);
  await page.goto(`${demoOrigin(slug)}${SEARCH_PATH}`);
  await page.waitForFunction(() => document.querySelector('astro-island[ssr]') === null);
  // The number boxes and quick picks arrive in the chunk that follows hydration; the re-render
  // that adds them ends a thumb drag Chromium is in the middle of (React sets the input's type
  // again), so the tests start once they are in, as a shopper's first drag almost always does.
  await page.getByRole('group', { name: 'Quick price picks' }).waitFor();
  return { page, errors };
}

const rangeParam = (page: Page, field: string) => new URL(page.url()).searchParams.get(`range[${field}]`);
const fieldset = (page: Page, name: string) => page.getByRole('group', { name, exact: true });

describe('range sliders', () => {
  it('moves a thumb grabbed by its middle and dragged with the mouse', async () => {
    const { page, errors } = await open();
    const max = page.getByRole('slider', { name: 'Maximum price' });
    await max.scrollIntoViewIfNeeded();
    const box = (await max.boundingBox())!;
    // The thumb sits at the right end of the track; grab its centre and drag it to the middle.
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + box.width - 12, y);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2, y, { steps: 8 });
    await page.mouse.up();

    await expect.poll(() => rangeParam(page, 'price')).toMatch(/^:\d+$/);
    const chosen = Number(rangeParam(page, 'price')?.slice(1));
    expect(chosen).toBeGreaterThan(100_000);
    expect(chosen).toBeLessThan(160_000);
    expect(Number(await max.inputValue())).toBe(chosen);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('steps to round amounts with PageDown, and to the ends with Home and End', async () => {
    const { page } = await open();
    const max = page.getByRole('slider', { name: 'Maximum price' });
    await max.focus();
    await page.keyboard.press('PageDown');
    expect(await max.inputValue()).toBe('240000');
    for (let i = 1; i < 21; i += 1) await page.keyboard.press('PageDown');
    expect(await max.inputValue()).toBe('40000');
    await expect.poll(() => rangeParam(page, 'price')).toBe(':40000');

    const min = page.getByRole('slider', { name: 'Minimum price' });
    await min.focus();
    await page.keyboard.press('PageUp');
    expect(await min.inputValue()).toBe('10000');
    await page.keyboard.press('End'); // no further than the other thumb
    expect(await min.inputValue()).toBe('40000');
    await page.keyboard.press('Home');
    expect(await min.inputValue()).toBe('5000');
    await expect.poll(() => rangeParam(page, 'price')).toBe(':40000');
    await page.context().close();
  });
});

describe('typed amounts', () => {
  it('applies a typed maximum on Enter, kept on the track and above the minimum', async () => {
    const { page, errors } = await open();
    const price = fieldset(page, 'Price');
    const maxBox = price.getByRole('textbox', { name: 'Maximum price' });
    const minBox = price.getByRole('textbox', { name: 'Minimum price' });
    await maxBox.fill('$40,000');
    await maxBox.press('Enter');
    await expect.poll(() => rangeParam(page, 'price')).toBe(':40000');
    expect(await price.getByRole('slider', { name: 'Maximum price' }).inputValue()).toBe('40000');
    expect(await maxBox.inputValue()).toBe('40000');

    // A minimum above the maximum stops at the maximum; applied on leaving the box.
    await minBox.fill('60k');
    await minBox.press('Tab');
    await expect.poll(() => rangeParam(page, 'price')).toBe('40000:40000');
    expect(await minBox.inputValue()).toBe('40000');

    // Past the end of the track means no limit on that side.
    await minBox.fill('');
    await minBox.press('Enter');
    await maxBox.fill('1000000');
    await maxBox.press('Enter');
    await expect.poll(() => rangeParam(page, 'price')).toBeNull();
    expect(await maxBox.inputValue()).toBe('250000');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('refuses text that is not an amount, saying so, and changes nothing', async () => {
    const { page } = await open();
    const maxBox = fieldset(page, 'Price').getByRole('textbox', { name: 'Maximum price' });
    await maxBox.fill('cheap');
    await maxBox.press('Enter');
    expect(await maxBox.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await maxBox.getAttribute('aria-describedby')) ?? '';
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe('Enter an amount');
    expect(rangeParam(page, 'price')).toBeNull();

    await maxBox.fill('30000');
    await maxBox.press('Enter');
    await expect.poll(() => rangeParam(page, 'price')).toBe(':30000');
    expect(await maxBox.getAttribute('aria-invalid')).toBeNull();
    await page.context().close();
  });

  it('takes miles on a US site and searches the kilometres they make', async () => {
    const { page } = await open('lone-star-auto');
    const mileage = fieldset(page, 'Mileage');
    const maxBox = mileage.getByRole('textbox', { name: 'Maximum mileage' });
    await maxBox.fill('50,000');
    await maxBox.press('Enter');
    await expect.poll(() => rangeParam(page, 'km')).toBe(':80467');
    expect(await maxBox.inputValue()).toBe('50000');
    expect(await mileage.getByRole('slider', { name: 'Maximum mileage' }).getAttribute('aria-valuetext')).toBe('50,000 mi');
    await page.context().close();
  });
});

describe('quick picks', () => {
  it('sets a price cap, a distance cap and recent years in one tap each', async () => {
    const { page } = await open();
    const under20 = fieldset(page, 'Price').getByRole('button', { name: 'Under $20,000' });
    await under20.click();
    await expect.poll(() => rangeParam(page, 'price')).toBe(':20000');
    await expect.poll(() => under20.getAttribute('aria-pressed')).toBe('true');

    await fieldset(page, 'Kilometres').getByRole('button', { name: 'Under 100,000 km' }).click();
    await expect.poll(() => rangeParam(page, 'km')).toBe(':100000');

    const thisYear = new Date().getFullYear();
    await fieldset(page, 'Year').getByRole('button', { name: 'Last 5 years' }).click();
    await expect.poll(() => rangeParam(page, 'year')).toBe(`${thisYear - 4}:`);
    await page.context().close();
  });
});
