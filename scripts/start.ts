/**
 * npm start: rebuilds only the dealers whose inputs changed since their last build, then serves
 * every dealer and the API on one port (PORT, default 4321), each dealer at
 * http://<slug>.localhost:<port>/. Leads are kept in the lead database (PGlite in LEADS_DB_DIR,
 * or Postgres with DATABASE_URL) and delivered by the outbox worker running alongside.
 */
import path from 'node:path';
import { listDealerSlugs, loadDealer } from '../src/platform/config/load';
import { buildDealers } from '../src/publish/build-dealers';
import type { DealerResult } from '../src/build/plan';
import { projectPaths, staleReasons } from '../src/build/stamps';
import { acquireDatabaseLock, DatabaseLockedError, type DatabaseLock } from '../src/platform/db/lock';
import { leadFilesDir } from '../src/leads/server/files';
import { rateLimitPerMinute } from '../src/platform/http/rate-limit';
import { LEAD_RATE_LIMIT } from '../src/leads/server/rate-limit';
import { behindProxy, proxyTrust } from '../src/platform/http/client-ip';
import { outboxDir } from '../src/leads/delivery/outbox/transports';
import { apiProcessCount, servingPlan, startPlatformProcesses, stopOnSignal } from '../src/server/processes';
import { trackSiteBuilds } from '../src/server/site-builds';
import { loadStock } from '../src/stock/server/store';
import { createPublishQueue } from '../src/publish/queue';
import { deployAfterPublishFromEnv } from '../src/publish/deploy/command';
import { publishJobHandler, reportQueueDepth, watchDealerFiles } from '../src/publish/publisher';
import { sitemapPaths } from '../src/site/site-pages';
import { servedDealers } from '../src/server/served-dealers';
import { servedBuild } from '../src/publish/site-folders';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function parsePort(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 4321;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535) fail(`PORT must be a port number (1-65535), got "${raw}"`);
  return port;
}

/** The dealer's display name for the URL list; the slug if the file cannot be read right now. */
function dealerName(slug: string, dealersDir: string): string {
  try {
    return loadDealer(slug, dealersDir).name;
  } catch {
    return slug;
  }
}

interface BannerOptions {
  dealers: readonly string[];
  defaultDealer: string;
  port: number;
  proxied: boolean;
  database: { kind: string; location: string };
  env: NodeJS.ProcessEnv;
  paths: ReturnType<typeof projectPaths>;
  limitPerMinute: number;
  processes: number;
  building?: ReadonlySet<string>;
}

function printBanner({ dealers, defaultDealer, port, proxied, database, env, paths, limitPerMinute, processes, building }: BannerOptions): void {
  const shown = (dir: string): string => path.relative(paths.root, dir) || '.';
  const names = new Map(dealers.map((slug) => [slug, dealerName(slug, paths.dealersDir)]));
  const width = Math.max(...[...names.values()].map((n) => n.length));
  console.log(`\nServing ${dealers.length} dealer${dealers.length === 1 ? '' : 's'}:`);
  for (const [slug, name] of names)
    console.log(`  ${name.padEnd(width)}  http://${slug}.localhost:${port}/${building?.has(slug) ? '  (building: its pages answer once it is built)' : ''}`);
  console.log(`\n  http://127.0.0.1:${port}/ → ${proxied ? 'no dealer (TRUST_PROXY is set: the proxy must pass each dealer host on)' : defaultDealer}`);
  console.log(`  API health: http://127.0.0.1:${port}/api/health`);
  console.log(`  Search (Meilisearch protocol, index = dealer slug): http://127.0.0.1:${port}/api/search`);
  console.log(`  Metrics (Prometheus, from this machine${env.METRICS_TOKEN?.trim() ? ' or with METRICS_TOKEN' : ''}): http://127.0.0.1:${port}/api/metrics`);
  const folder = outboxDir(env, paths.root);
  console.log(`\nLeads: ${database.kind === 'pglite' ? `PGlite in ${shown(database.location)}` : `Postgres at ${database.location}`}`);
  console.log(`  files sent with leads: ${shown(leadFilesDir(env, paths.root))}/<dealer>/`);
  console.log(`  outbox folder copies: ${folder ? `${shown(folder)}/<dealer>/` : 'off (LEADS_OUTBOX_DIR=off)'}`);
  console.log(
    `  rate limit: ${limitPerMinute} lead requests per minute per address${env.REDIS_URL?.trim() ? ', counted in Redis' : processes > 1 ? ', counted by each API process (set REDIS_URL to count across them)' : ''}`,
  );
  if (processes > 1) console.log(`  API processes: ${processes} serving, one delivering the outbox`);
  console.log('\nPress Ctrl-C to stop.');
}

