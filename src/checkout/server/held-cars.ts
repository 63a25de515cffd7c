/**
 * The cars a dealer has held by a paid deposit, as the search overlay and the availability
 * route read them: from the database at most once a second per process and dealer, so a
 * thousand searches a second cost one small query a second, and a new hold shows within about a
 * second. The version changes exactly when the set does (it is the set's digest).
 */
import { createHash } from 'node:crypto';
import type { LeadDb } from '../../platform/db/open';
import { heldCarIds } from './payments-store';

export interface HeldSet {
  version: string;
  ids: ReadonlySet<string>;
}

export type HeldCars = (dealer: string) => Promise<HeldSet>;

const EMPTY: HeldSet = { version: 'none', ids: new Set() };

export function createHeldCars(
  db: LeadDb | undefined,
  { maxAgeMs = 1000, now = () => performance.now() }: { maxAgeMs?: number; now?: () => number } = {},
): HeldCars {
  const kept = new Map<string, { at: number; read: Promise<HeldSet> }>();
  return (dealer) => {
    if (!db) return Promise.resolve(EMPTY);
    const at = now();
    const entry = kept.get(dealer);
    if (entry && at - entry.at < maxAgeMs) return entry.read;
    const read = heldCarIds(db, dealer).then((ids) => {
      const sorted = [...ids].sort();
      return { version: sorted.length === 0 ? 'none' : createHash('sha256').update(sorted.join(',')).digest('hex').slice(0, 16), ids: new Set(sorted) };
    });
    // A failed read is not kept: the next request asks again; until then the last good set answers.
    const previous = entry?.read;
    const guarded = read.catch((error: unknown) => {
      kept.delete(dealer);
      if (previous) return previous;
      throw error;
    });
    kept.set(dealer, { at, read: guarded });
    return guarded;
  };
}
