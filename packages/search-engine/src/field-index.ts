/**
 * Per-attribute value index, built once per engine and per attribute on first use. It answers
 * filters (equality, ranges, EXISTS / IS NULL / IS EMPTY), facet counts and sort order the way
 * Meilisearch's facet databases do: strings compared after `normalizeFacet`, booleans as the
 * strings "true" / "false", every element of an array counted, numbers before strings.
 */
import { Bitset } from './bitset';
import { normalizeFacet } from './text';

/** Code-point order, which is the UTF-8 byte order Meilisearch keeps facet strings in. */
export function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.codePointAt(i)!;
    const y = b.codePointAt(i)!;
    if (x !== y) return x - y;
    if (x > 0xffff) i++;
  }
  return a.length - b.length;
}

/** Rust's `f64::from_str` for finite numbers, which Meilisearch uses to read filter values. */
export function parseFiniteFloat(text: string): number | undefined {
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text)) return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

/** A number as Meilisearch writes it in facet keys: integers without a decimal point. */
export const numberKey = (n: number): string => (Object.is(n, -0) ? '0' : String(n));

const MISSING = 0x7fffffff;

/** Up to this many values, a field counts candidates by bitset intersections (`countIn`). */
const FEW_VALUES = 24;
/** Below this many candidates the walk over them is as cheap as any intersection. */
const FEW_CANDIDATES = 512;

export class FieldIndex {
  /** Distinct numbers, ascending; value id k < numbers.length. */
  readonly numbers: Float64Array;
  /** Distinct normalised strings in code-point order; value id numbers.length + k. */
  readonly strings: readonly string[];
  /** The first original spelling of each normalised string, shown in facet distributions. */
  readonly originals: readonly string[];
  /** Documents holding each value id, ascending. */
  private readonly valueDocs: Int32Array[];
  /** CSR layout of each document's distinct value ids. */
  readonly docStart: Int32Array;
  readonly docValues: Int32Array;
  readonly exists: Bitset;
  readonly isNull: Bitset;
  readonly isEmpty: Bitset;
  private readonly stringIds: Map<string, number>;
  private readonly numberIds: Map<number, number>;
  private numberLexOrder?: Int32Array;
  private valueSets?: Bitset[];
  private ascending?: Int32Array;
  private descending?: Int32Array;

  constructor(
    readonly name: string,
    docs: readonly Record<string, unknown>[],
  ) {
    const size = docs.length;
    this.exists = new Bitset(size);
    this.isNull = new Bitset(size);
    this.isEmpty = new Bitset(size);
    const perDoc: { numbers: number[]; strings: string[]; originals: string[] }[] = [];
    const numberSet = new Set<number>();
    const firstOriginal = new Map<string, string>();

    docs.forEach((doc, position) => {
      const entry = { numbers: [] as number[], strings: [] as string[], originals: [] as string[] };
      perDoc.push(entry);
      const value = doc[name];
      if (value === undefined) return;
      this.exists.add(position);
      if (value === null) this.isNull.add(position);
      if (value === '' || (Array.isArray(value) && value.length === 0) || (isPlainObject(value) && Object.keys(value).length === 0)) this.isEmpty.add(position);
      const visit = (v: unknown): void => {
        if (typeof v === 'number' && Number.isFinite(v)) {
          entry.numbers.push(v);
          numberSet.add(v);
        } else if (typeof v === 'string' || typeof v === 'boolean') {
          const original = String(v);
          const normalized = normalizeFacet(original);
          if (normalized === '') return;
          entry.strings.push(normalized);
          entry.originals.push(original);
          if (!firstOriginal.has(normalized)) firstOriginal.set(normalized, original);
        } else if (Array.isArray(v)) {
          for (const item of v) visit(item);
        }
      };
      visit(value);
    });

    this.numbers = Float64Array.from([...numberSet].sort((a, b) => a - b));
    this.strings = [...firstOriginal.keys()].sort(compareCodePoints);
    this.originals = this.strings.map((s) => firstOriginal.get(s)!);
    this.numberIds = new Map([...this.numbers].map((n, i) => [n, i]));
    this.stringIds = new Map(this.strings.map((s, i) => [s, this.numbers.length + i]));

    const lists: number[][] = Array.from({ length: this.numbers.length + this.strings.length }, () => []);
    const start = new Int32Array(size + 1);
    const values: number[] = [];
    perDoc.forEach((entry, position) => {
      start[position] = values.length;
      const ids = new Set<number>();
      for (const n of entry.numbers) ids.add(this.numberIds.get(n)!);
      for (const s of entry.strings) ids.add(this.stringIds.get(s)!);
      for (const id of [...ids].sort((a, b) => a - b)) {
        values.push(id);
        lists[id]!.push(position);
      }
    });
    start[size] = values.length;
    this.docStart = start;
    this.docValues = Int32Array.from(values);
    this.valueDocs = lists.map((l) => Int32Array.from(l));
  }

  get size(): number {
    return this.exists.size;
  }

  get valueCount(): number {
    return this.valueDocs.length;
  }

  /** Facet key of a value id: the number as text, or the original string. */
  key(id: number): string {
    return id < this.numbers.length ? numberKey(this.numbers[id]!) : this.originals[id - this.numbers.length]!;
  }

