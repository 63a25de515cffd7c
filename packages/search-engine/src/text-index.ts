/**
 * The searchable text of every document. The term dictionary is MiniSearch's radix tree
 * (`minisearch/SearchableMap`), which gives exact, prefix and fuzzy term lookup; which terms count
 * and how they rank follow Meilisearch's rules (see text.ts), not MiniSearch's own scoring.
 */
import SearchableMap from 'minisearch/SearchableMap';
import { Bitset } from './bitset';
import type { QueryPhrase, QueryTerm, QueryWord } from './query-text';
import { tokenize, typosBetween } from './text';

/** Longest last word whose one-typo prefixes are enumerated; longer ones still get whole-word typos. */
const MAX_VARIANT_WORD = 24;

interface Postings {
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
}

/** A term the index holds, how many typos it costs against the query word, and its documents. */
export interface Derivation {
  term: string;
  typos: number;
  postings: Postings;
}

/** Leaf strings of a value: a string, or the strings and numbers inside arrays and objects. */
export function leafTexts(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (typeof value === 'number' || typeof value === 'boolean') out.push(String(value));
  else if (Array.isArray(value)) for (const item of value) leafTexts(item, out);
  else if (value !== null && typeof value === 'object') for (const item of Object.values(value)) leafTexts(item, out);
  return out;
}

export class TextIndex {
  private readonly terms: SearchableMap<Postings>;
  /** Per document, per searchable attribute, the word lists of each text value (phrases need order). */
  private readonly words: string[][][][];
  private readonly alphabet: string[];
  /** All terms in code-unit order, for cheap prefix checks. */
  private readonly sorted: string[];

  constructor(
    docs: readonly Record<string, unknown>[],
    readonly attributes: readonly string[],
  ) {
    const postings = new Map<string, Postings>();
    const intern = new Map<string, string>();
    const letters = new Set<string>();
    this.words = docs.map((doc, position) =>
      attributes.map((attribute, attributeIndex) =>
        leafTexts(doc[attribute]).map((text) =>
          tokenize(text).map(({ term }) => {
            let shared = intern.get(term);
            if (shared === undefined) {
              shared = term;
              intern.set(term, term);
              for (const ch of term) letters.add(ch);
            }
            let list = postings.get(shared);
            if (!list) {
              list = { docs: [], attributes: [] };
              postings.set(shared, list);
            }
            // Attributes are visited in order, so the first entry per document is its best one.
            if (list.docs.at(-1) !== position) {
              list.docs.push(position);
              list.attributes.push(attributeIndex);
            }
            return shared;
          }),
        ),
      ),
    );
    this.terms = SearchableMap.from(postings) as SearchableMap<Postings>;
    this.alphabet = [...letters];
    this.sorted = [...postings.keys()].sort();
    this.size = docs.length;
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
      if (typos !== undefined && !found.has(term)) found.set(term, { term, typos, postings });
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

  match(term: QueryTerm): TermMatch {
    return term.kind === 'word' ? this.matchWord(term) : this.matchPhrase(term);
  }

  private emptyMatch(): TermMatch {
    return { docs: new Bitset(this.size), typos: new Uint8Array(this.size), attribute: new Uint8Array(this.size), exact: new Uint8Array(this.size) };
  }

  private matchWord(word: QueryWord): TermMatch {
    const result = this.emptyMatch();
    for (const { term, typos, postings: list } of this.derivations(word)) {
      const exact = term === word.term ? 1 : 0;
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
    return result;
  }

  /** A phrase matches its words exactly, next to each other, inside one value. */
  private matchPhrase(phrase: QueryPhrase): TermMatch {
    const result = this.emptyMatch();
    let candidates: Bitset | undefined;
    for (const term of phrase.terms) {
      const list = this.terms.get(term);
      if (!list) return result;
      const docs = Bitset.of(this.size, list.docs);
      candidates = candidates ? candidates.and(docs) : docs;
    }
    if (!candidates) return result;
    for (const doc of candidates.toArray()) {
      const attribute = this.words[doc]!.findIndex((values) => values.some((words) => containsRun(words, phrase.terms)));
      if (attribute === -1) continue;
      result.docs.add(doc);
      result.attribute[doc] = attribute;
      result.exact[doc] = 1;
    }
    return result;
  }
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

function containsRun(words: readonly string[], run: readonly string[]): boolean {
  outer: for (let i = 0; i + run.length <= words.length; i++) {
    for (let k = 0; k < run.length; k++) if (words[i + k] !== run[k]) continue outer;
    return true;
  }
  return false;
}
