/** Debian's Chromium through playwright-core, with the flags this machine's closed network needs. */
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { CHROMIUM_FLAGS, CHROMIUM_MISSING, findChromium } from '../../scripts/chromium';

export function launchBrowser(): Promise<Browser> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error(CHROMIUM_MISSING);
  return chromium.launch({ executablePath, headless: true, args: CHROMIUM_FLAGS });
}

/** `http://<slug>.localhost:<port>`: the Host header picks the dealer, as with `npm start`. */
export function demoOrigin(slug: string): string {
  return `http://${slug}.localhost:${inject('demoPort')}`;
}

export function fixtureOrigin(slug: 'fixture-motors' | 'hostile-motors' | 'opt-in-motors'): string {
  return `http://${slug}.localhost:${inject('fixturePort')}`;
}

/** Collects page errors and console errors so a test can assert there were none. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  return errors;
}

/** No request may leave the machine: anything not on localhost is answered with an empty 204. */
export async function blockOutsideRequests(page: Page): Promise<string[]> {
  const blocked: string[] = [];
  await page.route(
    (url) => !/^(127\.0\.0\.1|[a-z0-9-]+\.localhost|localhost)$/.test(url.hostname),
    (route) => {
      blocked.push(route.request().url());
      return route.fulfill({ status: 204, body: '' });
    },
  );
  return blocked;
}

export const DESKTOP = { width: 1280, height: 900 };

/** A fresh browser context (a shopper's own browser) at this size; under 600 px wide, a phone with touch. */
export function newShopperContext(browser: Browser, viewport = DESKTOP): Promise<BrowserContext> {
  return browser.newContext({ viewport, ...(viewport.width < 600 ? { isMobile: true, hasTouch: true } : {}) });
}

/** A new page in `context` that collects errors and reaches nothing off this machine, opened at `url`. */
export async function openPage(context: BrowserContext, url: string, timeoutMs?: number): Promise<{ page: Page; errors: string[] }> {
  const page = await context.newPage();
  const errors = watchErrors(page);
  await blockOutsideRequests(page);
  if (timeoutMs !== undefined) page.setDefaultTimeout(timeoutMs);
  await page.goto(url);
  return { page, errors };
}
