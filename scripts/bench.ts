/**
 * npm run bench [-- --dealer a,b] [--skip-lighthouse] [--skip-leads] [--strict]
 * npm run bench -- --page-weight-only [--dealer a] [--runs N]
 *
 * Builds the demo dealers from scratch, times them (all together, then the first one alone),
 * measures every page type's HTML and JavaScript, scores the first dealer's security headers with
 * the MDN HTTP Observatory (deployed as a CDN serves it, and on the platform's server), times the
 * demo stock generator (5,000 cars, median of 5 runs), the stock feed import (1,000 rows of each
 * export shape, median of 5 runs), the search engine and API, the assistants' MCP search tool beside
 * the search page's query, the search
 * indexes while stock is replaced under load and within a memory bound, the lead API
 * under load and under SIGKILL (`--skip-leads` leaves those out), the stock alert job over 5,000
 * cars and 10,000 saved cars, the lead escalation timer's lateness with 1,000 leads due at once, runs Lighthouse through the platform's own server, prints the tables
 * and targets, and writes bench-results/bench.json. `--page-weight-only` builds the dealers, then
 * measures only the scripts a browser fetches per page type and the main thread at 4x CPU
 * slowdown (scripts/bench/page-weight.ts) on the first, and writes bench-results/page-weight.json.
 * Public tools only (Astro, Lighthouse, Chromium,
 * autocannon, the Observatory's scanner), so anyone can reproduce the numbers.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags, type RunnerResult } from 'lighthouse';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { collectPageJs, gzipSize, hasIsland, type PageJs } from './bench/assets';
import { benchEngine, meiliQueries, scenarios, summarise, type EngineBenchResult, type LatencySummary } from './bench/engine';
import { benchLeadChaos, benchLeadLoad, type LeadChaosResult, type LeadLoadResult } from './bench/leads';
import { benchAlerts, type AlertBenchResult } from './bench/alerts';
import { benchEscalation, formatEscalation, type EscalationBenchResult } from './bench/escalation';
import { benchSearchLoad, formatSearchLoad } from './bench/search-load';
import { benchAssistantSearch, formatAssistantSearch } from './bench/assistant-search';
import { benchIndexMemory, benchIndexStart, benchIndexUpdate, formatIndexMemory, formatIndexStart, formatIndexUpdate } from './bench/search-updates';
import { benchPublish, benchSoak, formatPublishBench, publishTargets, soakTarget } from './bench/publish';
import { benchSessionCheck, signInCookie, type SessionCheckResult } from './bench/session-check';
import { benchCheckout, formatCheckoutBench, type CheckoutBenchResult } from './bench/checkout';
import { formatObservatory, scoreBackends, serveLikeCdn } from './bench/observatory';
import { freshMemoryCost } from './bench/fresh-memory';
import { benchPageWeight, formatPageWeights, WEIGHED_TYPES, type PageWeightResult } from './bench/page-weight';
import { timeDemoStock } from './bench/demo-stock';
import { benchFeedImport, formatFeedImport } from './bench/feed-import';
import {
  medianRun,
  CATEGORIES,
  checkTargets,
  formatPageTable,
  formatTable,
  groupFailingAudits,
  DEFAULT_BUDGET,
  DEMO_STOCK_BUDGET_MS,
  ENGINE_P95_BUDGET_MS,
  ALERT_RUN_BUDGET_SECONDS,
  SEARCH_ALONGSIDE_RATE,
  SESSION_CHECK_P95_BUDGET_MS,
  LIGHTHOUSE_PAGES,
  parseBenchArgs,
  PAGE_BUDGETS,
  STOCK_BUILD_BUDGET_SECONDS,
  summariseLhr,
  type LeadFigures,
  type PageRow,
} from './bench/report';
import { selectDealers, UsageError, type DealerResult } from '../src/build/plan';
import { buildDealers } from '../src/publish/build-dealers';
import { projectPaths } from '../src/build/stamps';
import { listDealerSlugs, loadDealer } from '../src/platform/config/load';
import { generateDemoStock } from '../src/stock/model/demo';
import { loadStock } from '../src/stock/server/store';
import { candidateFiles, resolveSafePath } from '../src/server/static';
import type { ShopperMail } from '../src/leads/delivery/outbox/shopper-mail';
import { createApp } from '../src/server/app';
import { openDatabase } from '../src/platform/db/open';
import { createPlatformServer } from '../src/server/http-server';
import { pageTypes } from '../tests/browser/pages';
import { CHROMIUM_FLAGS, CHROMIUM_MISSING, findChromium } from './chromium';

function fail(message: string): never {
  throw new Error(message);
}

const OUT_DIR = 'bench-results';

const since = (start: number): number => (performance.now() - start) / 1000;
const rate = (pages: number | undefined, seconds: number): number | null => (pages && seconds > 0 ? pages / seconds : null);

function buildRow(r: DealerResult): { slug: string; ok: boolean; seconds: number; pages: number | null; pagesPerSecond: number | null; error?: string } {
  return {
    slug: r.slug,
    ok: r.ok,
    seconds: r.seconds,
    pages: r.pages ?? null,
    pagesPerSecond: rate(r.pages, r.seconds),
    ...(r.error ? { error: r.error } : {}),
  };
}

/** The file the server answers `pagePath` with, including the 404 page for unknown paths. */
function builtFile(siteRoot: string, pagePath: string): string {
  const resolved = resolveSafePath(siteRoot, pagePath);
  const candidates = [...(resolved ? candidateFiles(resolved) : []), path.join(siteRoot, '404.html')];
  const found = candidates.find((file) => statSync(file, { throwIfNoEntry: false })?.isFile());
  if (found) return found;
  throw new Error(`no built file for ${pagePath} in ${siteRoot}`);
}

