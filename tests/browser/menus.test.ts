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
  it('opens the drawer, locks the page body, and closes with Escape', async () => {
    const page = await openPage(390);
    const menuButton = page.getByRole('button', { name: 'Menu', exact: true });
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    await menuButton.click();
    await expect.poll(() => page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(true);
    expect(await menuButton.getAttribute('aria-expanded')).toBe('true');
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');

    // Submenus open inline inside the drawer.
    await toggle(page, 'New Vehicles').click();
    expect(await page.getByRole('link', { name: /RAV4/ }).first().isVisible()).toBe(true);

    await page.keyboard.press('Escape'); // closes the submenu first
    await page.keyboard.press('Escape'); // then the drawer
    await expect.poll(() => page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');
    expect(await menuButton.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.context().close();
  });

  it('closes the drawer from its close button', async () => {
    const page = await openPage(390);
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await page.getByRole('button', { name: 'Close menu' }).click();
    await expect.poll(() => page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    expect(await page.evaluate(() => document.body.classList.contains('body-locked'))).toBe(false);
    await page.context().close();
  });
});
