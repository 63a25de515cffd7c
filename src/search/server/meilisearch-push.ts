/**
 * Pushes dealers' stock to a real Meilisearch (`npm run search:push`), with the index settings
 * declared once in src/search/model/index-settings.ts.
 *
 * Each push builds a complete new index beside the live one — settings first, then every
 * document — checks its document count, and only then swaps the two with Meilisearch's atomic
 * index swap. Shoppers therefore see the old stock or the new, never an index half-filled or
 * half-deleted, and a push that fails at any step leaves the live index exactly as it was.
 * (Adding documents to the live index and deleting the leftovers would briefly show both sold
 * cars and new ones, and settings changes would reindex under live traffic.)
 */
import { MeilisearchApiError, type Meilisearch, type Settings, type Task } from 'meilisearch';
import { commaLists, readCommandLine } from '../../platform/cli/arguments';
import { indexSettings } from '../model/index-settings';
import type { Vehicle } from '../../stock/model/vehicle';
import type { DealerConfig } from '../../platform/config/schema';
import { searchEndpoint } from '../../platform/config/search-endpoint';
import { listedVehicles } from './listed-stock';
import { withLocationPoints } from '../model/location-points';
import { withSortPrice } from '../model/sort-price';
import { dealerTextSettings, type TextSettings } from '../model/text-settings';

export class PushError extends Error {
  override name = 'PushError';
}

/**
 * The settings payload for Meilisearch's updateSettings: everything but the primary key, with the
 * dealer's synonyms, stop words and typo tolerance (text-settings.ts) when given.
 */
export function meilisearchSettings(text?: TextSettings): Settings {
  return {
    searchableAttributes: [...indexSettings.searchableAttributes],
    filterableAttributes: [...indexSettings.filterableAttributes],
    sortableAttributes: [...indexSettings.sortableAttributes],
    rankingRules: [...indexSettings.rankingRules],
    faceting: { ...indexSettings.faceting },
    pagination: { ...indexSettings.pagination },
    ...(text
      ? {
          synonyms: Object.fromEntries(Object.entries(text.synonyms).map(([word, list]) => [word, [...list]])),
          stopWords: [...text.stopWords],
          typoTolerance: {
            minWordSizeForTypos: { ...text.typoTolerance.minWordSizeForTypos },
            disableOnWords: [...text.typoTolerance.disableOnWords],
            disableOnAttributes: [...text.typoTolerance.disableOnAttributes],
          },
        }
      : {}),
  };
}

/** Where the next stock is built before the swap; a leftover from a failed push is cleared first. */
export const incomingIndexUid = (uid: string): string => `${uid}__incoming`;

export const DEFAULT_BATCH_SIZE = 1000;

