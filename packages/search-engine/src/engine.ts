/**
 * The embedded search engine: answers Meilisearch search queries over one dealer's stock, in
 * process, configured by the same index settings that are pushed to a real Meilisearch.
 *
 * Ranking follows the settings' ranking rules: with words in `q`, documents matching more of the
 * query words (dropping words from the end, Meilisearch's `last` strategy) come first, then fewer
 * typos, then the earlier searchable attribute, then `sort`, then exact words, then custom ranking
 * (`custom_rank:desc`), then the order documents were indexed in. `proximity` is not modelled.
 */
import { Bitset } from './bitset';
import { HitsOverBudget, MeiliError } from './errors';
import { FieldIndex, FieldValues } from './field-index';
import { filterError, filterFields, parseFilterExpression, type FilterNode } from './filter-parser';
import { Highlighter, formatValue } from './format';
import { GeoPoints, geoDistanceFor, geoSortKeys, parseGeoSort, type GeoSort } from './geo';
import { parseQuery, type ParsedQuery, type QueryTerm, type QueryWord } from './query-text';
import type { SearchParams } from './request';
import { TextIndex, TextIndexBuilder, joinWords, type TermMatch } from './text-index';
import { rankText, type QueryUnit, type TextKeys, type TextRule } from './text-rank';
import { textRules, type TextRules, type TextSettingsInput } from './text-settings';

export interface EngineSettings {
  primaryKey: string;
  searchableAttributes: readonly string[];
  filterableAttributes: readonly string[];
  sortableAttributes: readonly string[];
  rankingRules: readonly string[];
  faceting: { maxValuesPerFacet: number; sortFacetValuesBy?: Readonly<Record<string, 'alpha' | 'count'>> };
  pagination: { maxTotalHits: number };
  synonyms?: TextSettingsInput['synonyms'];
  stopWords?: TextSettingsInput['stopWords'];
  typoTolerance?: TextSettingsInput['typoTolerance'];
}

export type SearchDocument = Record<string, unknown>;

export interface FacetStats {
  min: number;
  max: number;
}

export interface SearchResult {
  hits: SearchDocument[];
  query: string;
  processingTimeMs: number;
  limit: number;
  offset: number;
  estimatedTotalHits: number;
  facetDistribution?: Record<string, Record<string, number>>;
  facetStats?: Record<string, FacetStats>;
}

/** Meilisearch joins at most three neighbouring query words into one (its n-grams). */
const MAX_JOINED_WORDS = 3;

/** Meilisearch lists facet values of small result sets from the documents, numbers by their text. */
const SMALL_RESULT_SET = 3000;

type SortDirection = 'asc' | 'desc';
type SortCriterion = { field: string; direction: SortDirection } | { geo: GeoSort };
type Rule = { kind: 'words' | TextRule | 'sort' | 'ignored' } | { kind: 'custom'; field: string; direction: SortDirection };

function parseRankingRules(rules: readonly string[]): Rule[] {
  return rules.map((rule) => {
    switch (rule) {
      case 'words':
      case 'typo':
      case 'proximity':
      case 'exactness':
      case 'sort':
        return { kind: rule };
      case 'attribute':
      case 'attributeRank':
        return { kind: 'attribute' };
      case 'wordPosition':
        return { kind: 'ignored' };
      default: {
        const match = /^(.+):(asc|desc)$/.exec(rule);
        if (!match) throw new Error(`Unknown ranking rule "${rule}" in the index settings`);
        return { kind: 'custom', field: match[1]!, direction: match[2] as SortDirection };
      }
    }
  });
}

const TEXT_RULES: ReadonlySet<string> = new Set(['typo', 'proximity', 'attribute', 'exactness']);

/**
 * The rules a query with text runs, as Meilisearch builds them: `words` comes before the first
 * other text rule even when the settings put it later or leave it out, and matching strategy
 * `all` has no `words` rule (every word must match). A rule listed twice counts once.
 */
export function textQueryRules(rules: readonly Rule[], strategy: SearchParams['matchingStrategy']): Rule[] {
  const out: Rule[] = [];
  const seen = new Set<string>();
  let words = strategy === 'all';
  for (const rule of rules) {
    if (TEXT_RULES.has(rule.kind) && !words) {
      out.push({ kind: 'words' });
      words = true;
    }
    if (rule.kind === 'words') {
      if (words) continue;
      words = true;
    } else {
      const key = rule.kind === 'custom' ? `custom:${rule.field}` : rule.kind;
      if (seen.has(key)) continue;
      seen.add(key);
    }
    out.push(rule);
  }
  return out;
}

