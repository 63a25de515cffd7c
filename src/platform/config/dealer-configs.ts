/**
 * Parsed dealer configs for the running server, one per dealer, re-read when the dealer file's
 * size or modification time changes, so editing `dealers/<slug>.json` takes effect without a
 * restart. A file caught mid-edit (or broken) keeps the last valid config serving.
 */
import { stat } from 'node:fs/promises';
import { dealerFile, loadDealer } from './load';
import type { DealerConfig } from './schema';

export interface VersionedConfig {
  /** Changes whenever the dealer file does (size and mtime), for caches built from the config. */
  version: string;
  config: DealerConfig;
}

export interface DealerConfigs {
  /** The dealer's current config; throws when the file has never been readable. */
  get(slug: string): Promise<DealerConfig>;
  /** The config with its version, for callers that cache things derived from it. */
  versioned(slug: string): Promise<VersionedConfig>;
}

export interface DealerConfigOptions {
  dealersDir: string;
  /** Where a broken file is reported (once per file version). */
  log?: (message: string) => void;
  /**
   * Look at a dealer's file at most this often (default 0: on every call). The server passes a
   * second: an edit still shows within it, and a busy server stops asking the file system on
   * every request.
   */
  checkEveryMs?: number;
  now?: () => number;
}

/** Size and modification time, or "absent": enough to notice a rewritten file. */
export async function fileVersion(file: string): Promise<string> {
  try {
    const info = await stat(file);
    return `${info.size}:${info.mtimeMs}`;
  } catch {
    return 'absent';
  }
}

export function createDealerConfigs({ dealersDir, log = console.error, checkEveryMs = 0, now = Date.now }: DealerConfigOptions): DealerConfigs {
  const cache = new Map<string, VersionedConfig>();
  const checkedAt = new Map<string, number>();

  async function versioned(slug: string): Promise<VersionedConfig> {
    const cached = cache.get(slug);
    const at = now();
    if (cached && checkEveryMs > 0 && at - (checkedAt.get(slug) ?? -Infinity) < checkEveryMs) return cached;
    checkedAt.set(slug, at);
    const version = await fileVersion(dealerFile(slug, dealersDir));
    if (cached && cached.version === version) return cached;
    try {
      const fresh = { version, config: loadDealer(slug, dealersDir) };
      cache.set(slug, fresh);
      return fresh;
    } catch (error) {
      // An edit in progress must not take the dealer's site down: keep the last valid file.
      if (!cached) throw error;
      log(`dealer config: ${error instanceof Error ? error.message : String(error)}\n  still using the previous ${slug} config`);
      const kept = { ...cached, version };
      cache.set(slug, kept);
      return kept;
    }
  }

  return {
    versioned,
    get: async (slug) => (await versioned(slug)).config,
  };
}