  /** `field = value`: the normalised string, or the number it spells (Meilisearch checks both). */
  equal(value: string): Bitset {
    const set = new Bitset(this.size);
    const stringId = this.stringIds.get(normalizeFacet(value));
    if (stringId !== undefined) this.addDocs(set, stringId, stringId);
    const n = parseFiniteFloat(value);
    const numberId = n === undefined ? undefined : this.numberIds.get(n);
    if (numberId !== undefined) this.addDocs(set, numberId, numberId);
    return set;
  }

  /**
   * A range: numbers between the numeric bounds when the value is a number, and strings between
   * the normalised bounds in code-point order (Meilisearch compares both kinds).
   */
  range(low: Bound | undefined, high: Bound | undefined): Bitset {
    const set = new Bitset(this.size);
    const lowNumber = low === undefined ? -Infinity : parseFiniteFloat(low.value);
    const highNumber = high === undefined ? Infinity : parseFiniteFloat(high.value);
    if (lowNumber !== undefined && highNumber !== undefined) {
      const first = lowerBound(this.numbers.length, (i) => (low?.inclusive === false ? this.numbers[i]! <= lowNumber : this.numbers[i]! < lowNumber));
      const last = lowerBound(this.numbers.length, (i) => (high?.inclusive === false ? this.numbers[i]! < highNumber : this.numbers[i]! <= highNumber)) - 1;
      if (first <= last) this.addDocs(set, first, last);
    }
    const lowString = low === undefined ? undefined : normalizeFacet(low.value);
    const highString = high === undefined ? undefined : normalizeFacet(high.value);
    const first =
      lowString === undefined
        ? 0
        : lowerBound(this.strings.length, (i) => {
            const c = compareCodePoints(this.strings[i]!, lowString);
            return low?.inclusive === false ? c <= 0 : c < 0;
          });
    const last =
      (highString === undefined
        ? this.strings.length
        : lowerBound(this.strings.length, (i) => {
            const c = compareCodePoints(this.strings[i]!, highString);
            return high?.inclusive === false ? c < 0 : c <= 0;
          })) - 1;
    if (first <= last) this.addDocs(set, this.numbers.length + first, this.numbers.length + last);
    return set;
  }

  private addDocs(set: Bitset, firstId: number, lastId: number): void {
    for (let id = firstId; id <= lastId; id++) for (const doc of this.valueDocs[id]!) set.add(doc);
  }

  /** Count of candidate documents per value id (each document once per value). */
  count(candidates: Int32Array): Uint32Array {
    const counts = new Uint32Array(this.valueCount);
    for (const doc of candidates) for (let k = this.docStart[doc]!; k < this.docStart[doc + 1]!; k++) counts[this.docValues[k]!]!++;
    return counts;
  }

  /**
   * The same counts, from the candidates as a set too: a field of few values (car type, body,
   * fuel, make) counts each value as one intersection of bitsets, 32 documents a step, where a
   * walk over thousands of candidates costs a step each. Many values: the walk is cheaper.
   */
  countIn(candidates: Bitset, list: Int32Array): Uint32Array {
    if (this.valueCount > FEW_VALUES || list.length < FEW_CANDIDATES) return this.count(list);
    this.valueSets ??= this.valueDocs.map((docs) => Bitset.of(this.size, docs));
    const counts = new Uint32Array(this.valueCount);
    for (let id = 0; id < this.valueCount; id++) counts[id] = candidates.andCount(this.valueSets[id]!);
    return counts;
  }

  /** Number value ids ordered by their text, as Meilisearch lists them for small result sets. */
  numbersByText(): Int32Array {
    this.numberLexOrder ??= Int32Array.from(
      [...this.numbers.keys()].sort((a, b) => compareCodePoints(numberKey(this.numbers[a]!), numberKey(this.numbers[b]!))),
    );
    return this.numberLexOrder;
  }

  /**
   * Sort position of each document: numbers first, then strings, documents without a value last
   * (in both directions, as Meilisearch does). Equal values share a position.
   */
  sortRanks(direction: 'asc' | 'desc'): Int32Array {
    if (direction === 'asc') {
      this.ascending ??= this.ranks((id) => id);
      return this.ascending;
    }
    const numberCount = this.numbers.length;
    const stringCount = this.strings.length;
    this.descending ??= this.ranks((id) => (id < numberCount ? numberCount - 1 - id : numberCount + (stringCount - 1 - (id - numberCount))));
    return this.descending;
  }

  private ranks(position: (id: number) => number): Int32Array {
    const out = new Int32Array(this.size).fill(MISSING);
    for (let doc = 0; doc < this.size; doc++) {
      for (let k = this.docStart[doc]!; k < this.docStart[doc + 1]!; k++) {
        const p = position(this.docValues[k]!);
        if (p < out[doc]!) out[doc] = p;
      }
    }
    return out;
  }
}

export interface Bound {
  value: string;
  inclusive: boolean;
}

/** First index in [0, n) where `before(i)` is false, for a predicate true on a prefix. */
function lowerBound(n: number, before: (i: number) => boolean): number {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (before(mid)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
