/**
 * The stock indexes the embedded search API answers for: one engine per served dealer, built
 * before the server takes requests (`warm`), else on first use, from the dealer's config and
 * stock (`loadStock`: the imported feed, else demo stock), and rebuilt when the dealer file
 * changes or `stockVersion(site)` does, so `npm run stock:import` takes effect without a restart. A stock file that cannot be read keeps the previous engine
 * serving.
 *
 * Each index is served with the dealer's listing rule as its scope (see listed-stock.ts), so no
 * request reads a car the site does not show, and with a cache of answers that lives exactly as
 * long as the engine and scope it was computed from.
 */
import type { DealerConfig } from '../../platform/config/schema';
import { AnswerCache, SearchEngine, type DocumentSet, type SearchIndex } from '@dealer-sites/search-engine';
import { indexSettings } from '../model/index-settings';
import { loadStock, stockVersion } from '../../stock/server/store';
import { createDealerConfigs, type DealerConfigs } from '../../platform/config/dealer-configs';
import { listedScope } from './listed-stock';
import { withLocationPoints } from '../model/location-points';

export interface SearchIndexProvider {
  /** The index (engine, scope, answer cache) for a uid, or undefined when no served dealer has that index. */
  get(uid: string): Promise<SearchIndex | undefined>;
}

export interface StockIndexes extends SearchIndexProvider {
  /**
   * Builds every served dealer's index now. Building one is hundreds of milliseconds of work
   * that holds the whole process for a large dealer; the server does it before it takes requests,
   * so no shopper's first search waits for it and no other dealer's request stalls behind it.
   */
  warm(): Promise<void>;
}

export interface StockIndexOptions {
  /** Dealers this server hosts. */
  dealers: readonly string[];
  dealersDir: string;
  /** Shared parsed dealer configs (the app passes its own); by default read from `dealersDir`. */
  configs?: DealerConfigs;
  /** For STOCK_DIR. */
  env?: NodeJS.ProcessEnv;
  /** Clock for the demo stock's day; tests pin it. */
  now?: () => number;
  /** Where rebuild problems are reported. */
  log?: (message: string) => void;
  /**
   * How long a check of the dealer file and stock file holds (default 1 s): each check is two file
   * stats, which at a thousand searches a second would be most of the work. Tests that rewrite a
   * file and search at once pass 0.
   */
  recheckMs?: number;
  /**
   * The dealer's cars held by a paid deposit right now (the server composes it from checkout's
   * reservations; search knows only the shape). Held cars are indexed with `reserved: true`, and
   * the set's version joins the index version, so a new hold is searchable as reserved as soon
   * as the overlay reports it. Asked on every search: it must be cheap (the server's reads the
   * database at most once a second).
   */
  held?: (slug: string) => Promise<{ version: string; ids: ReadonlySet<string> }>;
}

interface Entry {
  version: string;
  /** The held set's version this engine was built with. */
  heldVersion: string;
  engine: SearchEngine;
  site: DealerConfig;
  /** The second `scope` was last worked out for: the sold window moves with the clock. */
  second: number;
  scope: DocumentSet | null;
  answers: AnswerCache;
}

const NONE_HELD = { version: '', ids: new Set<string>() } as const;

const sameSet = (a: DocumentSet | null, b: DocumentSet | null): boolean => (a === null || b === null ? a === b : a.equals(b));

export function createStockIndexes({
  dealers,
  dealersDir,
  configs,
  env = process.env,
  now = Date.now,
  log = console.error,
  recheckMs = 1000,
  held,
}: StockIndexOptions): StockIndexes {
  const dealerConfigs = configs ?? createDealerConfigs({ dealersDir, log });
  const engines = new Map<string, Entry>();
  const building = new Map<string, Promise<Entry>>();
  /** The stock version that last failed to load per dealer, so a broken feed is not re-read per request. */
  const failed = new Map<string, string>();
  /** Per index uid: when its files were last compared (performance.now()) and the entry they matched. */
  const checked = new Map<string, { at: number; entry: Entry }>();

  const config = (slug: string): Promise<{ version: string; config: DealerConfig }> => dealerConfigs.versioned(slug);

  const indexUid = (site: DealerConfig): string => site.search.index_uid ?? site.slug;

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

  const heldOf = async (slug: string): Promise<{ version: string; ids: ReadonlySet<string> }> => (held ? held(slug) : NONE_HELD);

  async function build(slug: string, site: DealerConfig, version: string, heldSet: { version: string; ids: ReadonlySet<string> }): Promise<Entry> {
    await Promise.resolve();
    const stock = withLocationPoints(site, loadStock(site, env));
    const documents = heldSet.ids.size === 0 ? stock : stock.map((car) => (heldSet.ids.has(String(car.id)) ? { ...car, reserved: true } : car));
    const engine = new SearchEngine(documents, indexSettings);
    // A new engine gets a new cache: answers from the old stock go with it.
    const entry: Entry = { version, heldVersion: heldSet.version, engine, site, second: -1, scope: null, answers: new AnswerCache() };
    engines.set(slug, entry);
    return entry;
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

  /** The entry for `uid` after comparing the dealer file and stock with those it was built from. */
  async function compared(uid: string): Promise<Entry | undefined> {
    const dealer = await dealerFor(uid);
    if (!dealer) return undefined;
    // The feed's size and mtime, or for demo stock the UTC day its dates count back from.
    const heldSet = await heldOf(dealer.slug);
    const version = `${dealer.version}|${stockVersion(dealer.config, env, now())}|${heldSet.version}`;
    const existing = engines.get(dealer.slug);
    if (existing?.version === version) return existing;
    if (existing && failed.get(dealer.slug) === version) return existing;

    const key = `${dealer.slug}|${version}`;
    let pending = building.get(key);
    if (!pending) {
      pending = build(dealer.slug, dealer.config, version, heldSet).finally(() => building.delete(key));
      building.set(key, pending);
    }
    try {
      return await pending;
    } catch (error) {
      // A feed caught mid-write, or broken: keep answering from the last good stock.
      if (existing) {
        failed.set(dealer.slug, version);
        log(
          `search: could not reload the stock of ${dealer.slug}, still serving the previous stock: ${error instanceof Error ? error.message : String(error)}`,
        );
        return existing;
      }
      throw error;
    }
  }

  async function get(uid: string): Promise<SearchIndex | undefined> {
    const at = performance.now();
    const recent = checked.get(uid);
    // Still the dealer's engine (no other uid rebuilt it), compared less than recheckMs ago, and
    // built with the cars held now.
    if (
      recent &&
      at - recent.at < recheckMs &&
      engines.get(recent.entry.site.slug) === recent.entry &&
      (!held || (await held(recent.entry.site.slug)).version === recent.entry.heldVersion)
    ) {
      return served(recent.entry);
    }
    const entry = await compared(uid);
    if (!entry) {
      checked.delete(uid);
      return undefined;
    }
    checked.set(uid, { at, entry });
    return served(entry);
  }

  return {
    get,
    async warm() {
      for (const slug of dealers) {
        try {
          await get(indexUid((await config(slug)).config));
        } catch (error) {
          // The dealer's searches answer the problem when they come; the other dealers still warm.
          log(`search: could not build the index of ${slug} at start: ${error instanceof Error ? error.message : String(error)}`);
        }
        // Between dealers, whatever else is waiting runs.
        await new Promise((resolve) => setImmediate(resolve));
      }
    },
  };
}
