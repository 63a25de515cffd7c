/**
 * The searchable text of every document. The term dictionary is MiniSearch's radix tree
 * (`minisearch/SearchableMap`), which gives exact, prefix and fuzzy term lookup; which terms count
 * and how they rank follow Meilisearch's rules (see text.ts), not MiniSearch's own scoring.
 */
import SearchableMap from 'minisearch/SearchableMap';
import { Bitset } from './bitset';
import type { QueryPhrase, QueryTerm, QueryWord } from './query-text';
import { isLongWord, tokenizeAt, typoBudget, typosBetween, POSITION_GAP, type TypoBudget } from './text';
import { DEFAULT_TEXT_RULES, type TextRules } from './text-settings';

/** Longest last word whose one-typo prefixes are enumerated; longer ones still get whole-word typos. */
const MAX_VARIANT_WORD = 24;

export interface Postings {
  /** Document positions, ascending. */
  docs: number[];
  /** For each of those documents, the first searchable attribute (by settings order) holding the term. */
  attributes: number[];
}

/** How one query term matched each document (arrays indexed by document position). */
export interface TermMatch {
  docs: Bitset;
  /** Fewest typos over the document's matching words; meaningful only where `docs` is set. */
  typos: Uint8Array;
  /** First searchable attribute holding a match. */
  attribute: Uint8Array;
  /** 1 when a document word equals the query word exactly (no typo, not just a prefix). */
  exact: Uint8Array;
  /** Document words the term matched one for one, for proximity and highlighting. */
  words: ReadonlySet<string>;
  /** Runs of neighbouring document words the term matched as a whole: a phrase, or a word split in two. */
  runs: readonly (readonly string[])[];
}

/** Where a term matched inside one document: its attribute and the positions of its first and last word. */
export interface Occurrence {
  attribute: number;
  first: number;
  last: number;
}

/** A term the index holds, how many typos it costs against the query word, and its documents. */
export interface Derivation {
  term: string;
  typos: number;
  postings: Postings;
}

const isDocumentList = (source: readonly Record<string, unknown>[] | TextIndexParts): source is readonly Record<string, unknown>[] => Array.isArray(source);

/** Leaf strings of a value: a string, or the strings and numbers inside arrays and objects. */
export function leafTexts(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (typeof value === 'number' || typeof value === 'boolean') out.push(String(value));
  else if (Array.isArray(value)) for (const item of value) leafTexts(item, out);
  else if (value !== null && typeof value === 'object') for (const item of Object.values(value)) leafTexts(item, out);
  return out;
}

/**
 * Neighbouring query words as the one word they may stand for: joined, with the joined word's
 * typo budget less one per join and the last word's prefix. Undefined when it would be too long.
 */
export function joinWords(words: readonly QueryWord[], rules: TextRules = DEFAULT_TEXT_RULES): QueryWord | undefined {
  const term = words.map((w) => w.term).join('');
  if (isLongWord(term)) return undefined;
  const typos = Math.max(0, typoBudget(term, rules.typos) - (words.length - 1)) as TypoBudget;
  // The typed words together may be a synonym's key ("four wheel drive"), as Meilisearch looks up its n-grams.
  const synonyms = rules.synonyms.get(words.map((w) => w.term).join(' '));
  return { kind: 'word', term, prefix: words.at(-1)!.prefix, typos, ...(synonyms ? { synonyms } : {}) };
}

/** What a TextIndex is made of; `TextIndexBuilder` collects it. */
export interface TextIndexParts {
  attributes: readonly string[];
  terms: SearchableMap<Postings>;
  /** Every document's searchable words in order, one list for all: document d's are `words[wordStart[d] … wordStart[d + 1])`. */
  words: string[];
  wordStart: Int32Array;
  /** Each word's attribute and position, in the same layout. */
  wordAttributes: Uint8Array;
  wordPlaces: Uint32Array;
  pairs: Map<string, Postings>;
  /**
   * With attributes that take no typos (`typoTolerance.disableOnAttributes`), each term's postings
   * outside them: what a word with typos may match. Undefined when every attribute takes typos.
   */
  loose?: Map<string, Postings>;
  alphabet: string[];
  sorted: string[];
}

