/**
 * The running platform service: the lead database, the rate limiter, the outbox worker, the
 * stock alert watcher and the HTTP server over createApp, started and stopped in the right order. `npm start` uses it after
 * building; the lead bench starts it as its own process so it can be killed mid-run.
 */
import type { Server } from 'node:http';
import type { ProjectPaths } from '../build/stamps';
import { createApp } from './app';
import { createStockIndexes } from '../search/server/search-indexes';
import { createPlatformServer } from './http-server';
import { createDealerConfigs } from '../platform/config/dealer-configs';
import { acquireDatabaseLock, type DatabaseLock } from '../platform/db/lock';
import { openDatabase, type Database } from '../platform/db/open';
import { rateLimiterFromEnv } from '../platform/http/rate-limit';
import { LEAD_RATE_LIMIT } from '../leads/server/rate-limit';
import { SEARCH_RATE_LIMIT } from '../search/server/search-api';
import { ACCOUNT_RATE_LIMIT } from '../accounts/server/rate-limit';
import { startOutboxWorker } from '../leads/delivery/outbox/worker';
import { checkOutboxFolderAtStart, checkSmtpAtStart, createDeliveryHealth, type DeliveryHealth } from '../leads/delivery/outbox/health';
import { alertPollMs, startAlertWatcher } from '../accounts/server/alert-watcher';
import { sendShopperMail } from '../leads/delivery/outbox/shopper-mail';
import { createHeldCars } from '../checkout/server/held-cars';
import { reservationPollMs, startReservationExpiry } from '../checkout/server/expiry';
import { createSettlement } from '../checkout/server/settlement';
import { createReservedFlags } from '../checkout/server/reserved-flags';
import { paymentProvidersFromEnv } from '../providers/payments';
import { createStockLookup } from '../stock/server/store';
import { prepareGeocoding } from '../providers/geocoding';
import type { SiteBuilds } from './site-builds';
import { cachedReading, collectProcessMetrics, reportOutboxBacklog } from '../platform/metrics/metrics';
import { readOutboxBacklog } from '../leads/delivery/outbox/backlog';
import { servedDealers, type FailingDealer } from './served-dealers';
import { lastGoodDealer } from '../build/last-good';

export interface PlatformOptions {
  paths: Pick<ProjectPaths, 'root' | 'dealersDir' | 'distDir'>;
  dealers: readonly string[];
  defaultDealer: string;
  port: number;
  /** STOCK_DIR, the lead settings (DATABASE_URL, LEADS_*, SMTP_URL, REDIS_URL...). */
  env: NodeJS.ProcessEnv;
  /** Who holds the PGlite folder, for the message another process gets (e.g. "npm start"). */
  holder: string;
  /** A lock already taken by the caller (npm start takes it before building). */
  lock?: DatabaseLock;
  /**
   * Whether this process runs the outbox worker (default true). With several API processes
   * (src/server/processes.ts) one process delivers and the others only serve.
   */
  deliver?: boolean;
  /** Whether this process answers HTTP (default true); the delivering process of several does not. */
  serve?: boolean;
  /** Delivery health kept elsewhere (the delivering process's, passed on), for /api/health. */
  deliveryHealth?: DeliveryHealth;
  /** Sites still being built: served once their build is done (one serving process only). */
  builds?: SiteBuilds;
}

export interface Platform {
  /** Undefined in a process that only delivers. */
  server: Server | undefined;
  database: Database;
  /** Stops taking requests, lets in-flight deliveries record their result, closes the database, releases the lock. */
  close(): Promise<void>;
}

