/**
 * Sessions found lately, kept in this process so the check every gated page makes rarely waits
 * for the database. Only over embedded PGlite: one process holds a PGlite folder (the database
 * lock), so every sign-out, rotation and deletion passes through this process and forgets what it
 * ends here, before it answers. With Postgres several server processes may share the sessions, a
 * sign-out in one could not reach the others' memory, and no cache is kept (Postgres answers the
 * lookup quickly anyway).
 *
 * A lookup that began before something was forgotten does not fill the cache: it may have read
 * the row just before it was deleted. Entries live a minute at most and the cache is bounded.
 */
import type { FoundSession } from './sessions';

export const SESSION_CACHE_TTL_MS = 60_000;
export const SESSION_CACHE_MAX = 10_000;

interface Entry {
  found: FoundSession;
  dealer: string;
  expiresAt: number;
  until: number;
}

export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private generation = 0;

  constructor(
    private readonly ttlMs = SESSION_CACHE_TTL_MS,
    private readonly max = SESSION_CACHE_MAX,
  ) {}

  /** The live session stored under `id` for `dealer`, if this process looked it up lately. */
  get(id: string, dealer: string, now: number): FoundSession | undefined {
    const entry = this.entries.get(id);
    if (!entry) return undefined;
    if (entry.until <= now || entry.expiresAt <= now) {
      this.entries.delete(id);
      return undefined;
    }
    return entry.dealer === dealer ? entry.found : undefined;
  }

  /** Call before the database lookup; hand the answer to `fill`. */
  begin(): number {
    return this.generation;
  }

  fill(started: number, found: FoundSession, dealer: string, expiresAt: Date, now: number): void {
    if (started !== this.generation) return;
    if (this.entries.size >= this.max) this.entries.clear();
    this.entries.set(found.id, { found, dealer, expiresAt: expiresAt.getTime(), until: now + this.ttlMs });
  }

  /** A session ended or was given a new token. */
  forgetSession(id: string): void {
    this.generation += 1;
    this.entries.delete(id);
  }

  /** Every session of an account: signed out everywhere, deleted, or its passkeys changed. */
  forgetAccount(accountId: string): void {
    this.generation += 1;
    for (const [id, entry] of this.entries) if (entry.found.account.id === accountId) this.entries.delete(id);
  }

  get size(): number {
    return this.entries.size;
  }
}

const caches = new WeakMap<object, SessionCache>();

/** The cache for this database: PGlite's only (see above); undefined for Postgres. */
export function sessionCacheOf(database: { db: object; kind: 'pglite' | 'postgres' }): SessionCache | undefined {
  if (database.kind !== 'pglite') return undefined;
  let cache = caches.get(database.db);
  if (!cache) {
    cache = new SessionCache();
    caches.set(database.db, cache);
  }
  return cache;
}

/** The cache kept for this database object, if any: what writes to sessions must tell. */
export const cacheOfDb = (db: object): SessionCache | undefined => caches.get(db);