/**
 * Work shared by the queries of one multi-search: the main query and its facet queries repeat the
 * same text and most filter strings, so each is computed once per request.
 */
export class RequestCache {
  readonly terms = new Map<string, TermMatch>();
  readonly filters = new Map<string, Bitset | null>();
  readonly textKeys = new Map<string, TextKeys>();
  readonly units = new Map<string, QueryUnit[]>();
  /** Ranking keys folded per ranking order for this request's text keys. */
  readonly folded = new Map<string, Float64Array | null>();
}

/** The best `k` of the candidates (ascending document order) by folded key, ties to the earlier document. */
function topByFolded(folded: Float64Array, candidates: Int32Array, k: number): number[] {
  if (k === 1) {
    let best = candidates[0]!;
    let bestKey = folded[best]!;
    for (let i = 1; i < candidates.length; i++) {
      const doc = candidates[i]!;
      const key = folded[doc]!;
      if (key < bestKey) {
        best = doc;
        bestKey = key;
      }
    }
    return [best];
  }
  if (k * 4 >= candidates.length) {
    return Array.from(candidates)
      .sort((a, b) => folded[a]! - folded[b]! || a - b)
      .slice(0, k);
  }
  // A bounded insertion: most candidates fail the comparison with the k-th best and cost one read.
  const top: number[] = [];
  let worst = Infinity;
  for (let i = 0; i < candidates.length; i++) {
    const doc = candidates[i]!;
    const key = folded[doc]!;
    if (top.length === k && key >= worst) continue;
    let lo = 0;
    let hi = top.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (folded[top[mid]!]! <= key) lo = mid + 1;
      else hi = mid;
    }
    top.splice(lo, 0, doc);
    if (top.length > k) top.pop();
    if (top.length === k) worst = folded[top[k - 1]!]!;
  }
  return top;
}

/** Folding per request pays once the candidates are at least this fraction (1/n) of the documents. */
const FOLD_WORTHWHILE = 4;

/** What a field's sort ranks hold for a document without a value. */
const UNRANKED = 0x7fffffff;

/**
 * The ranking keys folded into one number per document, in the same order (each key a digit of a
 * mixed-radix number), or null when their ranges do not fit a double exactly. Comparing two
 * documents is then one comparison instead of a walk down every rule.
 */
function foldKeys(keys: readonly Int32Array[], size: number): Float64Array | null {
  const ranges: number[] = [];
  let product = 1;
  for (const key of keys) {
    let max = 0;
    for (let doc = 0; doc < size; doc++) {
      const value = key[doc]!;
      if (value < 0) return null;
      if (value !== UNRANKED && value > max) max = value;
    }
    // The missing value sorts last, one past the largest.
    const range = max + 2;
    product *= range;
    if (product > Number.MAX_SAFE_INTEGER) return null;
    ranges.push(range);
  }
  const folded = new Float64Array(size);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    const range = ranges[i]!;
    const missing = range - 1;
    for (let doc = 0; doc < size; doc++) {
      const value = key[doc]!;
      folded[doc] = folded[doc]! * range + (value === UNRANKED ? missing : value);
    }
  }
  return folded;
}

/** What a `SearchEngineBuilder` hands its engine: indexes already built over the documents. */
export interface BuiltIndexes {
  text: TextIndex;
  fields: ReadonlyMap<string, FieldIndex>;
  /** Attributes present in at least one document. */
  present: ReadonlySet<string>;
}

/**
 * A SearchEngine built a few documents at a time, for a server that must keep answering while it
 * indexes new stock: `add` reads documents into the text index and into the value index of every
 * filterable and sortable attribute, so the finished engine builds nothing on its first searches;
 * `finish` completes the indexes one bounded piece per step (a share of the term dictionary, one
 * attribute's index). The caller lets other work run between calls; run at once, the engine
 * answers exactly as `new SearchEngine(documents, settings)` does.
 */
export class SearchEngineBuilder {
  private readonly docs: SearchDocument[] = [];
  private readonly text: TextIndexBuilder;
  private readonly values: FieldValues[];
  private readonly present = new Set<string>();

