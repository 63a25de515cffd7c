/**
 * A fixed-size set of document positions (0 … size-1), one bit each. Filters, text matches and
 * facet counts are all set operations over the same few thousand documents, so 32 documents per
 * machine word keeps a whole multi-search within a few milliseconds.
 */
export class Bitset {
  readonly words: Uint32Array;

  constructor(
    readonly size: number,
    words?: Uint32Array,
  ) {
    this.words = words ?? new Uint32Array(Math.ceil(size / 32));
  }

  static full(size: number): Bitset {
    const set = new Bitset(size);
    set.words.fill(0xffffffff);
    set.clearTail();
    return set;
  }

  static of(size: number, positions: Iterable<number>): Bitset {
    const set = new Bitset(size);
    for (const p of positions) set.add(p);
    return set;
  }

  add(position: number): void {
    this.words[position >>> 5]! |= 1 << (position & 31);
  }

  has(position: number): boolean {
    return ((this.words[position >>> 5]! >>> (position & 31)) & 1) === 1;
  }

  clone(): Bitset {
    return new Bitset(this.size, this.words.slice());
  }

  and(other: Bitset): Bitset {
    const out = new Uint32Array(this.words.length);
    for (let i = 0; i < out.length; i++) out[i] = this.words[i]! & other.words[i]!;
    return new Bitset(this.size, out);
  }

  or(other: Bitset): Bitset {
    const out = new Uint32Array(this.words.length);
    for (let i = 0; i < out.length; i++) out[i] = this.words[i]! | other.words[i]!;
    return new Bitset(this.size, out);
  }

  andNot(other: Bitset): Bitset {
    const out = new Uint32Array(this.words.length);
    for (let i = 0; i < out.length; i++) out[i] = this.words[i]! & ~other.words[i]!;
    return new Bitset(this.size, out);
  }

  not(): Bitset {
    const out = new Uint32Array(this.words.length);
    for (let i = 0; i < out.length; i++) out[i] = ~this.words[i]!;
    const set = new Bitset(this.size, out);
    set.clearTail();
    return set;
  }

  /** In-place union, for building sets from many parts without a copy per part. */
  orInPlace(other: Bitset): void {
    for (let i = 0; i < this.words.length; i++) this.words[i]! |= other.words[i]!;
  }

  equals(other: Bitset): boolean {
    if (other.size !== this.size) return false;
    for (let i = 0; i < this.words.length; i++) if (this.words[i] !== other.words[i]) return false;
    return true;
  }

  count(): number {
    let total = 0;
    for (let i = 0; i < this.words.length; i++) {
      let v = this.words[i]!;
      v -= (v >>> 1) & 0x55555555;
      v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
      total += (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
    }
    return total;
  }

  /** How many positions the two sets share, without building their intersection. */
  andCount(other: Bitset): number {
    const a = this.words;
    const b = other.words;
    let total = 0;
    for (let i = 0; i < a.length; i++) {
      let v = a[i]! & b[i]!;
      if (v === 0) continue;
      v -= (v >>> 1) & 0x55555555;
      v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
      total += Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
    }
    return total;
  }

  /**
   * Positions in ascending order; written into `into` (at least `size` long) when given, a view
   * of it returned, so a search reuses one buffer instead of allocating per query.
   */
  toArray(into?: Int32Array): Int32Array {
    const count = this.count();
    const out = into ? into.subarray(0, count) : new Int32Array(count);
    let n = 0;
    for (let i = 0; i < this.words.length; i++) {
      let v = this.words[i]!;
      while (v !== 0) {
        const low = v & -v;
        out[n++] = (i << 5) + (31 - Math.clz32(low));
        v ^= low;
      }
    }
    return out;
  }

  private clearTail(): void {
    const extra = this.words.length * 32 - this.size;
    if (extra > 0 && this.words.length > 0) this.words[this.words.length - 1]! &= 0xffffffff >>> extra;
  }
}
