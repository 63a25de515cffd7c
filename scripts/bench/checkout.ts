/**
 * The checkout under contention and how fast a hold shows in search, on a fresh PGlite folder
 * and, with DATABASE_URL, a fresh Postgres database:
 *
 * - race: 200 shoppers start deposits for 20 cars (10 each), then all 200 payments succeed at
 *   once through signed webhooks: exactly 20 holds, 180 refunds, no car held twice;
 * - reserved in search: a paid deposit's webhook, then the search API asked until the car's hit
 *   says reserved; p95 of that time must be within 2 s.
 *
 *   npx tsx scripts/bench/checkout.ts
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { checkoutPaths } from '../../src/checkout/model/api';
import { loadDealer } from '../../src/platform/config/load';
import { openDatabase } from '../../src/platform/db/open';
import { createLocalPayments, LOCAL_PAY_PATH } from '../../src/providers/payments-local';
import { createApp } from '../../src/server/app';
import { createPlatformServer } from '../../src/server/http-server';
import { loadStock } from '../../src/stock/server/store';
import { summarise, type LatencySummary } from './engine';
import { freshDatabase } from './leads';

export interface CheckoutBenchResult {
  database: 'pglite' | 'postgres';
  shoppers: number;
  cars: number;
  holds: number;
  refunds: number;
  doubleHolds: number;
  raceSeconds: number;
  /** Webhook accepted → the car's search hit says reserved. */
  reservedInSearch: LatencySummary;
}

export const RESERVED_P95_BUDGET_MS = 2000;

const SECRET = 'bench-local-payments-secret';

