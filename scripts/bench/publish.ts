/**
 * Publishing after a stock change (src/publish/), on one demo dealer's stock as an imported feed:
 *
 * - cost: the CPU a render worker spends on a full publish of the dealer, against a publish after
 *   a price change, a sale and an added car (each a few times, on the stock as the last left it).
 *   Budgets: a price change or sale at most 1/20 of a full publish, an added car 1/5.
 * - live: `npm start`'s publishing (the file check every second, the in-process queue, a render
 *   worker) beside the server answering a steady search load; a price change or sale is written
 *   as an import does, and the car's page is polled until it changes. Home, search and the car
 *   page are polled every 200 ms throughout: any answer but 200 is counted. Budget: the p95 from
 *   the import to the page, 10 s.
 *
 * - workers (`--workers`): 16 synthetic dealers of 300 cars published whole by one render worker,
 *   then by two (target: two 1.8× faster). With `--pin-workers` each worker runs on a core of its
 *   own (`taskset`): unpinned, one worker's V8 compiler and GC threads already use a fifth to a
 *   quarter of a second core, which two workers on a two-core machine do not have to spare.
 *
 * - soak (`--soak-minutes N`, 10 in `npm run bench`): `benchSoak` below.
 *
 *   npx tsx scripts/bench/publish.ts [--dealer kingfisher-toyota] [--rounds 3] [--live-rounds 5] [--workers [--pin-workers]] [--soak-minutes 10]
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { loadDealer } from '../../src/platform/config/load';
import { createApp } from '../../src/server/app';
import { ensureBundle } from '../../src/publish/bundle';
import { createRenderPool } from '../../src/publish/render-pool';
import { publishJobHandler, watchDealerFiles } from '../../src/publish/publisher';
import { createPublishQueue } from '../../src/publish/queue';
import { loadStock, stockFile } from '../../src/stock/server/store';
import { carPath } from '../../src/stock/model/car';
import type { Vehicle } from '../../src/stock/model/vehicle';
import type { TargetCheck } from './report';

export const PUBLISH_BUDGETS = { price: 1 / 20, sale: 1 / 20, added: 1 / 5, visibleP95Seconds: 10 } as const;

type ChangeKind = 'price' | 'sale' | 'added';

export interface PublishBenchResult {
  slug: string;
  cars: number;
  files: number;
  full: { cpuSeconds: number[]; seconds: number[] };
  changes: { kind: ChangeKind; cpuSeconds: number[]; seconds: number[]; rendered: number[]; ratio: number; budget: number }[];
  live?: {
    searchesPerSecond: number;
    /** Import (stock file written) → the car's page served changed, per round. */
    visibleAfterSeconds: number[];
    p95: number;
    polls: number;
    failures: number;
  };
}

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

