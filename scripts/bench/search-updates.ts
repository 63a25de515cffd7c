/**
 * The embedded search's indexes while stock changes, within a memory bound
 * (src/search/server/search-indexes.ts), in this process:
 *
 * - update: a 2,000-car dealer answers a steady search load (the engine bench's multi-searches,
 *   200 a second, each sent when due and timed from then, so a blocked event loop shows as
 *   latency) while its stock file is replaced, as `npm run stock:import` does. Reports the longest
 *   event-loop block (`monitorEventLoopDelay`; budget 20 ms) and search p95 before and during the
 *   update, the longest slice of the build (wall and CPU time between its pauses), and how long
 *   until searches see the new stock. The first search's wait for the dealer's index (a load) is
 *   reported too.
 * - memory: dealers of 1,000 cars each, more than the bound holds, searched round robin: the
 *   indexes held never pass the bound, and the heap (after a collection) grows by about their
 *   estimate. Also the heap one 2,000-car index takes per car, against INDEX_BYTES_PER_CAR.
 * - start: many dealers on demo stock: how long `warm()` takes to return, a first search for a
 *   dealer the warm-up has not reached, and the warm-up until the bound is full.
 *
 *   npx tsx scripts/bench/search-updates.ts [--cars 2000] [--dealers 200] [--skip-memory] [--skip-start]
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance, PerformanceObserver } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { multiSearch, multiSearchJson } from '@dealer-sites/search-engine';
import { createDealerConfigs } from '../../src/platform/config/dealer-configs';
import { dealerFile, loadDealer } from '../../src/platform/config/load';
import type { DealerConfig } from '../../src/platform/config/schema';
import { createStockIndexes, INDEX_BYTES_PER_CAR, type StockIndexes } from '../../src/search/server/search-indexes';
import { generateDemoStock } from '../../src/stock/model/demo';
import type { Vehicle } from '../../src/stock/model/vehicle';
import { meiliQueries, scenarios, summarise, type LatencySummary } from './engine';

export interface IndexUpdateResult {
  cars: number;
  /** Multi-searches a second, sent when due. */
  rate: number;
  /** The dealer's first search, which waits for its index to load. */
  firstSearchMs: number;
  baseline: LoadWindow;
  /** From the import until searches saw the new stock, plus a second. */
  update: LoadWindow & {
    /** Import (file replaced) → the first answer from the new stock. */
    visibleAfterMs: number;
    /** The build's slices, between its pauses: the longest (garbage collection in it included), and how many. */
    longestSliceMs: number | null;
    slices: number;
  };
}

interface LoadWindow {
  seconds: number;
  searches: number;
  latency: LatencySummary & { max: number };
  /** The longest the event loop was held (monitorEventLoopDelay's max, 1 ms resolution). */
  loopMaxMs: number;
  loopP99Ms: number;
  /** Garbage collection pauses meanwhile (the main thread stops for them): the longest, and their total. */
  gcMaxMs: number;
  gcTotalMs: number;
}

export interface IndexMemoryResult {
  dealers: number;
  carsPerDealer: number;
  limitBytes: number;
  searches: number;
  /** The most the held indexes were estimated at after any search. */
  maxEstimateBytes: number;
  /** Held at the end, and their estimate. */
  heldDealers: number;
  endEstimateBytes: number;
  /** The heap (after collection) above what it was before the indexes. */
  heapGrowthBytes: number | null;
  /** One 2,000-car index alone: heap per car, and per car besides its source JSON (INDEX_BYTES_PER_CAR's measure). */
  perCar: { cars: number; heapBytes: number | null; jsonBytes: number; besidesJsonBytes: number | null; constant: number };
}

export interface IndexStartResult {
  dealers: number;
  carsPerDealer: number;
  limitBytes: number;
  /** Reading every dealer file first (each file is parsed once, on its first use, whatever searches do). */
  configSeconds: number;
  /** `warm()` called → returned. */
  warmReturnMs: number;
  /** A search for the last dealer, asked as warming starts. */
  coldSearchMs: number;
  /** Until the warm-up stopped (the bound full, or every dealer warmed). */
  warmSeconds: number;
  warmedDealers: number;
  loopMaxMs: number;
}

