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
import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
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

const SLUG = 'southern-lakes-motors';
// Fewer cars than the demo dealer's 600: the start's first build is the test's longest wait.
const CARS = 150;
const TSX = path.resolve('node_modules/.bin/tsx');

let root: string;
let port: number;
let server: ChildProcess;
let output = '';
let browser: Browser;
let stock: Vehicle[];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address() as { port: number };
      probe.close(() => resolve(free));
    });
  });
}

const env = (): NodeJS.ProcessEnv => {
  // No outside service: the embedded database, search and publish queue carry it all.
  const { DATABASE_URL: _database, REDIS_URL: _redis, ...rest } = process.env;
  return {
    ...rest,
    DEALERS_DIR: path.join(root, 'dealers'),
    STOCK_DIR: path.join(root, 'stock'),
    DIST_DIR: path.join(root, 'dist'),
    LEADS_DB_DIR: path.join(root, 'leads-db'),
    LEADS_OUTBOX_DIR: 'off',
    PORT: String(port),
    DEALER: SLUG,
  };
};

async function waitFor(what: string, check: () => boolean | Promise<boolean>, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (server.exitCode !== null) throw new Error(`npm start stopped (exit ${server.exitCode}) while waiting for ${what}:\n${output.slice(-3000)}`);
    if (Date.now() > until) throw new Error(`no ${what} within ${timeoutMs / 1000} s; npm start said:\n${output.slice(-3000)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'publish-on-start-'));
  mkdirSync(path.join(root, 'dealers'), { recursive: true });
  mkdirSync(path.join(root, 'stock'), { recursive: true });
  const dealer = JSON.parse(readFileSync(path.join('dealers', `${SLUG}.json`), 'utf8')) as { search: { demo_stock?: number } };
  dealer.search.demo_stock = CARS;
  writeFileSync(path.join(root, 'dealers', `${SLUG}.json`), JSON.stringify(dealer, null, 2));
  if (existsSync(path.join('dealers', 'assets', SLUG)))
    cpSync(path.join('dealers', 'assets', SLUG), path.join(root, 'dealers', 'assets', SLUG), { recursive: true });
  stock = loadStock(loadDealer(SLUG, path.join(root, 'dealers')), { STOCK_DIR: path.join(root, 'none') });
  port = await freePort();

  server = spawn(TSX, ['scripts/start.ts'], { env: env(), stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  await waitFor('publishing on change', () => output.includes('Publishing on change'), 600_000);
  browser = await launchBrowser();
}, 660_000);

afterAll(async () => {
  await browser?.close();
  if (server?.pid && server.exitCode === null) {
    // Its own process group: the render worker goes with it.
    process.kill(-server.pid, 'SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  }
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
    expect(seenAfter, `the car page still said InStock a minute after the import; npm start said:\n${output.slice(-2000)}`).toBeLessThan(60);
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
