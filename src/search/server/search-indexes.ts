/**
 * The stock indexes the embedded search API answers for: one engine per served dealer, built from
 * the dealer's config and stock (`stockChunks`: the imported feed, else demo stock) and rebuilt
 * when the dealer file or `stockVersion(site)` changes, so `npm run stock:import` takes effect
 * without a restart.
 *
 * Off the request path. Building an index is hundreds of milliseconds of work for a large dealer
 * (reading and checking the feed, the text index, every attribute's value index): done in one go
 * on the event loop it held every request of every dealer behind it. So an index is built a slice
 * of `sliceCars` cars at a time, letting other requests run between slices (`pause`), while the
 * dealer's searches keep being answered from the index it replaces; the new one is swapped in when
 * complete. Only a dealer's first search (no index yet: a load, not an update) waits for it. The
 * cars held by deposits (`held`) change far more often than stock: they are overlaid on the
 * current index in place (`withReplaced`, a copy of the document list), never rebuilt.
 *
 * Within a memory bound. A process keeps at most `memoryLimitBytes` of indexes (estimated per index
 * from its cars and their size, plus the answers it caches), loading a dealer's on its first search
 * and dropping the least recently searched when over. `warm()` loads dealers in the background,
 * as many as fit, without holding up the start.
 *
 * Each index is served with the dealer's listing rule as its scope (see listed-stock.ts), so no
 * request reads a car the site does not show, and with a cache of answers that lives exactly as
 * long as the engine and scope it was computed from. A stock file that cannot be read keeps the
 * previous engine serving.
 */
import type { DealerConfig } from '../../platform/config/schema';
import { AnswerCache, SearchEngineBuilder, type DocumentSet, type SearchDocument, type SearchEngine, type SearchIndex } from '@dealer-sites/search-engine';
import { stockChunks, stockVersion } from '../../stock/server/store';
import { createDealerConfigs, fileVersion, type DealerConfigs } from '../../platform/config/dealer-configs';
import { dealerFile } from '../../platform/config/load';
import { listedScope } from './listed-stock';
import { withLocationPoints } from '../model/location-points';
import { withSortPrice } from '../model/sort-price';
import { dealerIndexSettings } from '../model/text-settings';

export interface SearchIndexProvider {
  /** The index (engine, scope, answer cache) for a uid, or undefined when no served dealer has that index. */
  get(uid: string): Promise<SearchIndex | undefined>;
}

export interface IndexMemory {
  /** Estimated bytes of the indexes held now, with their cached answers. */
  bytes: number;
  limitBytes: number;
  /** Dealers whose index is held, least recently searched first. */
  dealers: string[];
}

export interface StockIndexes extends SearchIndexProvider {
  /**
   * Loads served dealers' indexes in the background, in order, until the memory bound is reached,
   * so most first searches find theirs ready. Returns at once; the promise settles when warming
   * is over (never rejects: a dealer whose index cannot be built is logged, and its searches
   * answer the problem). Not to be awaited before serving.
   */
  warm(): Promise<void>;
  /** Resolves once no index is being loaded, updated or warmed: for tests and the bench. */
  settled(): Promise<void>;
  memory(): IndexMemory;
  /** Stops the background check of held dealers' files (tests; a server just exits). */
  close(): void;
}

/** SEARCH_INDEX_MEMORY_MB's default: about 55,000 cars of demo-like stock (docs/decisions/search-engine.md). */
export const DEFAULT_INDEX_MEMORY_MB = 512;

/**
 * Heap per indexed car besides its source text: the document object, its share of the text
 * index and of every filterable and sortable attribute's value index, measured over 2,000 demo
 * cars (about 4,950 bytes; `npx tsx scripts/bench/search-updates.ts` prints it). A car's source
 * JSON is added on top, byte for byte, so a feed with long descriptions counts for what it holds.
 */
export const INDEX_BYTES_PER_CAR = 5000;

/**
 * Cars read and indexed per slice, then other requests run: about 2 ms of work from a feed file
 * on this project's 2-core machine, 5 ms of demo stock (generated as it is indexed).
 */
export const SLICE_CARS = 25;

