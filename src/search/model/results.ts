/**
 * Reading search results: the count shown, pages, car type counts and the result cache.
 */
import type { DealerConfig } from '../../platform/config/schema';
import { CAR_TYPE_ORDER, type CarType } from './car-type';
import { FACET_COUNT_THRESHOLD } from './state';

export type FacetDistribution = Readonly<Record<string, Readonly<Record<string, number>> | undefined>>;

const countOf = (n: unknown): number => (typeof n === 'number' && Number.isFinite(n) && n > 0 ? Math.floor(n) : 0);

/**
 * The count to show. Above 1,999 Meilisearch's estimatedTotalHits is an estimate, so the sum of
 * one facet's counts (car_type: every car has exactly one) is shown instead.
 */
export function displayCount(estimatedTotalHits: number, facetDistribution: FacetDistribution | undefined, field = 'car_type'): number {
  const estimate = countOf(estimatedTotalHits);
  if (estimate <= FACET_COUNT_THRESHOLD) return estimate;
  const counts = facetDistribution?.[field];
  if (!counts) return estimate;
  const sum = Object.values(counts).reduce((total, n) => total + countOf(n), 0);
  return sum > 0 ? sum : estimate;
}

/** Page numbers 1…ceil(total / page size), one per page of results. */
export function pagination(total: number, hitsPerPage: number): number[] {
  const size = countOf(hitsPerPage);
  if (size === 0) return [];
  const pages = Math.ceil(countOf(total) / size);
  return Array.from({ length: pages }, (_, i) => i + 1);
}

export interface CarTypeCount {
  type: CarType;
  count: number;
}

/**
 * Car types with stock, in the order new, demo, used. When the live counts are missing
 * (the search failed), the stock counts per car type in the site's config stand in.
 */
export function carTypeCounts(facetDistribution: FacetDistribution | undefined, configured: DealerConfig['search']['car_types']): CarTypeCount[] {
  const live = facetDistribution?.car_type;
  const source: Partial<Record<string, number>> = live ?? configured;
  return CAR_TYPE_ORDER.map((type) => ({ type, count: countOf(source[type]) })).filter(({ count }) => count > 0);
}

/** JSON with object keys sorted, so the same request always gives the same cache key. */
export function stableKey(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return v;
    return Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  });
}

/** Distinct queries kept by default; our own choice, as no size was ever set for this cache. */
export const RESULT_CACHE_SIZE = 50;

/**
 * Results per unique query, the oldest evicted first when full, and one request in
 * flight per query: asking again while it runs shares the same answer. Failures are not kept.
 */
export class ResultCache<V> {
  private readonly entries = new Map<string, V>();
  private readonly inFlight = new Map<string, Promise<V>>();

  constructor(readonly maxSize: number = RESULT_CACHE_SIZE) {
    if (!Number.isInteger(maxSize) || maxSize < 1) throw new RangeError(`cache size must be a whole number from 1, got ${maxSize}`);
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: string): V | undefined {
    return this.entries.get(key);
  }

  has(key: string): boolean {
    return this.entries.has(key);
  }

  set(key: string, value: V): void {
    // Stored again, it counts as new: delete first so it moves to the end of the insertion order.
    this.entries.delete(key);
    this.entries.set(key, value);
    while (this.entries.size > this.maxSize) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
  }

  /** The cached answer, the answer already on its way, or a new request through `loader`. */
  load(key: string, loader: () => Promise<V>): Promise<V> {
    if (this.entries.has(key)) return Promise.resolve(this.entries.get(key) as V);
    const pending = this.inFlight.get(key);
    if (pending) return pending;
    const request = (async () => {
      try {
        const value = await loader();
        this.set(key, value);
        return value;
      } finally {
        this.inFlight.delete(key);
      }
    })();
    this.inFlight.set(key, request);
    return request;
  }

  clear(): void {
    this.entries.clear();
    this.inFlight.clear();
  }
}