export async function benchCheckout(
  kind: 'pglite' | 'postgres',
  {
    dealersDir,
    slug,
    root,
    shoppers = 200,
    cars = 20,
    visibilityRounds = 20,
  }: { dealersDir: string; slug: string; root: string; shoppers?: number; cars?: number; visibilityRounds?: number },
): Promise<CheckoutBenchResult> {
  const work = mkdtempSync(path.join(os.tmpdir(), 'bench-checkout-'));
  // The dealer with checkout open to shoppers who give an email: the race is about holds, not sign-in.
  const dir = path.join(work, 'dealers');
  cpSync(dealersDir, dir, { recursive: true });
  const file = path.join(dir, `${slug}.json`);
  const dealer = JSON.parse(readFileSync(file, 'utf8')) as { features?: Record<string, unknown> };
  dealer.features = { ...dealer.features, enabled_pages: ['checkout'], gated_pages: [] };
  writeFileSync(file, JSON.stringify(dealer));
  const site = loadDealer(slug, dir);
  const stockDir = path.join(work, 'stock');
  const forSale = loadStock(site, { STOCK_DIR: stockDir }).filter((c) => c.status === 'in_stock' && c.price > 0);
  if (forSale.length < cars + visibilityRounds) throw new Error(`${slug} has only ${forSale.length} cars for sale`);

  const fresh = await freshDatabase(kind, work);
  const database = await openDatabase({ env: fresh.env, root, poolSize: 20 });
  const env = { STOCK_DIR: stockDir, LOCAL_PAYMENTS_SECRET: SECRET, CHECKOUT_RATE_LIMIT_PER_MINUTE: '100000', LEADS_OUTBOX_DIR: path.join(work, 'outbox') };
  const app = createApp({
    distDir: path.join(work, 'dist'),
    dealers: [slug],
    defaultDealer: slug,
    dealersDir: dir,
    env,
    leads: { database, log: () => undefined },
    accounts: { log: () => undefined },
  });
  const server = createPlatformServer(app.fetch, '127.0.0.1');
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const host = `${slug}.localhost`;
  const local = createLocalPayments({ secret: SECRET });
  const post = (target: string, body: string, headers: Record<string, string> = {}) =>
    fetch(`${origin}${target}`, { method: 'POST', headers: { host, 'content-type': 'application/json', 'sec-fetch-site': 'same-origin', ...headers }, body });
  /** Starts a deposit and answers the signed event that pays it. */
  const start = async (carId: string, n: number) => {
    const answer = await post(checkoutPaths.reservations, JSON.stringify({ car_id: carId, email: `shopper${n}@example.com` }));
    const body = (await answer.json()) as { redirect_url?: string };
    if (answer.status !== 201 || !body.redirect_url) throw new Error(`a deposit could not be started: ${answer.status} ${JSON.stringify(body)}`);
    const session = local.readSession(body.redirect_url.split(LOCAL_PAY_PATH)[1] ?? '');
    if (!session) throw new Error('the pay token did not read back');
    return local.signedEvent(session, 'succeeded');
  };
  const deliver = async (event: { body: string; headers: Headers }) => {
    const answer = await post(checkoutPaths.webhook('local'), event.body, Object.fromEntries(event.headers));
    if (answer.status !== 200) throw new Error(`the webhook answered ${answer.status}`);
  };
  try {
    // The race: everyone has a payment page first, then every payment lands at once.
    const raceCars = forSale.slice(0, cars).map((c) => String(c.id));
    const events = await Promise.all(Array.from({ length: shoppers }, (_, n) => start(raceCars[n % cars]!, n)));
    const raceStart = performance.now();
    await Promise.all(events.map(deliver));
    const raceSeconds = (performance.now() - raceStart) / 1000;
    const count = async (query: ReturnType<typeof sql>): Promise<number> => {
      const answer: unknown = await database.db.execute(query);
      const rows = (answer as { rows?: { n: number | string }[] }).rows ?? [];
      return Number(rows[0]?.n ?? 0);
    };
    const holds = await count(sql`SELECT count(*) AS n FROM reservations WHERE status = 'held'`);
    const refunds = await count(sql`SELECT count(*) AS n FROM payments WHERE status = 'refunded'`);
    const doubleHolds = await count(
      sql`SELECT count(*) AS n FROM (SELECT car_id FROM reservations WHERE status = 'held' GROUP BY car_id HAVING count(*) > 1) AS d`,
    );

    // Reserved in search: one car at a time, from the accepted webhook to the hit that says so.
    const times: number[] = [];
    for (const car of forSale.slice(cars, cars + visibilityRounds)) {
      const event = await start(String(car.id), 10_000 + times.length);
      const t0 = performance.now();
      await deliver(event);
      for (;;) {
        const answer = await post(
          '/api/search/multi-search',
          JSON.stringify({ queries: [{ indexUid: site.search.index_uid ?? slug, q: '', filter: `id = ${car.id}`, limit: 1 }] }),
        );
        const found = (await answer.json()) as { results?: { hits?: { reserved?: boolean }[] }[] };
        if (found.results?.[0]?.hits?.[0]?.reserved === true) break;
        if (performance.now() - t0 > 10_000) throw new Error(`car ${car.id} was not reserved in search after 10 s`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      times.push(performance.now() - t0);
    }
    return {
      database: kind,
      shoppers,
      cars,
      holds,
      refunds,
      doubleHolds,
      raceSeconds: Math.round(raceSeconds * 100) / 100,
      reservedInSearch: summarise(times),
    };
  } finally {
    await new Promise((resolve) => server.close(resolve));
    await database.close();
    await fresh.drop();
    rmSync(work, { recursive: true, force: true });
  }
}

export function formatCheckoutBench(r: CheckoutBenchResult): string {
  return [
    `Checkout on ${r.database}: ${r.shoppers} concurrent deposits for ${r.cars} cars in ${r.raceSeconds} s → ${r.holds} holds, ${r.refunds} refunds, ${r.doubleHolds} cars held twice`,
    `  webhook → 'Reserved' in search: p50 ${r.reservedInSearch.p50} ms  p95 ${r.reservedInSearch.p95} ms  mean ${r.reservedInSearch.mean} ms`,
  ].join('\n');
}

async function main(): Promise<void> {
  const kinds = process.env.DATABASE_URL?.trim() ? (['pglite', 'postgres'] as const) : (['pglite'] as const);
  for (const kind of kinds)
    console.log(formatCheckoutBench(await benchCheckout(kind, { dealersDir: path.resolve('dealers'), slug: 'kingfisher-toyota', root: process.cwd() })));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