function readSiteFile(siteRoot: string, sitePath: string): Buffer | undefined {
  const file = resolveSafePath(siteRoot, sitePath);
  if (!file) return undefined;
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

interface BenchServer {
  server: Server;
  port: number;
  mail: ShopperMail[];
  /** Stops the server and removes its database. */
  close(): Promise<void>;
}

async function listen(distDir: string, dealers: string[], dealersDir: string, root: string): Promise<BenchServer> {
  // Sign-in mails stay in memory: the bench signs in to measure gated pages as a shopper sees them.
  const mail: ShopperMail[] = [];
  // A fresh PGlite folder of its own, as `npm start` has with no DATABASE_URL: without a database
  // the API refuses accounts, and a signed-in page (the checkout) could not be measured.
  const work = mkdtempSync(path.join(os.tmpdir(), 'bench-server-'));
  const env = { DATABASE_URL: '', LEADS_DB_DIR: path.join(work, 'leads-db'), LEADS_OUTBOX_DIR: path.join(work, 'outbox') };
  const database = await openDatabase({ env, root });
  const app = createApp({
    distDir,
    dealers,
    defaultDealer: dealers[0] ?? '',
    dealersDir,
    env,
    leads: { database, log: () => undefined },
    accounts: {
      sendMail: (_site, message) => {
        mail.push(message);
        return Promise.resolve({ via: 'folder', file: 'memory' });
      },
    },
  });
  const server = createPlatformServer(app.fetch, '127.0.0.1');
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    server,
    port: (server.address() as AddressInfo).port,
    mail,
    close: async () => {
      await new Promise((resolve) => server.close(resolve));
      await database.close();
      rmSync(work, { recursive: true, force: true });
    },
  };
}

/** The search API as the browser calls it: the same multi-searches as the engine bench, over HTTP. */
async function benchSearchApi(port: number, slug: string, rounds = 10): Promise<{ requests: number; latency: LatencySummary }> {
  const now = Math.floor(Date.now() / 1000);
  const bodies = scenarios().map((s) => JSON.stringify({ queries: meiliQueries(s, slug, now) }));
  const times: number[] = [];
  for (let round = 0; round < rounds + 1; round++) {
    for (const body of bodies) {
      const start = performance.now();
      const response = await fetch(`http://127.0.0.1:${port}/api/search/multi-search`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body,
      });
      if (!response.ok) throw new Error(`search API answered ${response.status}: ${await response.text()}`);
      await response.arrayBuffer();
      // The first round builds the dealer's index and warms the JIT: not what a shopper waits for.
      if (round > 0) times.push(performance.now() - start);
    }
  }
  return { requests: times.length, latency: summarise(times) };
}

/**
 * The lead property tests above the count npm test uses (1,000): every form's schema at `runs`
 * payloads, and the HTTP API (which runs half its PROPERTY_RUNS per database) at `apiRuns`.
 */
function runPropertyTests(runs: number, apiRuns: number): { runs: number; apiRuns: number; passed: boolean; seconds: number } {
  const start = performance.now();
  const vitest = (file: string, count: number): boolean =>
    spawnSync('npx', ['vitest', 'run', file], { env: { ...process.env, PROPERTY_RUNS: String(count) }, stdio: ['ignore', 'inherit', 'inherit'] }).status === 0;
  const passed = vitest('src/leads/model/payload.property.test.ts', runs) && vitest('src/leads/server/routes.property.test.ts', apiRuns * 2);
  return { runs, apiRuns, passed, seconds: since(start) };
}

/** Lead API load and chaos on PGlite, and on Postgres too when DATABASE_URL is set. */
async function benchLeads(
  slug: string,
  paths: { dealersDir: string; root: string },
): Promise<{ loads: LeadLoadResult[]; chaos: LeadChaosResult[]; property: ReturnType<typeof runPropertyTests> }> {
  const kinds = process.env.DATABASE_URL?.trim() ? (['pglite', 'postgres'] as const) : (['pglite'] as const);
  const options = { dealersDir: paths.dealersDir, slug, root: paths.root };
  const loads: LeadLoadResult[] = [];
  const chaos: LeadChaosResult[] = [];
  for (const kind of kinds) loads.push(await benchLeadLoad(kind, options));
  // The same lead load while the same process answers shoppers' searches (the landing-page mix).
  const alongside = { ratePerSecond: SEARCH_ALONGSIDE_RATE };
  for (const kind of kinds) loads.push(await benchLeadLoad(kind, options, 60, 100, alongside));
  // On Postgres, the same again with one serving process per core and the outbox delivered by
  // another process (API_PROCESSES=auto): how a host runs the API on a machine of its own.
  if ((kinds as readonly string[]).includes('postgres')) {
    const cores = os.availableParallelism();
    loads.push(await benchLeadLoad('postgres', options, 60, 100, undefined, cores));
    loads.push(await benchLeadLoad('postgres', options, 60, 100, alongside, cores));
  }
  for (const kind of kinds) {
    console.log(`\nLead chaos run (${kind}): 2,000 submissions, the API service killed twice…`);
    chaos.push(await benchLeadChaos(kind, options));
  }
  console.log('\nLead property tests: 10,000 payloads per form schema, 2,000 per database over HTTP…');
  return { loads, chaos, property: runPropertyTests(10_000, 2_000) };
}

