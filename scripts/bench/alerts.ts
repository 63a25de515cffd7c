/**
 * The alert job's figures for `npm run bench`: a dealer with 5,000 demo cars, 2,000 shopper
 * accounts holding 10,000 saved cars and 2,500 saved searches (the dealer's own landing paths,
 * some with a price cap or search words), all with alerts on. The job runs once to record the
 * stock, then the stock changes as a busy week's import would (10% of cars cheaper, 5% sold, 3%
 * gone from the feed, 250 new cars) and the job runs again, timed: bulk reads, the saved-search
 * matching, one email per account written as message files into a fresh outbox folder, the sent
 * keys and the new watch. A third run must send nothing. Each database kind gets a fresh
 * database (a PGlite folder, or a new Postgres database when DATABASE_URL is set).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { runAlerts, type AlertRunSummary } from '../../src/accounts/server/alerts';
import { ALERT_CONSENT_WORDING } from '../../src/accounts/model/api';
import type { AlertCounts } from '../../src/accounts/model/alerts';
import { loadDealer } from '../../src/platform/config/load';
import type { DealerConfig } from '../../src/platform/config/schema';
import { openDatabase, type Database } from '../../src/platform/db/open';
import { accounts, accountSavedCars, savedSearches } from '../../src/platform/db/schema';
import { savedCarOf } from '../../src/saved-cars/model/saved-list';
import { landingFacets, landingPages } from '../../src/search/model/landing';
import { generateDemoStock } from '../../src/stock/model/demo';
import { hashSeed, seededRandom } from '../../src/stock/model/random';
import type { Vehicle } from '../../src/stock/model/vehicle';
import { freshDatabase } from './leads';

export interface AlertBenchResult {
  database: 'pglite' | 'postgres';
  dealer: string;
  cars: number;
  accounts: number;
  savedCars: number;
  savedSearches: number;
  /** What the second import changed. */
  changes: { cheaper: number; sold: number; gone: number; arrived: number };
  firstRunSeconds: number;
  /** The timed run: everything from reading the watch to writing the new one. */
  runSeconds: number;
  /** Its steps, in seconds: finding what to send, sending it (writing the sent keys), recording the stock. */
  steps: { find: number; mail: number; watch: number };
  /** CPU seconds this process spent on the run (PGlite's included; a Postgres server's not): what other load on the machine does not inflate. */
  cpuSeconds: number;
  emailed: number;
  failed: number;
  sent: AlertCounts;
  /** Message files in the outbox folder after the run: one per account emailed. */
  mailFiles: number;
  /** The run after: must send nothing. */
  rerunSeconds: number;
  rerunEmailed: number;
}

const CARS = 5000;
const ACCOUNTS = 2000;
const SAVED_PER_ACCOUNT = 5;
const ARRIVED = 250;
const ROWS_PER_INSERT = 1000;

async function insertInBatches<T>(items: readonly T[], insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < items.length; i += ROWS_PER_INSERT) await insert(items.slice(i, i + ROWS_PER_INSERT));
}

/** Accounts, saved cars and saved searches, spread over the stock the way shoppers would save them. */
async function seedShoppers(database: Database, site: DealerConfig, stock: readonly Vehicle[]): Promise<{ savedCars: number; savedSearches: number }> {
  const random = seededRandom(hashSeed(`alerts-bench:${site.slug}`));
  const forSale = stock.filter((car) => car.status !== 'sold');
  const listed = landingPages(site, landingFacets(forSale)).map((page) => page.path);
  const models = [...new Set(forSale.map((car) => car.model))];
  const searchPath = (): string => {
    const roll = random.next();
    if (roll < 0.6) return random.pick(listed);
    if (roll < 0.85) return `${random.pick(listed)}?range[price]=:${random.int(2, 9) * 10_000}`;
    return `/search?query=${encodeURIComponent(random.pick(models).toLowerCase())}`;
  };
  const accountRows = Array.from({ length: ACCOUNTS }, (_, i) => ({
    id: `bench-account-${i}`,
    dealer: site.slug,
    email: `shopper${i}@example.com`,
    car_alerts: true,
    alert_consent: { wording: ALERT_CONSENT_WORDING, page: '/my-garage', at: '2026-01-01T00:00:00Z' },
    unsubscribe_token: randomBytes(24).toString('base64url'),
  }));
  const savedRows: (typeof accountSavedCars.$inferInsert)[] = [];
  const searchRows: (typeof savedSearches.$inferInsert)[] = [];
  for (const [i, account] of accountRows.entries()) {
    const chosen = new Set<Vehicle>();
    while (chosen.size < SAVED_PER_ACCOUNT) chosen.add(random.pick(forSale));
    for (const car of chosen) savedRows.push({ account_id: account.id, car_id: String(car.id), entry: { ...savedCarOf(car) } });
    const searches = i % 4 === 0 ? 2 : 1;
    for (let s = 0; s < searches; s++) {
      searchRows.push({ id: `${account.id}-search-${s}`, account_id: account.id, name: `My search ${s + 1}`, path: searchPath(), alerts: true });
    }
  }
  const { db } = database;
  await insertInBatches(accountRows, (batch) => db.insert(accounts).values(batch));
  await insertInBatches(savedRows, (batch) => db.insert(accountSavedCars).values(batch));
  await insertInBatches(searchRows, (batch) => db.insert(savedSearches).values(batch));
  return { savedCars: savedRows.length, savedSearches: searchRows.length };
}

