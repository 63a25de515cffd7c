import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockOutsideRequests, demoOrigin, launchBrowser } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** Horizontal distance between a card's centre and its track's centre, in px. */
function offCentre(page: Page, index: number): Promise<number> {
  return page.evaluate((i) => {
    const track = document.querySelector<HTMLElement>('[data-track]')!;
    const card = track.children[i] as HTMLElement;
    const t = track.getBoundingClientRect();
    const c = card.getBoundingClientRect();
    return Math.abs(c.left + c.width / 2 - (t.left + t.width / 2));
  }, index);
}

describe('Google reviews carousel', () => {
  it('starts centred on the third review, moves to a clicked card, and expands long reviews', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await blockOutsideRequests(page);
    await page.goto(`${demoOrigin('drivesmart-pre-owned')}/`);
    const cards = page.locator('[data-review-card]');
    expect(await cards.count()).toBeGreaterThan(3);
    expect(await cards.count()).toBeLessThanOrEqual(10);
    expect(await page.getByText('← Swipe →').isVisible()).toBe(true);
    expect(await page.locator('.reviews-line').textContent()).toMatch(/^\d\.\d rating out of \d+ reviews$/);

    await page.locator('[data-review-carousel]').scrollIntoViewIfNeeded();
    await expect.poll(() => offCentre(page, 2)).toBeLessThan(4);
    expect(await cards.nth(2).getAttribute('class')).toContain('is-active');

    await page
      .locator('[data-track] > li')
      .nth(3)
      .click({ position: { x: 10, y: 10 } });
    await expect.poll(() => offCentre(page, 3)).toBeLessThan(4);
    expect(await cards.nth(3).getAttribute('class')).toContain('is-active');
    expect(await cards.nth(2).getAttribute('class')).not.toContain('is-active');

    const block = page.locator('[data-review-text]').first();
    await block.getByRole('button', { name: 'View more' }).click();
    expect(await block.getByRole('button').textContent()).toBe('View less');
    expect(await block.locator('[data-full]').isVisible()).toBe(true);
    expect(await block.locator('[data-short]').isVisible()).toBe(false);
    await block.getByRole('button', { name: 'View less' }).click();
    expect(await block.locator('[data-short]').isVisible()).toBe(true);
    await page.close();
  });

  it('leaves out excluded reviews: id 386779, "Translated", excluded customers', async () => {
    const page = await browser.newPage();
    await blockOutsideRequests(page);
    await page.goto(`${demoOrigin('kingfisher-toyota')}/`);
    const text = (await page.locator('#reviews').textContent()) ?? '';
    expect(text).not.toMatch(/\bTranslated\b/);
    expect(text).not.toContain('Shane Dowd'); // in excluded_customers
    expect(text).not.toContain('Jason Pereira'); // review id 386779
    expect(text).toContain('rating out of');
    await page.close();
  });
});