  constructor(readonly settings: EngineSettings) {
    this.text = new TextIndexBuilder(settings.searchableAttributes, textRules(settings));
    const fields = new Set([...settings.filterableAttributes, ...settings.sortableAttributes]);
    for (const rule of parseRankingRules(settings.rankingRules)) if (rule.kind === 'custom') fields.add(rule.field);
    this.values = [...fields].map((name) => new FieldValues(name));
  }

  /** Documents added so far. */
  get size(): number {
    return this.docs.length;
  }

  /** Indexes the next documents (positions follow those added before). */
  add(documents: readonly SearchDocument[]): void {
    for (const doc of documents) {
      this.docs.push(doc);
      this.text.add(doc);
      for (const values of this.values) values.add(doc);
      for (const key of Object.keys(doc)) if (doc[key] !== undefined) this.present.add(key);
    }
  }

  /** The rest of the work, one bounded piece per step; returns the engine. Add nothing once started. */
  *finish(): Generator<void, SearchEngine, void> {
    const text = yield* this.text.finish();
    const fields = new Map<string, FieldIndex>();
    const custom = parseRankingRules(this.settings.rankingRules).flatMap((rule) => (rule.kind === 'custom' ? [rule.field] : []));
    const sortable = new Set([...this.settings.sortableAttributes, ...custom]);
    for (const values of this.values) {
      const index = new FieldIndex(values.name, values);
      fields.set(values.name, index);
      yield;
      index.prepare(sortable.has(values.name));
      yield;
    }
    const engine = new SearchEngine(this.docs, this.settings, { text, fields, present: this.present });
    // The primary-key lookup (document reads, `positionOf`), built now rather than on a request.
    engine.positionOf('');
    return engine;
  }
}

export class SearchEngine {
  private readonly docs: readonly SearchDocument[];
  private readonly text: TextIndex;
  private readonly fields = new Map<string, FieldIndex>();
  private readonly filterable: ReadonlySet<string>;
  private readonly sortable: ReadonlySet<string>;
  /** Attributes present in at least one document (Meilisearch's fields map). */
  private readonly present: ReadonlySet<string>;
  private readonly rules: Rule[];
  private readonly textRules: TextRules;
  private byPosition?: Map<string, number>;
  private geoPoints?: GeoPoints;

  /**
   * An engine over `documents`: the text index is built now, each attribute's value index on its
   * first use. `built` (from `SearchEngineBuilder`) hands over indexes already built.
   */
  constructor(
    documents: readonly SearchDocument[],
    readonly settings: EngineSettings,
    built?: BuiltIndexes,
  ) {
    this.docs = documents;
    this.filterable = new Set(settings.filterableAttributes);
    this.sortable = new Set(settings.sortableAttributes);
    this.rules = parseRankingRules(settings.rankingRules);
    this.textRules = textRules(settings);
    if (built) {
      this.text = built.text;
      for (const [name, index] of built.fields) this.fields.set(name, index);
      this.present = built.present;
      return;
    }
    this.text = new TextIndex(documents, settings.searchableAttributes, this.textRules);
    const present = new Set<string>();
    for (const doc of documents) for (const [key, value] of Object.entries(doc)) if (value !== undefined) present.add(key);
    this.present = present;
  }

  /**
   * The same engine with some documents replaced (`changes`: position → new document), sharing
   * every index the changes leave as it was: the text index, and each attribute's value index
   * whose values none of the changed documents changed. For small changes to attributes that are
   * not searchable (a reservation's `reserved` flag): a copy of the document list, not a rebuild.
   * Throws when a change touches a searchable attribute or the primary key.
   */
  withReplaced(changes: ReadonlyMap<number, SearchDocument>): SearchEngine {
    const docs = [...this.docs];
    const changed = new Set<string>();
    for (const [position, doc] of changes) {
      const before = docs[position];
      if (before === undefined) throw new RangeError(`No document at position ${position}`);
      for (const key of new Set([...Object.keys(before), ...Object.keys(doc)])) {
        if (!sameValue(before[key], doc[key])) changed.add(key);
      }
      docs[position] = doc;
    }
    for (const key of [this.settings.primaryKey, ...this.settings.searchableAttributes]) {
      if (changed.has(key)) throw new Error(`withReplaced cannot change \`${key}\` (searchable or the primary key): build a new engine`);
    }
    const present = new Set(this.present);
    for (const key of changed) {
      if (docs.some((doc) => doc[key] !== undefined)) present.add(key);
      else present.delete(key);
    }
    const fields = new Map<string, FieldIndex>();
    for (const [name, index] of this.fields) if (!changed.has(name)) fields.set(name, index);
    const engine = new SearchEngine(docs, this.settings, { text: this.text, fields, present });
    engine.byPosition = this.byPosition;
    if (!changed.has('_geo')) engine.geoPoints = this.geoPoints;
    return engine;
  }