export function batches<T>(items: readonly T[], size: number): T[][] {
  if (!(size >= 1)) throw new RangeError('batch size must be at least 1');
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * The Meilisearch operations a push needs, each resolved only once its task has finished. The
 * real adapter is `meilisearchAdmin`; tests use an in-memory one.
 */
export interface SearchAdmin {
  indexExists(uid: string): Promise<boolean>;
  createIndex(uid: string, primaryKey: string): Promise<void>;
  deleteIndex(uid: string): Promise<void>;
  updateSettings(uid: string, settings: Settings): Promise<void>;
  addDocuments(uid: string, documents: Vehicle[]): Promise<void>;
  countDocuments(uid: string): Promise<number>;
  swapIndexes(a: string, b: string): Promise<void>;
  /** The key with this name, if it exists: pushing twice reuses it rather than piling keys up. */
  findKey(name: string): Promise<SearchKey | undefined>;
  createSearchKey(name: string, description: string, indexUid: string): Promise<SearchKey>;
}

/** A Meilisearch API key: the secret, and the uid a tenant token names it by. */
export interface SearchKey {
  key: string;
  uid: string;
}

export interface PushResult {
  uid: string;
  documents: number;
  /** Documents the live index held before the swap; undefined when it did not exist. */
  previous: number | undefined;
}

/** Builds the new index beside the live one and swaps it in; see the module comment. */
export async function pushStock(
  admin: SearchAdmin,
  opts: { uid: string; vehicles: Vehicle[]; text?: TextSettings; batchSize?: number; log?: (line: string) => void },
): Promise<PushResult> {
  const { uid, vehicles } = opts;
  const log = opts.log ?? (() => undefined);
  const incoming = incomingIndexUid(uid);
  if (await admin.indexExists(incoming)) await admin.deleteIndex(incoming);
  try {
    await admin.createIndex(incoming, indexSettings.primaryKey);
    // Settings before documents, so the documents are indexed once, with the right attributes.
    await admin.updateSettings(incoming, meilisearchSettings(opts.text));
    const parts = batches(vehicles, opts.batchSize ?? DEFAULT_BATCH_SIZE);
    for (const [i, part] of parts.entries()) {
      await admin.addDocuments(incoming, part);
      log(`  ${uid}: added batch ${i + 1} of ${parts.length} (${part.length} documents)`);
    }
    const count = await admin.countDocuments(incoming);
    if (count !== vehicles.length) throw new PushError(`${incoming} holds ${count} documents, expected ${vehicles.length}; the live index was not changed`);
  } catch (error) {
    await admin.deleteIndex(incoming).catch(() => undefined);
    throw error;
  }
  const existed = await admin.indexExists(uid);
  const previous = existed ? await admin.countDocuments(uid) : undefined;
  // A swap needs both indexes; a first push swaps with an empty one.
  if (!existed) await admin.createIndex(uid, indexSettings.primaryKey);
  await admin.swapIndexes(uid, incoming);
  // After the swap, "incoming" holds the previous stock.
  await admin.deleteIndex(incoming);
  return { uid, documents: vehicles.length, previous };
}

/**
 * One dealer's push: its index (`search.index_uid ?? slug`) gets only the cars the site lists
 * now (listed-stock.ts). A car the site hides (sold and not flagged, or sold before the window)
 * is never in the public index, so no key or request can read it; one that leaves the window
 * after the push stays until the next push (production pushes with every feed import).
 */
export async function pushDealer(
  admin: SearchAdmin,
  site: Pick<DealerConfig, 'slug' | 'search' | 'locations'>,
  stock: readonly Vehicle[],
  opts: { nowSeconds: number; batchSize?: number; log?: (line: string) => void },
): Promise<PushResult & { left: number }> {
  const vehicles = withLocationPoints(site, listedVehicles(site, stock, opts.nowSeconds)).map(withSortPrice);
  const { nowSeconds: _now, ...push } = opts;
  const result = await pushStock(admin, { uid: searchEndpoint(site).indexUid, vehicles, text: dealerTextSettings(site.search), ...push });
  return { ...result, left: stock.length - vehicles.length };
}

export const searchKeyName = (uid: string): string => `dealer-sites search ${uid}`;

/** The dealer's search-only key (reused when it exists), for `search.read_only_key` and `read_only_key_uid`. */
export async function ensureSearchKey(admin: SearchAdmin, uid: string): Promise<SearchKey> {
  const name = searchKeyName(uid);
  return (
    (await admin.findKey(name)) ??
    (await admin.createSearchKey(
      name,
      `Search-only key for the ${uid} stock index, signing the tenant tokens its pages carry (created by npm run search:push).`,
      uid,
    ))
  );
}

/**
 * What to paste into the dealer file so its browser search goes to this Meilisearch: with the
 * key's uid, so the build puts a tenant token in the pages rather than the key (tenant-token.ts).
 */
export function dealerSearchConfig(host: string, key: SearchKey, indexUid: string, slug: string): string {
  const search: Record<string, string> = { host, read_only_key: key.key, read_only_key_uid: key.uid };
  if (indexUid !== slug) search.index_uid = indexUid;
  return `"search": ${JSON.stringify(search)}`;
}

export interface PushArgs {
  dealers?: string[];
  createReadKey: boolean;
}

export const PUSH_USAGE = 'usage: MEILISEARCH_HOST=… MEILISEARCH_ADMIN_KEY=… npm run search:push -- [--dealer a,b] [--create-read-key]';

export function parsePushArgs(argv: readonly string[]): PushArgs {
  const { values, tokens } = readCommandLine(
    argv,
    { dealer: { type: 'string', multiple: true }, dealers: { type: 'string', multiple: true }, 'create-read-key': { type: 'boolean' } },
    (problem) =>
      problem.kind === 'needs-value'
        ? new PushError(`--dealer needs at least one slug\n${PUSH_USAGE}`)
        : new PushError(`unknown argument "${problem.arg}"\n${PUSH_USAGE}`),
  );
  const args: PushArgs = { createReadKey: values['create-read-key'] ?? false };
  // --dealer and --dealers are one list, in the order typed.
  for (const { items } of commaLists(tokens, ['dealer', 'dealers'])) {
    if (items.length === 0) throw new PushError(`--dealer needs at least one slug\n${PUSH_USAGE}`);
    args.dealers = [...(args.dealers ?? []), ...items];
  }
  return args;
}

export interface PushConfig {
  host: string;
  apiKey: string | undefined;
}

/** The Meilisearch to push to, from the environment; the embedded search needs no push. */
export function pushConfig(env: NodeJS.ProcessEnv = process.env): PushConfig {
  const host = env.MEILISEARCH_HOST?.trim();
  if (!host) {
    throw new PushError(
      'MEILISEARCH_HOST is not set. Give the Meilisearch address and an admin key, e.g.\n' +
        '  MEILISEARCH_HOST=http://127.0.0.1:7700 MEILISEARCH_ADMIN_KEY=… npm run search:push\n' +
        'Sites without search.host use the embedded search API, which reads the stock file directly and needs no push.',
    );
  }
  let url: URL;
  try {
    url = new URL(host);
  } catch {
    throw new PushError(`MEILISEARCH_HOST "${host}" is not a URL (expected e.g. http://127.0.0.1:7700)`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new PushError(`MEILISEARCH_HOST must be http(s), not ${url.protocol}`);
  return { host: host.replace(/\/+$/, ''), apiKey: env.MEILISEARCH_ADMIN_KEY?.trim() || undefined };
}

/** Tasks can take a while on a big index; the client's 5 s default is for interactive use. */
const WAIT = { timeout: 300_000, interval: 100 } as const;

function succeeded(task: Task, what: string): void {
  if (task.status !== 'succeeded') throw new PushError(`${what} ${task.status}: ${task.error?.message ?? 'no reason given'}`);
}

/** The real SearchAdmin over the meilisearch client: every call waits for its task. */
export function meilisearchAdmin(client: Meilisearch): SearchAdmin {
  return {
    async indexExists(uid) {
      try {
        await client.getRawIndex(uid);
        return true;
      } catch (error) {
        if (error instanceof MeilisearchApiError && error.cause?.code === 'index_not_found') return false;
        throw error;
      }
    },
    async createIndex(uid, primaryKey) {
      succeeded(await client.createIndex(uid, { primaryKey }).waitTask(WAIT), `creating index ${uid}`);
    },
    async deleteIndex(uid) {
      succeeded(await client.deleteIndex(uid).waitTask(WAIT), `deleting index ${uid}`);
    },
    async updateSettings(uid, settings) {
      succeeded(await client.index(uid).updateSettings(settings).waitTask(WAIT), `updating the settings of ${uid}`);
    },
    async addDocuments(uid, documents) {
      succeeded(
        await client.index<Vehicle>(uid).addDocuments(documents, { primaryKey: indexSettings.primaryKey }).waitTask(WAIT),
        `adding documents to ${uid}`,
      );
    },
    async countDocuments(uid) {
      return (await client.index(uid).getStats()).numberOfDocuments;
    },
    async swapIndexes(a, b) {
      succeeded(await client.swapIndexes([{ indexes: [a, b], rename: false }]).waitTask(WAIT), `swapping ${a} and ${b}`);
    },
    async findKey(name) {
      const { results } = await client.getKeys({ limit: 1000 });
      const found = results.find((key) => key.name === name);
      return found && { key: found.key, uid: found.uid };
    },
    async createSearchKey(name, description, indexUid) {
      const created = await client.createKey({ name, description, actions: ['search'], indexes: [indexUid], expiresAt: null });
      return { key: created.key, uid: created.uid };
    },
  };
}