/** The engine bench's multi-searches in turn, with the sold window's `now` of the second, as browsers send them. */
function bodies(uid: string): () => Record<string, unknown> {
  const all = scenarios();
  let next = 0;
  return () => ({ queries: meiliQueries(all[next++ % all.length]!, uid, Math.floor(Date.now() / 1000)) });
}

/** Lets the event loop run, as the API's multi-search does between long results. */
const pause = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** A stock file's text as `npm run stock:import` writes it. */
const stockText = (slug: string, vehicles: readonly Vehicle[]): string =>
  JSON.stringify({ dealer: slug, imported_at: new Date().toISOString(), source: 'bench', vehicles });

/** A stock file, with a modification time. */
function writeStock(stockDir: string, slug: string, vehicles: readonly Vehicle[], mtime = new Date()): void {
  const file = path.join(stockDir, `${slug}.json`);
  writeFileSync(file, stockText(slug, vehicles));
  utimesSync(file, mtime, mtime);
}

/** Searches sent every 1000/rate ms, each timed from when it was due; `stop()` waits for those in flight. */
function steadyLoad(send: () => Promise<unknown>, rate: number): { stop: () => Promise<number[]> } {
  const interval = 1000 / rate;
  const started = performance.now();
  const latencies: number[] = [];
  const inFlight = new Set<Promise<unknown>>();
  let sent = 0;
  let stopped = false;
  const tick = (): void => {
    if (stopped) return;
    const now = performance.now();
    // Everything that fell due while the loop was held goes now, each timed from its own due time.
    while (started + sent * interval <= now) {
      const due = started + sent * interval;
      sent += 1;
      const request = send().then(() => void latencies.push(performance.now() - due));
      inFlight.add(request);
      void request.finally(() => inFlight.delete(request));
    }
    setTimeout(tick, Math.max(0, started + sent * interval - performance.now()));
  };
  tick();
  return {
    stop: async () => {
      stopped = true;
      await Promise.all(inFlight);
      return latencies;
    },
  };
}

/** A steady load for `seconds`, or until `until()` resolves and `after` ms more. */
async function loadWindow(send: () => Promise<unknown>, rate: number, until: Promise<unknown> | number, after = 0): Promise<LoadWindow> {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  const gc = { max: 0, total: 0 };
  const collections = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gc.max = Math.max(gc.max, entry.duration);
      gc.total += entry.duration;
    }
  });
  collections.observe({ entryTypes: ['gc'] });
  const started = performance.now();
  const load = steadyLoad(send, rate);
  if (typeof until === 'number') await sleep(until * 1000);
  else await until;
  await sleep(after);
  const latencies = await load.stop();
  histogram.disable();
  collections.disconnect();
  const seconds = (performance.now() - started) / 1000;
  return {
    seconds: Math.round(seconds * 100) / 100,
    searches: latencies.length,
    latency: { ...summarise(latencies), max: Math.round(Math.max(0, ...latencies) * 10) / 10 },
    loopMaxMs: Math.round(histogram.max / 1e5) / 10,
    loopP99Ms: Math.round(histogram.percentile(99) / 1e5) / 10,
    gcMaxMs: Math.round(gc.max * 10) / 10,
    gcTotalMs: Math.round(gc.total),
  };
}

/**
 * Times between a build's pauses, where the indexes take the `pause` option: from the moment a
 * pause lets the build go on to its next pause, nothing else runs (the first slice, which waits
 * for the file to be read, is not timed).
 */
function slicing(): { pause: () => Promise<void>; reset: () => void; longest: () => { wall: number | null; slices: number } } {
  let from: number | undefined;
  let wall = 0;
  let slices = 0;
  return {
    pause: async () => {
      if (from !== undefined) {
        wall = Math.max(wall, performance.now() - from);
        slices += 1;
      }
      await pause();
      from = performance.now();
    },
    reset: () => {
      from = undefined;
      wall = 0;
      slices = 0;
    },
    longest: () => ({ wall: slices > 0 ? Math.round(wall * 10) / 10 : null, slices }),
  };
}

/** Ends what the indexes run in the background, where they can (older versions could not). */
const closeIndexes = (indexes: StockIndexes): void => (indexes as Partial<StockIndexes>).close?.();

