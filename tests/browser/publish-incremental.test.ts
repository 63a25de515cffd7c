/**
 * A publish after a stock change renders only the pages the change touches and links the rest
 * from the served build; this proves the result is the site a full render writes, byte for byte,
 * after a random series of stock changes, and that two full renders of one input are the same.
 *
 * It opens no browser: it runs in the browser step because it renders from the site bundle that
 * step's build made (a bundle is a minute of Astro's work to make here).
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBundle } from '../../src/publish/bundle';
import { createRenderPool, type RenderPool } from '../../src/publish/render-pool';
import type { PublishOutcome } from '../../src/publish/publish-site';
import { loadDealer } from '../../src/platform/config/load';
import { loadStock, stockFile } from '../../src/stock/server/store';
import type { Vehicle } from '../../src/stock/model/vehicle';

const SLUG = 'southern-lakes-motors';
// Fewer cars than the demo dealer's 600: every kind of page is still there, in a quarter of the time.
const CARS = 150;

let root: string;
let stockDir: string;
let incremental: RenderPool;
let full: RenderPool;
const distOf = { incremental: '', full: '' };

/** Every file of the dealer's served site, by path under it. */
function siteFiles(distDir: string): Map<string, Buffer> {
  const site = path.join(distDir, SLUG);
  const files = new Map<string, Buffer>();
  for (const entry of readdirSync(site, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    files.set(path.relative(site, file), readFileSync(file));
  }
  return files;
}

/** The files whose bytes differ between the two sites, or that only one has. */
function differences(a: Map<string, Buffer>, b: Map<string, Buffer>): string[] {
  const names = new Set([...a.keys(), ...b.keys()]);
  return [...names].filter((name) => !a.get(name) || !b.get(name) || !a.get(name)!.equals(b.get(name)!)).sort();
}

function writeStock(vehicles: readonly Vehicle[]): void {
  writeFileSync(stockFile(SLUG, { STOCK_DIR: stockDir }), JSON.stringify({ dealer: SLUG, imported_at: new Date().toISOString(), source: 'test', vehicles }));
}

/** A small deterministic random series, so a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'publish-incremental-'));
  const dealersDir = path.join(root, 'dealers');
  stockDir = path.join(root, 'stock');
  mkdirSync(dealersDir, { recursive: true });
  mkdirSync(stockDir, { recursive: true });
  const dealer = JSON.parse(readFileSync(path.join('dealers', `${SLUG}.json`), 'utf8')) as { search: { demo_stock?: number } };
  dealer.search.demo_stock = CARS;
  writeFileSync(path.join(dealersDir, `${SLUG}.json`), JSON.stringify(dealer, null, 2));
  if (existsSync(path.join('dealers', 'assets', SLUG)))
    cpSync(path.join('dealers', 'assets', SLUG), path.join(dealersDir, 'assets', SLUG), { recursive: true });
  // The demo stock, as an imported feed the changes below rewrite.
  writeStock(loadStock(loadDealer(SLUG, dealersDir), { STOCK_DIR: path.join(root, 'none') }));

  const bundle = await ensureBundle({ root: process.cwd() });
  const env = { ...process.env, STOCK_DIR: stockDir };
  distOf.incremental = path.join(root, 'dist-incremental');
  distOf.full = path.join(root, 'dist-full');
  incremental = createRenderPool({ bundle, dealersDir, distDir: distOf.incremental, size: 1, env });
  full = createRenderPool({ bundle, dealersDir, distDir: distOf.full, size: 1, env });
}, 600_000);

afterAll(async () => {
  await Promise.all([incremental?.close(), full?.close()]);
  if (root) rmSync(root, { recursive: true, force: true });
});

/** Publishes the current stock both ways and expects the same site. */
async function publishBoth(): Promise<{ incremental: PublishOutcome; full: PublishOutcome }> {
  const [a, b] = await Promise.all([incremental.publish(SLUG), full.publish(SLUG, { full: true })]);
  expect(differences(siteFiles(distOf.incremental), siteFiles(distOf.full))).toEqual([]);
  return { incremental: a, full: b };
}

describe('publishing after a stock change', () => {
  it('writes the same bytes for the same input, in two processes', async () => {
    const first = await publishBoth();
    // Neither had a build before: both rendered every file.
    expect(first.incremental.rendered).toBe(first.incremental.pages);
    expect(first.full.rendered).toBe(first.full.pages);
    expect(first.full.pages).toBeGreaterThan(CARS);
  }, 600_000);

  it('renders next to nothing for an unchanged feed, and the same site', async () => {
    writeStock(loadStock(loadDealer(SLUG, path.join(root, 'dealers')), { STOCK_DIR: stockDir }));
    const again = await publishBoth();
    // The model pages and the search shell read the whole stock; everything else is linked.
    expect(again.incremental.rendered).toBeLessThan(again.full.pages / 20);
  }, 600_000);

  it('takes the page of a car sold and not kept on the website away, as a full render does', async () => {
    const stock = loadStock(loadDealer(SLUG, path.join(root, 'dealers')), { STOCK_DIR: stockDir });
    const car = stock.find((c) => c.status === 'in_stock' && c.vin)!;
    const page = path.join('cars', car.slug, 'index.html');
    expect(siteFiles(distOf.incremental).has(page)).toBe(true);
    const soldAt = Math.floor(Date.now() / 1000) - 3600;
    writeStock(stock.map((c) => (c === car ? { ...c, status: 'sold' as const, sold_date_timestamp: soldAt, show_on_dealer_website: false } : c)));
    await publishBoth();
    const files = siteFiles(distOf.incremental);
    expect(files.has(page)).toBe(false);
    expect([...files.values()].some((bytes) => bytes.includes(car.vin!))).toBe(false);
  }, 600_000);

  it('after a random series of sales, price changes, additions and removals, the changed pages alone make the full build', async () => {
    const next = random(20_261_128);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
    let stock = loadStock(loadDealer(SLUG, path.join(root, 'dealers')), { STOCK_DIR: stockDir });
    const soldAt = stock.find((car) => car.sold_date_timestamp !== null)?.sold_date_timestamp ?? null;
    const changes: ((cars: Vehicle[]) => Vehicle[])[] = [
      // A price change on a car for sale.
      (cars) => {
        const car = pick(cars.filter((c) => c.status === 'in_stock' && c.price > 5000));
        return cars.map((c) => (c === car ? { ...c, price: c.price - 1000 } : c));
      },
      // A sale, listed for the sold window.
      (cars) => {
        const car = pick(cars.filter((c) => c.status === 'in_stock'));
        return cars.map((c) => (c === car ? { ...c, status: 'sold' as const, sold_date_timestamp: soldAt, show_on_dealer_website: true } : c));
      },
      // A car added: a copy of another under a new stock id.
      (cars) => {
        const car = pick(cars);
        const id = Math.max(...cars.map((c) => c.id)) + 1;
        return [...cars, { ...car, id, slug: car.slug.replace(/\d+$/, String(id)), stocknum: `T${id}` }];
      },
      // A car gone from the feed.
      (cars) => {
        const car = pick(cars);
        return cars.filter((c) => c !== car);
      },
    ];
    for (let round = 0; round < 4; round++) {
      stock = changes[round % changes.length]!(stock);
      if (next() < 0.5) stock = pick(changes)(stock);
      writeStock(stock);
      const { incremental: changed, full: whole } = await publishBoth();
      expect(changed.pages).toBe(whole.pages);
      // The work followed the change.
      expect(changed.rendered).toBeLessThan(whole.rendered / 2);
    }
  }, 1_200_000);
});
