/**
 * Text rules shared by indexing, query parsing and highlighting, following Meilisearch's defaults:
 * words are runs of letters and digits, compared without case or accents; a query word may have
 * 0 typos below 5 characters, 1 from 5 to 8 and 2 from 9; a typo on the first letter counts as two;
 * a swap of two neighbouring letters is one typo.
 */

/** Meilisearch's facet normalisation (`normalize_facet`): trim, compatibility decomposition, lower case. */
export function normalizeFacet(value: string): string {
  return value.trim().normalize('NFKD').toLowerCase();
}

const MARKS = /\p{Mn}/gu;
const NOT_WORD = /[^\p{L}\p{N}]/gu;

/** A word as the index stores it: lower case, accents dropped ("Škoda" → "skoda"). */
export function normalizeWord(word: string): string {
  return word.normalize('NFKD').replace(MARKS, '').toLowerCase().replace(NOT_WORD, '');
}

export interface TextToken {
  /** UTF-16 offsets of the word in the original text. */
  start: number;
  end: number;
  term: string;
}

const WORD = /[\p{L}\p{N}\p{M}]+/gu;

/** Scripts written without spaces between words, which Meilisearch's charabia cuts with a dictionary. */
const UNSPACED = /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}]/u;

let dictionaryWords: Intl.Segmenter | undefined;

/**
 * A run of letters as its words, with offsets inside the run. Chinese and Japanese runs are cut
 * with the ICU word dictionary ("丰田汽车" is "丰田" and "汽车"), as charabia cuts them with
 * jieba and lindera, so a word inside a longer run can be found and highlighted on its own.
 */
export function splitRun(run: string): { start: number; word: string }[] {
  if (!UNSPACED.test(run)) return [{ start: 0, word: run }];
  dictionaryWords ??= new Intl.Segmenter(undefined, { granularity: 'word' });
  const words: { start: number; word: string }[] = [];
  for (const piece of dictionaryWords.segment(run)) {
    if (piece.isWordLike) words.push({ start: piece.index, word: piece.segment });
  }
  return words;
}

/** Splits text into words with their places, for indexing and for highlighting. */
export function tokenize(text: string): TextToken[] {
  const tokens: TextToken[] = [];
  for (const match of text.matchAll(WORD)) {
    if (!UNSPACED.test(match[0])) {
      // Most stock text: one run, one word, and no segmenter to pay for.
      const term = normalizeWord(match[0]);
      if (term !== '') tokens.push({ start: match.index, end: match.index + match[0].length, term });
      continue;
    }
    for (const { start, word } of splitRun(match[0])) {
      const term = normalizeWord(word);
      if (term !== '') tokens.push({ start: match.index + start, end: match.index + start + word.length, term });
    }
  }
  return tokens;
}

/**
 * Meilisearch's distance between two values of one attribute (and after a hard separator): far
 * enough that no word pair across it counts as near.
 */
export const POSITION_GAP = 8;

/** Separators that end a sentence or clause: words across one are not near each other. */
const HARD_SEPARATOR = /[.;,!?()\n\r\u2026\u3002\uff01\uff1f]/u;

export interface PositionedToken extends TextToken {
  /** Word position inside the attribute, counted the way Meilisearch counts it for proximity. */
  position: number;
}

/**
 * Words of one attribute value with their positions, starting at `start`: one apart for
 * neighbours, `POSITION_GAP` apart across a hard separator.
 */
export function tokenizeAt(text: string, start: number): PositionedToken[] {
  const out: PositionedToken[] = [];
  let position = start;
  let previousEnd = -1;
  for (const token of tokenize(text)) {
    if (previousEnd !== -1) position += HARD_SEPARATOR.test(text.slice(previousEnd, token.start)) ? POSITION_GAP : 1;
    out.push({ ...token, position });
    previousEnd = token.end;
  }
  return out;
}

/** Words longer than this (in UTF-8 bytes) get no typos and no prefix search, as in Meilisearch. */
export const MAX_WORD_BYTES = 255;

const utf8Length = (s: string): number => Buffer.byteLength(s, 'utf8');

export type TypoBudget = 0 | 1 | 2;

/**
 * How many typos a query word may have, from the index's `typoTolerance` settings: none when
 * disabled or for the words listed in `disableOnWords`, else by its length in characters
 * (`minWordSizeForTypos`, Meilisearch's defaults 5 and 9).
 */
export interface TypoRules {
  enabled: boolean;
  oneTypo: number;
  twoTypos: number;
  /** Normalised words that are matched exactly (Meilisearch's `disableOnWords`). */
  exactWords: ReadonlySet<string>;
}

export const DEFAULT_TYPO_RULES: TypoRules = { enabled: true, oneTypo: 5, twoTypos: 9, exactWords: new Set() };

export function typoBudget(word: string, rules: TypoRules = DEFAULT_TYPO_RULES): TypoBudget {
  if (utf8Length(word) > MAX_WORD_BYTES) return 0;
  if (!rules.enabled || rules.exactWords.has(word)) return 0;
  const length = [...word].length;
  if (length < rules.oneTypo) return 0;
  return length < rules.twoTypos ? 1 : 2;
}

export const isLongWord = (word: string): boolean => utf8Length(word) > MAX_WORD_BYTES;

/**
 * Optimal-string-alignment distance (Levenshtein plus adjacent swaps) from `query` to `candidate`,
 * or to the closest prefix of `candidate` when `prefix` is set. Returns `max + 1` as soon as the
 * distance is known to exceed `max`.
 */
export function boundedDistance(query: readonly string[], candidate: readonly string[], max: number, prefix: boolean): number {
  const n = query.length;
  const m = candidate.length;
  if (!prefix && Math.abs(n - m) > max) return max + 1;
  let before = new Array<number>(m + 1).fill(0);
  let previous = new Array<number>(m + 1);
  let current = new Array<number>(m + 1);
  for (let j = 0; j <= m; j++) previous[j] = j;
  for (let i = 1; i <= n; i++) {
    current[0] = i;
    let rowMin = i;
    for (let j = 1; j <= m; j++) {
      const cost = query[i - 1] === candidate[j - 1] ? 0 : 1;
      let d = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && query[i - 1] === candidate[j - 2] && query[i - 2] === candidate[j - 1]) d = Math.min(d, before[j - 2]! + 1);
      current[j] = d;
      if (d < rowMin) rowMin = d;
    }
    if (rowMin > max) return max + 1;
    [before, previous, current] = [previous, current, before];
  }
  const last = previous;
  const distance = prefix ? Math.min(...last) : last[m]!;
  return distance > max ? max + 1 : distance;
}

/**
 * How many typos Meilisearch counts when `query` (already normalised) matches `candidate`, or
 * undefined when it does not match within the word's budget. With `prefix`, `candidate` may
 * continue past the query ("toyo" matches "toyota" with 0 typos).
 */
export function typosBetween(query: string, candidate: string, budget: TypoBudget, prefix: boolean): number | undefined {
  if (query === candidate || (prefix && candidate.startsWith(query))) return 0;
  if (budget === 0) return undefined;
  const q = [...query];
  const c = [...candidate];
  const sameFirst = q[0] === c[0];
  if (budget === 1) {
    if (!sameFirst) return undefined;
    return boundedDistance(q, c, 1, prefix) <= 1 ? 1 : undefined;
  }
  if (!sameFirst) return boundedDistance(q, c, 1, prefix) <= 1 ? 2 : undefined;
  const d = boundedDistance(q, c, 2, prefix);
  return d <= 2 ? d : undefined;
}
