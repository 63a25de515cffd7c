/**
 * What a dealer sees after selling a car, on `npm start` with no outside service: the stock
 * import that sells it is followed, with nobody starting a rebuild, by its page saying Sold (its
 * JSON-LD SoldOut), and by feeds and a sitemap that no longer offer it; the site answers every
 * request meanwhile. The 10 s budget from import to page is the bench's (`npm run bench`, under a
 * search load, on a machine doing nothing else): here other files' browsers share the cores, so
 * this allows a minute and prints the time it took.
 *
 * The platform runs as `npm start` runs it (scripts/start.ts, its own folders and port, embedded
 * database and search, no DATABASE_URL or REDIS_URL) and the sale comes through
 * `npm run stock:import`, so the file check, the publish queue, the render worker and the swap
 * are the ones a dealer's stock meets.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDealer } from '../../src/platform/config/load';
import { carPath } from '../../src/stock/model/car';
import type { Vehicle } from '../../src/stock/model/vehicle';
import { loadStock } from '../../src/stock/server/store';
import { launchBrowser, newShopperContext, openPage } from './browser';
import { getAt } from './http';
import { copyDemoDealer, freePort, startOwnServer, withoutOutsideServices, type OwnServer } from './own-server';

const SLUG = 'southern-lakes-motors';
// Fewer cars than the demo dealer's 600: the start's first build is the test's longest wait.
const CARS = 150;
const TSX = path.resolve('node_modules/.bin/tsx');

let root: string;
let port: number;
let server: OwnServer;
let browser: Browser;
let stock: Vehicle[];

const env = (): NodeJS.ProcessEnv => {
  return {
    ...withoutOutsideServices(),
    DEALERS_DIR: path.join(root, 'dealers'),
    STOCK_DIR: path.join(root, 'stock'),
    DIST_DIR: path.join(root, 'dist'),
    LEADS_DB_DIR: path.join(root, 'leads-db'),
    LEADS_OUTBOX_DIR: 'off',
    PORT: String(port),
    DEALER: SLUG,
  };
};

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'publish-on-start-'));
  copyDemoDealer(root, SLUG, CARS);
  stock = loadStock(loadDealer(SLUG, path.join(root, 'dealers')), { STOCK_DIR: path.join(root, 'none') });
  port = await freePort();

  server = startOwnServer('npm start', TSX, ['scripts/start.ts'], env());
  await server.waitFor('publishing on change', () => server.output().includes('Publishing on change'), 600_000);
  browser = await launchBrowser();
}, 660_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (root) rmSync(root, { recursive: true, force: true });
});

describe('npm start after a stock import that sells a car', () => {
  it('shows the car sold and drops it from the feeds and the sitemap, with nobody starting a rebuild, and answers every request meanwhile', async () => {
    const car = stock.find((c) => c.status === 'in_stock' && c.price > 5000 && c.show_on_dealer_website !== false)!;
    const page = carPath(car.slug);
    const origin = `http://${SLUG}.localhost:${port}`;
    const context = await newShopperContext(browser);
    const { page: tab } = await openPage(context, `${origin}${page}`);
    const availability = async (): Promise<string> =>
      (await tab.locator('script[type="application/ld+json"]').allTextContents()).join('\n').match(/"availability":"([^"]+)"/)?.[1] ?? '';
    expect(await availability()).toBe('https://schema.org/InStock');
    const feed = (await getAt(port, SLUG, '/feeds/google-vehicle-listings.csv')).text;
    expect(feed).toContain(page);

    // Home, search and the car's page polled every 200 ms throughout: any answer but 200 counts.
    const failures: string[] = [];
    let polls = 0;
    let polling = true;
    const poller = (async () => {
      while (polling) {
        for (const pathname of ['/', '/search/', page]) {
          const response = await getAt(port, SLUG, pathname);
          polls += 1;
          if (response.status !== 200) failures.push(`${pathname} ${response.status}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    })();

    const soldAt = Math.floor(Date.now() / 1000) - 60;
    const sold = stock.map((c) => (c.id === car.id ? { ...c, status: 'sold' as const, sold_date_timestamp: soldAt, show_on_dealer_website: true } : c));
    const feedFile = path.join(root, 'sale.json');
    writeFileSync(feedFile, JSON.stringify({ vehicles: sold }));
    await promisify(execFile)(TSX, ['scripts/stock-import.ts', '--dealer', SLUG, feedFile, '--no-alerts'], { env: env() });
    const imported = Date.now();

    let seenAfter = Infinity;
    while (Date.now() - imported < 60_000) {
      await tab.goto(`${origin}${page}`);
      if ((await availability()) === 'https://schema.org/SoldOut') {
        seenAfter = (Date.now() - imported) / 1000;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    polling = false;
    await poller;
    expect(seenAfter, `the car page still said InStock a minute after the import; npm start said:\n${server.output().slice(-2000)}`).toBeLessThan(60);
    console.log(`publish-on-start: the sold car's page said SoldOut ${seenAfter.toFixed(1)} s after the import; ${polls} polls, ${failures.length} not 200`);
    await tab
      .getByText(/\bsold\b/i)
      .first()
      .waitFor({ state: 'visible' });

    for (const file of ['/feeds/google-vehicle-listings.csv', '/feeds/google-vehicle-ads.xml', '/feeds/meta-vehicles.csv', '/sitemap-0.xml']) {
      const response = await getAt(port, SLUG, file);
      expect(response.status, file).toBe(200);
      // Another car's address may start with this one's (its id a prefix of the other's).
      expect(response.text, file).not.toMatch(new RegExp(`${page}(?![0-9a-z-])`));
    }
    expect(polls).toBeGreaterThan(10);
    expect(failures).toEqual([]);
    await context.close();
  });
});