/**
 * The searchable text of documents read one at a time, in position order (0, 1, 2 …), so a large
 * stock can be indexed a few documents at a time; `finish` builds the term dictionary in steps.
 */
export class TextIndexBuilder {
  private readonly postings = new Map<string, Postings>();
  private readonly pairs = new Map<string, Postings>();
  private readonly loose?: Map<string, Postings>;
  /** Per searchable attribute, whether it takes no typos. */
  private readonly exact: boolean[];
  private readonly intern = new Map<string, string>();
  private readonly letters = new Set<string>();
  // Every document's words in flat lists, not a few small arrays per document: a large stock's
  // index is then a few large arrays, which the garbage collector does not copy about while the
  // index is being built beside a serving one.
  private readonly words: string[] = [];
  private readonly wordAttributes: number[] = [];
  private readonly wordPlaces: number[] = [];
  private readonly wordStart: number[] = [];
  /**
   * Words of each text seen more than once, positions counted from 0 (1: seen once): stock repeats
   * most values (makes, models, bodies, colours, locations) on hundreds of cars, and tokenizing is
   * most of the indexing work; texts of one car (names, VINs) are not kept.
   */
  private readonly tokenized = new Map<string, readonly { term: string; position: number }[] | 1>();

  constructor(
    readonly attributes: readonly string[],
    private readonly rules: TextRules = DEFAULT_TEXT_RULES,
  ) {
    this.exact = attributes.map((attribute) => rules.exactAttributes.has(attribute));
    if (this.exact.includes(true)) this.loose = new Map();
  }

  get size(): number {
    return this.wordStart.length;
  }

  private tokensOf(text: string): readonly { term: string; position: number }[] {
    const known = this.tokenized.get(text);
    if (known !== undefined && known !== 1) return known;
    const stopWords = this.rules.stopWords;
    // Stop words keep their place (their neighbours stay apart) but are not indexed, as in Meilisearch.
    const tokens = tokenizeAt(text, 0)
      .filter((token) => stopWords.size === 0 || !stopWords.has(text.slice(token.start, token.end)))
      .map(({ term, position }) => ({ term, position }));
    this.tokenized.set(text, known === 1 ? tokens : 1);
    return tokens;
  }

  /** The next document's searchable words. */
  add(doc: Readonly<Record<string, unknown>>): void {
    const position = this.wordStart.length;
    const first = this.words.length;
    this.wordStart.push(first);
    const { words, wordAttributes: attrs, wordPlaces: places } = this;
    this.attributes.forEach((attribute, attributeIndex) => {
      let next = 0;
      for (const text of leafTexts(doc[attribute])) {
        const tokens = this.tokensOf(text);
        for (const { term, position: relative } of tokens) {
          const place = next + relative;
          let shared = this.intern.get(term);
          if (shared === undefined) {
            shared = term;
            this.intern.set(term, term);
            for (const ch of term) this.letters.add(ch);
          }
          const previous = words.length - 1;
          if (previous >= first && attrs[previous] === attributeIndex && places[previous] === place - 1) {
            post(this.pairs, `${words[previous]}\u0000${shared}`, position, attributeIndex);
          }
          post(this.postings, shared, position, attributeIndex);
          if (this.loose && !this.exact[attributeIndex]) post(this.loose, shared, position, attributeIndex);
          words.push(shared);
          attrs.push(attributeIndex);
          places.push(place);
        }
        // Each further value of the attribute starts far from the last word of the one before.
        const last = tokens.at(-1);
        next = (last ? next + last.position : next) + POSITION_GAP;
      }
    });
  }

  /**
   * The index, its term dictionary (MiniSearch's radix tree) filled `termsPerStep` terms per
   * step: the caller may let other work run at each yield.
   */
  *finish(termsPerStep = 2000): Generator<void, TextIndex, void> {
    return new TextIndex(yield* this.parts(termsPerStep));
  }

