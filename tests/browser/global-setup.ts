/**
 * Builds what the browser tests need (demo dealers into dist/, test fixtures into .test-dist/,
 * each only when stale) and serves both with the platform's own server on free ports.
 *
 * Leads: both servers share one throwaway database (in-memory PGlite, or a fresh Postgres
 * schema when DATABASE_URL is set, dropped afterwards) and one outbox worker writing to a temp
 * folder. Tests see stored leads the way a dealer does, as `<outboxDir>/<dealer>/<lead id>.json`
 * (and `.adf.xml`); no route lists leads. On Postgres, `leadsDbUrl` connects into the schema.
 *
 * Stock: the demo server reads imported stock from its own empty temp folder (`stockDir`), so
 * each demo dealer serves its demo stock until a test imports a feed there; an alert watcher
 * polls it as `npm start` does and writes alert emails to `<outboxDir>/<dealer>/mail/`.
 */
import { serve, type ServerType } from '@hono/node-server';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createApp } from '../../src/server/app';
import { createDealerConfigs, type DealerConfigs } from '../../src/platform/config/dealer-configs';
import { openTestDatabase } from '../support/test-databases';
import type { LeadStorage } from '../../src/leads/server/routes';
import { memoryRateLimiter } from '../../src/platform/http/rate-limit';
import { startOutboxWorker } from '../../src/leads/delivery/outbox/worker';
import { startAlertWatcher } from '../../src/accounts/server/alert-watcher';
import { DEMO_PATHS, ensureBuilt, FIXTURE_PATHS } from './build-sites';
import { postcodeTables, postcodeTablesDir } from '../../src/providers/postcode-tables';

/** Serves built sites plus the API; the search and lead APIs read each dealer's config from `configs`. */
function listen(
  distDir: string,
  dealersDir: string,
  dealers: string[],
  leads: { storage: LeadStorage; configs: DealerConfigs; env: NodeJS.ProcessEnv },
  stockDir?: string,
): Promise<{ server: ServerType; port: number }> {
  const env = { ...leads.env, ...(stockDir ? { STOCK_DIR: stockDir } : {}) };
  const app = createApp({ distDir, dealers, defaultDealer: dealers[0] ?? '', dealersDir, env, configs: leads.configs, leads: leads.storage });
  return new Promise((resolve) => {
    const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, (info: AddressInfo) => resolve({ server, port: info.port }));
  });
}

declare module 'vitest' {
  export interface ProvidedContext {
    demoPort: number;
    fixturePort: number;
    demoDealers: string[];
    /** Where the outbox worker writes each complete, unquarantined lead: `<outboxDir>/<dealer>/<id>.json`. */
    outboxDir: string;
    /** The servers' LEADS_FILES_DIR: files sent with leads, as `<leadFilesDir>/<dealer>/<server-made name>`. */
    leadFilesDir: string;
    /** The demo server's STOCK_DIR: a feed imported here is the dealer's stock (empty: demo stock). */
    stockDir: string;
    /** Postgres runs only: a connection string into the test schema holding the leads tables. */
    leadsDbUrl?: string;
  }
}

/**
 * Files that start the server they test themselves, on a dealer of their own (`npm run dev`,
 * `npm start`: tests/browser/own-server.ts), and need neither the built sites nor these servers.
 */
export const SELF_SERVING = ['tests/browser/preview.test.ts', 'tests/browser/publish-on-start.test.ts'];

/**
 * Whether the run was asked for self-serving files only (`vitest run ... tests/browser/preview.test.ts`):
 * every browser test file a command-line filter matches (Vitest matches filters as parts of the
 * path) is one of them. Vitest keeps the filters on an untyped field; without it, or without
 * filters (the whole suite), everything is set up as before.
 */
