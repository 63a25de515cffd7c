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

/**
 * One attribute's values, read document by document in position order (0, 1, 2 …), so an index
 * can be built a few documents at a time; `FieldIndex` sorts and lays them out once all are in.
 */
export class FieldValues {
  private count = 0;
  /** Numbers and normalised strings of every document, flat; each document's run starts at its offset. */
  private readonly numbers: number[] = [];
  private readonly numberStart: number[] = [];
  private readonly strings: string[] = [];
  private readonly stringStart: number[] = [];
  readonly distinctNumbers = new Set<number>();
  /** Normalised string → its first original spelling. */
  readonly firstOriginal = new Map<string, string>();
  /** Normalised strings spelled more than one way ("Toyota", "TOYOTA"). */
  readonly respelled = new Set<string>();
  /** Original → normalised: stock repeats a few values (makes, bodies) thousands of times. */
  private readonly normalized = new Map<string, string>();
  readonly exists: number[] = [];
  readonly isNull: number[] = [];
  readonly isEmpty: number[] = [];

  constructor(readonly name: string) {}

  get size(): number {
    return this.count;
  }

  /** The next document's value of the attribute. */
  add(doc: Readonly<Record<string, unknown>>): void {
    const position = this.count++;
    this.numberStart.push(this.numbers.length);
    this.stringStart.push(this.strings.length);
    const value = doc[this.name];
    if (value === undefined) return;
    this.exists.push(position);
    if (value === null) this.isNull.push(position);
    if (value === '' || (Array.isArray(value) && value.length === 0) || (isPlainObject(value) && Object.keys(value).length === 0)) this.isEmpty.push(position);
    this.visit(value);
  }

  private visit(v: unknown): void {
    if (typeof v === 'number' && Number.isFinite(v)) {
      this.numbers.push(v);
      this.distinctNumbers.add(v);
    } else if (typeof v === 'string' || typeof v === 'boolean') {
      const original = String(v);
      let normalized = this.normalized.get(original);
      if (normalized === undefined) {
        normalized = normalizeFacet(original);
        this.normalized.set(original, normalized);
      }
      if (normalized === '') return;
      this.strings.push(normalized);
      const first = this.firstOriginal.get(normalized);
      if (first === undefined) this.firstOriginal.set(normalized, original);
      else if (first !== original) this.respelled.add(normalized);
    } else if (Array.isArray(v)) {
      for (const item of v) this.visit(item);
    }
  }

  /** Calls `each` with every number and normalised string of the document at `position`. */
  forEachValue(position: number, each: (number: number | undefined, string: string | undefined) => void): void {
    const numbersEnd = position + 1 < this.count ? this.numberStart[position + 1]! : this.numbers.length;
    for (let k = this.numberStart[position]!; k < numbersEnd; k++) each(this.numbers[k], undefined);
    const stringsEnd = position + 1 < this.count ? this.stringStart[position + 1]! : this.strings.length;
    for (let k = this.stringStart[position]!; k < stringsEnd; k++) each(undefined, this.strings[k]);
  }

  static of(name: string, docs: readonly Record<string, unknown>[]): FieldValues {
    const values = new FieldValues(name);
    for (const doc of docs) values.add(doc);
    return values;
  }
}

export class FieldIndex {
  /** Distinct numbers, ascending; value id k < numbers.length. */
  readonly numbers: Float64Array;
  /** Distinct normalised strings in code-point order; value id numbers.length + k. */
  readonly strings: readonly string[];
  /** The first original spelling of each normalised string, shown in facet distributions. */
  readonly originals: readonly string[];
  /** Value ids of strings spelled more than one way: a small result shows its own first spelling. */
  readonly respelled: ReadonlySet<number>;
  /**
   * Documents holding each value id, ascending, in CSR layout: those of value id k are
   * `valueList[valueStart[k] … valueStart[k + 1])`. One array for all values, where an array per
   * value cost a typed array object per car for attributes unique to each car (id, VIN, slug).
   */
  private readonly valueStart: Int32Array;
  private readonly valueList: Int32Array;
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

