/**
 * How well each document matches the query text, as one integer key per text ranking rule (lower
 * first), following Meilisearch's rules:
 *
 * - A query is read as a row of units: each typed word or phrase, and each run of two or three
 *   neighbouring words typed apart that an index word joins ("land cruiser" → "landcruiser").
 *   A document matches the first k query words when some row of units covers them.
 * - `words`: more leading query words matched first (words are dropped from the end). A phrase
 *   is never dropped: every hit holds every phrase, and only the words are counted.
 * - `typo`: fewer typos over the units; a word matched split in two costs one, words typed apart
 *   and found joined one per word joined.
 * - `proximity`: for each pair of neighbouring units, how far apart they are in the document
 *   (0 next to each other in order, up to 3 for far apart or in different attributes); a unit
 *   joining n words costs n − 1 of it. A phrase or split word is measured from its last word
 *   (to the next unit) and its first word (from the one before) wherever those stand, once the
 *   document holds the whole run: Meilisearch's own shortcut.
 * - `attribute`: earlier searchable attributes; `exactness`: words matched exactly, never by a join.
 *
 * Each document takes the row of units best for it, comparing keys in the order of the ranking
 * rules, as Meilisearch's rules each keep only the cheapest ways through the query.
 */
import { Bitset } from './bitset';
import type { QueryWord } from './query-text';
import type { Occurrence, TermMatch, TextIndex } from './text-index';

export interface QueryUnit {
  /** The query terms it covers: `from` up to, not including, `to`. */
  from: number;
  to: number;
  match: TermMatch;
  /** Several typed words matched as one index word: never exact. */
  joined: boolean;
  /** The word the unit looks for (undefined for a phrase), for highlighting. */
  word?: QueryWord;
}

export type TextRule = 'typo' | 'proximity' | 'attribute' | 'exactness';

export interface TextKeys {
  /** Every document the text admits. */
  docs: Bitset;
  words: Int32Array;
  typo: Int32Array;
  proximity: Int32Array;
  attribute: Int32Array;
  exactness: Int32Array;
}

/** Meilisearch counts word pairs up to 4 apart; farther, or in another attribute, costs the same as 4. */
const MAX_DISTANCE = 4;

/** The proximity cost of two neighbouring units in one document: 0 when side by side in order, at most 3. */
export function pairCost(left: readonly Occurrence[], right: readonly Occurrence[]): number {
  let best = MAX_DISTANCE - 1;
  for (const a of left) {
    for (const b of right) {
      if (a.attribute !== b.attribute) continue;
      const distance = a.last <= b.first ? b.first - a.last : a.last - b.first + 1;
      if (distance >= 1 && distance - 1 < best) {
        best = distance - 1;
        if (best === 0) return 0;
      }
    }
  }
  return best;
}

/**
 * The text keys of every document matching the query. `terms` is the number of typed words and
 * phrases; with `requireAll` a document must match all of them (matching strategy `all`, or no
 * `words` rule), otherwise the first at least.
 */
export function rankText(
  index: TextIndex,
  terms: number,
  units: readonly QueryUnit[],
  rules: readonly TextRule[],
  requireAll: boolean,
  /** Positions of the query's phrases among its terms. */
  phrases: readonly number[] = [],
): TextKeys {
  const n = index.size;
  const keys: TextKeys = {
    docs: new Bitset(n),
    words: new Int32Array(n),
    typo: new Int32Array(n),
    proximity: new Int32Array(n),
    attribute: new Int32Array(n),
    exactness: new Int32Array(n),
  };
  const ordered = [...units].sort((a, b) => a.from - b.from || a.to - b.to);
  const starts = ordered.filter((u) => u.from === 0);
  if (starts.length === 0) return keys;
  let universe = starts[0]!.match.docs;
  for (const unit of starts.slice(1)) universe = universe.or(unit.match.docs);

  const proximityAt = rules.indexOf('proximity');
  // Meilisearch's `last` strategy drops words from the end but never a phrase.
  const phraseDocs = requireAll ? [] : phrases.map((p) => units.find((u) => u.from === p && u.to === p + 1 && !u.joined)!.match.docs);
  const wordsFrom = (reached: number): number => {
    let count = 0;
    for (let t = reached; t < terms; t++) if (!phrases.includes(t)) count++;
    return count;
  };
  const simple = ordered.length === 1;
  const costs: (number[] | undefined)[] = Array.from({ length: ordered.length }, () => undefined);
  const places: ({ starts: Occurrence[]; ends: Occurrence[] } | undefined)[] = Array.from({ length: ordered.length }, () => undefined);
  const before = (a: readonly number[], b: readonly number[]): boolean => {
    for (let r = 0; r < a.length; r++) if (a[r] !== b[r]) return a[r]! < b[r]!;
    return false;
  };

  for (const doc of universe.toArray()) {
    let reached = 0;
    let best: number[] | undefined;
    if (simple) {
      best = unitCost(ordered[0]!, doc, rules);
      reached = ordered[0]!.to;
    } else {
      costs.fill(undefined);
      places.fill(undefined);
      const edges = (u: number): { starts: Occurrence[]; ends: Occurrence[] } => (places[u] ??= index.edges(doc, ordered[u]!.match));
      for (let u = 0; u < ordered.length; u++) {
        const unit = ordered[u]!;
        if (!unit.match.docs.has(doc)) continue;
        const own = unitCost(unit, doc, rules);
        let cheapest: number[] | undefined;
        if (unit.from === 0) cheapest = own;
        for (let v = 0; v < u; v++) {
          const previous = costs[v];
          if (!previous || ordered[v]!.to !== unit.from) continue;
          const total = previous.map((c, r) => c + own[r]!);
          if (proximityAt !== -1) total[proximityAt] = total[proximityAt]! + pairCost(edges(v).ends, edges(u).starts);
          if (!cheapest || before(total, cheapest)) cheapest = total;
        }
        costs[u] = cheapest;
      }
      for (let u = 0; u < ordered.length; u++) {
        const cost = costs[u];
        if (!cost) continue;
        const to = ordered[u]!.to;
        if (to > reached) {
          reached = to;
          best = cost;
        } else if (to === reached && best && before(cost, best)) {
          best = cost;
        }
      }
    }
    if (!best || (requireAll && reached < terms)) continue;
    if (phraseDocs.some((docs) => !docs.has(doc))) continue;
    keys.docs.add(doc);
    keys.words[doc] = phrases.length === 0 ? terms - reached : wordsFrom(reached);
    rules.forEach((rule, r) => (keys[rule][doc] = best[r]!));
  }
  return keys;
}

function unitCost(unit: QueryUnit, doc: number, rules: readonly TextRule[]): number[] {
  const size = unit.to - unit.from;
  return rules.map((rule) => {
    switch (rule) {
      case 'typo':
        // Meilisearch gives words typed apart and found joined a base cost of one typo per word
        // joined (its typo graph's n-gram cost), so the words as typed rank first.
        return unit.match.typos[doc]! + (unit.joined ? size : 0);
      case 'proximity':
        return size - 1;
      case 'attribute':
        return unit.match.attribute[doc]!;
      case 'exactness':
        return unit.joined ? size : unit.match.exact[doc] ? 0 : size;
    }
  });
}