export interface StockIndexOptions {
  /** Dealers this server hosts. */
  dealers: readonly string[];
  dealersDir: string;
  /** Shared parsed dealer configs (the app passes its own); by default read from `dealersDir`. */
  configs?: DealerConfigs;
  /** For STOCK_DIR and SEARCH_INDEX_MEMORY_MB. */
  env?: NodeJS.ProcessEnv;
  /** Clock for the demo stock's day and for `recheckMs`; tests pin it. */
  now?: () => number;
  /** Where rebuild problems are reported. */
  log?: (message: string) => void;
  /**
   * How often a held index's dealer file and stock file are compared with those it was built from
   * (default 1 s): on a search at most this often, and in the background for every held index,
   * so an import is noticed within about this time even when nobody searches. Each check is two
   * file stats, which at a thousand searches a second would be most of the work. Tests that
   * rewrite a file and search at once pass 0 (no background check: every search compares).
   */
  recheckMs?: number;
  /**
   * The dealer's cars held by a paid deposit right now (the server composes it from checkout's
   * reservations; search knows only the shape). Held cars are indexed with `reserved: true`, set
   * on the current index as soon as the set's version changes (a copy of the document list, no
   * rebuild). Asked on every search: it must be cheap (the server's reads the database at most
   * once a second).
   */
  held?: (slug: string) => Promise<{ version: string; ids: ReadonlySet<string> }>;
  /** The most the held indexes may weigh; default SEARCH_INDEX_MEMORY_MB (512) mebibytes. */
  memoryLimitBytes?: number;
  /** Cars per slice of a build (default SLICE_CARS). */
  sliceCars?: number;
  /** Lets other work run between slices of a build; default `setImmediate`. */
  pause?: () => Promise<void>;
}

interface HeldSet {
  version: string;
  ids: ReadonlySet<string>;
}

interface Entry {
  slug: string;
  /** The dealer file's and the stock's versions this engine was built from. */
  version: string;
  site: DealerConfig;
  /** The stock as indexed, before the held overlay: what a car goes back to when its hold ends. */
  base: readonly SearchDocument[];
  /** `base` with the cars of `held` marked reserved. */
  engine: SearchEngine;
  held: HeldSet;
  /** Estimated heap of the index (not counting its cached answers). */
  bytes: number;
  /** The second `scope` was last worked out for: the sold window moves with the clock. */
  second: number;
  scope: DocumentSet | null;
  answers: AnswerCache;
  /** A search has asked for it (a warmed index nobody asked for yet is the first to go). */
  used: boolean;
}

type JobKind = 'load' | 'update' | 'warm';
/** Which job goes first: a search waits on a load; nobody waits on an update or a warm-up. */
const PRIORITY: Record<JobKind, number> = { load: 0, update: 1, warm: 2 };

interface Job {
  slug: string;
  version: string;
  site: DealerConfig;
  kind: JobKind;
  cancelled: boolean;
  /** The index it built, for the searches waiting on it (even if it is dropped again at once). */
  entry?: Entry;
  /** Resolves when the job is over, done, failed or cancelled (never rejects). */
  done: Promise<void>;
  finish: () => void;
}

/** One served dealer's state. */
interface Dealer {
  entry?: Entry;
  job?: Job;
  /** The version that last failed to build, and why: not tried again until the files change. */
  failed?: { version: string; error: Error };
  /** When its files were last compared (`now()`). */
  checkedAt: number;
}

const NONE_HELD: HeldSet = { version: '', ids: new Set<string>() };

const sameSet = (a: DocumentSet | null, b: DocumentSet | null): boolean => (a === null || b === null ? a === b : a.equals(b));

const setImmediatePause = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

const message = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** SEARCH_INDEX_MEMORY_MB in bytes; a start with a value that is not a whole number above 0 stops. */
export function indexMemoryLimit(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.SEARCH_INDEX_MEMORY_MB?.trim();
  if (!raw) return DEFAULT_INDEX_MEMORY_MB * 1024 * 1024;
  const mb = Number(raw);
  if (!Number.isInteger(mb) || mb < 1) throw new Error(`SEARCH_INDEX_MEMORY_MB must be a whole number of mebibytes above 0, got "${raw}"`);
  return mb * 1024 * 1024;
}

/** The held set marked on a slice of stock. */
const withHeld = (cars: readonly SearchDocument[], held: HeldSet): readonly SearchDocument[] =>
  held.ids.size === 0 ? cars : cars.map((car) => (held.ids.has(String(car.id)) ? { ...car, reserved: true } : car));