  /** The index of attribute `name` over `docs`, or over values already read (`FieldValues`). */
  constructor(name: string, docs: readonly Record<string, unknown>[]);
  constructor(name: string, values: FieldValues);
  constructor(
    readonly name: string,
    source: readonly Record<string, unknown>[] | FieldValues,
  ) {
    const values = source instanceof FieldValues ? source : FieldValues.of(name, source);
    const size = values.size;
    this.exists = Bitset.of(size, values.exists);
    this.isNull = Bitset.of(size, values.isNull);
    this.isEmpty = Bitset.of(size, values.isEmpty);

    this.numbers = Float64Array.from([...values.distinctNumbers].sort((a, b) => a - b));
    this.strings = [...values.firstOriginal.keys()].sort(compareCodePoints);
    this.originals = this.strings.map((s) => values.firstOriginal.get(s)!);
    this.numberIds = new Map([...this.numbers].map((n, i) => [n, i]));
    this.stringIds = new Map(this.strings.map((s, i) => [s, this.numbers.length + i]));
    this.respelled = new Set([...values.respelled].map((s) => this.stringIds.get(s)!));

    const valueCount = this.numbers.length + this.strings.length;
    const start = new Int32Array(size + 1);
    const ids: number[] = [];
    const docIds = new Set<number>();
    const collect = (n: number | undefined, s: string | undefined): void => {
      docIds.add(n === undefined ? this.stringIds.get(s!)! : this.numberIds.get(n)!);
    };
    const perValue = new Int32Array(valueCount + 1);
    for (let position = 0; position < size; position++) {
      start[position] = ids.length;
      docIds.clear();
      values.forEachValue(position, collect);
      for (const id of [...docIds].sort((a, b) => a - b)) {
        ids.push(id);
        perValue[id + 1]!++;
      }
    }
    start[size] = ids.length;
    this.docStart = start;
    this.docValues = Int32Array.from(ids);

    // Documents per value: counts turned into offsets, then filled in document order (ascending).
    for (let id = 0; id < valueCount; id++) perValue[id + 1]! += perValue[id]!;
    this.valueStart = perValue;
    const fill = perValue.slice(0, valueCount);
    const list = new Int32Array(ids.length);
    for (let position = 0; position < size; position++) {
      for (let k = start[position]!; k < start[position + 1]!; k++) list[fill[this.docValues[k]!]!++] = position;
    }
    this.valueList = list;
  }

  get size(): number {
    return this.exists.size;
  }

  get valueCount(): number {
    return this.valueStart.length - 1;
  }

  /** The first of `candidates` (in document order) holding the value. */
  firstHolder(id: number, candidates: Bitset): number | undefined {
    for (let k = this.valueStart[id]!; k < this.valueStart[id + 1]!; k++) if (candidates.has(this.valueList[k]!)) return this.valueList[k];
    return undefined;
  }

  /** How `doc` spells the string value `id` (a string or boolean of its attribute, arrays included). */
  spellingIn(doc: Readonly<Record<string, unknown>>, id: number): string | undefined {
    const wanted = this.strings[id - this.numbers.length];
    const find = (v: unknown): string | undefined => {
      if (typeof v === 'string' || typeof v === 'boolean') return normalizeFacet(String(v)) === wanted ? String(v) : undefined;
      if (Array.isArray(v))
        for (const item of v) {
          const found = find(item);
          if (found !== undefined) return found;
        }
      return undefined;
    };
    return find(doc[this.name]);
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
    for (let k = this.valueStart[firstId]!; k < this.valueStart[lastId + 1]!; k++) set.add(this.valueList[k]!);
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
    this.valueSets ??= this.valueBitsets();
    const counts = new Uint32Array(this.valueCount);
    for (let id = 0; id < this.valueCount; id++) counts[id] = candidates.andCount(this.valueSets[id]!);
    return counts;
  }

  /** Number value ids ordered by their text, as Meilisearch lists them for small result sets. */
  numbersByText(): Int32Array {
    if (!this.numberLexOrder) {
      const keys = Array.from(this.numbers, numberKey);
      this.numberLexOrder = Int32Array.from([...this.numbers.keys()].sort((a, b) => compareCodePoints(keys[a]!, keys[b]!)));
    }
    return this.numberLexOrder;
  }

  /**
   * Builds now what searches would otherwise build on first use (the facet orders and sets, and
   * for a sortable attribute its sort ranks), so the first searches on a new index do not pay
   * for it while other requests wait.
   */
  prepare(sortable: boolean): void {
    this.numbersByText();
    if (this.valueCount <= FEW_VALUES) this.valueSets ??= this.valueBitsets();
    if (sortable) {
      this.sortRanks('asc');
      this.sortRanks('desc');
    }
  }

  private valueBitsets(): Bitset[] {
    return Array.from({ length: this.valueCount }, (_, id) => Bitset.of(this.size, this.valueList.subarray(this.valueStart[id], this.valueStart[id + 1])));
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
