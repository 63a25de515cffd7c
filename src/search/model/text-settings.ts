/**
 * How a dealer's search reads shoppers' words: synonyms, stop words and typo tolerance, as
 * Meilisearch settings. The platform's car words apply to every dealer; the dealer file's
 * `search.synonyms`, `search.stop_words` and `search.typo_tolerance` add to or replace them.
 * The embedded engine and `npm run search:push` both take `dealerIndexSettings`, so a real
 * Meilisearch reads words the way the embedded engine does.
 */
import type { DealerConfig } from '../../platform/config/schema';
import { indexSettings } from './index-settings';

/** Words that mean the same to a car shopper in Australia, New Zealand or the US; each finds the others. */
export const PLATFORM_SYNONYM_GROUPS: readonly (readonly string[])[] = [
  ['ute', 'pickup', 'pick up'],
  ['4wd', '4x4', 'four wheel drive'],
  ['auto', 'automatic'],
  ['hatch', 'hatchback'],
  ['people mover', 'minivan'],
];

/** A VIN or stock number one character out is another car: typos never match in them. */
export const NO_TYPO_ATTRIBUTES: readonly string[] = ['vin', 'stocknum'];

/** Meilisearch's word sizes for one and two typos. */
const ONE_TYPO_FROM = 5;
const TWO_TYPOS_FROM = 9;

/** Words a shopper adds that say nothing about the car ("hilux for sale", "the ranger with a canopy"). */
export const PLATFORM_STOP_WORDS: readonly string[] = ['the', 'for', 'with', 'and'];

export interface TextSettings {
  synonyms: Record<string, string[]>;
  stopWords: string[];
  typoTolerance: {
    minWordSizeForTypos: { oneTypo: number; twoTypos: number };
    disableOnWords: string[];
    disableOnAttributes: string[];
  };
}

/** Names in `typo_tolerance.no_typos_on_attributes` that are not searched, so would do nothing. */
export function unsearchedTypoAttributes(search: SearchSection): string[] {
  const searched = new Set<string>(indexSettings.searchableAttributes);
  return (search.typo_tolerance?.no_typos_on_attributes ?? []).filter((name) => !searched.has(name));
}

/** Each word of each group to the group's other words. */
export function groupSynonyms(groups: readonly (readonly string[])[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const group of groups) for (const word of group) out[word] = group.filter((other) => other !== word);
  return out;
}

type SearchSection = Pick<DealerConfig['search'], 'synonyms' | 'stop_words' | 'typo_tolerance'>;

/** The dealer's text settings in Meilisearch's shape: the platform's, with the dealer file's on top. */
export function dealerTextSettings(search: SearchSection): TextSettings {
  const tolerance = search.typo_tolerance ?? {};
  const synonyms = { ...groupSynonyms(PLATFORM_SYNONYM_GROUPS) };
  // The dealer's word replaces the platform's entry for it; keys are compared as Meilisearch does, without case.
  for (const [word, list] of Object.entries(search.synonyms ?? {})) {
    for (const key of Object.keys(synonyms)) if (key.toLowerCase() === word.toLowerCase()) delete synonyms[key];
    synonyms[word] = [...list];
  }
  return {
    synonyms,
    stopWords: [...(search.stop_words ?? PLATFORM_STOP_WORDS)],
    typoTolerance: {
      minWordSizeForTypos: { oneTypo: tolerance.one_typo_from ?? ONE_TYPO_FROM, twoTypos: tolerance.two_typos_from ?? TWO_TYPOS_FROM },
      disableOnWords: [...(tolerance.no_typos_on_words ?? [])],
      disableOnAttributes: [...(tolerance.no_typos_on_attributes ?? NO_TYPO_ATTRIBUTES)],
    },
  };
}

/** The stock index settings for this dealer: the shared declaration plus the dealer's text settings. */
export function dealerIndexSettings(site: { search: SearchSection }): typeof indexSettings & TextSettings {
  return { ...indexSettings, ...dealerTextSettings(site.search) };
}