export async function benchIndexUpdate(
  site: DealerConfig,
  dealersDir: string,
  { cars = 2000, rate = 200 }: { cars?: number; rate?: number } = {},
): Promise<IndexUpdateResult> {
  const work = mkdtempSync(path.join(os.tmpdir(), 'bench-index-update-'));
  const stockDir = path.join(work, 'stock');
  mkdirSync(stockDir);
  const before = generateDemoStock(site, cars);
  // The next import: every tenth car cheaper, one in twenty sold off the list, as many new ones.
  const arrivals = generateDemoStock(site, cars + Math.ceil(cars / 20)).slice(cars);
  const after = [...before.filter((_, i) => i % 20 !== 0).map((car, i) => (i % 10 === 0 ? { ...car, price: Math.round(car.price * 0.95) } : car)), ...arrivals];
  const probe = arrivals[0]!;
  writeStock(stockDir, site.slug, before, new Date(Date.now() - 60_000));
  const slices = slicing();
  const indexes = createStockIndexes({ dealers: [site.slug], dealersDir, env: { STOCK_DIR: stockDir }, pause: slices.pause });
  const uid = site.search.index_uid ?? site.slug;
  const next = bodies(uid);
  const lookup = (u: string) => indexes.get(u);
  const send = () => multiSearchJson(lookup, next(), { pause });
  /** Whether a car only the new stock has is found. */
  const sees = async (): Promise<boolean> =>
    (await multiSearch(lookup, { queries: [{ indexUid: uid, filter: `id = ${probe.id}`, limit: 1 }] })).results[0]!.hits.length > 0;
  try {
    const loadStart = performance.now();
    await send();
    const firstSearchMs = Math.round(performance.now() - loadStart);
    // Warm the JIT on this stock, as a server that has been answering for a while.
    for (let i = 0; i < 60; i++) await send();
    const baseline = await loadWindow(send, rate, 2);

    slices.reset();
    let visibleAt = 0;
    let imported = 0;
    // Made beforehand, written without blocking and swapped in whole, as an import does: the
    // bench's own work is not to count as the update's.
    const bytes = Buffer.from(stockText(site.slug, after));
    const visible = (async () => {
      await sleep(250);
      const file = path.join(stockDir, `${site.slug}.json`);
      await writeFile(`${file}.tmp`, bytes);
      await rename(`${file}.tmp`, file);
      imported = performance.now();
      while (!(await sees())) await sleep(20);
      visibleAt = performance.now();
    })();
    const update = await loadWindow(send, rate, visible, 1000);
    const longest = slices.longest();
    return {
      cars,
      rate,
      firstSearchMs,
      baseline,
      update: {
        ...update,
        visibleAfterMs: Math.round(visibleAt - imported),
        longestSliceMs: longest.wall,
        slices: longest.slices,
      },
    };
  } finally {
    closeIndexes(indexes);
    rmSync(work, { recursive: true, force: true });
  }
}

/** A collected heap's size, where the process lets the bench collect (`gc` through V8's flag). */
function heapAfterCollection(): number | null {
  try {
    v8.setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    gc();
    gc();
    const usage = process.memoryUsage();
    return usage.heapUsed + usage.arrayBuffers;
  } catch {
    return null;
  }
}

/** `count` copies of the dealer's file as dealers of their own (`<slug>-<n>`), with `fields` changed. */
function dealerCopies(
  site: DealerConfig,
  dealersDir: string,
  into: string,
  count: number,
  fields: (raw: Record<string, unknown>) => Record<string, unknown>,
): string[] {
  mkdirSync(into, { recursive: true });
  const raw = JSON.parse(readFileSync(dealerFile(site.slug, dealersDir), 'utf8')) as Record<string, unknown>;
  const search = { ...(raw.search as Record<string, unknown>) };
  delete search.index_uid;
  return Array.from({ length: count }, (_, n) => {
    const slug = `${site.slug}-${n + 1}`;
    writeFileSync(path.join(into, `${slug}.json`), JSON.stringify(fields({ ...raw, slug, search })));
    return slug;
  });
}

