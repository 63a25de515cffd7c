/**
 * The stock indexes the embedded search API answers for: one engine per served dealer, built on
 * first use from the dealer's config and stock (`loadStock`: the imported feed, else demo stock),
 * and rebuilt when the dealer file changes or `stockVersion(site)` does, so `npm run stock:import`
 * takes effect without a restart. A stock file that cannot be read keeps the previous engine
 * serving.
 */
import type { DealerConfig } from '../../platform/config/schema';
import { SearchEngine } from '@dealer-sites/search-engine';
import { indexSettings } from '../model/index-settings';
import { loadStock, stockVersion } from '../../stock/server/store';
import { createDealerConfigs, type DealerConfigs } from '../../platform/config/dealer-configs';

export interface SearchIndexProvider {
  /** The engine for an index uid, or undefined when no served dealer has that index. */
  get(uid: string): Promise<SearchEngine | undefined>;
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
}

interface Entry {
  version: string;
  engine: SearchEngine;
}

export function createStockIndexes({
  dealers,
  dealersDir,
  configs,
  env = process.env,
  now = Date.now,
  log = console.error,
}: StockIndexOptions): SearchIndexProvider {
  const dealerConfigs = configs ?? createDealerConfigs({ dealersDir, log });
  const engines = new Map<string, Entry>();
  const building = new Map<string, Promise<SearchEngine>>();
  /** The stock version that last failed to load per dealer, so a broken feed is not re-read per request. */
  const failed = new Map<string, string>();

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

  async function build(slug: string, site: DealerConfig, version: string): Promise<SearchEngine> {
    await Promise.resolve();
    const engine = new SearchEngine(loadStock(site, env), indexSettings);
    engines.set(slug, { version, engine });
    return engine;
  }

  return {
    async get(uid) {
      const dealer = await dealerFor(uid);
      if (!dealer) return undefined;
      // The feed's size and mtime, or for demo stock the UTC day its dates count back from.
      const version = `${dealer.version}|${stockVersion(dealer.config, env, now())}`;
      const current = engines.get(dealer.slug);
      if (current?.version === version) return current.engine;
      if (current && failed.get(dealer.slug) === version) return current.engine;

      const key = `${dealer.slug}|${version}`;
      let pending = building.get(key);
      if (!pending) {
        pending = build(dealer.slug, dealer.config, version).finally(() => building.delete(key));
        building.set(key, pending);
      }
      try {
        return await pending;
      } catch (error) {
        // A feed caught mid-write, or broken: keep answering from the last good stock.
        if (current) {
          failed.set(dealer.slug, version);
          log(
            `search: could not reload the stock of ${dealer.slug}, still serving the previous stock: ${error instanceof Error ? error.message : String(error)}`,
          );
          return current.engine;
        }
        throw error;
      }
    },
  };
}