interface LighthouseRun {
  lighthouseVersion?: string;
  benchmarkIndex?: number;
  userAgent?: string;
  runWarnings?: string[];
  /** The same Lighthouse on a bare page (a heading and a line of text, no CSS, no script). */
  bare?: { performance: number | null; totalBlockingTimeMs: number | null; largestContentfulPaintMs: number | null };
  /** Milliseconds per GiB a new process pays to touch fresh memory (scripts/bench/fresh-memory.ts). */
  freshMemoryMsPerGiB?: number;
}

/** A page with nothing in it to slow it down, served on its own port. */
const BARE_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Bare page</title><meta name="description" content="A bare page."></head><body><h1>Bare page</h1><p>A heading and a line of text.</p></body></html>';

/**
 * Lighthouse's score for a bare page in the same browser, median of `runs`: the floor this
 * machine's Chromium sets under every page's score. Simulated throttling multiplies the
 * browser's own main-thread work (committing the navigation, creating the document) four times,
 * so on some Chromium builds even a bare page loses points to Total Blocking Time; a page score
 * reads against this one.
 */
async function bareLighthouse(chromePort: number, runs: number): Promise<NonNullable<LighthouseRun['bare']>> {
  const server = (await import('node:http')).createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(BARE_PAGE));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    const results: RunnerResult['lhr'][] = [];
    for (let run = 0; run < runs; run += 1) {
      const lhr = (await lighthouse(url, { port: chromePort, output: 'json', logLevel: 'error', onlyCategories: ['performance'] }))?.lhr;
      if (lhr && !lhr.runtimeError) results.push(lhr);
    }
    const lhr = medianRun(results, (r) => r.categories.performance?.score);
    const score = lhr?.categories.performance?.score;
    return {
      performance: typeof score === 'number' ? Math.round(score * 100) : null,
      totalBlockingTimeMs: lhr?.audits['total-blocking-time']?.numericValue ?? null,
      largestContentfulPaintMs: lhr?.audits['largest-contentful-paint']?.numericValue ?? null,
    };
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

/** The page types WEIGHED_TYPES names that the dealer's site has, measured through the platform server. */
async function weighDealer(slug: string, port: number, runs: number, dealersDir: string): Promise<PageWeightResult> {
  const pages = pageTypes(slug, dealersDir).filter((p) => (WEIGHED_TYPES as readonly string[]).includes(p.type));
  return benchPageWeight(`http://${slug}.localhost:${port}`, pages, runs);
}

/** `--page-weight-only`: the browser's page weight and main thread on the first built dealer, nothing else. */
async function pageWeightOnly(built: string[], runs: number, paths: ReturnType<typeof projectPaths>): Promise<number> {
  const slug = built[0];
  if (slug === undefined) {
    console.error('No dealer built; nothing to measure.');
    return 1;
  }
  const benchServer = await listen(paths.distDir, built, paths.dealersDir, paths.root);
  try {
    console.log(`\nPage weight in Chromium: ${slug}, ${runs} runs…`);
    const result = await weighDealer(slug, benchServer.port, runs, paths.dealersDir);
    console.log(`\n${formatPageWeights(result.weights, result.threads, result.bare)}\n\nTargets`);
    for (const t of result.targets) console.log(`  ${t.status.padEnd(4)}  ${t.target}: ${t.detail}`);
    mkdirSync(OUT_DIR, { recursive: true });
    writeFileSync(path.join(OUT_DIR, 'page-weight.json'), `${JSON.stringify({ dealer: slug, date: new Date().toISOString(), runs, ...result }, null, 2)}\n`);
    return result.targets.some((t) => t.status === 'MISS') ? 1 : 0;
  } finally {
    await benchServer.close();
  }
}

