/**
 * The index settings that change how text matches, read once per engine: Meilisearch's
 * `synonyms`, `stopWords` and `typoTolerance`. Keys, values and words are normalised as the index
 * normalises document words, so "4WD", "4wd" and "４ＷＤ" are one word.
 */
import { DEFAULT_TYPO_RULES, tokenize, type TypoRules } from './text';

export interface TypoToleranceSettings {
  enabled?: boolean;
  minWordSizeForTypos?: { oneTypo?: number; twoTypos?: number };
  disableOnWords?: readonly string[];
  disableOnAttributes?: readonly string[];
}

export interface TextSettingsInput {
  synonyms?: Readonly<Record<string, readonly string[]>>;
  stopWords?: readonly string[];
  typoTolerance?: TypoToleranceSettings;
}

export interface TextRules {
  typos: TypoRules;
  /** Words left out of queries and of the index (Meilisearch's `stopWords`), as spelled: case counts, as in Meilisearch. */
  stopWords: ReadonlySet<string>;
  /** A word, or words joined by one space, to what else it may stand for: each a word or a run of words. */
  synonyms: ReadonlyMap<string, readonly (readonly string[])[]>;
  /** Attributes where only words without typos match (`typoTolerance.disableOnAttributes`). */
  exactAttributes: ReadonlySet<string>;
}

const words = (text: string): string[] => tokenize(text).map((t) => t.term);

export const DEFAULT_TEXT_RULES: TextRules = { typos: DEFAULT_TYPO_RULES, stopWords: new Set(), synonyms: new Map(), exactAttributes: new Set() };

export function textRules(settings: TextSettingsInput): TextRules {
  const tolerance = settings.typoTolerance ?? {};
  const typos: TypoRules = {
    enabled: tolerance.enabled ?? true,
    oneTypo: tolerance.minWordSizeForTypos?.oneTypo ?? DEFAULT_TYPO_RULES.oneTypo,
    twoTypos: tolerance.minWordSizeForTypos?.twoTypos ?? DEFAULT_TYPO_RULES.twoTypos,
    exactWords: new Set((tolerance.disableOnWords ?? []).flatMap(words)),
  };
  const synonyms = new Map<string, (readonly string[])[]>();
  for (const [key, values] of Object.entries(settings.synonyms ?? {})) {
    const from = words(key).join(' ');
    if (from === '') continue;
    const list = synonyms.get(from) ?? [];
    for (const value of values) {
      const to = words(value);
      const same = to.join(' ');
      if (to.length > 0 && same !== from && !list.some((known) => known.join(' ') === same)) list.push(to);
    }
    if (list.length > 0) synonyms.set(from, list);
  }
  return {
    typos,
    stopWords: new Set(settings.stopWords ?? []),
    synonyms,
    exactAttributes: new Set(tolerance.disableOnAttributes ?? []),
  };
}