  /** The position of the document whose primary key reads `id`, if any. */
  positionOf(id: string): number | undefined {
    this.byPosition ??= new Map(this.docs.map((doc, position) => [String(doc[this.settings.primaryKey]), position]));
    return this.byPosition.get(id);
  }

  get size(): number {
    return this.docs.length;
  }

  /**
   * A document by primary key, for `GET /indexes/{uid}/documents/{id}`; with `scope`, only a
   * document inside it (one outside is as absent as one that does not exist).
   */
  document(id: string, scope?: Bitset): SearchDocument | undefined {
    const position = this.positionOf(id);
    if (position === undefined || (scope && !scope.has(position))) return undefined;
    return this.docs[position];
  }

  /**
   * The documents a `filter` (as in a search) admits; null when it filters nothing out. The
   * caller keeps the set as a scope for `search` and `document`, as Meilisearch applies a tenant
   * token's search rules to every request made with it.
   */
  matching(filter: unknown): Bitset | null {
    return this.filter(filter, new RequestCache());
  }

  private field(name: string): FieldIndex {
    let index = this.fields.get(name);
    if (!index) {
      index = new FieldIndex(name, this.docs);
      this.fields.set(name, index);
    }
    return index;
  }

  /**
   * One query. With `scope` (a set from `matching`), documents outside it do not exist for this
   * query: not in hits, counts or facets, whatever its own filter says. With `maxHitBytes`, a
   * search whose hits pass that many characters of JSON throws `HitsOverBudget` as soon as
   * they do, before the rest are made.
   */
  search(params: SearchParams, cache: RequestCache = new RequestCache(), scope?: Bitset, maxHitBytes?: number): SearchResult {
    const started = performance.now();
    const filtered = this.filter(params.filter, cache);
    const sort = this.parseSort(params.sort);
    const facets = this.facetFields(params.facets);

    const query = parseQuery(params.q, this.textRules);
    let candidates = filtered && scope ? filtered.and(scope) : (filtered ?? scope ?? Bitset.full(this.size));
    let text: TextKeys | undefined;
    let rules = this.rules;
    if (query.terms.length > 0) {
      rules = textQueryRules(this.rules, params.matchingStrategy);
      text = this.textKeys(query, rules, cache);
      candidates = candidates.and(text.docs);
    }
    for (const negative of query.negative) candidates = candidates.andNot(this.termMatch(negative, cache, false).docs);

    // The engine's one buffer: a search runs to the end before another starts, and `list` is not kept.
    this.candidateBuffer ??= new Int32Array(this.size);
    const list = candidates.toArray(this.candidateBuffer);
    const maxTotalHits = this.settings.pagination.maxTotalHits;
    const offset = Math.min(params.offset, maxTotalHits);
    const limit = Math.min(params.limit, maxTotalHits - offset);
    const top = this.rank(rules, list, offset + limit, text, sort, cache);
    const retrieve = params.attributesToRetrieve && !params.attributesToRetrieve.includes('*') ? new Set(params.attributesToRetrieve) : undefined;
    const hits: SearchDocument[] = [];
    let hitBytes = 0;
    for (const doc of top.slice(offset)) {
      const hit = this.hit(doc, params, query, retrieve, cache);
      // Characters never outnumber UTF-8 bytes, so this refuses nothing the answer cap would let
      // through; counting costs a few microseconds a hit, while making (and highlighting) thousands
      // of hits past the cap cost up to a second.
      if (maxHitBytes !== undefined) {
        hitBytes += JSON.stringify(hit).length;
        if (hitBytes > maxHitBytes) throw new HitsOverBudget();
      }
      hits.push(hit);
    }

    const result: SearchResult = {
      hits,
      query: params.q,
      processingTimeMs: 0,
      limit,
      offset,
      estimatedTotalHits: Math.min(list.length, maxTotalHits),
    };
    if (facets) Object.assign(result, this.facetResults(facets, candidates, list));
    result.processingTimeMs = Math.floor(performance.now() - started);
    return result;
  }