export async function benchIndexMemory(
  site: DealerConfig,
  dealersDir: string,
  { dealers = 12, cars = 1000, limitMb = 48, rounds = 3 }: { dealers?: number; cars?: number; limitMb?: number; rounds?: number } = {},
): Promise<IndexMemoryResult> {
  const work = mkdtempSync(path.join(os.tmpdir(), 'bench-index-memory-'));
  const stockDir = path.join(work, 'stock');
  mkdirSync(stockDir);
  try {
    // One index alone first: what a car weighs.
    const perCarCars = 2000;
    const stock = generateDemoStock(site, perCarCars);
    writeStock(stockDir, site.slug, stock);
    const jsonBytes = stock.reduce((sum, car) => sum + JSON.stringify(car).length, 0) / perCarCars;
    const heapBefore = heapAfterCollection();
    const alone = createStockIndexes({ dealers: [site.slug], dealersDir, env: { STOCK_DIR: stockDir }, recheckMs: 60_000 });
    await alone.get(site.search.index_uid ?? site.slug);
    const heapAlone = heapAfterCollection();
    closeIndexes(alone);
    const heapPerCar = heapBefore !== null && heapAlone !== null ? (heapAlone - heapBefore) / perCarCars : null;

    const slugs = dealerCopies(site, dealersDir, path.join(work, 'dealers'), dealers, (raw) => raw);
    const cars1000 = generateDemoStock(site, cars);
    for (const slug of slugs) writeStock(stockDir, slug, cars1000);
    const limitBytes = limitMb * 1024 * 1024;
    const base = heapAfterCollection();
    const indexes = createStockIndexes({
      dealers: slugs,
      dealersDir: path.join(work, 'dealers'),
      env: { STOCK_DIR: stockDir },
      recheckMs: 60_000,
      memoryLimitBytes: limitBytes,
    });
    let searches = 0;
    let maxEstimateBytes = 0;
    for (let round = 0; round < rounds; round++) {
      for (const slug of slugs) {
        await multiSearchJson((u) => indexes.get(u), { queries: meiliQueries(scenarios()[round % 12]!, slug, Math.floor(Date.now() / 1000)) });
        searches += 1;
        maxEstimateBytes = Math.max(maxEstimateBytes, indexes.memory().bytes);
      }
    }
    const end = indexes.memory();
    const heapEnd = heapAfterCollection();
    closeIndexes(indexes);
    return {
      dealers,
      carsPerDealer: cars,
      limitBytes,
      searches,
      maxEstimateBytes,
      heldDealers: end.dealers.length,
      endEstimateBytes: end.bytes,
      heapGrowthBytes: base !== null && heapEnd !== null ? heapEnd - base : null,
      perCar: {
        cars: perCarCars,
        heapBytes: heapPerCar === null ? null : Math.round(heapPerCar),
        jsonBytes: Math.round(jsonBytes),
        besidesJsonBytes: heapPerCar === null ? null : Math.round(heapPerCar - jsonBytes),
        constant: INDEX_BYTES_PER_CAR,
      },
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

export async function benchIndexStart(
  site: DealerConfig,
  dealersDir: string,
  { dealers = 200, cars = 1000, limitMb = 128 }: { dealers?: number; cars?: number; limitMb?: number } = {},
): Promise<IndexStartResult> {
  const work = mkdtempSync(path.join(os.tmpdir(), 'bench-index-start-'));
  try {
    const dir = path.join(work, 'dealers');
    const slugs = dealerCopies(site, dealersDir, dir, dealers, (raw) => ({ ...raw, search: { ...(raw.search as object), demo_stock: cars } }));
    const limitBytes = limitMb * 1024 * 1024;
    // The dealer files, parsed before the clock starts: what follows is the indexes' own work.
    const configsStart = performance.now();
    const configs = createDealerConfigs({ dealersDir: dir });
    for (const slug of slugs) await configs.get(slug);
    const configSeconds = (performance.now() - configsStart) / 1000;
    const indexes = createStockIndexes({
      dealers: slugs,
      dealersDir: dir,
      configs,
      env: { STOCK_DIR: path.join(work, 'stock') },
      memoryLimitBytes: limitBytes,
    });
    const histogram = monitorEventLoopDelay({ resolution: 1 });
    histogram.enable();
    const started = performance.now();
    const warming = indexes.warm();
    const warmReturnMs = performance.now() - started;
    const last = slugs.at(-1)!;
    await multiSearchJson((u) => indexes.get(u), { queries: meiliQueries(scenarios()[0]!, last, Math.floor(Date.now() / 1000)) });
    const coldSearchMs = performance.now() - started;
    await warming;
    const warmSeconds = (performance.now() - started) / 1000;
    histogram.disable();
    const warmedDealers = indexes.memory().dealers.length;
    closeIndexes(indexes);
    return {
      dealers,
      carsPerDealer: cars,
      limitBytes,
      configSeconds: Math.round(configSeconds * 10) / 10,
      warmReturnMs: Math.round(warmReturnMs * 100) / 100,
      coldSearchMs: Math.round(coldSearchMs),
      warmSeconds: Math.round(warmSeconds * 10) / 10,
      warmedDealers,
      loopMaxMs: Math.round(histogram.max / 1e5) / 10,
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

const mb = (bytes: number | null): string => (bytes === null ? '-' : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

export function formatIndexUpdate(r: IndexUpdateResult): string {
  const row = (label: string, w: LoadWindow) =>
    `  ${label.padEnd(18)} ${String(w.searches).padStart(5)} searches  p50 ${w.latency.p50.toFixed(1)} ms  p95 ${w.latency.p95.toFixed(1)} ms  max ${w.latency.max} ms  event loop held at most ${w.loopMaxMs} ms (p99 ${w.loopP99Ms} ms); GC pauses up to ${w.gcMaxMs} ms, ${w.gcTotalMs} ms in all`;
  return [
    `Search index update: ${r.cars.toLocaleString('en-US')} cars replaced under ${r.rate} multi-searches/s (first search, loading the index: ${r.firstSearchMs} ms)`,
    row('steady, no update', r.baseline),
    row('while updating', r.update),
    `  new stock answered ${r.update.visibleAfterMs} ms after the import; the build's longest slice ${r.update.longestSliceMs ?? '-'} ms (collections in it included) of ${r.update.slices}`,
  ].join('\n');
}

export function formatIndexMemory(r: IndexMemoryResult): string {
  return [
    `Search index memory: ${r.dealers} dealers of ${r.carsPerDealer.toLocaleString('en-US')} cars under a ${mb(r.limitBytes)} bound, ${r.searches} searches round robin`,
    `  held at most ${mb(r.maxEstimateBytes)} (estimate); at the end ${r.heldDealers} dealers, ${mb(r.endEstimateBytes)} estimated, heap ${mb(r.heapGrowthBytes)} above before`,
    `  one ${r.perCar.cars.toLocaleString('en-US')}-car index: ${r.perCar.heapBytes ?? '-'} bytes of heap per car, ${r.perCar.besidesJsonBytes ?? '-'} besides its ${r.perCar.jsonBytes} bytes of JSON (INDEX_BYTES_PER_CAR ${r.perCar.constant})`,
  ].join('\n');
}

export function formatIndexStart(r: IndexStartResult): string {
  return [
    `Search index start: ${r.dealers} dealers of ${r.carsPerDealer.toLocaleString('en-US')} demo cars under a ${mb(r.limitBytes)} bound (their dealer files read first: ${r.configSeconds} s)`,
    `  warm() returned in ${r.warmReturnMs} ms; the last dealer's first search answered ${r.coldSearchMs} ms after; ${r.warmedDealers} dealers warmed in ${r.warmSeconds} s, event loop held at most ${r.loopMaxMs} ms`,
  ].join('\n');
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      cars: { type: 'string', default: '2000' },
      dealers: { type: 'string', default: '200' },
      'skip-memory': { type: 'boolean', default: false },
      'skip-start': { type: 'boolean', default: false },
      'skip-update': { type: 'boolean', default: false },
    },
  });
  const dealersDir = path.resolve('dealers');
  const site = loadDealer('kingfisher-toyota', dealersDir);
  if (!values['skip-update']) console.log(formatIndexUpdate(await benchIndexUpdate(site, dealersDir, { cars: Number(values.cars) })));
  if (!values['skip-memory']) console.log(formatIndexMemory(await benchIndexMemory(site, dealersDir)));
  if (!values['skip-start']) console.log(formatIndexStart(await benchIndexStart(site, dealersDir, { dealers: Number(values.dealers) })));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
