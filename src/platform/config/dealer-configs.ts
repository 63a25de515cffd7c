/**
 * Parsed dealer configs for the running server, one per dealer, re-read when the dealer file's
 * size or modification time changes, so editing `dealers/<slug>.json` takes effect without a
 * restart. A file caught mid-edit (or broken) keeps the last valid config serving, and is listed
 * by `failures()` (for /api/health) until it reads again; a file broken before the server started
 * serves the config of the dealer's last good build (`fallback`) when there is one.
 */
import { stat } from 'node:fs/promises';
import { DealerConfigError, dealerFile, loadDealer } from './load';
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
  /** Dealers whose file does not read as last looked at, with the reason: they are served from their last valid config. */
  failures(): DealerFileFailure[];
}

export interface DealerFileFailure {
  slug: string;
  file: string;
  /** What is wrong, one problem a line (file:line:column path: message; fix). */
  reason: string;
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
  /** The config a dealer's last good build was made from, served when its file has never read here. */
  fallback?: (slug: string) => DealerConfig | undefined;
  /**
   * Dealers refused when the server started although their file reads (a dealer id another
   * dealer had first), with the reason: served from `fallback` until the next start.
   */
  refused?: ReadonlyMap<string, string>;
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

export function createDealerConfigs({
  dealersDir,
  log = console.error,
  checkEveryMs = 0,
  now = Date.now,
  fallback,
  refused,
}: DealerConfigOptions): DealerConfigs {
  const cache = new Map<string, VersionedConfig>();
  const checkedAt = new Map<string, number>();
  const failing = new Map<string, DealerFileFailure>();

  async function versioned(slug: string): Promise<VersionedConfig> {
    const cached = cache.get(slug);
    const at = now();
    if (cached && checkEveryMs > 0 && at - (checkedAt.get(slug) ?? -Infinity) < checkEveryMs) return cached;
    checkedAt.set(slug, at);
    const refusal = refused?.get(slug);
    const kept = refusal !== undefined ? fallback?.(slug) : undefined;
    if (refusal !== undefined && kept) {
      failing.set(slug, { slug, file: dealerFile(slug, dealersDir), reason: refusal });
      const entry = { version: 'refused', config: kept };
      cache.set(slug, entry);
      return entry;
    }
    const version = await fileVersion(dealerFile(slug, dealersDir));
    if (cached && cached.version === version) return cached;
    try {
      const fresh = { version, config: loadDealer(slug, dealersDir) };
      cache.set(slug, fresh);
      failing.delete(slug);
      return fresh;
    } catch (error) {
      const reason = error instanceof DealerConfigError ? error.problems.join('\n') : error instanceof Error ? error.message : String(error);
      failing.set(slug, { slug, file: dealerFile(slug, dealersDir), reason });
      // An edit in progress must not take the dealer's site down: keep the last valid file, or
      // the one its last good build was made from.
      const previous = cached?.config ?? fallback?.(slug);
      if (!previous) throw error;
      log(
        `dealer config: ${error instanceof Error ? error.message : String(error)}\n  still using the ${cached ? 'previous' : "last good build's"} ${slug} config`,
      );
      const entry = { version, config: previous };
      cache.set(slug, entry);
      return entry;
    }
  }

  return {
    versioned,
    get: async (slug) => (await versioned(slug)).config,
    failures: () => [...failing.values()],
  };
}