  /** A term's match; an excluded word (`positive` false) is only ever the word itself, never split. */
  private termMatch(term: QueryTerm, cache: RequestCache, positive = true): TermMatch {
    const key = `${positive}\u0000${JSON.stringify(term)}`;
    let match = cache.terms.get(key);
    if (!match) {
      match = this.text.match(term, positive);
      cache.terms.set(key, match);
    }
    return match;
  }

  /**
   * The query as units: each typed word or phrase, and each run of two or three neighbouring
   * typed words that some document holds joined as one word.
   */
  private queryUnits(query: ParsedQuery, cache: RequestCache): QueryUnit[] {
    const key = `units\u0000${JSON.stringify(query.terms)}`;
    const cached = cache.units.get(key);
    if (cached) return cached;
    const units: QueryUnit[] = query.terms.map((term, i) => ({
      from: i,
      to: i + 1,
      match: this.termMatch(term, cache),
      joined: false,
      ...(term.kind === 'word' ? { word: term } : {}),
    }));
    for (let from = 0; from < query.terms.length; from++) {
      for (let size = 2; size <= MAX_JOINED_WORDS && from + size <= query.terms.length; size++) {
        const words = query.terms.slice(from, from + size);
        if (!words.every((t): t is QueryWord => t.kind === 'word')) break;
        const word = joinWords(words, this.textRules);
        if (!word) continue;
        const match = this.text.matchJoined(word, words);
        if (match.docs.count() > 0) units.push({ from, to: from + size, match, joined: true, word });
      }
    }
    cache.units.set(key, units);
    return units;
  }

  // ---- filter ----------------------------------------------------------------------------

  /** The `filter` parameter as a set of documents; null when it filters nothing out. */
  private filter(filter: unknown, cache: RequestCache): Bitset | null {
    if (filter === null || filter === undefined) return null;
    if (typeof filter === 'string') return this.filterExpression(filter, cache);
    if (!Array.isArray(filter)) throw invalidFilterShape(['String', 'Array'], filter);
    let result: Bitset | null = null;
    for (const item of filter) {
      let part: Bitset | null;
      if (typeof item === 'string') {
        part = this.filterExpression(item, cache);
      } else if (Array.isArray(item)) {
        part = null;
        let any = false;
        for (const inner of item) {
          if (typeof inner !== 'string') throw invalidFilterShape(['String'], inner);
          const set = this.filterExpression(inner, cache);
          if (set === null) continue;
          part = any && part ? part.or(set) : set;
          any = true;
        }
      } else {
        throw invalidFilterShape(['String', '[String]'], item);
      }
      if (part) result = result ? result.and(part) : part;
    }
    return result;
  }

  private filterExpression(expression: string, cache: RequestCache): Bitset | null {
    const cached = cache.filters.get(expression);
    if (cached !== undefined) return cached;
    const node = parseFilterExpression(expression);
    let set: Bitset | null = null;
    if (node) {
      this.checkFilterable(node);
      set = this.evaluate(node);
    }
    cache.filters.set(expression, set);
    return set;
  }