export function createStockIndexes({
  dealers,
  dealersDir,
  configs,
  env = process.env,
  now = Date.now,
  log = console.error,
  recheckMs = 1000,
  held,
  memoryLimitBytes,
  sliceCars = SLICE_CARS,
  pause = setImmediatePause,
}: StockIndexOptions): StockIndexes {
  const dealerConfigs = configs ?? createDealerConfigs({ dealersDir, log });
  const limitBytes = memoryLimitBytes ?? indexMemoryLimit(env);
  /** Per dealer; the ones holding an index are kept least recently searched first (Map order). */
  const states = new Map<string, Dealer>();
  /** The dealer behind each index uid asked for. */
  const uids = new Map<string, string>();
  const queue: Job[] = [];
  let running: Job | undefined;
  let idle: (() => void)[] = [];
  let warming: Promise<void> | undefined;
  let poll: NodeJS.Timeout | undefined;
  let polling = false;

  const config = (slug: string) => dealerConfigs.versioned(slug);
  const indexUid = (site: DealerConfig): string => site.search.index_uid ?? site.slug;
  const state = (slug: string): Dealer => {
    let found = states.get(slug);
    if (!found) {
      found = { checkedAt: -Infinity };
      states.set(slug, found);
    }
    return found;
  };

  /** The served dealer whose index is `uid`: by slug first, then by a configured index_uid. */
  async function dealerFor(uid: string): Promise<{ slug: string; version: string; config: DealerConfig } | undefined> {
    if (dealers.includes(uid)) {
      const found = await config(uid);
      if (indexUid(found.config) === uid) return { slug: uid, ...found };
    }
    for (const slug of dealers) {
      const found = await config(slug);
      if (indexUid(found.config) === uid) return { slug, ...found };
    }
    return undefined;
  }

  // ---- noticing changes ----------------------------------------------------------------------

  /** The dealer's job, unless it was cancelled. */
  const liveJob = (dealer: Dealer): Job | undefined => (dealer.job && !dealer.job.cancelled ? dealer.job : undefined);

  /** Whether the dealer's files are to be compared now: at most once per recheckMs while it has an index or a job. */
  const due = (dealer: Dealer): boolean => (!dealer.entry && !liveJob(dealer)) || Math.abs(now() - dealer.checkedAt) >= recheckMs;

  /** The feed's size and mtime (or for demo stock the UTC day its dates count back from), with the dealer file's version. */
  const versionOf = (dealerVersion: string, site: DealerConfig): string => `${dealerVersion}|${stockVersion(site, env, now())}`;

  /** Compares the dealer's files with its index's and schedules what they call for. */
  function notice(slug: string, dealerVersion: string, site: DealerConfig): void {
    const dealer = state(slug);
    dealer.checkedAt = now();
    const version = versionOf(dealerVersion, site);
    const job = liveJob(dealer);
    if (dealer.entry?.version === version) {
      // Back to what is served (a file restored): an update to something else is moot.
      if (job && job.version !== version) cancel(job);
      return;
    }
    if (job?.version === version || dealer.failed?.version === version) return;
    if (job) cancel(job);
    schedule(slug, version, site, dealer.entry ? 'update' : 'load');
  }

  /** Every held index's files, compared in the background, so an import is noticed with nobody searching. */
  async function checkHeld(): Promise<void> {
    if (polling) return;
    polling = true;
    try {
      for (const [slug, dealer] of [...states]) {
        if (!dealer.entry || !due(dealer)) continue;
        // A dealer whose file is gone (a removed dealer, a test's folder) has nothing to rebuild from.
        if ((await fileVersion(dealerFile(slug, dealersDir))) === 'absent') continue;
        try {
          const found = await config(slug);
          notice(slug, found.version, found.config);
        } catch {
          // A dealer file that was never readable: its searches say so.
        }
      }
    } finally {
      polling = false;
    }
  }

  function startPolling(): void {
    if (poll || recheckMs <= 0) return;
    poll = setInterval(() => void checkHeld(), recheckMs);
    poll.unref();
  }

  // ---- jobs: loads, updates and warm-ups, one at a time ------------------------------------

  function schedule(slug: string, version: string, site: DealerConfig, kind: JobKind): Job {
    let finish!: () => void;
    const done = new Promise<void>((resolve) => (finish = resolve));
    const job: Job = { slug, version, site, kind, cancelled: false, done, finish };
    state(slug).job = job;
    queue.push(job);
    sortQueue();
    void pump();
    return job;
  }

  /** Loads before updates before warm-ups; in the order asked within each. */
  function sortQueue(): void {
    queue.sort((a, b) => PRIORITY[a.kind] - PRIORITY[b.kind]);
  }

  function cancel(job: Job): void {
    job.cancelled = true;
    const waiting = queue.indexOf(job);
    if (waiting !== -1) {
      queue.splice(waiting, 1);
      endJob(job);
    }
  }

  function endJob(job: Job): void {
    const dealer = state(job.slug);
    if (dealer.job === job) dealer.job = undefined;
    job.finish();
  }

  async function pump(): Promise<void> {
    if (running) return;
    const job = queue.shift();
    if (!job) {
      for (const resolve of idle) resolve();
      idle = [];
      return;
    }
    running = job;
    try {
      await build(job);
    } catch (error) {
      failed(job, error);
    } finally {
      running = undefined;
      endJob(job);
      void pump();
    }
  }

  function failed(job: Job, error: unknown): void {
    if (job.cancelled) return;
    const dealer = state(job.slug);
    dealer.failed = { version: job.version, error: error instanceof Error ? error : new Error(String(error)) };
    if (dealer.entry) {
      // A feed caught mid-write, or broken: keep answering from the last good stock.
      log(`search: could not reload the stock of ${job.slug}, still serving the previous stock: ${message(error)}`);
    } else if (job.kind === 'warm') {
      // The dealer's searches answer the problem when they come; the other dealers still warm.
      log(`search: could not build the index of ${job.slug} at start: ${message(error)}`);
    }
  }

  /** Builds the job's index a slice at a time and swaps it in. */
  async function build(job: Job): Promise<void> {
    const heldSet = held ? await held(job.slug) : NONE_HELD;
    const builder = new SearchEngineBuilder(dealerIndexSettings(job.site));
    const base: SearchDocument[] = [];
    let sourceBytes = 0;
    for await (const chunk of stockChunks(job.site, env, sliceCars)) {
      if (job.cancelled) return;
      const cars = withLocationPoints(job.site, chunk.vehicles).map(withSortPrice);
      base.push(...cars);
      sourceBytes += chunk.bytes;
      builder.add(withHeld(cars, heldSet));
      await pause();
    }
    const steps = builder.finish();
    let engine: SearchEngine | undefined;
    while (!engine) {
      if (job.cancelled) return;
      const step = steps.next();
      if (step.done) engine = step.value;
      else await pause();
    }
    if (job.cancelled) return;
    const dealer = state(job.slug);
    // A new engine gets a new cache: answers from the old stock go with it.
    dealer.entry = job.entry = {
      slug: job.slug,
      version: job.version,
      site: job.site,
      base,
      engine,
      held: heldSet,
      bytes: base.length * INDEX_BYTES_PER_CAR + sourceBytes,
      second: -1,
      scope: null,
      answers: new AnswerCache(),
      used: job.kind !== 'warm',
    };
    dealer.failed = undefined;
    touch(job.slug);
    startPolling();
    // A warmed index that does not fit is dropped by the warm-up itself rather than evict one in use.
    if (job.kind !== 'warm') bound(job.slug);
  }

  // ---- memory ------------------------------------------------------------------------------

  /** Marks the dealer most recently used (last in `states`). */
  function touch(slug: string): void {
    const dealer = states.get(slug);
    if (!dealer) return;
    states.delete(slug);
    states.set(slug, dealer);
  }

  const weight = (entry: Entry): number => entry.bytes + entry.answers.bytes;

  function memory(): IndexMemory {
    let bytes = 0;
    const held: string[] = [];
    for (const [slug, dealer] of states) {
      if (!dealer.entry) continue;
      bytes += weight(dealer.entry);
      held.push(slug);
    }
    return { bytes, limitBytes, dealers: held };
  }

  /** Drops the least recently searched indexes (never `keep`'s) until the held ones fit the bound. */
  function bound(keep: string): void {
    let { bytes } = memory();
    for (const [slug, dealer] of states) {
      if (bytes <= limitBytes) return;
      if (!dealer.entry || slug === keep) continue;
      bytes -= weight(dealer.entry);
      dealer.entry = undefined;
      // An update of a dropped index would only bring it back.
      if (dealer.job && dealer.job.kind !== 'load') cancel(dealer.job);
    }
  }

  // ---- serving -----------------------------------------------------------------------------

  /**
   * The entry with the cars held now marked reserved: the changed cars replaced in a copy of the
   * engine (it shares every index the flag does not touch), with a new answer cache.
   */
  async function withHeldNow(dealer: Dealer, entry: Entry): Promise<Entry> {
    if (!held) return entry;
    const heldSet = await held(entry.slug);
    if (heldSet.version === entry.held.version) return entry;
    const changes = new Map<number, SearchDocument>();
    for (const id of new Set([...entry.held.ids, ...heldSet.ids])) {
      if (entry.held.ids.has(id) === heldSet.ids.has(id)) continue;
      const position = entry.engine.positionOf(id);
      if (position === undefined) continue;
      const car = entry.base[position]!;
      changes.set(position, heldSet.ids.has(id) ? { ...car, reserved: true } : car);
    }
    const next: Entry =
      changes.size === 0
        ? { ...entry, held: heldSet }
        : { ...entry, held: heldSet, engine: entry.engine.withReplaced(changes), second: -1, scope: null, answers: new AnswerCache() };
    // Unless an update swapped in meanwhile (it was built with the holds of its own start).
    if (dealer.entry === entry) dealer.entry = next;
    return next;
  }

  /** The entry as an index, its scope brought up to this second; the cache is emptied only when the scope's cars change. */
  function served(entry: Entry): SearchIndex {
    const second = Math.floor(now() / 1000);
    if (entry.second !== second) {
      const scope = listedScope(entry.engine, entry.site, second);
      if (!sameSet(scope, entry.scope)) {
        entry.scope = scope;
        entry.answers.clear();
      }
      entry.second = second;
    }
    return { engine: entry.engine, answers: entry.answers, ...(entry.scope ? { scope: entry.scope } : {}) };
  }

  /** The dealer's index, waiting for its load when it has none (a load, not an update). */
  async function loaded(slug: string): Promise<Entry> {
    const dealer = state(slug);
    for (;;) {
      if (dealer.entry) return dealer.entry;
      let job = liveJob(dealer);
      if (!job) {
        // Its index was dropped, or its last load was cancelled: load it again, unless these files failed.
        const found = await config(slug);
        notice(slug, found.version, found.config);
        job = liveJob(dealer);
        if (!job) {
          if (dealer.entry) return dealer.entry;
          throw dealer.failed?.error ?? new Error(`The index of ${slug} could not be loaded`);
        }
      }
      if (job.kind === 'warm') {
        // Someone is waiting for it now.
        job.kind = 'load';
        sortQueue();
      }
      await job.done;
      if (job.entry) return job.entry;
    }
  }

  async function get(uid: string): Promise<SearchIndex | undefined> {
    let slug = uids.get(uid);
    const known = slug === undefined ? undefined : states.get(slug);
    if (slug === undefined || !known || due(known)) {
      const dealer = await dealerFor(uid);
      if (!dealer) {
        uids.delete(uid);
        return undefined;
      }
      slug = dealer.slug;
      uids.set(uid, slug);
      if (due(state(slug))) notice(slug, dealer.version, dealer.config);
    }
    const entry = await loaded(slug);
    entry.used = true;
    touch(slug);
    bound(slug);
    return served(await withHeldNow(state(slug), entry));
  }

  async function warmAll(): Promise<void> {
    for (const slug of dealers) {
      if (memory().bytes >= limitBytes) return;
      const dealer = state(slug);
      if (dealer.entry || dealer.job) continue;
      try {
        const found = await config(slug);
        dealer.checkedAt = now();
        await schedule(slug, versionOf(found.version, found.config), found.config, 'warm').done;
      } catch (error) {
        log(`search: could not build the index of ${slug} at start: ${message(error)}`);
        continue;
      }
      // Over the bound with an index nobody has asked for: drop it and stop, rather than evict one in use.
      const entry = state(slug).entry;
      if (entry && !entry.used && memory().bytes > limitBytes) {
        state(slug).entry = undefined;
        return;
      }
    }
  }

  return {
    get,
    warm() {
      warming ??= warmAll().finally(() => (warming = undefined));
      return warming;
    },
    async settled() {
      while (running || queue.length > 0 || warming) {
        if (warming) await warming;
        else await new Promise<void>((resolve) => idle.push(resolve));
      }
    },
    memory,
    close() {
      if (poll) clearInterval(poll);
      poll = undefined;
      for (const job of [...queue]) cancel(job);
      if (running) running.cancelled = true;
    },
  };
}
