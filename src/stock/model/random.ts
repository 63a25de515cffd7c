/**
 * A small seeded random source for demo stock. Math.random would give every build and every API
 * start a different stock list, so car pages built yesterday would not match today's search.
 */

/** FNV-1a over UTF-16 code units: a stable 32-bit seed from a dealer slug. */
export function hashSeed(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer in [min, max], both included. */
  int(min: number, max: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** One item, chosen in proportion to its weight; weights need not sum to 1. */
  weighted<T>(items: readonly (readonly [T, number])[]): T;
  /** `count` distinct items in random order (all of them when there are fewer). */
  sample<T>(items: readonly T[], count: number): T[];
}

/** mulberry32: tiny, fast and good enough for demo data (not for anything secret). */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const random: Random = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (p) => next() < p,
    pick: <T>(items: readonly T[]): T => {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[Math.floor(next() * items.length)] as T;
    },
    weighted: <T>(items: readonly (readonly [T, number])[]): T => {
      const total = items.reduce((sum, [, w]) => sum + Math.max(0, w), 0);
      if (items.length === 0 || total <= 0) throw new Error('weighted pick needs a positive weight');
      let roll = next() * total;
      for (const [item, w] of items) {
        roll -= Math.max(0, w);
        if (roll < 0) return item;
      }
      return (items[items.length - 1] as readonly [T, number])[0];
    },
    sample: <T>(items: readonly T[], count: number): T[] => {
      const copy = [...items];
      const n = Math.min(count, copy.length);
      // Partial Fisher–Yates: only the first n places are shuffled.
      for (let i = 0; i < n; i++) {
        const j = i + Math.floor(next() * (copy.length - i));
        [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
      }
      return copy.slice(0, n);
    },
  };
  return random;
}