/** Opens storage and starts serving; rejects (having released everything) when either fails. */
export async function startPlatform({
  paths,
  dealers,
  defaultDealer,
  port,
  env,
  holder,
  lock: givenLock,
  deliver = true,
  serve = true,
  deliveryHealth: givenHealth,
  builds,
}: PlatformOptions): Promise<Platform> {
  const lock = givenLock ?? acquireDatabaseLock({ env, root: paths.root, holder });
  let database: Database;
  try {
    database = await openDatabase({ env, root: paths.root });
  } catch (error) {
    lock?.release();
    throw error;
  }
  const rateLimiter = await rateLimiterFromEnv(LEAD_RATE_LIMIT, env);
  const searchLimiter = await rateLimiterFromEnv(SEARCH_RATE_LIMIT, env);
  const accountLimiter = await rateLimiterFromEnv(ACCOUNT_RATE_LIMIT, env);
  // A delivery path that fails is a warning now and 'degraded' in /api/health, never silence.
  const deliveryHealth = givenHealth ?? createDeliveryHealth();
  // The process that delivers checks the paths it delivers through; the others hear of it from it.
  if (deliver) await checkOutboxFolderAtStart({ env, root: paths.root, health: deliveryHealth });
  const smtpChecked = deliver ? checkSmtpAtStart({ env, health: deliveryHealth }) : undefined;
  // Which dealers are served with which settings when some files are wrong (a refused dealer keeps
  // its last good build up); the reasons are logged here and listed in /api/health.
  const served = servedDealers(dealers, { dealersDir: paths.dealersDir, distDir: paths.distDir, ...(serve ? {} : { log: () => undefined }) });
  const configs = createDealerConfigs({
    dealersDir: paths.dealersDir,
    checkEveryMs: 1000,
    fallback: (slug) => lastGoodDealer(slug, paths.distDir),
    refused: served.refused,
  });
  const failingDealers = async (): Promise<FailingDealer[]> => {
    await Promise.all(dealers.map((slug) => configs.versioned(slug).catch(() => undefined)));
    // A file broken since the start joins those refused then; one fixed since leaves the list.
    const now = configs.failures();
    const startedRefused = served.failing.filter((f) => f.serving !== 'its last good build' || now.some((n) => n.slug === f.slug));
    const since = now.filter((n) => !startedRefused.some((f) => f.slug === n.slug)).map((n) => ({ ...n, serving: 'its last good build' as const }));
    return [...startedRefused, ...since];
  };
  const pollMs = Number(env.LEADS_OUTBOX_POLL_MS) > 0 ? Number(env.LEADS_OUTBOX_POLL_MS) : undefined;
  const worker = deliver
    ? startOutboxWorker({
        database,
        configFor: (slug) => (dealers.includes(slug) ? configs.get(slug) : undefined),
        env,
        root: paths.root,
        health: deliveryHealth,
        reportDealers: dealers,
        ...(pollMs ? { pollMs } : {}),
      })
    : undefined;
  // Emails shoppers' alerts when a dealer's stock changes (an import while this server holds the
  // database); like deliveries, in the delivering process only.
  const alerts = deliver
    ? startAlertWatcher({
        database,
        dealers,
        configFor: (slug) => configs.get(slug),
        env,
        root: paths.root,
        pollMs: alertPollMs(env),
      })
    : undefined;
  // Payment providers: one set per process. Their secret is read (or made and kept) now, so a
  // folder it cannot be kept in stops the start rather than the first payment.
  const paymentProviders = paymentProvidersFromEnv(env, { root: paths.root });
  if (serve || deliver) for (const warning of paymentProviders.warnings()) console.warn(`Warning: ${warning}`);
  // Dealers searching a real Meilisearch get held cars flagged there (the embedded engine overlays them itself).
  const reservedFlags = serve || deliver ? await createReservedFlags({ db: database.db, dealers, configFor: (slug) => configs.get(slug), env }) : undefined;
  // Ends holds past their time and refunds them (refund_on_expiry), retries owed refunds and
  // deposit leads; in the delivering process only, like the outbox.
  const expiry = deliver
    ? startReservationExpiry({
        db: database.db,
        configFor: (slug) => (dealers.includes(slug) ? configs.get(slug) : undefined),
        settlement: createSettlement({
          db: database.db,
          configFor: (slug) => (dealers.includes(slug) ? configs.get(slug) : undefined),
          providers: paymentProviders,
          env,
          stockCar: createStockLookup(env),
          sendMail: (site, mail) => sendShopperMail(site, mail, { env, root: paths.root }),
          now: Date.now,
          log: (line) => console.error(line),
        }),
        pollMs: reservationPollMs(env),
        ...(reservedFlags ? { afterCheck: () => reservedFlags.mirrorAll() } : {}),
      })
    : undefined;
  // The offline postcode tables of the served dealers' countries, derived in the background once
  // the server is up (docs/decisions/distance.md); by the delivering process, one per machine.
  let closed = false;
  let stopPreparing: (() => void) | undefined;
  const preparePostcodes = (): void => {
    if (!deliver) return;
    void Promise.all(
      dealers.map((slug) =>
        configs.get(slug).then(
          (site) => site.region,
          () => undefined,
        ),
      ),
    ).then((regions) => {
      if (!closed)
        stopPreparing = prepareGeocoding(
          env,
          paths.root,
          regions.filter((region) => region !== undefined),
        );
    });
  };
  let stopBacklog: (() => void) | undefined;
  const releaseAll = async (): Promise<void> => {
    closed = true;
    stopBacklog?.();
    stopPreparing?.();
    await Promise.allSettled([worker?.stop(), alerts?.stop(), expiry?.stop(), rateLimiter.close(), searchLimiter.close(), accountLimiter.close(), smtpChecked]);
    await database.close().catch((error: unknown) => console.error(`Closing the lead database: ${error instanceof Error ? error.message : String(error)}`));
    lock?.release();
  };

  let app: ReturnType<typeof createApp>;
  // The cars held by deposits: the search overlay and the availability route share one reader.
  const held = createHeldCars(database.db);
  const search = createStockIndexes({ dealers, dealersDir: paths.dealersDir, configs, env, held });
  try {
    app = createApp({
      domains: served.owners,
      failingDealers,
      distDir: paths.distDir,
      dealers,
      defaultDealer,
      dealersDir: paths.dealersDir,
      env,
      configs,
      projectRoot: paths.root,
      search,
      searchLimiter,
      leads: { database, rateLimiter, deliveryHealth },
      accounts: { rateLimiter: accountLimiter },
      checkout: { providers: paymentProviders, held, ...(reservedFlags ? { onHoldsChanged: (dealer: string) => reservedFlags.changed(dealer) } : {}) },
      ...(builds ? { builds } : {}),
    });
  } catch (error) {
    await releaseAll();
    throw error;
  }

  collectProcessMetrics();
  // The outbox backlog is the database's, the same from every process: the delivering one reads it
  // for /api/metrics (docs/decisions/metrics.md), at most every few seconds, never holding a scrape.
  if (deliver) stopBacklog = reportOutboxBacklog(cachedReading(() => readOutboxBacklog(database)));

  if (!serve) {
    preparePostcodes();
    let stopping: Promise<void> | undefined;
    return { server: undefined, database, close: () => (stopping ??= releaseAll()) };
  }
  void search.warm();
  const server = createPlatformServer(app.fetch, '127.0.0.1');
  server.listen(port, '127.0.0.1');
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('listening', resolve);
      server.once('error', reject);
    });
  } catch (error) {
    await releaseAll();
    throw error;
  }
  preparePostcodes();

  let closing: Promise<void> | undefined;
  const close = (): Promise<void> =>
    (closing ??= new Promise<void>((resolve) => {
      server.close(() => void releaseAll().then(resolve));
      // Idle keep-alive sockets would hold close() open; browsers keep them for minutes.
      server.closeIdleConnections();
      setTimeout(() => server.closeAllConnections(), 2000).unref();
    }));
  return { server, database, close };
}