  private checkFilterable(node: FilterNode): void {
    for (const field of filterFields(node)) {
      if (this.filterable.has(field.value)) continue;
      const available = [...this.filterable].sort();
      throw filterError(
        field.source,
        `Attribute \`${field.value}\` is not filterable. ${
          available.length === 0
            ? 'This index does not have configured filterable attributes.'
            : `Available filterable attributes are: \`${available.join('`, `')}\`.`
        }`,
        field.start,
        field.end,
      );
    }
  }

  evaluate(node: FilterNode): Bitset {
    switch (node.type) {
      case 'and':
        return node.children.map((c) => this.evaluate(c)).reduce((a, b) => a.and(b));
      case 'or':
        return node.children.map((c) => this.evaluate(c)).reduce((a, b) => a.or(b));
      case 'not':
        return this.evaluate(node.child).not();
      case 'exists':
        return this.field(node.field.value).exists;
      case 'null':
        return this.field(node.field.value).isNull;
      case 'empty':
        return this.field(node.field.value).isEmpty;
      case 'in': {
        const field = this.field(node.field.value);
        const set = new Bitset(this.size);
        for (const value of node.values) set.orInPlace(field.equal(value.value));
        return set;
      }
      case 'geoRadius':
        this.geoPoints ??= GeoPoints.of(this.docs);
        return this.geoPoints.withinRadius(node, (token, message) => filterError(token.source, message, token.start, token.end));
      case 'between':
        return this.field(node.field.value).range({ value: node.from.value, inclusive: true }, { value: node.to.value, inclusive: true });
      case 'compare': {
        const field = this.field(node.field.value);
        const value = node.value.value;
        switch (node.op) {
          case '=':
            return field.equal(value);
          case '!=':
            return field.equal(value).not();
          case '>':
            return field.range({ value, inclusive: false }, undefined);
          case '>=':
            return field.range({ value, inclusive: true }, undefined);
          case '<':
            return field.range(undefined, { value, inclusive: false });
          case '<=':
            return field.range(undefined, { value, inclusive: true });
        }
      }
    }
  }

  // ---- sort and ranking ------------------------------------------------------------------

  private parseSort(sort: readonly string[] | undefined): SortCriterion[] {
    if (!sort || sort.length === 0) return [];
    if (!this.rules.some((r) => r.kind === 'sort')) {
      throw new MeiliError(
        'invalid_search_sort',
        'You must specify where `sort` is listed in the rankingRules setting to use the sort parameter at search time.',
      );
    }
    return sort.map((expression): SortCriterion => {
      const geo = parseGeoSort(expression);
      const cut = expression.lastIndexOf(':');
      const field = geo ? '_geo' : cut === -1 ? '' : expression.slice(0, cut);
      const direction = cut === -1 ? '' : expression.slice(cut + 1);
      if ((direction !== 'asc' && direction !== 'desc') || field === '') {
        throw new MeiliError(
          'invalid_search_sort',
          `Invalid syntax for the sort parameter: expected expression ending by \`:asc\` or \`:desc\`, found \`${expression}\`.`,
        );
      }
      if (!this.sortable.has(field)) {
        const available = [...this.sortable].sort();
        throw new MeiliError(
          'invalid_search_sort',
          `Attribute \`${field}\` is not sortable. ${
            available.length === 0
              ? 'This index does not have configured sortable attributes.'
              : `Available sortable attributes are: \`${available.join(', ')}\`.`
          }`,
        );
      }
      return geo ? { geo } : { field, direction };
    });
  }

  /** The text rules' keys for this query, computed once per request. */
  private textKeys(query: ParsedQuery, rules: readonly Rule[], cache: RequestCache): TextKeys {
    const textRules = rules.flatMap((r): TextRule[] => (TEXT_RULES.has(r.kind) ? [r.kind as TextRule] : []));
    const requireAll = !rules.some((r) => r.kind === 'words');
    const key = `${requireAll}\u0000${textRules.join()}\u0000${JSON.stringify(query.terms)}`;
    const cached = cache.textKeys.get(key);
    if (cached) return cached;
    const phrases = query.terms.flatMap((term, i) => (term.kind === 'phrase' ? [i] : []));
    const keys = rankText(this.text, query.terms.length, this.queryUnits(query, cache), textRules, requireAll, phrases);
    cache.textKeys.set(key, keys);
    return keys;
  }

  /**
   * The best `k` candidates in ranking order. Each ranking rule is an integer key per document
   * (lower first); a bounded insertion keeps only `k`, so a facet query (limit 1) or a page of 21
   * never sorts the whole result set.
   */
  private rank(rules: readonly Rule[], candidates: Int32Array, k: number, text: TextKeys | undefined, sort: SortCriterion[], cache: RequestCache): number[] {
    if (k <= 0 || candidates.length === 0) return [];
    const keys: Int32Array[] = [];
    for (const rule of rules) {
      switch (rule.kind) {
        case 'words':
        case 'typo':
        case 'proximity':
        case 'attribute':
        case 'exactness':
          if (text) keys.push(text[rule.kind]);
          break;
        case 'sort':
          for (const criterion of sort) {
            if ('geo' in criterion) {
              this.geoPoints ??= GeoPoints.of(this.docs);
              keys.push(geoSortKeys(this.geoPoints, candidates, criterion.geo));
            } else keys.push(this.field(criterion.field).sortRanks(criterion.direction));
          }
          break;
        case 'custom':
          keys.push(this.field(rule.field).sortRanks(rule.direction));
          break;
        case 'ignored':
          break;
      }
    }
    const folded = this.foldedKeys(keys, rules, sort, text, cache, candidates.length);
    if (folded) return topByFolded(folded, candidates, k);
    const before = (a: number, b: number): boolean => {
      for (const key of keys) {
        const x = key[a]!;
        const y = key[b]!;
        if (x !== y) return x < y;
      }
      return a < b;
    };
    if (k * 4 >= candidates.length) {
      return [...candidates].sort((a, b) => (a === b ? 0 : before(a, b) ? -1 : 1)).slice(0, k);
    }
    const top: number[] = [];
    for (const doc of candidates) {
      if (top.length === k && !before(doc, top[k - 1]!)) continue;
      let lo = 0;
      let hi = top.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (before(top[mid]!, doc)) lo = mid + 1;
        else hi = mid;
      }
      top.splice(lo, 0, doc);
      if (top.length > k) top.pop();
    }
    return top;
  }

  private candidateBuffer?: Int32Array;

  /** Folded keys without text, for the life of the engine: they come from the documents alone. */
  private readonly foldedWithoutText = new Map<string, Float64Array | null>();

  /**
   * The ranking keys folded into one number per document, made once per ranking order: for the
   * engine's life when no text ranks (field sort ranks only), else once per request, shared by
   * the main query and its facet queries. Null where a geo sort ranks (its keys depend on the
   * candidates) or the keys do not fold.
   */
  private foldedKeys(
    keys: readonly Int32Array[],
    rules: readonly Rule[],
    sort: SortCriterion[],
    text: TextKeys | undefined,
    cache: RequestCache,
    candidates: number,
  ): Float64Array | null {
    if (sort.some((criterion) => 'geo' in criterion)) return null;
    const store = text ? cache.folded : this.foldedWithoutText;
    const order = JSON.stringify([rules, sort]);
    let folded = store.get(order);
    if (folded === undefined) {
      // Folding reads every document's keys: for a request's few text matches, comparing them
      // rule by rule is cheaper.
      if (text && candidates * FOLD_WORTHWHILE < this.size) return null;
      folded = foldKeys(keys, this.size);
      store.set(order, folded);
    }
    return folded;
  }

  // ---- facets ----------------------------------------------------------------------------

  private facetFields(facets: readonly string[] | undefined): string[] | undefined {
    if (!facets) return undefined;
    const fields = new Set<string>();
    for (const facet of facets) {
      if (facet === '*') {
        // `_geo` holds points, not facet values.
        for (const name of this.filterable) if (name !== '_geo') fields.add(name);
        continue;
      }
      if (!this.filterable.has(facet)) {
        const available = [...this.filterable].sort();
        throw new MeiliError(
          'invalid_search_facets',
          available.length === 0
            ? `Invalid facet distribution: Pattern \`${facet}\` is not filterable. This index does not have configured filterable attributes.`
            : `Invalid facet distribution: Pattern \`${facet}\` is not filterable. Available filterable attributes patterns are: \`${available.join(', ')}\`.`,
        );
      }
      fields.add(facet);
    }
    // Meilisearch only reports attributes some document has.
    return [...fields].filter((name) => this.present.has(name));
  }

  private facetResults(fields: readonly string[], candidateSet: Bitset, candidates: Int32Array): Pick<SearchResult, 'facetDistribution' | 'facetStats'> {
    const facetDistribution: Record<string, Record<string, number>> = {};
    const facetStats: Record<string, FacetStats> = {};
    const max = this.settings.faceting.maxValuesPerFacet;
    for (const name of [...fields].sort()) {
      const field = this.field(name);
      const counts = field.countIn(candidateSet, candidates);
      const numberCount = field.numbers.length;
      const order = this.settings.faceting.sortFacetValuesBy?.[name] ?? this.settings.faceting.sortFacetValuesBy?.['*'] ?? 'alpha';
      const ids: number[] = [];
      if (order === 'count') {
        const byCount = (from: number, to: number): number[] =>
          Array.from({ length: to - from }, (_, i) => from + i)
            .filter((id) => counts[id]! > 0)
            .sort((a, b) => counts[b]! - counts[a]! || a - b);
        ids.push(...byCount(0, numberCount), ...byCount(numberCount, field.valueCount));
      } else {
        const byText = candidates.length <= SMALL_RESULT_SET ? field.numbersByText() : undefined;
        for (let k = 0; k < numberCount && ids.length < max; k++) {
          const id = byText ? byText[k]! : k;
          if (counts[id]! > 0) ids.push(id);
        }
        for (let id = numberCount; id < field.valueCount && ids.length < max; id++) if (counts[id]! > 0) ids.push(id);
      }
      const distribution: Record<string, number> = {};
      // Meilisearch lists a small result's values from its documents: a value spelled several ways
      // shows the spelling of the first matching document that has it.
      const small = candidates.length <= SMALL_RESULT_SET && field.respelled.size > 0;
      const key = (id: number): string => {
        if (!small || !field.respelled.has(id)) return field.key(id);
        const holder = field.firstHolder(id, candidateSet);
        return (holder === undefined ? undefined : field.spellingIn(this.docs[holder]!, id)) ?? field.key(id);
      };
      for (const id of ids.slice(0, max)) distribution[key(id)] = counts[id]!;
      facetDistribution[name] = distribution;

      // Number ids are in ascending order, so the extremes are the first and last counted ones.
      let lowest = 0;
      while (lowest < numberCount && counts[lowest] === 0) lowest++;
      let highest = numberCount - 1;
      while (highest > lowest && counts[highest] === 0) highest--;
      if (lowest < numberCount) facetStats[name] = { min: field.numbers[lowest]!, max: field.numbers[highest]! };
    }
    return { facetDistribution, facetStats };
  }

  // ---- hits ------------------------------------------------------------------------------

  /** One hit; `retrieve` is `attributesToRetrieve` as a set (a list would be searched per attribute per hit), undefined for all. */
  private hit(position: number, params: SearchParams, query: ParsedQuery, retrieve: ReadonlySet<string> | undefined, cache: RequestCache): SearchDocument {
    const doc = this.docs[position]!;
    const wanted = (key: string): boolean => !retrieve || retrieve.has(key);
    const hit: SearchDocument = {};
    for (const [key, value] of Object.entries(doc)) if (value !== undefined && wanted(key)) hit[key] = value;
    const geoDistance = geoDistanceFor(params.sort, doc);

    const highlight = params.attributesToHighlight ?? [];
    const all = highlight.includes('*');
    // Whether `_formatted` appears depends on the index (a named attribute some document has), not on this hit.
    const highlighted = new Set(highlight.filter((name) => name !== '*' && this.present.has(name)));
    if (!all && highlighted.size === 0) return geoDistance === undefined ? hit : Object.assign(hit, { _geoDistance: geoDistance });
    const highlighter = this.highlighter(query, params, cache);
    const formatted: SearchDocument = {};
    for (const [key, value] of Object.entries(doc)) {
      if (value === undefined) continue;
      const isHighlighted = all || highlighted.has(key);
      if (!isHighlighted && !wanted(key)) continue;
      formatted[key] = formatValue(value, isHighlighted, highlighter);
    }
    hit._formatted = formatted;
    if (geoDistance !== undefined) hit._geoDistance = geoDistance;
    return hit;
  }

  /** One highlighter per search call (its memo serves all the hits of the page). */
  private lastHighlighter?: { query: ParsedQuery; params: SearchParams; highlighter: Highlighter };

  private highlighter(query: ParsedQuery, params: SearchParams, cache: RequestCache): Highlighter {
    if (this.lastHighlighter?.query !== query || this.lastHighlighter.params !== params) {
      const options = { preTag: params.highlightPreTag, postTag: params.highlightPostTag };
      const units = this.queryUnits(query, cache);
      const words = units.flatMap((u) => (u.word ? [u.word, ...synonymWords(u.word)] : []));
      const runs = units.flatMap((u) => u.match.runs);
      this.lastHighlighter = { query, params, highlighter: new Highlighter({ words, runs }, options, (term) => this.text.has(term)) };
    }
    return this.lastHighlighter.highlighter;
  }
}

/** A word's one-word synonyms as words to highlight: whole words, no typos. */
const synonymWords = (word: QueryWord): QueryWord[] =>
  (word.synonyms ?? []).flatMap((synonym) => (synonym.length === 1 ? [{ kind: 'word' as const, term: synonym[0]!, prefix: false, typos: 0 as const }] : []));

/** Same value for an index: identical, or the same JSON (arrays and objects compared by content). */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

function invalidFilterShape(expected: string[], found: unknown): MeiliError {
  return new MeiliError(
    'invalid_search_filter',
    `Invalid syntax for the filter parameter: \`expected ${expected.join(', ')}, found: ${JSON.stringify(found) ?? 'null'}\`.`,
  );
}
