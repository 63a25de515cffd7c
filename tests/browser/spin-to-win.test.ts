/**
 * Spin-to-win in Chromium on the built demo dealer (kingfisher-toyota runs a campaign), against
 * the platform's own API: a signed-out shopper sees the campaign and a sign-in link, signs in
 * with the emailed code and comes back; one spin gives exactly one prize, drawn by the server
 * (the wheel stops on it, the live region says it, the voucher shows); the winner's lead is in
 * the dealer's outbox; a reload shows the same prize and offers no second spin. Checked with axe
 * at 390 px, with reduced motion.
 */
import AxeBuilder from '@axe-core/playwright';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadDealer } from '../../src/platform/config/load';
import { VOUCHER_PATTERN } from '../../src/spin-to-win/model/voucher';
import { demoOrigin, launchBrowser, newShopperContext, openPage } from './browser';
import { signInByCode as signIn } from './sign-in';

const SLUG = 'kingfisher-toyota';
const PHONE = { width: 390, height: 844 };
const campaign = loadDealer(SLUG).spin_to_win;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** Lead files in the dealer's outbox folder written since `since`, with their text. */
function outboxFiles(folder: string, since: number, ext: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((name) => name.endsWith(ext))
    .map((name) => path.join(folder, name))
    .filter((file) => statSync(file).mtimeMs >= since - 1000)
    .map((file) =>
      readFileSync(file, 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    );
}

async function signInByCode(page: Page, email: string): Promise<void> {
  await page.waitForURL(/\/sign-in\?/);
  expect(Object.fromEntries(new URL(page.url()).searchParams)).toMatchObject({ type: 'spin-to-win', redirect: '/spin-to-win' });
  await signIn(page, SLUG, email);
}

describe('spin to win', () => {
  it('gives a signed-in shopper one server-drawn prize, sends the lead, and shows the same prize on return', async () => {
    expect(campaign).toBeDefined();
    const context: BrowserContext = await newShopperContext(browser, PHONE);
    const { page, errors } = await openPage(context, `${demoOrigin(SLUG)}/spin-to-win`, 15_000);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(campaign?.name);
    for (const prize of campaign?.prizes ?? []) expect(await page.getByRole('listitem').filter({ hasText: prize.label }).count()).toBe(1);

    const signIn = page.getByRole('link', { name: 'Sign in to spin' });
    await signIn.waitFor({ state: 'visible' });
    await signIn.click();
    const email = `spinner-${Date.now()}@example.com`;
    await signInByCode(page, email);
    await page.waitForURL(/\/spin-to-win$/);

    const spin = page.getByRole('button', { name: 'Spin the wheel' });
    await spin.waitFor({ state: 'visible' });
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

    // Keyboard: focus the button and press Enter; count every draw the page asks for.
    const draws: { status: number; body: { draw: { prize: { id: string; label: string }; voucher_code: string | null } } }[] = [];
    const recordDraw = (response: Response): void => {
      if (!response.url().endsWith('/api/spin-to-win/draw')) return;
      void response
        .json()
        .then((body: (typeof draws)[number]['body']) => draws.push({ status: response.status(), body }))
        .catch(() => undefined);
    };
    page.on('response', recordDraw);
    const spun = Date.now();
    await spin.focus();
    await page.keyboard.press('Enter');
    const status = page.getByRole('status').filter({ hasText: /^You won: / });
    await status.waitFor({ state: 'attached', timeout: 15_000 });
    await expect.poll(() => draws.length).toBe(1);
    const drawn = draws[0]!;
    expect(drawn.status).toBe(201);
    const { prize, voucher_code } = drawn.body.draw;
    expect(await status.textContent()).toBe(`You won: ${prize.label}.`);
    expect(campaign?.prizes.map((p) => p.id)).toContain(prize.id);
    expect(voucher_code).toMatch(VOUCHER_PATTERN);
    expect(await page.locator('[data-part="prize"]').textContent()).toBe(prize.label);
    expect(await page.locator('[data-part="voucher-code"]').textContent()).toBe(voucher_code);
    // The wheel stopped on the server's prize.
    const index = campaign?.prizes.findIndex((p) => p.id === prize.id);
    expect(await page.locator('[data-part="disc"]').getAttribute('data-stopped')).toBe(String(index));
    expect(await spin.isVisible()).toBe(false);
    // The analytics event for the spin.
    expect(
      await page.evaluate(
        () => (window as unknown as { dataLayer?: { event: string; form?: string }[] }).dataLayer?.filter((e) => e.form === 'spin_to_win').length,
      ),
    ).toBe(1);

    // The dealer's lead, with the prize and the voucher, reaches the outbox.
    await expect
      .poll(
        () => outboxFiles(path.join(inject('outboxDir'), SLUG), spun, '.json').filter((text) => voucher_code !== null && text.includes(voucher_code)).length,
        { timeout: 20_000 },
      )
      .toBe(1);
    const lead = JSON.parse(
      outboxFiles(path.join(inject('outboxDir'), SLUG), spun, '.json').find((text) => voucher_code !== null && text.includes(voucher_code)) ?? '{}',
    ) as Record<string, unknown>;
    expect(JSON.stringify(lead)).toContain(email);
    expect(JSON.stringify(lead)).toContain('Spin to Win');

    // A reload shows the same prize and no second spin.
    await page.reload();
    await page.locator('[data-part="result"]').waitFor({ state: 'visible', timeout: 15_000 });
    expect(await page.locator('[data-part="prize"]').textContent()).toBe(prize.label);
    expect(await page.locator('[data-part="voucher-code"]').textContent()).toBe(voucher_code);
    expect(await page.getByText('You have had your spin in this campaign.').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Spin the wheel' }).isVisible()).toBe(false);
    expect(draws).toHaveLength(1);
    page.off('response', recordDraw);

    // Asking the API again answers the first draw, not a second prize.
    const again = await page.evaluate(async (id) => {
      const response = await fetch('/api/spin-to-win/draw', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ campaign: id }),
      });
      return { status: response.status, body: (await response.json()) as { draw: { voucher_code: string } } };
    }, campaign?.id ?? '');
    expect(again.status).toBe(200);
    expect(again.body.draw.voucher_code).toBe(voucher_code);
    expect(errors).toEqual([]);
    await context.close();
  });
});
