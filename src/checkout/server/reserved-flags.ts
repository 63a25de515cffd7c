/**
 * Held cars in a real Meilisearch: a dealer whose file sets `search.host` searches an index the
 * platform does not serve, so the embedded engine's overlay of held cars cannot reach it. Its
 * documents carry `reserved: true` instead, written here with Meilisearch's partial document
 * update, so result cards say 'Reserved' there too.
 *
 * Each pass compares what the index flags (`reserved = true`) with the held reservations and
 * writes only the difference. Nothing is remembered between passes, so a restart, a second
 * process, a failed write or a `search:push` (which rebuilds the index from stock, without flags)
 * is put right by the next pass. A pass runs for a dealer as soon as one of its deposits takes a
 * hold, and for every such dealer on each reservation check (holds that end are caught there).
 */
import { Meilisearch } from 'meilisearch';
import type { ConfigFor } from '../../platform/http/dealer-site';
import type { LeadDb } from '../../platform/db/open';
import { heldCarIds } from './payments-store';

/** The two calls a pass needs from a Meilisearch index; tests give an in-memory one. */
export interface ReservedFlagIndex {
  /** Ids of the documents flagged `reserved: true`. */
  flaggedIds(indexUid: string): Promise<Set<string>>;
  /** Sets or clears the flag on these documents, leaving their other fields as they are. */
  setReserved(indexUid: string, changes: readonly ReservedChange[]): Promise<void>;
}

export interface ReservedChange {
  id: string;
  reserved: boolean;
}

/** The writes that make the index's flags equal the held set: flag the newly held, clear the rest. */
export function reservedChanges(flagged: ReadonlySet<string>, held: ReadonlySet<string>): ReservedChange[] {
  const changes: ReservedChange[] = [];
  for (const id of held) if (!flagged.has(id)) changes.push({ id, reserved: true });
  for (const id of flagged) if (!held.has(id)) changes.push({ id, reserved: false });
  return changes;
}

export async function mirrorReservedFlags(index: ReservedFlagIndex, indexUid: string, held: ReadonlySet<string>): Promise<ReservedChange[]> {
  const changes = reservedChanges(await index.flaggedIds(indexUid), held);
  if (changes.length > 0) await index.setReserved(indexUid, changes);
  return changes;
}

/** Stock ids are numbers in the documents; Meilisearch would also match "123", but the field stays as pushed. */
const documentId = (id: string): string | number => (/^\d{1,15}$/.test(id) ? Number(id) : id);

/** A held set is small (one hold per car); this many flagged documents is far above any dealer's stock on hold. */
const MAX_FLAGGED = 1000;

export function meilisearchReservedIndex(client: Meilisearch): ReservedFlagIndex {
  return {
    async flaggedIds(indexUid) {
      const { hits } = await client.index(indexUid).search('', { filter: 'reserved = true', attributesToRetrieve: ['id'], limit: MAX_FLAGGED });
      return new Set(hits.map((hit) => String(hit.id)));
    },
    async setReserved(indexUid, changes) {
      const task = await client
        .index(indexUid)
        .updateDocuments(
          changes.map(({ id, reserved }) => ({ id: documentId(id), reserved })),
          { primaryKey: 'id' },
        )
        .waitTask({ timeout: 30_000 });
      if (task.status !== 'succeeded') throw new Error(`updating reserved flags in ${indexUid} ${task.status}: ${task.error?.message ?? 'no reason given'}`);
    },
  };
}

export interface ReservedFlags {
  /** A hold began or ended for this dealer: mirror it now (in the background; failures are logged). */
  changed(dealer: string): void;
  /** One pass over every dealer with a real Meilisearch; resolves when all are done. */
  mirrorAll(): Promise<void>;
}

export interface ReservedFlagsOptions {
  db: LeadDb;
  dealers: readonly string[];
  configFor: ConfigFor;
  env: NodeJS.ProcessEnv;
  /** The index per Meilisearch host; by default the meilisearch client with MEILISEARCH_ADMIN_KEY. */
  indexFor?: (host: string) => ReservedFlagIndex;
  log?: (message: string, error?: unknown) => void;
}

/**
 * The mirror for the dealers that search a real Meilisearch, or undefined when none does. Writing
 * documents needs an admin key (MEILISEARCH_ADMIN_KEY, as `search:push` uses): without one the
 * start is told that held cars show 'Reserved' on their car pages only.
 */
export async function createReservedFlags({
  db,
  dealers,
  configFor,
  env,
  indexFor,
  log = console.error,
}: ReservedFlagsOptions): Promise<ReservedFlags | undefined> {
  const sites = await Promise.all(dealers.map(async (slug) => ({ slug, site: await configFor(slug) })));
  const remote = sites.filter(({ site }) => site?.search.host).map(({ slug }) => slug);
  if (remote.length === 0) return undefined;
  const adminKey = env.MEILISEARCH_ADMIN_KEY?.trim();
  if (!indexFor && !adminKey) {
    log(
      `Warning: ${remote.join(', ')} search a real Meilisearch but MEILISEARCH_ADMIN_KEY is not set, so cars held by a deposit show 'Reserved' on their car pages but not in search results.`,
    );
    return undefined;
  }
  const clients = new Map<string, ReservedFlagIndex>();
  const index = (host: string): ReservedFlagIndex => {
    let found = clients.get(host);
    if (!found) {
      found = indexFor ? indexFor(host) : meilisearchReservedIndex(new Meilisearch({ host, apiKey: adminKey }));
      clients.set(host, found);
    }
    return found;
  };
  // One pass per dealer at a time; a change during a pass asks for one more pass after it.
  const running = new Map<string, Promise<void>>();
  const again = new Set<string>();

  const mirror = async (slug: string): Promise<void> => {
    try {
      const site = await configFor(slug);
      if (!site?.search.host) return;
      const held = new Set(await heldCarIds(db, slug));
      await mirrorReservedFlags(index(site.search.host), site.search.index_uid ?? slug, held);
    } catch (error) {
      log(
        `reservations: marking ${slug}'s held cars in Meilisearch failed; the next reservation check tries again: ${error instanceof Error ? error.message : String(error)}`,
        error,
      );
    }
  };

  const run = (slug: string): Promise<void> => {
    const current = running.get(slug);
    if (current) {
      again.add(slug);
      return current;
    }
    const pass = mirror(slug).finally(() => {
      running.delete(slug);
      if (again.delete(slug)) void run(slug);
    });
    running.set(slug, pass);
    return pass;
  };

  return {
    changed(dealer) {
      if (remote.includes(dealer)) void run(dealer);
    },
    async mirrorAll() {
      await Promise.all(remote.map(run));
    },
  };
}