const percentile = (values: readonly number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

/** The dealer's demo stock as an imported feed, in a project of temporary folders. */
function setUp(slug: string): { root: string; dealersDir: string; stockDir: string; distDir: string; stock: Vehicle[] } {
  const root = mkdtempSync(path.join(os.tmpdir(), 'bench-publish-'));
  const dealersDir = path.join(root, 'dealers');
  const stockDir = path.join(root, 'stock');
  const distDir = path.join(root, 'dist');
  mkdirSync(dealersDir, { recursive: true });
  mkdirSync(stockDir, { recursive: true });
  cpSync(path.join('dealers', `${slug}.json`), path.join(dealersDir, `${slug}.json`));
  if (existsSync(path.join('dealers', 'assets', slug)))
    cpSync(path.join('dealers', 'assets', slug), path.join(dealersDir, 'assets', slug), { recursive: true });
  const stock = loadStock(loadDealer(slug, dealersDir), { STOCK_DIR: path.join(root, 'none') });
  return { root, dealersDir, stockDir, distDir, stock };
}

/** Writes the feed as `npm run stock:import` does: whole, under another name, then renamed. */
function importStock(stockDir: string, slug: string, vehicles: readonly Vehicle[]): void {
  const file = stockFile(slug, { STOCK_DIR: stockDir });
  writeFileSync(`${file}.tmp`, JSON.stringify({ dealer: slug, imported_at: new Date().toISOString(), source: 'bench', vehicles }));
  renameSync(`${file}.tmp`, file);
}

/** The change, and the car whose page shows it. */
function change(kind: ChangeKind, stock: Vehicle[], round: number): { stock: Vehicle[]; car: Vehicle } {
  const forSale = stock.filter((car) => car.status === 'in_stock' && car.price > 5000);
  const car = forSale[(round * 7919) % forSale.length]!;
  if (kind === 'price') {
    const changed = { ...car, price: car.price - 500 };
    return { stock: stock.map((c) => (c === car ? changed : c)), car: changed };
  }
  if (kind === 'sale') {
    const soldAt = Math.floor(Date.now() / 1000) - 3600;
    const changed = { ...car, status: 'sold' as const, sold_date_timestamp: soldAt, show_on_dealer_website: true };
    return { stock: stock.map((c) => (c === car ? changed : c)), car: changed };
  }
  const id = Math.max(...stock.map((c) => c.id)) + 1;
  const added = { ...car, id, slug: car.slug.replace(/\d+$/, String(id)), stocknum: `B${id}` };
  return { stock: [...stock, added], car: added };
}

/**
 * A dealer's site on a running server as shoppers meet it while it publishes: `searchesPerSecond`
 * searches, and the pages in `watched` (more may be added) each asked every 200 ms, any answer but
 * 200 counted. `stop()` ends both and waits for the last poll.
 */
function siteUnderLoad(
  app: ReturnType<typeof createApp>,
  slug: string,
  watched: Set<string>,
  searchesPerSecond: number,
): { get: (pathname: string) => Promise<Response>; counts: () => { polls: number; failures: number; failed: string[] }; stop: () => Promise<void> } {
  const host = `${slug}.localhost`;
  const get = (pathname: string): Promise<Response> => Promise.resolve(app.request(`http://${host}${pathname}`, { headers: { host } }));
  let polls = 0;
  let failures = 0;
  const failed: string[] = [];
  let stopped = false;
  const poller = (async () => {
    while (!stopped) {
      for (const pathname of watched) {
        const res = await get(pathname);
        polls += 1;
        if (res.status !== 200) {
          failures += 1;
          if (failed.length < 10) failed.push(`${pathname} ${res.status}`);
        }
        await res.arrayBuffer();
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  })();
  const search = setInterval(() => {
    void Promise.resolve(
      app.request(`http://${host}/api/search/multi-search`, {
        method: 'POST',
        headers: { host, 'content-type': 'application/json' },
        body: JSON.stringify({ queries: [{ indexUid: slug, q: 'toyota', limit: 20, facets: ['make', 'body'] }] }),
      }),
    ).then((res) => res.arrayBuffer());
  }, 1000 / searchesPerSecond);
  return {
    get,
    counts: () => ({ polls, failures, failed }),
    async stop() {
      stopped = true;
      clearInterval(search);
      await poller;
    },
  };
}

export async function benchPublish(
  options: { slug?: string; rounds?: number; liveRounds?: number; log?: (line: string) => void } = {},
): Promise<PublishBenchResult> {
  const slug = options.slug ?? 'kingfisher-toyota';
  const rounds = options.rounds ?? 3;
  const liveRounds = options.liveRounds ?? 5;
  const log = options.log ?? (() => undefined);
  const bundle = await ensureBundle({ root: process.cwd(), log });
  const project = setUp(slug);
  let stock = project.stock;
  importStock(project.stockDir, slug, stock);
  const env = { ...process.env, STOCK_DIR: project.stockDir };
  try {
    // ---- cost -------------------------------------------------------------------------------
    const pool = createRenderPool({ bundle, dealersDir: project.dealersDir, distDir: project.distDir, size: 1, env });
    const full = { cpuSeconds: [] as number[], seconds: [] as number[] };
    let files = 0;
    try {
      // The first publish also warms the worker (its JIT, the bundle's modules): not counted.
      await pool.publish(slug, { full: true });
      for (let i = 0; i < 2; i++) {
        const outcome = await pool.publish(slug, { full: true });
        full.cpuSeconds.push(outcome.cpuSeconds);
        full.seconds.push(outcome.seconds);
        files = outcome.pages;
      }
      log(`publish: full ${full.cpuSeconds.map((s) => s.toFixed(1)).join(', ')} CPU-s`);
      const changes: PublishBenchResult['changes'] = [];
      for (const kind of ['price', 'sale', 'added'] as const) {
        const row = { kind, cpuSeconds: [] as number[], seconds: [] as number[], rendered: [] as number[] };
        for (let round = 0; round < rounds; round++) {
          stock = change(kind, stock, round + 1).stock;
          importStock(project.stockDir, slug, stock);
          const outcome = await pool.publish(slug);
          row.cpuSeconds.push(outcome.cpuSeconds);
          row.seconds.push(outcome.seconds);
          row.rendered.push(outcome.rendered);
        }
        const ratio = median(row.cpuSeconds) / median(full.cpuSeconds);
        changes.push({ ...row, ratio, budget: PUBLISH_BUDGETS[kind] });
        log(`publish: ${kind} ${row.cpuSeconds.map((s) => s.toFixed(2)).join(', ')} CPU-s, ${row.rendered.join(', ')} files rendered`);
      }
      const result: PublishBenchResult = { slug, cars: project.stock.length, files, full, changes };
      if (liveRounds > 0) result.live = await benchLive(project, slug, stock, liveRounds, env, log);
      return result;
    } finally {
      await pool.close();
    }
  } finally {
    rmSync(project.root, { recursive: true, force: true });
  }
}

async function benchLive(
  project: ReturnType<typeof setUp>,
  slug: string,
  initial: Vehicle[],
  rounds: number,
  env: NodeJS.ProcessEnv,
  log: (line: string) => void,
): Promise<NonNullable<PublishBenchResult['live']>> {
  const paths = { root: process.cwd(), dealersDir: project.dealersDir, distDir: project.distDir, stockDir: project.stockDir };
  const app = createApp({ distDir: project.distDir, dealers: [slug], defaultDealer: slug, dealersDir: project.dealersDir, env });
  const queue = await createPublishQueue({});
  const handler = publishJobHandler({ paths, concurrency: 1, env });
  const stopWorking = await queue.work(handler.handle, { concurrency: 1 });
  const watcher = watchDealerFiles({ dealers: [slug], paths, queue, checkEveryMs: 1000 });
  const searchesPerSecond = 50;
  const watched = new Set<string>(['/', '/search/']);
  const site = siteUnderLoad(app, slug, watched, searchesPerSecond);
  const get = site.get;
  const visibleAfterSeconds: number[] = [];
  let stock = initial;
  try {
    // Round 0 starts the render worker and loads the bundle, as a running server's first publish
    // does once: not counted.
    for (let round = 0; round <= rounds; round++) {
      const kind: ChangeKind = round % 2 === 0 ? 'price' : 'sale';
      const next = change(kind, stock, 100 + round);
      const page = `${carPath(next.car.slug)}/`;
      watched.add(page);
      const before = Buffer.from(await (await get(page)).arrayBuffer());
      stock = next.stock;
      const imported = performance.now();
      importStock(project.stockDir, slug, stock);
      for (;;) {
        const res = await get(page);
        const body = Buffer.from(await res.arrayBuffer());
        if (res.status === 200 && !body.equals(before)) break;
        if (performance.now() - imported > 120_000) throw new Error(`${page} did not change within two minutes of the import`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const seconds = (performance.now() - imported) / 1000;
      if (round > 0) visibleAfterSeconds.push(seconds);
      log(`publish: ${kind} visible after ${seconds.toFixed(1)} s${round === 0 ? ' (warm-up, not counted)' : ''}`);
      // Let the publish settle before the next change.
      await new Promise((resolve) => setTimeout(resolve, 1500));
    }
  } finally {
    await site.stop();
    watcher.stop();
    await stopWorking();
    await handler.close();
    await queue.close();
  }
  const { polls, failures } = site.counts();
  return { searchesPerSecond, visibleAfterSeconds, p95: percentile(visibleAfterSeconds, 95), polls, failures };
}

export interface SoakBenchResult {
  slug: string;
  minutes: number;
  imports: number;
  /** Publishes that rendered every page (the dealer file changed once, as an editor's save does). */
  fullPublishes: number;
  pages: number;
  polls: number;
  failures: number;
  /** The first few answers that were not 200, as `path status`. */
  failed: string[];
}

/**
 * The soak: `npm start`'s publishing beside the server for `minutes`, a stock import every
 * `importEverySeconds` (price changes, sales and added cars in turn) and, halfway, an edit of the
 * dealer file that re-renders the site whole. Home, search and `pages` car pages are polled every
 * 200 ms: any answer but 200 is counted. Budget: 0.
 */
export async function benchSoak(
  options: { slug?: string; minutes?: number; importEverySeconds?: number; pages?: number; log?: (line: string) => void } = {},
): Promise<SoakBenchResult> {
  const slug = options.slug ?? 'kingfisher-toyota';
  const minutes = options.minutes ?? 10;
  const everyMs = (options.importEverySeconds ?? 30) * 1000;
  const log = options.log ?? (() => undefined);
  await ensureBundle({ root: process.cwd(), log });
  const project = setUp(slug);
  let stock = project.stock;
  importStock(project.stockDir, slug, stock);
  const env = { ...process.env, STOCK_DIR: project.stockDir };
  const paths = { root: process.cwd(), dealersDir: project.dealersDir, distDir: project.distDir, stockDir: project.stockDir };
  try {
    // The site as the soak finds it: published once, whole.
    const first = createRenderPool({
      bundle: await ensureBundle({ root: process.cwd() }),
      dealersDir: project.dealersDir,
      distDir: project.distDir,
      size: 1,
      env,
    });
    await first.publish(slug, { full: true }).finally(() => first.close());

    const app = createApp({ distDir: project.distDir, dealers: [slug], defaultDealer: slug, dealersDir: project.dealersDir, env });
    const queue = await createPublishQueue({});
    let fullPublishes = 0;
    const handler = publishJobHandler({
      paths,
      concurrency: 1,
      env,
      log: (line) => {
        if (/ (\d+) of its \1 files rendered/.test(line)) fullPublishes += 1;
        log(`soak: ${line}`);
      },
    });
    await handler.warm();
    const stopWorking = await queue.work(handler.handle, { concurrency: 1 });
    const watcher = watchDealerFiles({ dealers: [slug], paths, queue, checkEveryMs: 1000 });
    const cars = stock.filter((car) => car.status === 'in_stock').slice(0, options.pages ?? 5);
    const watched = new Set(['/', '/search/', ...cars.map((car) => `${carPath(car.slug)}/`)]);
    const site = siteUnderLoad(app, slug, watched, 50);
    let imports = 0;
    try {
      const started = performance.now();
      const end = started + minutes * 60_000;
      let editedDealerFile = false;
      let round = 0;
      const kinds: ChangeKind[] = ['price', 'sale', 'added'];
      while (performance.now() < end) {
        // The polled cars stay as they are; every other car may change.
        round += 1;
        const next = change(kinds[round % kinds.length]!, stock, 200 + round);
        if (!cars.some((car) => car.id === next.car.id)) {
          stock = next.stock;
          importStock(project.stockDir, slug, stock);
          imports += 1;
        }
        if (!editedDealerFile && performance.now() - started > (minutes * 60_000) / 2) {
          // An editor's save: another dealer file renders every page again.
          const file = path.join(project.dealersDir, `${slug}.json`);
          const dealer = JSON.parse(readFileSync(file, 'utf8')) as { search: { demo_stock?: number } };
          dealer.search.demo_stock = (dealer.search.demo_stock ?? 0) + 1;
          writeFileSync(file, JSON.stringify(dealer, null, 2));
          editedDealerFile = true;
        }
        await new Promise((resolve) => setTimeout(resolve, Math.min(everyMs, Math.max(0, end - performance.now()))));
      }
    } finally {
      await site.stop();
      watcher.stop();
      await stopWorking();
      await handler.close();
      await queue.close();
    }
    return { slug, minutes, imports, fullPublishes, pages: watched.size, ...site.counts() };
  } finally {
    rmSync(project.root, { recursive: true, force: true });
  }
}

export function soakTarget(result: SoakBenchResult): TargetCheck {
  return {
    target: `0 pages not answering 200 through a ${result.minutes}-minute soak (an import every 30 s, one whole re-render)`,
    status: result.failures === 0 && result.fullPublishes > 0 ? 'PASS' : 'MISS',
    detail: `${result.failures} of ${result.polls} polls of ${result.pages} pages not 200${result.failed.length ? ` (${result.failed.join(', ')})` : ''}; ${result.imports} imports, ${result.fullPublishes} whole re-render${result.fullPublishes === 1 ? '' : 's'}`,
  };
}

export interface WorkersBenchResult {
  dealers: number;
  cars: number;
  /** Each worker on a core of its own (`taskset`), as one worker per core or machine runs. */
  pinned: boolean;
  /** The bundle's build, once for every dealer (0 when this code version's bundle was there). */
  bundleSeconds: number;
  runs: { workers: number; seconds: number; cpuSeconds: number }[];
  speedup: number;
}

/**
 * A shared code change over many dealers: every dealer published whole (`full`), by one render
 * worker and then by two, each from a new output folder. Synthetic dealers are copies of one demo
 * dealer under their own slugs, ids and domains, on `cars` demo cars each.
 */
export async function benchWorkers(
  options: { base?: string; dealers?: number; cars?: number; pinned?: boolean; log?: (line: string) => void } = {},
): Promise<WorkersBenchResult> {
  const pinned = options.pinned ?? false;
  const base = options.base ?? 'southern-lakes-motors';
  const count = options.dealers ?? 16;
  const cars = options.cars ?? 300;
  const log = options.log ?? (() => undefined);
  const bundle = await ensureBundle({ root: process.cwd(), log });
  const root = mkdtempSync(path.join(os.tmpdir(), 'bench-workers-'));
  try {
    const dealersDir = path.join(root, 'dealers');
    mkdirSync(dealersDir, { recursive: true });
    const source = JSON.parse(readFileSync(path.join('dealers', `${base}.json`), 'utf8')) as Record<string, unknown> & { search: Record<string, unknown> };
    const slugs = Array.from({ length: count }, (_, i) => `synthetic-${String(i + 1).padStart(2, '0')}`);
    for (const [i, slug] of slugs.entries()) {
      const dealer = {
        ...source,
        id: 900_000 + i,
        slug,
        name: `Synthetic Motors ${i + 1}`,
        url: `https://www.${slug}.example`,
        search: { ...source.search, demo_stock: cars },
      };
      delete (dealer as { domains?: unknown }).domains;
      writeFileSync(path.join(dealersDir, `${slug}.json`), JSON.stringify(dealer, null, 2));
      if (existsSync(path.join('dealers', 'assets', base)))
        cpSync(path.join('dealers', 'assets', base), path.join(dealersDir, 'assets', slug), { recursive: true });
    }
    const env = { ...process.env, STOCK_DIR: path.join(root, 'stock') };
    const runs: WorkersBenchResult['runs'] = [];
    for (const workers of [1, 2]) {
      const cpus = pinned ? Array.from({ length: workers }, (_, core) => core) : undefined;
      const pool = createRenderPool({ bundle, dealersDir, distDir: path.join(root, `dist-${workers}`), size: workers, env, ...(cpus ? { cpus } : {}) });
      const started = performance.now();
      try {
        const outcomes = await Promise.all(slugs.map((slug) => pool.publish(slug, { full: true })));
        runs.push({ workers, seconds: (performance.now() - started) / 1000, cpuSeconds: outcomes.reduce((sum, o) => sum + o.cpuSeconds, 0) });
      } finally {
        await pool.close();
      }
      log(`publish: ${count} dealers with ${workers} worker${workers === 1 ? '' : 's'} in ${runs.at(-1)!.seconds.toFixed(1)} s`);
    }
    return { dealers: count, cars, pinned, bundleSeconds: bundle.built ? bundle.seconds : 0, runs, speedup: runs[0]!.seconds / runs[1]!.seconds };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

export function formatWorkersBench(result: WorkersBenchResult): string {
  return [
    `${result.dealers} synthetic dealers × ${result.cars} cars, every page (a shared code change)${result.pinned ? ', each worker on a core of its own' : ''}:`,
    ...result.runs.map(
      (run) => `  ${run.workers} render worker${run.workers === 1 ? ' ' : 's'}: ${run.seconds.toFixed(1)} s, ${run.cpuSeconds.toFixed(1)} CPU-s in the workers`,
    ),
    `  two workers ${result.speedup.toFixed(2)}× faster than one (target 1.8×)${result.bundleSeconds > 0 ? `; the bundle took ${result.bundleSeconds.toFixed(1)} s first` : ''}`,
  ].join('\n');
}

export function publishTargets(result: PublishBenchResult): TargetCheck[] {
  const checks: TargetCheck[] = result.changes.map((row) => ({
    target: `publish after a ${row.kind === 'added' ? 'car added' : row.kind === 'sale' ? 'sale' : 'price change'} <= 1/${Math.round(1 / row.budget)} of a full publish's CPU (${result.slug})`,
    status: row.ratio <= row.budget ? 'PASS' : 'MISS',
    detail: `${(row.ratio * 100).toFixed(1)} %: ${median(row.cpuSeconds).toFixed(2)} of ${median(result.full.cpuSeconds).toFixed(1)} CPU-s, ${median(row.rendered)} of ${result.files} files rendered`,
  }));
  if (result.live) {
    checks.push({
      target: `import → car page p95 <= ${PUBLISH_BUDGETS.visibleP95Seconds} s under ${result.live.searchesPerSecond} searches/s, every page answering 200`,
      status: result.live.p95 <= PUBLISH_BUDGETS.visibleP95Seconds && result.live.failures === 0 ? 'PASS' : 'MISS',
      detail: `p95 ${result.live.p95.toFixed(1)} s over ${result.live.visibleAfterSeconds.length} imports; ${result.live.failures} of ${result.live.polls} polls not 200`,
    });
  }
  return checks;
}

export function formatPublishBench(result: PublishBenchResult): string {
  const span = (values: readonly number[], digits: number): string =>
    `${median(values).toFixed(digits)} (${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)})`;
  const lines = [
    `${result.slug}: ${result.cars} cars, ${result.files} files`,
    `  full publish: ${span(result.full.cpuSeconds, 1)} CPU-s, ${span(result.full.seconds, 1)} s`,
    ...result.changes.map(
      (row) =>
        `  ${row.kind.padEnd(6)}: ${span(row.cpuSeconds, 2)} CPU-s, ${span(row.seconds, 2)} s, ${span(row.rendered, 0)} files rendered; ` +
        `${(row.ratio * 100).toFixed(1)} % of a full publish (budget ${(row.budget * 100).toFixed(0)} %) ${row.ratio <= row.budget ? 'ok' : 'OVER'}`,
    ),
  ];
  if (result.live) {
    const live = result.live;
    lines.push(
      `  live, ${live.searchesPerSecond} searches/s: import → car page ${span(live.visibleAfterSeconds, 1)} s, p95 ${live.p95.toFixed(1)} s ` +
        `(budget ${PUBLISH_BUDGETS.visibleP95Seconds} s) ${live.p95 <= PUBLISH_BUDGETS.visibleP95Seconds ? 'ok' : 'OVER'}; ${live.polls} polls, ${live.failures} not 200`,
    );
  }
  return lines.join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({
    options: {
      dealer: { type: 'string' },
      rounds: { type: 'string' },
      'live-rounds': { type: 'string' },
      workers: { type: 'boolean' },
      'pin-workers': { type: 'boolean' },
      'soak-minutes': { type: 'string' },
    },
  });
  if (values['soak-minutes']) {
    const soak = await benchSoak({ minutes: Number(values['soak-minutes']), log: (line) => console.error(line) });
    console.log(JSON.stringify(soak, null, 2));
    process.exit(soak.failures === 0 ? 0 : 1);
  }
  if (values.workers) {
    console.log(formatWorkersBench(await benchWorkers({ pinned: values['pin-workers'] ?? false, log: (line) => console.error(line) })));
    process.exit(0);
  }
  const result = await benchPublish({
    ...(values.dealer ? { slug: values.dealer } : {}),
    ...(values.rounds ? { rounds: Number(values.rounds) } : {}),
    ...(values['live-rounds'] ? { liveRounds: Number(values['live-rounds']) } : {}),
    log: (line) => console.error(line),
  });
  console.log(formatPublishBench(result));
  process.exit(0);
}