  /** What `finish` builds the index from, in the same steps. */
  *parts(termsPerStep = 2000): Generator<void, TextIndexParts, void> {
    this.tokenized.clear();
    const terms = new SearchableMap<Postings>();
    let inStep = 0;
    for (const [term, postings] of this.postings) {
      terms.set(term, postings);
      if (++inStep === termsPerStep) {
        inStep = 0;
        yield;
      }
    }
    yield;
    const sorted = [...this.postings.keys()].sort();
    yield;
    return {
      attributes: this.attributes,
      terms,
      words: this.words,
      wordStart: Int32Array.from([...this.wordStart, this.words.length]),
      wordAttributes: Uint8Array.from(this.wordAttributes),
      wordPlaces: Uint32Array.from(this.wordPlaces),
      pairs: this.pairs,
      ...(this.loose ? { loose: this.loose } : {}),
      alphabet: [...this.letters],
      sorted,
    };
  }
}

/** Adds `position` to the key's postings; attributes are visited in order, so the first entry per document is its best one. */
function post(map: Map<string, Postings>, key: string, position: number, attributeIndex: number): void {
  let list = map.get(key);
  if (!list) {
    list = { docs: [], attributes: [] };
    map.set(key, list);
  }
  if (list.docs.at(-1) !== position) {
    list.docs.push(position);
    list.attributes.push(attributeIndex);
  }
}

