/**
 * `_formatted`: a copy of each hit's retrieved attributes with the words the query matched wrapped
 * in the highlight tags, as Meilisearch does it: numbers become strings, booleans and null stay,
 * nothing is HTML-escaped (the tags and the stock text are inserted as they are; the browser
 * widgets escape them). A prefix match highlights only the typed part ("<em>Toyo</em>ta"); a
 * phrase, or a typed word found split in two, is one highlight over its words ("<em>Land Cruiser</em>").
 */
import type { ParsedQuery, QueryWord } from './query-text';
import { tokenize, typosBetween, normalizeWord, type TextToken } from './text';

export interface HighlightOptions {
  preTag: string;
  postTag: string;
}

export interface HighlightTerms {
  /** Words to find: typed, or neighbouring typed words joined. */
  words: readonly QueryWord[];
  /** Runs of words to find together: phrases, and typed words found split in two. */
  runs: readonly (readonly string[])[];
}

/** What a query highlights on its own, before the index adds joined and split words. */
export const typedHighlights = (query: ParsedQuery): HighlightTerms => ({
  words: query.terms.filter((t): t is QueryWord => t.kind === 'word'),
  runs: query.terms.flatMap((t) => (t.kind === 'phrase' ? [t.terms] : [])),
});

/** Decides, per document word, whether and how much of it to highlight. */
export class Highlighter {
  private readonly memo = new Map<string, number>();
  /** Formatted text per input: makes, bodies, colours and locations repeat across hits. */
  private readonly formatted = new Map<string, string>();
  private readonly words: readonly QueryWord[];
  private readonly phrases: readonly (readonly string[])[];

  constructor(
    query: HighlightTerms,
    readonly options: HighlightOptions,
    /** Typo matches count only for words the index holds, as Meilisearch derives them from its dictionary. */
    private readonly known: (term: string) => boolean,
  ) {
    this.words = query.words;
    this.phrases = query.runs;
  }

  get active(): boolean {
    return this.words.length > 0 || this.phrases.length > 0;
  }

  /**
   * Characters of the normalised word to highlight: the whole word (Infinity), the typed prefix
   * length, or 0 for no match. Exact and whole-word typo matches win over prefix matches.
   */
  private wordMatch(term: string): number {
    const cached = this.memo.get(term);
    if (cached !== undefined) return cached;
    let best = 0;
    for (const word of this.words) {
      const typos = typosBetween(word.term, term, word.typos, word.prefix);
      if (typos === undefined) continue;
      if (typos > 0 && !this.known(term)) continue;
      const whole = term === word.term || !word.prefix;
      if (whole) {
        best = Infinity;
        break;
      }
      best = Math.max(best, Math.min([...word.term].length, [...term].length));
    }
    this.memo.set(term, best);
    return best;
  }

  format(text: string): string {
    if (!this.active) return text;
    let out = this.formatted.get(text);
    if (out === undefined) {
      out = this.mark(text);
      if (text.length <= 200 && this.formatted.size < 5000) this.formatted.set(text, out);
    }
    return out;
  }

  private mark(text: string): string {
    const { preTag, postTag } = this.options;
    const tokens = tokenize(text);
    if (tokens.length === 0) return text;
    const marks: { start: number; end: number }[] = [];
    // Each run found is one mark from its first word to its last, separators included.
    const runEnd = new Map<number, number>();
    for (const phrase of this.phrases) {
      for (let i = 0; i + phrase.length <= tokens.length; i++) {
        if (phrase.every((word, k) => word === '' || tokens[i + k]!.term === word)) runEnd.set(i, Math.max(runEnd.get(i) ?? 0, i + phrase.length - 1));
      }
    }
    for (let i = 0; i < tokens.length; i++) {
      const token = tokens[i]!;
      const last = runEnd.get(i);
      if (last !== undefined) {
        marks.push({ start: token.start, end: tokens[last]!.end });
        i = last;
        continue;
      }
      const length = this.wordMatch(token.term);
      if (length === 0) continue;
      marks.push({ start: token.start, end: length === Infinity ? token.end : prefixEnd(text, token, length) });
    }
    if (marks.length === 0) return text;
    let out = '';
    let at = 0;
    for (const mark of marks) {
      out += text.slice(at, mark.start) + preTag + text.slice(mark.start, mark.end) + postTag;
      at = mark.end;
    }
    return out + text.slice(at);
  }
}

/** Where the first `length` normalised characters of a token end in the original text. */
function prefixEnd(text: string, token: TextToken, length: number): number {
  let normalized = 0;
  let at = token.start;
  while (at < token.end && normalized < length) {
    const ch = String.fromCodePoint(text.codePointAt(at)!);
    normalized += [...normalizeWord(ch)].length;
    at += ch.length;
  }
  // Keep combining accents with the letter they belong to.
  while (at < token.end && /\p{M}/u.test(text[at]!)) at++;
  return at;
}

/** One attribute value of `_formatted`. */
export function formatValue(value: unknown, highlight: boolean, highlighter: Highlighter): unknown {
  if (typeof value === 'string') return highlight ? highlighter.format(value) : value;
  if (typeof value === 'number') return highlight ? highlighter.format(String(value)) : String(value);
  if (Array.isArray(value)) return value.map((item) => formatValue(item, highlight, highlighter));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, formatValue(item, highlight, highlighter)]));
  }
  return value;
}