/**
 * Publishing follows the change from now on: a dealer whose stock or dealer file changes is
 * published again (src/publish/publisher.ts), in a render worker beside this server. With
 * DATABASE_URL the jobs go through the Postgres queue, which `npm run worker` processes elsewhere
 * also work. `PUBLISH_CHECK_MS` (default 1000) is how often the files are checked; 0 turns it off.
 */
async function publishOnChange(
  dealers: readonly string[],
  paths: ReturnType<typeof projectPaths>,
  env: NodeJS.ProcessEnv,
): Promise<{ close(): Promise<void> }> {
  const checkEveryMs = Number(env.PUBLISH_CHECK_MS ?? 1000);
  if (!Number.isFinite(checkEveryMs) || checkEveryMs <= 0) return { close: () => Promise.resolve() };
  const log = (line: string): void => console.log(line);
  const queue = await createPublishQueue({ ...(env.DATABASE_URL?.trim() ? { databaseUrl: env.DATABASE_URL } : {}), log: (line) => console.error(line) });
  let afterPublish: ((slug: string) => Promise<void>) | undefined;
  try {
    afterPublish = deployAfterPublishFromEnv({ env, cwd: paths.root, distDir: paths.distDir, dealers, log });
  } catch (error) {
    // The sites are served here either way; only the CDN waits for the setting to be fixed.
    console.error(`Not deploying after publishes: ${error instanceof Error ? error.message : String(error)}`);
  }
  const handler = publishJobHandler({ paths, concurrency: 1, log, env, sitePages: sitemapPaths, ...(afterPublish ? { afterPublish } : {}) });
  const stopWorking = await queue.work(handler.handle, { concurrency: 1 });
  const watcher = watchDealerFiles({ dealers, paths, queue, checkEveryMs, log });
  const stopReporting = reportQueueDepth(queue); // in /api/metrics
  // The render worker loads the bundle now, not when the first stock change is waiting on it; a
  // change meanwhile is already seen and waits for it.
  await handler.warm().catch((error: unknown) => log(`render worker not started ahead: ${error instanceof Error ? error.message : String(error)}`));
  console.log(
    `Publishing on change: a dealer's stock or dealer file is checked every ${checkEveryMs} ms and its site published again when it changes${afterPublish ? `, then deployed (${env.PUBLISH_DEPLOY?.trim()})` : ''}.`,
  );
  return {
    async close() {
      stopReporting();
      watcher.stop();
      await stopWorking();
      await handler.close();
      await queue.close();
    },
  };
}

