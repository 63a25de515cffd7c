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

async function openPage(width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await blockOutsideRequests(page);
  await page.goto(`${demoOrigin('kingfisher-toyota')}/contact`);
  return page;
}

const header = (page: Page) => page.locator('[data-site-header]');
const toggle = (page: Page, name: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name });

describe('desktop menus', () => {
  it('opens one dropdown at a time by mouse, marking the header', async () => {
    const page = await openPage(1280);
    const models = toggle(page, 'New Vehicles');
    const bodies = toggle(page, 'Shop Cars');
    await models.click();
    await expect.poll(() => models.getAttribute('aria-expanded')).toBe('true');
    const modelsPanel = page.locator(`#${await models.getAttribute('aria-controls')}`);
    expect(await modelsPanel.isVisible()).toBe(true);
    expect(await modelsPanel.getByRole('link', { name: /RAV4/ }).isVisible()).toBe(true);
    expect(await header(page).getAttribute('data-menu-open')).toBe(await models.getAttribute('aria-controls'));

    await bodies.click();
    expect(await models.getAttribute('aria-expanded')).toBe('false');
    expect(await modelsPanel.isVisible()).toBe(false);
    expect(await header(page).getAttribute('data-menu-open')).toBe(await bodies.getAttribute('aria-controls'));

    await page.mouse.click(640, 890); // below the open panel: a click elsewhere on the page
    expect(await header(page).getAttribute('data-menu-open')).toBeNull();
    await page.context().close();
  });

  it('closes when a link is chosen', async () => {
    const page = await openPage(1280);
    const models = toggle(page, 'New Vehicles');
    await models.click();
    // Keep the page where it is so the menu's own state can be read after the click.
    await page.evaluate(() => document.addEventListener('click', (e) => e.preventDefault()));
    await page
      .locator(`#${await models.getAttribute('aria-controls')}`)
      .getByRole('link')
      .first()
      .click();
    expect(await models.getAttribute('aria-expanded')).toBe('false');
    expect(await header(page).getAttribute('data-menu-open')).toBeNull();
    await page.context().close();
  });

  it('works from the keyboard: Enter opens, ArrowDown enters, Escape closes and returns focus', async () => {
    const page = await openPage(1280);
    const models = toggle(page, 'New Vehicles');
    await models.focus();
    await page.keyboard.press('Enter');
    expect(await models.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Escape');
    expect(await models.getAttribute('aria-expanded')).toBe('false');
    expect(await models.evaluate((el) => el === document.activeElement)).toBe(true);

    await page.keyboard.press('ArrowDown');
    expect(await models.getAttribute('aria-expanded')).toBe('true');
    const focusedInPanel = await page.evaluate(() => document.activeElement?.closest('.dropdown')?.id ?? null);
    expect(focusedInPanel).toBe(await models.getAttribute('aria-controls'));
    await page.context().close();
  });

  it('closes a menu when focus tabs out of it', async () => {
    const page = await openPage(1280);
    const models = toggle(page, 'New Vehicles');
    await models.focus();
    await page.keyboard.press('Enter');
    const links = await page.locator(`#${await models.getAttribute('aria-controls')} a`).count();
    for (let i = 0; i <= links; i += 1) await page.keyboard.press('Tab');
    expect(await models.getAttribute('aria-expanded')).toBe('false');
    await page.context().close();
  });
});

describe('mobile drawer', () => {
  const menuButton = (page: Page) => page.getByRole('button', { name: 'Menu', exact: true });
  const drawer = (page: Page) => page.getByRole('navigation', { name: 'Main' });
  const focusedIsMenuButton = (page: Page) => menuButton(page).evaluate((el) => el === document.activeElement);
  async function openDrawer(page: Page): Promise<void> {
    await menuButton(page).click();
    await expect.poll(() => drawer(page).isVisible()).toBe(true);
  }

  it('opens the drawer, locks the page body, and closes with one Escape even with a submenu open', async () => {
    const page = await openPage(390);
    expect(await drawer(page).isVisible()).toBe(false);
    await openDrawer(page);
    expect(await menuButton(page).getAttribute('aria-expanded')).toBe('true');
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');

    // Submenus open inline inside the drawer.
    await toggle(page, 'New Vehicles').click();
    expect(await page.getByRole('link', { name: /RAV4/ }).first().isVisible()).toBe(true);

    await page.keyboard.press('Escape');
    await expect.poll(() => drawer(page).isVisible()).toBe(false);
    // The closed drawer is hidden from the accessibility tree, so find the submenu's button by its class.
    expect(await header(page).locator('.menu-toggle', { hasText: 'New Vehicles' }).getAttribute('aria-expanded')).toBe('false');
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');
    expect(await focusedIsMenuButton(page)).toBe(true);
    await page.context().close();
  });

  it('dims the whole page behind the open drawer, the header bar included', async () => {
    const page = await openPage(390);
    await openDrawer(page);
    const logo = (await page.locator('.logo').boundingBox())!;
    // What a tap beside the drawer would land on, on the header bar's logo, the top banner or the
    // page: the backdrop.
    const hits = await page.evaluate(
      (points) => points.map(([x, y]) => document.elementFromPoint(x!, y!)?.closest('[data-drawer-backdrop]') !== null),
      [
        [logo.x + 4, logo.y + logo.height / 2],
        [10, 10],
        [10, 600],
      ],
    );
    expect(hits).toEqual([true, true, true]);
    expect(await page.locator('[data-drawer-backdrop]').evaluate((el) => getComputedStyle(el).backgroundColor)).not.toMatch(/transparent|rgba\(0, 0, 0, 0\)/);
    // The drawer itself stays above the dimming.
    const close = (await page.getByRole('button', { name: 'Close menu' }).boundingBox())!;
    expect(await page.evaluate(([x, y]) => document.elementFromPoint(x!, y!)?.closest('[data-drawer-close]') !== null, [close.x + 5, close.y + 5])).toBe(true);

    await page.mouse.click(10, 600);
    await expect.poll(() => drawer(page).isVisible()).toBe(false);
    expect(await focusedIsMenuButton(page)).toBe(true);
    await page.context().close();
  });

  it('keeps Tab and Shift+Tab inside the open drawer', async () => {
    const page = await openPage(390);
    await openDrawer(page);
    await toggle(page, 'New Vehicles').click(); // an open submenu's links are in the cycle too
    const inDrawer = () => page.evaluate(() => document.activeElement?.closest('#site-nav') !== null);
    const reachable = await page.evaluate(
      () => [...document.querySelectorAll<HTMLElement>('#site-nav a[href], #site-nav button')].filter((el) => el.getClientRects().length > 0).length,
    );
    await page.getByRole('button', { name: 'Close menu' }).focus();
    for (let i = 0; i < reachable + 2; i += 1) {
      await page.keyboard.press('Tab');
      expect(await inDrawer()).toBe(true);
    }
    // Round the whole cycle once more from the close button, backwards: back to where it started.
    await page.getByRole('button', { name: 'Close menu' }).focus();
    await page.keyboard.press('Shift+Tab');
    expect(await inDrawer()).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Finance Pre-Approval');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('[data-drawer-close]') !== null)).toBe(true);
    await page.context().close();
  });

  it('does not scroll the page behind the open drawer', async () => {
    const page = await openPage(390);
    await openDrawer(page);
    await page.mouse.move(10, 600);
    await page.mouse.wheel(0, 600);
    await page.mouse.move(200, 700);
    await page.mouse.wheel(0, 600);
    // Two frames: long enough for a wheel the page took to have scrolled it.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    expect(await page.evaluate(() => scrollY)).toBe(0);

    await page.keyboard.press('Escape');
    await expect.poll(() => drawer(page).isVisible()).toBe(false);
    await page.mouse.wheel(0, 600);
    await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThan(0);
    await page.context().close();
  });

  it('closes the drawer from its close button, giving focus back to the Menu button', async () => {
    const page = await openPage(390);
    await openDrawer(page);
    await page.getByRole('button', { name: 'Close menu' }).click();
    await expect.poll(() => drawer(page).isVisible()).toBe(false);
    expect(await page.evaluate(() => document.body.classList.contains('body-locked'))).toBe(false);
    expect(await focusedIsMenuButton(page)).toBe(true);
    await page.context().close();
  });
});
