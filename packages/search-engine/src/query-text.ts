/**
 * Reads `q` the way Meilisearch does: words and "quoted phrases", a leading `-` (after a space or
 * at the start) excludes a word or phrase, only the last word is a prefix and only when nothing
 * follows it (not even a space), and at most 10 words or phrases count.
 */
import { isLongWord, normalizeWord, splitRun, typoBudget, type TypoBudget } from './text';
import { DEFAULT_TEXT_RULES, type TextRules } from './text-settings';

export interface QueryWord {
  kind: 'word';
  term: string;
  prefix: boolean;
  typos: TypoBudget;
  /** What else the word stands for (the index's synonyms): words, or runs of words matched as phrases. */
  synonyms?: readonly (readonly string[])[];
}

export interface QueryPhrase {
  kind: 'phrase';
  /** Its words in order; '' stands for a stop word, which any one word (or none indexed) fills. */
  terms: string[];
}

export type QueryTerm = QueryWord | QueryPhrase;

export interface ParsedQuery {
  /** Positive terms in order; the `words` ranking rule drops them from the end. */
  terms: QueryTerm[];
  /** Exact words and phrases a hit must not contain. */
  negative: QueryTerm[];
}

export const MAX_QUERY_TERMS = 10;

interface Piece {
  word?: string;
  separator?: string;
}

const WORD_CHAR = /[\p{L}\p{N}\p{M}]/u;

function pieces(q: string): Piece[] {
  const out: Piece[] = [];
  let current = '';
  let inWord = false;
  for (const ch of q) {
    const isWord = WORD_CHAR.test(ch);
    if (current !== '' && isWord !== inWord) {
      out.push(inWord ? { word: current } : { separator: current });
      current = '';
    }
    inWord = isWord;
    current += ch;
  }
  if (current !== '') out.push(inWord ? { word: current } : { separator: current });
  // Chinese and Japanese typed without spaces are several words, as the documents are indexed.
  return out.flatMap((piece) => (piece.word === undefined ? [piece] : splitRun(piece.word).map(({ word }) => ({ word }))));
}

/** `-word` excludes the word when the dash starts the query or follows a space. */
const negates = (separator: string, atStart: boolean): boolean => (separator === '-' ? atStart : /\s-$/.test(separator));

/**
 * The query's terms under the index's text rules: a stop word counts only as the last word typed
 * (a prefix) and is left out of phrases; each word carries its typo budget and synonyms.
 */
export function parseQuery(q: string, rules: TextRules = DEFAULT_TEXT_RULES): ParsedQuery {
  const terms: QueryTerm[] = [];
  const negative: QueryTerm[] = [];
  const list = pieces(q);
  let phrase: string[] | undefined;
  let negativePhrase = false;
  let negativeNext = false;

  const closePhrase = (): void => {
    // Stop words at a phrase's ends constrain nothing; a phrase of stop words only is dropped.
    while (phrase?.[0] === '') phrase.shift();
    while (phrase?.at(-1) === '') phrase.pop();
    if (phrase && phrase.length > 0) (negativePhrase ? negative : terms).push({ kind: 'phrase', terms: phrase });
    phrase = undefined;
    negativePhrase = false;
  };

  for (let i = 0; i < list.length; i++) {
    if (terms.length >= MAX_QUERY_TERMS) break;
    const piece = list[i]!;
    if (piece.word !== undefined) {
      const term = normalizeWord(piece.word);
      if (term === '') continue;
      const last = i === list.length - 1;
      const stop = rules.stopWords.has(piece.word);
      if (phrase) {
        phrase.push(stop ? '' : term);
        continue;
      }
      // A stop word counts only as the last word typed, a prefix (Meilisearch's rule).
      if (stop && !last) {
        negativeNext = false;
        continue;
      }
      if (negativeNext) {
        negative.push({ kind: 'word', term, prefix: false, typos: 0 });
      } else {
        const prefix = last && !isLongWord(term);
        const synonyms = rules.synonyms.get(term);
        terms.push({ kind: 'word', term, prefix, typos: typoBudget(term, rules.typos), ...(synonyms ? { synonyms } : {}) });
      }
      negativeNext = false;
      continue;
    }
    const separator = piece.separator ?? '';
    let quotes = [...separator].filter((c) => c === '"').length;
    if (quotes > 0 && phrase) {
      quotes -= 1;
      closePhrase();
    }
    if (quotes % 2 === 1) {
      // The separator just before the opening quote decides whether the phrase is excluded: ` -"…"`.
      negativePhrase = negates(separator.slice(0, separator.lastIndexOf('"')), i === 0);
      phrase = [];
      negativeNext = false;
      continue;
    }
    negativeNext = !phrase && negates(separator, i === 0);
  }
  // A quote never closed makes the rest of the query a phrase.
  if (phrase) closePhrase();
  return { terms, negative };
}