function stopOnCtrlC(platform: { close(): Promise<void> }): void {
  let stopping = false;
  const shutdown = (signal: NodeJS.Signals): void => {
    if (stopping) {
      // A second Ctrl-C means "now": don't wait for slow clients.
      process.exit(1);
    }
    stopping = true;
    console.log(`\n${signal}: stopping the server.`);
    void platform.close().then(() => process.exit(0));
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

/**
 * The dealers to serve: those whose file reads, and those whose file is refused (it does not read,
 * or claims a dealer id another dealer had first) but that have a last good build on disk, served
 * as it is (src/server/served-dealers.ts; the server logs each refusal and /api/health lists it).
 */
function dealersToServe(all: readonly string[], paths: ReturnType<typeof projectPaths>): string[] {
  return servedDealers(all, { dealersDir: paths.dealersDir, distDir: paths.distDir, log: () => undefined }).dealers;
}

/** Whether a dealer has a site on disk from an earlier build, which a failed build leaves served. */
const hasLastGoodBuild = (slug: string, paths: ReturnType<typeof projectPaths>): boolean => servedBuild(paths.distDir, slug) !== undefined;

/** Fewest cars first: the first site is up soonest. */
function smallestFirst(slugs: readonly string[], dealersDir: string, env: NodeJS.ProcessEnv): string[] {
  const size = (slug: string): number => {
    try {
      return loadStock(loadDealer(slug, dealersDir), env).length;
    } catch {
      return 0;
    }
  };
  const sizes = new Map(slugs.map((slug) => [slug, size(slug)]));
  return [...slugs].sort((a, b) => sizes.get(a)! - sizes.get(b)!);
}

/**
 * The full build of a site first built without its car pages, written beside the one being
 * served and swapped in when complete. A failure leaves the first look up, and the dealer unbuilt
 * for the next start.
 */
async function buildCarPages(slug: string, paths: ReturnType<typeof projectPaths>, signal: AbortSignal): Promise<void> {
  console.log(`… ${slug} building its car pages (its site stays up meanwhile)`);
  const [result] = await buildDealers([slug], { ...paths, signal, concurrency: 1, sitePages: sitemapPaths });
  if (result?.ok) console.log(`→ ${dealerName(slug, paths.dealersDir)} has its car pages (${result.pages ?? 0} pages)`);
}

interface ServeWhileBuildingOptions {
  all: readonly string[];
  stale: ReadonlyMap<string, string>;
  paths: ReturnType<typeof projectPaths>;
  env: NodeJS.ProcessEnv;
  port: number;
  lock: DatabaseLock | undefined;
  proxied: boolean;
  limitPerMinute: number;
  controller: AbortController;
  abortBuild: () => void;
}

async function serveWhileBuilding({
  all,
  stale,
  paths,
  env,
  port,
  lock,
  proxied,
  limitPerMinute,
  controller,
  abortBuild,
}: ServeWhileBuildingOptions): Promise<void> {
  const started = performance.now();
  const dealers = dealersToServe(all, paths);
  if (dealers.length === 0) fail('No dealer file could be read; nothing to serve (npm run check:dealers says why).');
  const wanted = process.env.DEALER;
  const defaultDealer = wanted && dealers.includes(wanted) ? wanted : (dealers[0] as string);
  const order = smallestFirst([...stale.keys()], paths.dealersDir, env);
  const builds = trackSiteBuilds(order.filter((slug) => dealers.includes(slug)));

  console.log(`\nBuilding ${stale.size} of ${all.length} dealers, fewest cars first; each is served as soon as it is built:`);
  for (const slug of order) console.log(`  ${slug}: ${stale.get(slug)}`);
  let serving: () => void = () => undefined;
  const listening = new Promise<void>((resolve) => (serving = resolve));
  const onBuilt = (result: DealerResult): void => {
    // A failed build leaves the last good site (when there is one) served as it was.
    const lastGood = !result.ok && hasLastGoodBuild(result.slug, paths);
    builds.finished(result.slug, result.ok || lastGood);
    const { done, total } = builds.progress();
    void listening.then(() => {
      const after = ((performance.now() - started) / 1000).toFixed(1);
      if (result.ok)
        console.log(
          `→ ${dealerName(result.slug, paths.dealersDir)} is up at http://${result.slug}.localhost:${port}/ (${done} of ${total} built, ${after} s after start)`,
        );
      else if (lastGood) console.error(`→ ${result.slug} keeps its last good build: this build failed (see above). ${done} of ${total} built.`);
      else console.error(`→ ${result.slug} is not served: its build failed (see above). ${done} of ${total} built.`);
    });
  };
  // The first dealer builds alone, and starts while the server is still opening its database: on
  // two cores a newcomer's first site answers in about half the time it takes when two build at once.
  // With nothing to serve yet (a fresh clone), it is first built without its car pages, which the
  // car shell serves meanwhile, and gets its full build once every other site is up.
  const firstLook = stale.size === all.length;
  const firstBuild = buildDealers(order.slice(0, 1), { ...paths, signal: controller.signal, concurrency: 1, onBuilt, firstLook, sitePages: sitemapPaths });

  const platform = await startPlatformProcesses({ paths, dealers, defaultDealer, port, env, holder: 'npm start', lock, processes: 1, builds }).catch(
    (error: unknown) => {
      if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') fail(`Port ${port} is in use: stop the other server or run with PORT=<another port>.`);
      fail(`Could not start: ${error instanceof Error ? error.message : String(error)}`);
    },
  );
  platform.server?.once('error', (error: NodeJS.ErrnoException) => fail(`Server error: ${error.message}`));
  printBanner({ dealers, defaultDealer, port, proxied, database: platform.database, env, paths, limitPerMinute, processes: 1, building: new Set(order) });
  serving();

  const [first] = await firstBuild;
  if (!controller.signal.aborted) await buildDealers(order.slice(1), { ...paths, signal: controller.signal, onBuilt, sitePages: sitemapPaths });
  if (firstLook && first?.ok && !controller.signal.aborted) await buildCarPages(first.slug, paths, controller.signal);
  if (controller.signal.aborted) {
    await platform.close();
    process.exit(130);
  }
  process.off('SIGINT', abortBuild);
  process.off('SIGTERM', abortBuild);
  console.log('\nAll builds are done. Press Ctrl-C to stop.');
  const publishing = await publishOnChange(dealers, paths, env);
  stopOnCtrlC({
    close: async () => {
      await publishing.close();
      await platform.close();
    },
  });
}

async function main(): Promise<void> {
  const port = parsePort(process.env.PORT);
  const paths = projectPaths();
  // A serving process forked by the first (API_PROCESSES): no build, no lock, no messages.
  const plan = servingPlan();
  if (plan) {
    const env: NodeJS.ProcessEnv = { ...process.env, STOCK_DIR: paths.stockDir };
    stopOnSignal(await startPlatformProcesses({ ...plan, paths, port, env, holder: 'npm start', processes: apiProcessCount(env) }));
    return;
  }
  const all = listDealerSlugs(paths.dealersDir);
  if (all.length === 0) fail(`No dealer files in ${paths.dealersDir}.`);

  const env: NodeJS.ProcessEnv = { ...process.env, STOCK_DIR: paths.stockDir };

  // PGlite is one process's database: take its folder first (before a long build), so a second
  // server or a leads:* tool running now is refused instead of corrupting it.
  let lock: DatabaseLock | undefined;
  try {
    lock = acquireDatabaseLock({ env, root: paths.root, holder: 'npm start' });
  } catch (error) {
    if (error instanceof DatabaseLockedError) fail(error.message);
    throw error;
  }
  process.once('exit', () => lock?.release());
  let limitPerMinute: number;
  let proxied: boolean;
  let processes: number;
  try {
    processes = apiProcessCount(env);
    limitPerMinute = rateLimitPerMinute(LEAD_RATE_LIMIT, env);
    proxied = behindProxy(proxyTrust(env)); // a mistyped TRUST_PROXY stops here, not after the build
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }

  // Ctrl-C during the build phase stops the Astro children too, instead of leaving them running.
  const controller = new AbortController();
  const abortBuild = (): void => controller.abort();
  process.once('SIGINT', abortBuild);
  process.once('SIGTERM', abortBuild);

  const stale = staleReasons(all, paths);
  const failed = new Set<string>();
  // One serving process: serve at once and put each site up as soon as its own build is done
  // (several processes would each need to hear of every build, so they wait for all, as before).
  if (stale.size > 0 && processes === 1) {
    await serveWhileBuilding({ all, stale, paths, env, port, lock, proxied, limitPerMinute, controller, abortBuild });
    return;
  }
  if (stale.size > 0) {
    console.log(`Building ${stale.size} of ${all.length} dealers:`);
    for (const [slug, why] of stale) console.log(`  ${slug}: ${why}`);
    const results = await buildDealers([...stale.keys()], { ...paths, signal: controller.signal, sitePages: sitemapPaths });
    if (controller.signal.aborted) process.exit(130);
    for (const result of results) if (!result.ok && !hasLastGoodBuild(result.slug, paths)) failed.add(result.slug);
    const kept = results.filter((result) => !result.ok && !failed.has(result.slug)).map((result) => result.slug);
    if (kept.length > 0) console.error(`\nServing the last good build of ${kept.join(', ')}: the new build failed (see above).`);
    if (failed.size > 0) console.error(`\nNot serving ${[...failed].join(', ')}: the build failed (see above) and there is no earlier build.`);
  } else {
    console.log(`All ${all.length} dealers are up to date.`);
  }
  process.off('SIGINT', abortBuild);
  process.off('SIGTERM', abortBuild);

  const dealers = dealersToServe(all, paths).filter((slug) => !failed.has(slug));
  if (dealers.length === 0) fail('No dealer could be built; nothing to serve.');
  const wanted = process.env.DEALER;
  if (wanted && !dealers.includes(wanted)) console.error(`DEALER=${wanted} is not being served; using ${dealers[0]} as the default.`);
  const defaultDealer = wanted && dealers.includes(wanted) ? wanted : (dealers[0] as string);

  const platform = await startPlatformProcesses({ paths, dealers, defaultDealer, port, env, holder: 'npm start', lock, processes }).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') fail(`Port ${port} is in use: stop the other server or run with PORT=<another port>.`);
    fail(`Could not start: ${error instanceof Error ? error.message : String(error)}`);
  });
  const { server, database } = platform;
  server?.once('error', (error: NodeJS.ErrnoException) => fail(`Server error: ${error.message}`));

  printBanner({ dealers, defaultDealer, port, proxied, database, env, paths, limitPerMinute, processes });

  const publishing = await publishOnChange(dealers, paths, env);
  stopOnCtrlC({
    close: async () => {
      await publishing.close();
      await platform.close();
    },
  });
}

main().catch((error: unknown) => fail(`start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`));