/** Runs a step generator to its end at once. */
export function runSteps<T>(steps: Generator<void, T, void>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

export class TextIndex {
  readonly attributes: readonly string[];
  private readonly terms: SearchableMap<Postings>;
  /** Per document, its searchable words in order, with their attribute and position (phrases and proximity need them): see TextIndexParts. */
  private readonly words: string[];
  private readonly wordStart: Int32Array;
  private readonly wordAttributes: Uint8Array;
  private readonly wordPlaces: Uint32Array;
  /** Documents where one word directly follows another, keyed `left\u0000right`: where a typed word may be split in two. */
  private readonly pairs: Map<string, Postings>;
  private readonly loose?: Map<string, Postings>;
  private readonly alphabet: string[];
  /** All terms in code-unit order, for cheap prefix checks. */
  private readonly sorted: string[];

  /** The index of `docs`' `attributes` at once, or from the parts a `TextIndexBuilder` collected. */
  constructor(docs: readonly Record<string, unknown>[], attributes: readonly string[], rules?: TextRules);
  constructor(parts: TextIndexParts);
  constructor(source: readonly Record<string, unknown>[] | TextIndexParts, attributes: readonly string[] = [], rules: TextRules = DEFAULT_TEXT_RULES) {
    let parts: TextIndexParts;
    if (isDocumentList(source)) {
      const builder = new TextIndexBuilder(attributes, rules);
      for (const doc of source) builder.add(doc);
      parts = runSteps(builder.parts());
    } else {
      parts = source;
    }
    this.attributes = parts.attributes;
    this.terms = parts.terms;
    this.words = parts.words;
    this.wordStart = parts.wordStart;
    this.wordAttributes = parts.wordAttributes;
    this.wordPlaces = parts.wordPlaces;
    this.pairs = parts.pairs;
    if (parts.loose) this.loose = parts.loose;
    this.alphabet = parts.alphabet;
    this.sorted = parts.sorted;
    this.size = parts.wordStart.length - 1;
  }

  readonly size: number;

  has(term: string): boolean {
    return this.terms.has(term);
  }

  /**
   * Index terms a query word matches, with Meilisearch's typo count for each: exact, prefix (last
   * word), typos within the word's budget (same first letter), one edit on the first letter
   * counting as two typos, and typos inside a typed-so-far prefix.
   */
  derivations(word: QueryWord): Derivation[] {
    const found = new Map<string, Derivation>();
    const consider = (term: string, postings: Postings, typos = typosBetween(word.term, term, word.typos, word.prefix)): void => {
      if (typos === undefined || found.has(term)) return;
      // A word with typos never matches inside an attribute that takes none.
      const counted = typos > 0 && this.loose ? this.loose.get(term) : postings;
      if (counted) found.set(term, { term, typos, postings: counted });
    };
    const lookup = (term: string): void => {
      const postings = this.terms.get(term);
      if (postings) consider(term, postings);
    };
    const exact = this.terms.get(word.term);
    if (exact) consider(word.term, exact, 0);
    if (word.prefix && this.hasPrefix(word.term)) for (const [term, postings] of this.terms.atPrefix(word.term)) consider(term, postings, 0);
    if (word.typos === 0) return [...found.values()];

    const chars = [...word.term];
    const first = chars[0]!;
    // Same first letter: MiniSearch's fuzzy lookup inside that letter's subtree (far cheaper than
    // the whole dictionary). Its Levenshtein distance counts a swap of neighbours as 2, so swaps
    // are looked up directly.
    if (this.hasPrefix(first)) {
      for (const [suffix, [postings]] of this.terms.atPrefix(first).fuzzyGet(chars.slice(1).join(''), word.typos)) consider(first + suffix, postings);
    }
    for (const swapped of swaps(chars, word.typos === 2)) lookup(swapped);
    // With a budget of two, one edit on the first letter is allowed and counts as two typos.
    if (word.typos === 2) for (const variant of this.firstLetterEdits(chars)) lookup(variant);
    // A typed-so-far word with a typo: bounded, since the variants grow with length × alphabet.
    if (word.prefix && chars.length <= MAX_VARIANT_WORD) {
      for (const variant of this.oneEditVariants(chars, word.typos === 2)) {
        if (this.hasPrefix(variant)) for (const [term, postings] of this.terms.atPrefix(variant)) consider(term, postings);
      }
    }
    return [...found.values()];
  }

  /** The word with its first letter replaced, removed, or preceded by another letter. */
  private firstLetterEdits(chars: readonly string[]): string[] {
    const rest = chars.slice(1).join('');
    const out = [rest];
    for (const letter of this.alphabet) {
      if (letter !== chars[0]) out.push(letter + rest);
      out.push(letter + chars.join(''));
    }
    return out;
  }

  /** Whether any index term starts with `prefix`: a binary search, far cheaper than building a sub-map. */
  private hasPrefix(prefix: string): boolean {
    const sorted = this.sorted;
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (sorted[mid]! < prefix) lo = mid + 1;
      else hi = mid;
    }
    return lo < sorted.length && sorted[lo]!.startsWith(prefix);
  }

  /**
   * Strings one edit from the word: the prefixes a typed-so-far word with one typo may stand for
   * ("toyta" → "toyot…"). The first letter is edited only when `first` (a two-typo budget).
   * Only letters the index holds are tried.
   */
  private oneEditVariants(chars: readonly string[], first: boolean): Set<string> {
    const out = new Set<string>();
    const head = (i: number): string => chars.slice(0, i).join('');
    const tail = (i: number): string => chars.slice(i).join('');
    for (let i = first ? 0 : 1; i <= chars.length; i++) {
      const before = head(i);
      const rest = tail(i);
      const after = tail(i + 1);
      if (i < chars.length) {
        out.add(before + after);
        if (i + 1 < chars.length) out.add(before + chars[i + 1]! + chars[i]! + tail(i + 2));
        for (const letter of this.alphabet) if (letter !== chars[i]) out.add(before + letter + after);
      }
      for (const letter of this.alphabet) out.add(before + letter + rest);
    }
    out.delete(chars.join(''));
    return out;
  }

  /** How a query term matches; `split` (default) also matches a word as two neighbouring words. */
  match(term: QueryTerm, split = true): TermMatch {
    return term.kind === 'word' ? this.matchWord(term, undefined, split) : this.matchPhrase(term);
  }

  /** Neighbouring query words typed as one ("land cruiser" for "LandCruiser"): see `joinWords`. */
  matchJoined(joined: QueryWord, typed: readonly QueryWord[]): TermMatch {
    return this.matchWord(
      joined,
      typed.map((w) => w.term),
    );
  }

  private emptyMatch(): TermMatch {
    return {
      docs: new Bitset(this.size),
      typos: new Uint8Array(this.size),
      attribute: new Uint8Array(this.size),
      exact: new Uint8Array(this.size),
      words: new Set(),
      runs: [],
    };
  }

  /**
   * The two words a typed word most often stands for when split ("landcruiser" → "land cruiser",
   * "cx5" → "cx 5"): of the splits whose halves follow each other in some document, the one in
   * the most documents (the first on a tie).
   */
  bestSplit(term: string): [string, string] | undefined {
    const chars = [...term];
    let best: [string, string] | undefined;
    let count = 0;
    for (let i = 1; i < chars.length; i++) {
      const left = chars.slice(0, i).join('');
      const right = chars.slice(i).join('');
      const found = this.pairs.get(`${left}\u0000${right}`);
      if (found && found.docs.length > count) {
        best = [left, right];
        count = found.docs.length;
      }
    }
    return best;
  }

  /**
   * A word and every index word it stands for, plus its split into two neighbouring words (one
   * typo). For a joined word (`joinedFrom`, the words typed), no match is exact, and a split back
   * into the very words typed is left out: those are matched one by one.
   */
  private matchWord(word: QueryWord, joinedFrom?: readonly string[], split = true): TermMatch {
    const result = this.emptyMatch();
    const words = new Set<string>();
    for (const { term, typos, postings: list } of this.derivations(word)) {
      words.add(term);
      const exact = !joinedFrom && term === word.term ? 1 : 0;
      this.addPostings(result, list, typos, exact);
    }
    const runs: (readonly string[])[] = [];
    // Synonyms count as the word itself without typos, never as exact (Meilisearch's exactness
    // rule counts only the word typed); one of several words is found as a phrase.
    for (const synonym of word.synonyms ?? []) {
      if (synonym.length === 1) {
        const list = this.terms.get(synonym[0]!);
        if (!list) continue;
        words.add(synonym[0]!);
        this.addPostings(result, list, 0, 0);
        continue;
      }
      const phrase = this.matchPhrase({ kind: 'phrase', terms: [...synonym] });
      if (phrase.docs.count() === 0) continue;
      runs.push(synonym);
      for (const doc of phrase.docs.toArray()) this.addPostings(result, { docs: [doc], attributes: [phrase.attribute[doc]!] }, 0, 0);
    }
    const halves = split ? this.bestSplit(word.term) : undefined;
    if (halves && !(joinedFrom?.length === 2 && joinedFrom[0] === halves[0] && joinedFrom[1] === halves[1])) {
      runs.push(halves);
      this.addPostings(result, this.pairs.get(`${halves[0]}\u0000${halves[1]}`)!, 1, 0);
    }
    return { ...result, words, runs };
  }

  private addPostings(result: TermMatch, list: Postings, typos: number, exact: number): void {
    for (let k = 0; k < list.docs.length; k++) {
      const doc = list.docs[k]!;
      const attribute = list.attributes[k]!;
      if (!result.docs.has(doc)) {
        result.docs.add(doc);
        result.typos[doc] = typos;
        result.attribute[doc] = attribute;
        result.exact[doc] = exact;
        continue;
      }
      if (typos < result.typos[doc]!) result.typos[doc] = typos;
      if (attribute < result.attribute[doc]!) result.attribute[doc] = attribute;
      if (exact) result.exact[doc] = 1;
    }
  }

  /** A phrase matches its words exactly, each directly after the one before, inside one value. */
  private matchPhrase(phrase: QueryPhrase): TermMatch {
    const result = { ...this.emptyMatch(), runs: [phrase.terms] };
    let candidates: Bitset | undefined;
    for (const term of phrase.terms) {
      if (term === '') continue;
      const list = this.terms.get(term);
      if (!list) return result;
      const docs = Bitset.of(this.size, list.docs);
      candidates = candidates ? candidates.and(docs) : docs;
    }
    if (!candidates) return result;
    for (const doc of candidates.toArray()) {
      const first = this.occurrences(doc, result)[0];
      if (!first) continue;
      result.docs.add(doc);
      result.attribute[doc] = first.attribute;
      result.exact[doc] = 1;
    }
    return result;
  }

  /** Where a matched term occurs in a document as a whole: one entry per word matched, or per run found. */
  occurrences(doc: number, match: Pick<TermMatch, 'words' | 'runs'>): Occurrence[] {
    const { words: terms, wordAttributes: attrs, wordPlaces: places } = this;
    const end = this.wordStart[doc + 1]!;
    const out: Occurrence[] = [];
    for (let i = this.wordStart[doc]!; i < end; i++) {
      if (match.words.has(terms[i]!)) out.push({ attribute: attrs[i]!, first: places[i]!, last: places[i]! });
      for (const run of match.runs) {
        const last = runEnd(i, end, run, terms, attrs, places);
        if (last !== undefined) out.push({ attribute: attrs[i]!, first: places[i]!, last: places[last]! });
      }
    }
    return out;
  }

  /**
   * The words a term's neighbours are measured from, as Meilisearch measures them: each word it
   * matched, and for a run the document holds, every place of its first word (`starts`) and of
   * its last word (`ends`), wherever they stand.
   */
  edges(doc: number, match: Pick<TermMatch, 'words' | 'runs'>): { starts: Occurrence[]; ends: Occurrence[] } {
    const { words: terms, wordAttributes: attrs, wordPlaces: places } = this;
    const from = this.wordStart[doc]!;
    const end = this.wordStart[doc + 1]!;
    const starts: Occurrence[] = [];
    if (match.runs.length === 0) {
      for (let i = from; i < end; i++) if (match.words.has(terms[i]!)) starts.push({ attribute: attrs[i]!, first: places[i]!, last: places[i]! });
      return { starts, ends: starts };
    }
    const ends: Occurrence[] = [];
    const present = match.runs.filter((run) => this.occurrences(doc, { words: new Set(), runs: [run] }).length > 0);
    for (let i = from; i < end; i++) {
      const term = terms[i]!;
      const at: Occurrence = { attribute: attrs[i]!, first: places[i]!, last: places[i]! };
      if (match.words.has(term)) {
        starts.push(at);
        ends.push(at);
        continue;
      }
      if (present.some((run) => run[0] === term)) starts.push(at);
      if (present.some((run) => run.at(-1) === term)) ends.push(at);
    }
    return { starts, ends };
  }
}