async function main(argv: string[]): Promise<number> {
  const started = performance.now();
  const startedAt = new Date().toISOString();
  const args = parseBenchArgs(argv);
  const paths = projectPaths();
  const all = listDealerSlugs(paths.dealersDir);
  const slugs = args.dealers ? selectDealers(args.dealers, all) : all;
  const first = slugs[0];
  if (first === undefined) throw new UsageError(`no dealer files in ${paths.dealersDir}`);

  // 1. Builds. buildDealers never checks stamps, so every selected dealer really is rebuilt.
  console.log(`Building ${slugs.join(', ')} (${os.availableParallelism()} at a time)…`);
  const allStart = performance.now();
  const results = await buildDealers(slugs, paths);
  const allSeconds = since(allStart);
  if (args.pageWeightOnly)
    return pageWeightOnly(
      results.filter((r) => r.ok).map((r) => r.slug),
      args.runs,
      paths,
    );
  // Alone and one at a time, the dealer nearest 1,000 cars: the figure a stock change costs that
  // dealer, free of the others competing for CPU.
  const stockCounts = new Map(slugs.map((slug) => [slug, loadStock(loadDealer(slug, paths.dealersDir)).length]));
  const stockSlug = [...slugs].sort((a, b) => Math.abs((stockCounts.get(a) ?? 0) - 1000) - Math.abs((stockCounts.get(b) ?? 0) - 1000))[0] ?? first;
  console.log(`\nBuilding ${stockSlug} (${stockCounts.get(stockSlug) ?? 0} cars) alone (concurrency 1)…`);
  const [single] = await buildDealers([stockSlug], { ...paths, concurrency: 1 });
  const totalPages = results.reduce((sum, r) => sum + (r.pages ?? 0), 0);
  const built = results.filter((r) => r.ok && (r.slug !== stockSlug || single?.ok)).map((r) => r.slug);
  if (built.length === 0) {
    console.error('No dealer built; nothing to measure.');
    return 1;
  }

  // 2. The platform server, so Lighthouse sees the real headers, compression and 404 handling.
  const benchServer = await listen(paths.distDir, built, paths.dealersDir, paths.root);
  const { port, mail } = benchServer;

  // 3. Page weights straight from dist/.
  const rows: (PageRow & { file: string; js: PageJs })[] = [];
  for (const slug of built) {
    const siteRoot = path.join(paths.distDir, slug);
    // The checkout shell: one built page answers every car's /cars/{slug}/checkout (routes.json).
    const shells = loadDealer(slug, paths.dealersDir).features.enabled_pages.includes('checkout') ? [{ type: 'checkout', path: '/shell/checkout/' }] : [];
    for (const { type, path: pagePath } of [...pageTypes(slug, paths.dealersDir), ...shells]) {
      const file = builtFile(siteRoot, pagePath);
      const html = readFileSync(file);
      const js = collectPageJs(html.toString('utf8'), pagePath, (p) => readSiteFile(siteRoot, p));
      rows.push({
        slug,
        type,
        path: pagePath,
        file: path.relative(paths.root, file),
        island: hasIsland(html.toString('utf8')),
        htmlBytes: html.length,
        htmlGzip: gzipSize(html),
        jsGzip: js.gzip,
        js,
      });
    }
  }

  // 3b. What a browser fetches and how busy its main thread is, on the first dealer.
  const weighed = built[0] ?? first;
  console.log(`\nPage weight in Chromium: ${weighed}, ${args.runs} runs…`);
  const pageWeight = await weighDealer(weighed, port, args.runs, paths.dealersDir);
  console.log(formatPageWeights(pageWeight.weights, pageWeight.threads, pageWeight.bare));

  // 4. Security headers: the MDN HTTP Observatory's own scanner on the first dealer over TLS, its
  // dist/<slug>/ served as a CDN applies _headers, then the platform's server (whose default dealer it is).
  const observed = built[0] ?? first;
  console.log(`\nHTTP Observatory: ${observed} over TLS with a throwaway certificate…`);
  const cdn = await serveLikeCdn(path.join(paths.distDir, observed));
  const observatory = await scoreBackends([
    { target: `${observed} as a CDN serves it (dist/${observed}/_headers)`, port: cdn.port },
    { target: `${observed} on the platform's server`, port },
  ]).finally(() => cdn.close());

  // 5. Search: the embedded engine against Orama in-process over 5,000 demo cars, then the
  // search API over HTTP through the platform server, as the browser calls it. First, the time
  // those 5,000 demo cars take to generate.
  const engineSite = loadDealer(slugs.includes('kingfisher-toyota') ? 'kingfisher-toyota' : first, paths.dealersDir);
  console.log(`\nDemo stock: 5,000 ${engineSite.slug} cars, 5 runs…`);
  const demoStock = timeDemoStock(engineSite, 5000, 5);
  console.log(`demo stock: median ${demoStock.medianMs.toFixed(0)} ms (runs: ${demoStock.timesMs.map((ms) => ms.toFixed(0)).join(', ')} ms)`);
  console.log('\nStock feed import: 1,000 rows of each export shape and of the platform JSON, 5 runs…');
  const feedImport = await benchFeedImport(1000, 5);
  for (const line of formatFeedImport(feedImport)) console.log(line);
  console.log(`\nSearch engine: 5,000 ${engineSite.slug} demo cars, embedded, Orama and FlexSearch side by side…`);
  const engine = await benchEngine(generateDemoStock(engineSite, 5000));
  const apiSlug = built.includes(engineSite.slug) ? engineSite.slug : (built[0] ?? first);
  const api = await benchSearchApi(port, apiSlug);
  // The search API as its own process: the landing-page mix at 100 connections, then abuse cases
  // with /api/health probed throughout.
  console.log(`\nSearch API load: landing-page mix at 100 connections, then the abuse cases…`);
  const searchLoad = await benchSearchLoad(engineSite, { connections: 100, seconds: 10 });
  // The assistants' search tool (POST /api/mcp) beside the search page's query for the same search.
  console.log(`\nAssistant search: the MCP search_stock tool next to the search page's query, same stock…`);
  const assistantSearch = await benchAssistantSearch();
  // The indexes behind it: a 2,000-car stock replaced under a steady search load, dealers over
  // the memory bound searched round robin, and a start with 200 dealers.
  console.log(`\nSearch indexes: ${engineSite.slug}'s stock of 2,000 cars replaced under load, 12 dealers over a memory bound, 200 dealers at start…`);
  const indexUpdate = await benchIndexUpdate(engineSite, paths.dealersDir, { cars: 2000 });
  const indexMemory = await benchIndexMemory(engineSite, paths.dealersDir);
  const indexStart = await benchIndexStart(engineSite, paths.dealersDir, { dealers: 200 });
  // Publishing after a stock change: its CPU against a full publish, and import → page on a running server.
  const publishSlug = slugs.includes('kingfisher-toyota') ? 'kingfisher-toyota' : first;
  console.log(`\nPublishing: ${publishSlug}'s site after a price change, a sale and an added car, and import → car page under search load…`);
  const publish = await benchPublish({ slug: publishSlug });
  if (args.soakMinutes > 0)
    console.log(`\nPublishing soak: ${args.soakMinutes} minutes of imports every 30 s and one whole re-render, pages polled every 200 ms…`);
  const soak = args.soakMinutes > 0 ? await benchSoak({ slug: publishSlug, minutes: args.soakMinutes }) : undefined;
  // The account session check every gated page makes, signed in, on each database.
  console.log(`\nSession check: GET /api/account/session signed in, one request at a time…`);
  const sessionChecks: SessionCheckResult[] = [];
  for (const kind of process.env.DATABASE_URL?.trim() ? (['pglite', 'postgres'] as const) : (['pglite'] as const)) {
    sessionChecks.push(await benchSessionCheck(kind, { dealersDir: paths.dealersDir, slug: engineSite.slug, root: paths.root }));
  }

  // Checkout: 200 deposits racing for 20 cars, and how fast a hold shows in search, on each database.
  console.log(`\nCheckout: 200 concurrent deposits for 20 cars, then webhook → 'Reserved' in search…`);
  const checkouts: CheckoutBenchResult[] = [];
  for (const kind of process.env.DATABASE_URL?.trim() ? (['pglite', 'postgres'] as const) : (['pglite'] as const)) {
    const result = await benchCheckout(kind, { dealersDir: paths.dealersDir, slug: engineSite.slug, root: paths.root });
    console.log(formatCheckoutBench(result));
    checkouts.push(result);
  }

  // 6. Leads: the API under load, killed mid-run, and the property tests at full count.
  const leads = args.skipLeads ? undefined : await benchLeads(slugs.includes('kingfisher-toyota') ? 'kingfisher-toyota' : first, paths);
  const leadFigures: LeadFigures | undefined = leads && {
    loads: leads.loads.map((l) => ({
      database: l.database,
      processes: l.processes,
      p99: l.latencyMs.p99,
      ok: l.ok,
      requests: l.requests,
      stored: l.stored,
      non2xx: l.non2xx,
      errors: l.errors,
      ...(l.searchAlongside
        ? {
            searchAlongside: {
              perSecond: l.searchAlongside.requests / l.seconds,
              ok: l.searchAlongside.ok,
              requests: l.searchAlongside.requests,
              p99: l.searchAlongside.latencyMs.p99,
            },
          }
        : {}),
    })),
    chaos: leads.chaos.map((c) => ({
      database: c.database,
      submissions: c.submissions,
      acknowledged: c.acknowledged,
      kills: c.kills,
      storedLeads: c.storedLeads,
      duplicates: c.duplicates,
      lost: c.lost,
      webhookUnique: c.webhook.unique,
      folderAdf: c.folder.adf,
      folderJson: c.folder.json,
    })),
    property: leads.property,
  };

  // 6b. The stock alert job after an import: 5,000 cars, 10,000 saved cars, on each database.
  const alertKinds = process.env.DATABASE_URL?.trim() ? (['pglite', 'postgres'] as const) : (['pglite'] as const);
  const alerts: AlertBenchResult[] = [];
  for (const kind of alertKinds) {
    console.log(`\nAlert job (${kind}): ${engineSite.slug}, 5,000 cars, 2,000 accounts with 10,000 saved cars and their saved searches…`);
    alerts.push(await benchAlerts(kind, engineSite));
  }

  // 6c. The escalation timer: 1,000 unanswered leads due at once while the lead API takes more.
  const escalations: EscalationBenchResult[] = [];
  for (const kind of alertKinds) {
    console.log(`\nEscalation timer (${kind}): 1,000 leads due at once while the API takes leads…`);
    escalations.push(await benchEscalation(kind));
  }

  // 7. Lighthouse, one page at a time: on 2 cores parallel runs would skew each other's timings.
  const lighthouseInfo: LighthouseRun = {};
  if (!args.skipLighthouse) {
    const lhDir = path.join(OUT_DIR, 'lighthouse');
    mkdirSync(lhDir, { recursive: true });
    const chrome = await chromeLauncher.launch({ chromePath: findChromium() ?? fail(CHROMIUM_MISSING), chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS] });
    try {
      lighthouseInfo.bare = await bareLighthouse(chrome.port, Math.max(args.runs, 3));
      const bare = lighthouseInfo.bare;
      lighthouseInfo.freshMemoryMsPerGiB = freshMemoryCost();
      console.log(
        `lighthouse bare page (this browser's floor): performance ${bare.performance ?? 'err'}, total blocking time ${bare.totalBlockingTimeMs?.toFixed(0) ?? '-'} ms, LCP ${bare.largestContentfulPaintMs?.toFixed(0) ?? '-'} ms`,
      );
      for (const row of rows.filter((r) => LIGHTHOUSE_PAGES.includes(r.type))) {
        const runStart = performance.now();
        let url = `http://${row.slug}.localhost:${port}${row.path}`;
        const flags: Flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] };
        try {
          if (row.type === 'checkout') {
            // A car's checkout as a signed-in shopper opens it: signed out, the gate sends them to sign in.
            const car = loadStock(loadDealer(row.slug, paths.dealersDir), process.env).find((v) => v.status === 'in_stock' && v.price > 0);
            if (car) url = `http://${row.slug}.localhost:${port}/cars/${car.slug}/checkout`;
            flags.extraHeaders = { Cookie: await signInCookie(`http://127.0.0.1:${port}`, `${row.slug}.localhost:${port}`, mail, 'lighthouse@example.com') };
          }
          const results: RunnerResult['lhr'][] = [];
          for (let run = 0; run < args.runs; run += 1) {
            let result = (await lighthouse(url, flags))?.lhr;
            // A lost trace (NO_NAVSTART and the like) is Lighthouse's own hiccup, not the page's;
            // Lighthouse itself says to run again, so a run gets up to two more tries.
            for (let retry = 0; retry < 2 && result?.runtimeError; retry += 1) {
              console.log(`lighthouse ${url}: ${result.runtimeError.code}, running again`);
              result = (await lighthouse(url, flags))?.lhr;
            }
            if (result) results.push(result);
          }
          const lhr = medianRun(results, (r) => r.categories.performance?.score);
          if (!lhr) throw new Error('Lighthouse returned no result');
          if (lhr.runtimeError) row.lighthouseError = `${lhr.runtimeError.code}: ${lhr.runtimeError.message}`;
          const { scores, failing } = summariseLhr(lhr);
          row.scores = scores;
          row.failing = failing;
          lighthouseInfo.lighthouseVersion = lhr.lighthouseVersion;
          lighthouseInfo.benchmarkIndex = lhr.environment.benchmarkIndex;
          lighthouseInfo.userAgent = lhr.environment.hostUserAgent;
          if (lhr.runWarnings.length > 0) lighthouseInfo.runWarnings = [...new Set([...(lighthouseInfo.runWarnings ?? []), ...lhr.runWarnings])];
          // The full report has each audit's details (elements, URLs), which the summary drops.
          writeFileSync(path.join(lhDir, `${row.slug}--${row.type}.json`), JSON.stringify(lhr));
        } catch (error) {
          row.lighthouseError = error instanceof Error ? error.message : String(error);
        }
        const s = row.scores;
        console.log(
          `lighthouse ${url}: ${s ? CATEGORIES.map((c) => `${c} ${s[c] ?? 'err'}`).join(', ') : row.lighthouseError} (${since(runStart).toFixed(1)}s)`,
        );
      }
    } finally {
      chrome.kill();
    }
  }
  await benchServer.close();

  // 8. Report.
  const buildLine = (label: string, ok: boolean, seconds: number, pages: number | undefined): string[] => [
    label,
    ok ? 'ok' : 'FAILED',
    seconds.toFixed(1),
    String(pages ?? '-'),
    rate(pages, seconds)?.toFixed(2) ?? '-',
  ];
  const buildTable = formatTable(
    ['dealer', 'result', 'seconds', 'pages', 'pages/s'],
    [
      ...results.map((r) => buildLine(r.slug, r.ok, r.seconds, r.pages)),
      buildLine(
        'all (wall time)',
        results.every((r) => r.ok),
        allSeconds,
        totalPages,
      ),
      ...(single ? [buildLine(`${stockSlug} alone, concurrency 1`, single.ok, single.seconds, single.pages)] : []),
    ],
    2,
  );
  const targets = checkTargets({
    rows,
    lighthouseRan: !args.skipLighthouse,
    stockBuild: { slug: stockSlug, cars: stockCounts.get(stockSlug) ?? 0, seconds: single?.ok ? single.seconds : undefined, pages: single?.pages },
    engineP95Ms: engine.embedded.p95,
    demoStock: { cars: demoStock.cars, runs: demoStock.timesMs.length, medianMs: demoStock.medianMs },
    leads: leadFigures,
    search: {
      connections: searchLoad.throughput.connections,
      ...(searchLoad.throughputAllCores
        ? {
            processes: searchLoad.throughputAllCores.processes,
            perSecond: searchLoad.throughputAllCores.perSecond,
            p99: searchLoad.throughputAllCores.latencyMs.p99,
            oneProcess: { perSecond: searchLoad.throughput.perSecond, p99: searchLoad.throughput.latencyMs.p99 },
          }
        : { perSecond: searchLoad.throughput.perSecond, p99: searchLoad.throughput.latencyMs.p99 }),
      abuse: searchLoad.abuse.map((a) => ({ name: a.name, healthMaxMs: a.health.max, healthFailed: a.health.failed, killed: a.killed })),
    },
    observatory,
    searchIndexes: {
      cars: indexUpdate.cars,
      updateLoopMaxMs: indexUpdate.update.loopMaxMs,
      updateP95Ms: indexUpdate.update.latency.p95,
      memory: { dealers: indexMemory.dealers, maxEstimateBytes: indexMemory.maxEstimateBytes, limitBytes: indexMemory.limitBytes },
    },
    sessionCheck: sessionChecks.map((r) => ({ database: r.database, p95: r.signedIn.p95 })),
    checkout: checkouts.map((r) => ({
      database: r.database,
      cars: r.cars,
      shoppers: r.shoppers,
      holds: r.holds,
      refunds: r.refunds,
      doubleHolds: r.doubleHolds,
      reservedP95: r.reservedInSearch.p95,
    })),
    alerts,
  });
  targets.push(...pageWeight.targets);
  targets.push(...publishTargets(publish));
  if (soak) targets.push(soakTarget(soak));
  const audits = groupFailingAudits(rows);

  console.log(`\nBuilds\n${buildTable}`);
  console.log(`\nPages (JS and HTML gzip level 9; Lighthouse mobile, simulated throttling)\n${formatPageTable(rows)}`);
  if (lighthouseInfo.bare) {
    const bare = lighthouseInfo.bare;
    console.log(
      `A bare page in the same browser scores performance ${bare.performance ?? '-'} (total blocking time ${bare.totalBlockingTimeMs?.toFixed(0) ?? '-'} ms): read the scores above against it.`,
    );
    const memory = lighthouseInfo.freshMemoryMsPerGiB;
    if (memory !== undefined)
      console.log(
        `A new process here pays ${memory.toFixed(0)} ms per GiB of memory it first touches (bare metal typically pays a few hundred): each Lighthouse run's renderer starts in fresh memory, so a real page's main-thread time grows with it and a bare page's hardly does.`,
      );
  }
  for (const row of rows.filter((r) => r.lighthouseError)) console.log(`lighthouse error on ${row.slug} ${row.type}: ${row.lighthouseError ?? ''}`);
  if (audits.length > 0) {
    console.log('\nFailing Lighthouse audits');
    for (const a of audits) console.log(`  [${a.category}] ${a.id}: ${a.title}\n      ${a.pages.join('; ')}`);
  }
  const ms = (l: LatencySummary): string[] => [l.p50.toFixed(2), l.p95.toFixed(2), l.mean.toFixed(2)];
  console.log(`\nHTTP Observatory (MDN's scanner, @mdn/mdn-http-observatory)\n${observatory.map(formatObservatory).join('\n')}`);
  console.log(
    `\nSearch latency per multi-search (1 main query + 6 facet queries; ms)\n${formatTable(
      ['what', 'p50', 'p95', 'mean'],
      [
        [`embedded engine, 5,000 cars (${engine.queries} runs)`, ...ms(engine.embedded)],
        [`Orama, same stock and queries`, ...ms(engine.orama)],
        [`FlexSearch, same stock and queries`, ...ms(engine.flexsearch)],
        [`search API over HTTP, ${apiSlug} (${api.requests} requests)`, ...ms(api.latency)],
      ],
      1,
    )}`,
  );
  console.log(
    `\nAPI latency: the account session check, GET /api/account/session (${sessionChecks[0]?.requests ?? 0} requests each; ms)\n${formatTable(
      ['database', 'cookie', 'p50', 'p95', 'mean'],
      sessionChecks.flatMap((r) => [
        [r.database, 'signed in', ...ms(r.signedIn)],
        [r.database, 'none', ...ms(r.signedOut)],
      ]),
      2,
    )}`,
  );
  console.log(`\n${formatSearchLoad(searchLoad)}`);
  console.log(`\n${formatAssistantSearch(assistantSearch)}`);
  console.log(`\n${formatIndexUpdate(indexUpdate)}\n${formatIndexMemory(indexMemory)}\n${formatIndexStart(indexStart)}`);
  console.log(`\nPublishing after a stock change\n${formatPublishBench(publish)}`);
  if (leads) {
    console.log(
      `\nPOST /api/leads at 100 requests/s for 60 s (ms)\n${formatTable(
        ['database', 'API processes', 'search alongside', 'requests', '2xx', 'stored', 'p50', 'p90', 'p99', 'max'],
        leads.loads.map((l) => [
          l.database,
          l.processes > 1 ? `${l.processes} + 1 delivering` : '1',
          l.searchAlongside ? `${l.searchAlongside.ratePerSecond}/s, p99 ${l.searchAlongside.latencyMs.p99} ms` : 'none',
          String(l.requests),
          String(l.ok),
          String(l.stored),
          String(l.latencyMs.p50),
          String(l.latencyMs.p90),
          String(l.latencyMs.p99),
          String(l.latencyMs.max),
        ]),
        1,
      )}`,
    );
    console.log(
      `\nChaos: submissions while the API service is SIGKILLed and restarted\n${formatTable(
        [
          'database',
          'sent',
          'acknowledged',
          'kills',
          'client retries',
          'stored',
          'duplicated',
          'lost',
          'webhook receipts',
          'webhook unique',
          'folder JSON',
          'folder ADF',
          'seconds',
        ],
        leads.chaos.map((c) => [
          c.database,
          String(c.submissions),
          String(c.acknowledged),
          String(c.kills),
          String(c.retries),
          String(c.storedLeads),
          String(c.duplicates),
          String(c.lost),
          String(c.webhook.receipts),
          String(c.webhook.unique),
          String(c.folder.json),
          String(c.folder.adf),
          c.seconds.toFixed(0),
        ]),
        1,
      )}`,
    );
  }
  for (const e of escalations) console.log(`\n${formatEscalation(e)}`);
  console.log(
    `\nAlert job after an import (seconds; ${engineSite.slug}: 5,000 cars, 2,000 accounts, 10,000 saved cars, 2,500 saved searches)\n${formatTable(
      ['database', 'changes', 'first run', 'run', 'find', 'mail', 'watch', 'CPU', 'emailed', 'price drops', 'sold', 'new matches', 'run after'],
      alerts.map((a) => [
        a.database,
        `${a.changes.cheaper} cheaper, ${a.changes.sold} sold, ${a.changes.gone} gone, ${a.changes.arrived} new`,
        a.firstRunSeconds.toFixed(2),
        a.runSeconds.toFixed(2),
        a.steps.find.toFixed(2),
        a.steps.mail.toFixed(2),
        a.steps.watch.toFixed(2),
        a.cpuSeconds.toFixed(2),
        String(a.emailed),
        String(a.sent.price_drop),
        String(a.sent.sold),
        String(a.sent.new_match),
        `${a.rerunSeconds.toFixed(2)} s, ${a.rerunEmailed} emailed`,
      ]),
      2,
    )}`,
  );
  console.log('\nTargets');
  for (const t of targets) console.log(`  ${t.status.padEnd(4)}  ${t.target}: ${t.detail}`);

  const totalSeconds = since(started);
  const report = {
    machine: {
      cpus: os.cpus().length,
      cpuModel: os.cpus()[0]?.model ?? 'unknown',
      memoryGB: Math.round(os.totalmem() / 2 ** 30),
      platform: `${os.platform()} ${os.release()} ${os.arch()}`,
      node: process.version,
      date: startedAt,
      ...lighthouseInfo,
    },
    options: args,
    build: {
      dealers: results.map(buildRow),
      all: { wallSeconds: allSeconds, pages: totalPages, pagesPerSecond: rate(totalPages, allSeconds) },
      single: single ? { ...buildRow(single), concurrency: 1 } : null,
    },
    pages: rows,
    pageWeight,
    observatory,
    leads: leads ?? null,
    demoStock: { ...demoStock, dealer: engineSite.slug },
    feedImport,
    search: {
      engine: { ...engine, vehicles: 5000, dealer: engineSite.slug } satisfies EngineBenchResult & { vehicles: number; dealer: string },
      api: { ...api, dealer: apiSlug },
      load: { ...searchLoad, dealer: engineSite.slug },
      assistant: assistantSearch,
      indexes: { update: indexUpdate, memory: indexMemory, start: indexStart, dealer: engineSite.slug },
      publish,
      soak,
    },
    sessionCheck: sessionChecks,
    checkout: checkouts,
    alerts,
    escalations,
    failingAudits: audits,
    targets,
    budgets: {
      pages: PAGE_BUDGETS,
      default: DEFAULT_BUDGET,
      stockBuildSeconds: STOCK_BUILD_BUDGET_SECONDS,
      engineP95Ms: ENGINE_P95_BUDGET_MS,
      demoStockMs: DEMO_STOCK_BUDGET_MS,
      sessionCheckP95Ms: SESSION_CHECK_P95_BUDGET_MS,
      alertRunSeconds: ALERT_RUN_BUDGET_SECONDS,
    },
    totalSeconds,
  };
  mkdirSync(OUT_DIR, { recursive: true });
  writeFileSync(path.join(OUT_DIR, 'bench.json'), `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nWrote ${OUT_DIR}/bench.json in ${totalSeconds.toFixed(1)} s total.`);

  const missed = targets.some((t) => t.status === 'MISS');
  const failedBuild = results.some((r) => !r.ok) || !single?.ok;
  return failedBuild || (args.strict && missed) ? 1 : 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(`bench: ${error instanceof Error ? (error instanceof UsageError ? error.message : (error.stack ?? error.message)) : String(error)}`);
    process.exitCode = 1;
  },
);