/** The next import: some cars cheaper, some sold, some gone, some new. */
function nextImport(site: DealerConfig, stock: readonly Vehicle[], nowSeconds: number): { vehicles: Vehicle[]; changes: AlertBenchResult['changes'] } {
  const random = seededRandom(hashSeed(`alerts-bench-import:${site.slug}`));
  const changes = { cheaper: 0, sold: 0, gone: 0, arrived: 0 };
  const vehicles: Vehicle[] = [];
  for (const car of stock) {
    const roll = random.next();
    if (car.status === 'sold') vehicles.push(car);
    else if (roll < 0.03) changes.gone++;
    else if (roll < 0.08) {
      changes.sold++;
      vehicles.push({ ...car, status: 'sold', sold_date_timestamp: nowSeconds - 3600, show_on_dealer_website: true });
    } else if (roll < 0.18 && car.price > 5000) {
      changes.cheaper++;
      vehicles.push({ ...car, price: car.price - 500 * random.int(1, 6) });
    } else vehicles.push(car);
  }
  // The demo generator is deterministic: asking for more cars gives the same first ones, then new ones.
  const arrived = generateDemoStock(site, stock.length + ARRIVED).slice(stock.length);
  changes.arrived = arrived.length;
  return { vehicles: [...vehicles, ...arrived], changes };
}

const seconds = (summary: AlertRunSummary): number => summary.ms / 1000;

export async function benchAlerts(kind: 'pglite' | 'postgres', site: DealerConfig): Promise<AlertBenchResult> {
  const work = mkdtempSync(path.join(os.tmpdir(), 'bench-alerts-'));
  const fresh = await freshDatabase(kind, work);
  const env: NodeJS.ProcessEnv = { ...fresh.env, LEADS_OUTBOX_DIR: path.join(work, 'outbox') };
  const database = await openDatabase({ env, root: work });
  try {
    const now = new Date();
    const stock = generateDemoStock(site, CARS, now.getTime());
    const seeded = await seedShoppers(database, site, stock);
    const first = await runAlerts({ database, site, vehicles: stock, env, root: work, now });
    if (!first.firstRun) throw new Error('the first alert run found a watch already');
    const { vehicles, changes } = nextImport(site, stock, Math.floor(now.getTime() / 1000));
    const cpu = process.cpuUsage();
    const timed = await runAlerts({ database, site, vehicles, env, root: work, now, log: (line) => console.error(line) });
    const used = process.cpuUsage(cpu);
    const folder = path.join(work, 'outbox', site.slug, 'mail');
    const mailFiles = readdirSync(folder).length;
    const rerun = await runAlerts({ database, site, vehicles, env, root: work, now });
    return {
      database: kind,
      dealer: site.slug,
      cars: stock.length,
      accounts: ACCOUNTS,
      ...seeded,
      changes,
      firstRunSeconds: seconds(first),
      runSeconds: seconds(timed),
      steps: { find: timed.steps.findMs / 1000, mail: timed.steps.mailMs / 1000, watch: timed.steps.watchMs / 1000 },
      cpuSeconds: (used.user + used.system) / 1e6,
      emailed: timed.emailed,
      failed: timed.failed,
      sent: timed.sent,
      mailFiles,
      rerunSeconds: seconds(rerun),
      rerunEmailed: rerun.emailed,
    };
  } finally {
    await database.close();
    await fresh.drop();
    rmSync(work, { recursive: true, force: true });
  }
}

/** `npx tsx scripts/bench/alerts.ts [slug]`: this part of the bench alone (PGlite, and Postgres with DATABASE_URL). */
async function main(): Promise<void> {
  const site = loadDealer(process.argv[2] ?? 'kingfisher-toyota');
  for (const kind of process.env.DATABASE_URL?.trim() ? (['pglite', 'postgres'] as const) : (['pglite'] as const)) {
    const r = await benchAlerts(kind, site);
    const c = r.changes;
    console.log(
      `${kind}: ${r.cars} cars, ${r.accounts} accounts, ${r.savedCars} saved cars, ${r.savedSearches} saved searches; ` +
        `${c.cheaper} cheaper, ${c.sold} sold, ${c.gone} gone, ${c.arrived} new`,
    );
    console.log(
      `  run ${r.runSeconds.toFixed(2)} s (find ${r.steps.find.toFixed(2)}, mail ${r.steps.mail.toFixed(2)}, watch ${r.steps.watch.toFixed(2)}; ${r.cpuSeconds.toFixed(2)} s of CPU); ` +
        `${r.emailed} emailed (${r.mailFiles} files, ${r.failed} failed): ${r.sent.price_drop} price drops, ${r.sent.sold} sold, ${r.sent.new_match} new matches; ` +
        `first run ${r.firstRunSeconds.toFixed(2)} s, run after ${r.rerunSeconds.toFixed(2)} s with ${r.rerunEmailed} emailed`,
    );
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