export function onlySelfServing(filters: readonly string[] | undefined, files: readonly string[]): boolean {
  if (!filters || filters.length === 0) return false;
  const asked = files.filter((file) => filters.some((filter) => file.includes(filter)));
  return asked.length > 0 && asked.every((file) => SELF_SERVING.includes(file));
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const filters = (project.vitest as unknown as { filenamePattern?: string[] }).filenamePattern;
  const browserFiles = readdirSync(path.join('tests', 'browser'))
    .filter((name) => name.endsWith('.test.ts'))
    .map((name) => `tests/browser/${name}`);
  if (onlySelfServing(filters, browserFiles)) return () => Promise.resolve();

  const demoDealers = await ensureBuilt(DEMO_PATHS);
  const fixtureDealers = await ensureBuilt(FIXTURE_PATHS);

  const outboxDir = mkdtempSync(path.join(tmpdir(), 'browser-outbox-'));
  const filesDir = mkdtempSync(path.join(tmpdir(), 'browser-lead-files-'));
  const stockDir = mkdtempSync(path.join(tmpdir(), 'browser-stock-'));
  // Forms post straight to the test servers' own outbox folder; SMTP and webhooks stay off.
  // Test files run side by side from one address, 127.0.0.1: a shopper's limits (ten sign-ins a
  // minute) would refuse them. The limits themselves are unit-tested on the routes.
  const leadsEnv: NodeJS.ProcessEnv = {
    ...process.env,
    LEADS_OUTBOX_DIR: outboxDir,
    LEADS_FILES_DIR: filesDir,
    SMTP_URL: '',
    ACCOUNTS_RATE_LIMIT_PER_MINUTE: '10000',
    CHECKOUT_RATE_LIMIT_PER_MINUTE: '10000',
    SEARCH_RATE_LIMIT_PER_MINUTE: '100000',
  };
  const testDb = await openTestDatabase(process.env.DATABASE_URL?.trim() ? 'postgres' : 'pglite');
  // Browser tests submit many forms from 127.0.0.1 within a minute.
  const storage: LeadStorage = { database: testDb.database, rateLimiter: memoryRateLimiter({ limit: 10_000 }), filesDir };
  const demoConfigs = createDealerConfigs({ dealersDir: 'dealers' });
  // npm start prepares the postcode tables of its dealers' countries when it starts; these
  // servers are bare apps, so the tables are ready before the first test rather than derived
  // inside a test's first lookup, which under npm test's load took longer than its poll waits.
  const regions = new Set(await Promise.all(demoDealers.map(async (slug) => (await demoConfigs.get(slug)).region)));
  await Promise.all(
    [...regions].map((region) =>
      postcodeTables(postcodeTablesDir(leadsEnv))
        .table(region)
        .catch(() => undefined),
    ),
  );
  const fixtureConfigs = createDealerConfigs({ dealersDir: FIXTURE_PATHS.dealersDir });
  const worker = startOutboxWorker({
    database: testDb.database,
    configFor: (slug) => (demoDealers.includes(slug) ? demoConfigs.get(slug) : fixtureDealers.includes(slug) ? fixtureConfigs.get(slug) : undefined),
    env: leadsEnv,
    pollMs: 200,
  });

  const demoEnv: NodeJS.ProcessEnv = { ...leadsEnv, STOCK_DIR: stockDir };
  const alerts = startAlertWatcher({
    database: testDb.database,
    dealers: demoDealers,
    configFor: (slug) => demoConfigs.get(slug),
    env: demoEnv,
    pollMs: 300,
    log: () => undefined,
  });
  // The first run records each dealer's stock, so a test's import has something to compare with.
  await alerts.checkOnce();

  const demo = await listen('dist', 'dealers', demoDealers, { storage, configs: demoConfigs, env: demoEnv });
  const fixture = await listen(
    FIXTURE_PATHS.distDir,
    FIXTURE_PATHS.dealersDir,
    fixtureDealers,
    { storage, configs: fixtureConfigs, env: leadsEnv },
    FIXTURE_PATHS.stockDir,
  );
  project.provide('demoPort', demo.port);
  project.provide('fixturePort', fixture.port);
  project.provide('demoDealers', demoDealers);
  project.provide('outboxDir', outboxDir);
  project.provide('leadFilesDir', filesDir);
  project.provide('stockDir', stockDir);
  if (testDb.url) project.provide('leadsDbUrl', testDb.url);
  return async () => {
    await Promise.all([demo, fixture].map(({ server }) => new Promise((resolve) => server.close(resolve))));
    await worker.stop();
    await alerts.stop();
    await testDb.dispose();
    rmSync(outboxDir, { recursive: true, force: true });
    rmSync(filesDir, { recursive: true, force: true });
    rmSync(stockDir, { recursive: true, force: true });
  };
}