/**
 * Where a run of words starting at word `i` (of words up to `end`) ends: the index of its last
 * word, or undefined when the run is not there. Each word must stand one place after the one
 * before, in the same attribute; a '' (a stop word in a phrase) takes a place any word fills.
 */
function runEnd(i: number, end: number, run: readonly string[], terms: readonly string[], attrs: Uint8Array, places: Uint32Array): number | undefined {
  if (terms[i] !== run[0]) return undefined;
  let at = i;
  for (let k = 1; k < run.length; k++) {
    if (run[k] === '') continue;
    const place = places[i]! + k;
    let next = at + 1;
    while (next < end && attrs[next] === attrs[i] && places[next]! < place) next++;
    if (next >= end || terms[next] !== run[k] || attrs[next] !== attrs[i] || places[next] !== place) return undefined;
    at = next;
  }
  return at;
}

/** The word with one pair of neighbouring letters swapped; the first letter only when `first`. */
function swaps(chars: readonly string[], first: boolean): string[] {
  const out: string[] = [];
  for (let i = first ? 0 : 1; i + 1 < chars.length; i++) {
    if (chars[i] === chars[i + 1]) continue;
    out.push([...chars.slice(0, i), chars[i + 1], chars[i], ...chars.slice(i + 2)].join(''));
  }
  return out;
}
