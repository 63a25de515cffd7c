/**
 * What a shopper means by what they type in a search box. Words that name a car type, a body
 * type, a fuel, a kind of stock or a make, and a price ('under 40k'), become the refinements the
 * search page already has; every other word stays the free-text query, as typed.
 *
 *   'used suv'                    → car_type used, body SUV
 *   'diesel hilux under $40k'     → fuel Diesel, price ≤ 40000, query 'hilux'
 *   'pre-owned trucks over 20,000'→ car_type used, body Truck, price ≥ 20000
 *   'mercedes benz between 30k and 50k' → make Mercedes-Benz, price 30000 to 50000
 *
 * Only values the stock holds are chosen (the vocabulary: the search page's facet values), so a
 * word for something the dealer does not have stays text. A make that is also a model name
 * ('Swift' caravans, Suzuki Swift) stays text too, and so does a word for a field the search
 * already narrows. When nothing is understood the query is left exactly as it was.
 */
import { slugify } from '../../platform/formats/slugify';
import { CAR_TYPE_ORDER } from './car-type';
import { PRICE_RANGE_SEPARATOR } from './price-range';
import type { Vocabulary } from './routing';
import type { NumericRange, RefinementField, SearchState } from './state';

/** Values a word may stand for in one field, the first the stock holds winning. */
type Meaning = readonly [field: RefinementField, values: readonly string[]];

const USED: Meaning = ['car_type', ['used']];
const UTE: Meaning = ['body', ['Ute', 'Truck']];
const TRUCK: Meaning = ['body', ['Truck', 'Ute']];
const PETROL: Meaning = ['fuel', ['Petrol', 'Gas']];

/**
 * Shoppers' words, as slugs (lowercase, hyphen-joined), with plurals. Everything the vocabulary
 * holds is also known by its own name, so only other words need listing here. AU/NZ and US
 * wording both: a US shopper's 'pre-owned' and 'gas', an Australian's 'ute' and 'petrol'.
 */
const WORDS: Readonly<Record<string, Meaning>> = {
  new: ['car_type', ['new']],
  'brand-new': ['car_type', ['new']],
  used: USED,
  'pre-owned': USED,
  preowned: USED,
  'second-hand': USED,
  secondhand: USED,
  demo: ['car_type', ['demo']],
  demos: ['car_type', ['demo']],
  'ex-demo': ['car_type', ['demo']],
  demonstrator: ['car_type', ['demo']],
  suvs: ['body', ['SUV']],
  ute: UTE,
  utes: UTE,
  truck: TRUCK,
  trucks: TRUCK,
  pickup: TRUCK,
  pickups: TRUCK,
  'pickup-truck': TRUCK,
  hatch: ['body', ['Hatchback']],
  hatches: ['body', ['Hatchback']],
  'station-wagon': ['body', ['Wagon']],
  estate: ['body', ['Wagon']],
  cabriolet: ['body', ['Convertible']],
  'people-mover': ['body', ['People Mover', 'Van']],
  petrol: PETROL,
  gas: PETROL,
  gasoline: PETROL,
  ev: ['fuel', ['Electric']],
  evs: ['fuel', ['Electric']],
  'plug-in-hybrid': ['fuel', ['Plug-in Hybrid', 'Hybrid']],
  phev: ['fuel', ['Plug-in Hybrid', 'Hybrid']],
  caravan: ['categories', ['caravans']],
  caravans: ['categories', ['caravans']],
  motorbike: ['categories', ['motorcycles']],
  motorbikes: ['categories', ['motorcycles']],
  motorcycle: ['categories', ['motorcycles']],
  motorcycles: ['categories', ['motorcycles']],
  bikes: ['categories', ['motorcycles']],
  rental: ['categories', ['rental']],
  rentals: ['categories', ['rental']],
  subscription: ['categories', ['subscription']],
};

/** Fields named by their stock values ('SUV', 'Diesel', 'Toyota', 'Camper Trailer'). */
const NAMED_FIELDS = ['make', 'body', 'fuel'] as const;

/** Values assumed when the vocabulary says nothing of a field (a header without the stock's facets). */
const DEFAULTS: Vocabulary = {
  car_type: [...CAR_TYPE_ORDER],
  body: ['SUV', 'Hatchback', 'Ute', 'Sedan', 'Wagon', 'Coupe', 'Convertible', 'Van'],
  fuel: ['Petrol', 'Diesel', 'Hybrid', 'Electric'],
};

/** Words that only say "a vehicle": dropped once something else was understood ('used cars'). */
const FILLER = new Set(['car', 'cars', 'vehicle', 'vehicles', 'auto', 'autos', 'for', 'sale', 'in', 'stock', 'a', 'an', 'with', 'and']);

/** Longest phrase looked up, in words ('plug in hybrid'). */
const LONGEST = 3;

// ---------------------------------------------------------------------------
// Prices
// ---------------------------------------------------------------------------

const AMOUNT = String.raw`(\$\s?)?(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)\s?(k|grand)?`;
const NOT_DISTANCE = String.raw`(?!\s?(?:km|kms|kilometres|kilometers|miles|mi)\b)`;
const END = String.raw`(?=[\s,.!?]|$)`;
// '$20k – $30k' by the site's one rule for what separates a range's ends (./price-range.ts), or '20k and 30k'.
const BETWEEN = new RegExp(String.raw`(?:^|\s)(?:between\s+)?${AMOUNT}(?:${PRICE_RANGE_SEPARATOR}|\s*\band\s+)${AMOUNT}${NOT_DISTANCE}${END}`, 'i');
const BELOW = new RegExp(
  String.raw`(?:^|\s)(?:under|below|less\s+than|up\s+to|max(?:imum)?|no\s+more\s+than|cheaper\s+than|<)\s?${AMOUNT}${NOT_DISTANCE}${END}`,
  'i',
);
const ABOVE = new RegExp(String.raw`(?:^|\s)(?:over|above|more\s+than|from|min(?:imum)?|at\s+least|>)\s?${AMOUNT}${NOT_DISTANCE}${END}`, 'i');

/**
 * An amount as dollars, when it reads as a price: a dollar sign or a 'k' ('$35,000', '40k'), or
 * a plain number of 3,000 and more ('under 25000'). 'under 5' or 'from 2019' are not prices.
 */
function dollars(sign: string | undefined, digits: string | undefined, thousands: string | undefined): number | undefined {
  if (digits === undefined) return undefined;
  const value = Number(digits.replace(/,/g, '')) * (thousands ? 1000 : 1);
  if (!Number.isFinite(value) || value <= 0 || value > 100_000_000) return undefined;
  return sign || thousands || value >= 3000 ? Math.round(value) : undefined;
}

/** The first price phrase in `text`, as a range and the text without it. */
export function priceWords(text: string): { range: NumericRange; rest: string } | undefined {
  const between = BETWEEN.exec(text);
  if (between) {
    // '20-30k': the second amount's 'k' counts for the first too.
    const low = dollars(between[1], between[2], between[3] ?? between[6]);
    const high = dollars(between[4], between[5], between[6]);
    if (low !== undefined && high !== undefined && low <= high && (between[0].includes('between') || between[1] || between[3] || between[4] || between[6])) {
      return { range: { min: low, max: high }, rest: cut(text, between) };
    }
  }
  for (const [pattern, end] of [
    [BELOW, 'max'],
    [ABOVE, 'min'],
  ] as const) {
    const match = pattern.exec(text);
    const amount = match ? dollars(match[1], match[2], match[3]) : undefined;
    if (match && amount !== undefined) return { range: end === 'max' ? { max: amount } : { min: amount }, rest: cut(text, match) };
  }
  return undefined;
}

const cut = (text: string, match: RegExpExecArray): string => `${text.slice(0, match.index)} ${text.slice(match.index + match[0].length)}`;

// ---------------------------------------------------------------------------
// Words
// ---------------------------------------------------------------------------

interface Lookup {
  /** slug → meaning, for every word and stock value known. */
  words: Map<string, Meaning>;
  /** Model names as slugs: a make that is also one stays text. */
  models: Set<string>;
}

function known(vocabulary: Vocabulary, field: RefinementField): readonly string[] {
  const values = vocabulary[field];
  return values && values.length > 0 ? values : (DEFAULTS[field] ?? []);
}

function lookup(vocabulary: Vocabulary): Lookup {
  const words = new Map<string, Meaning>();
  for (const field of NAMED_FIELDS) {
    for (const value of known(vocabulary, field)) {
      const slug = slugify(value);
      if (!slug || words.has(slug)) continue;
      words.set(slug, [field, [value]]);
      // 'SUVs', 'Sedans': the plural of a stock value means the same.
      if (field !== 'make') words.set(`${slug}s`, [field, [value]]);
    }
  }
  for (const [word, meaning] of Object.entries(WORDS)) if (!words.has(word)) words.set(word, meaning);
  return { words, models: new Set((vocabulary.model ?? []).map(slugify)) };
}

/** The value a meaning stands for on this stock, or undefined when the stock has none of them. */
function choose(vocabulary: Vocabulary, [field, values]: Meaning): string | undefined {
  const held = known(vocabulary, field);
  if (field === 'categories' && held.length === 0) return undefined;
  return values.find((value) => held.includes(value));
}

/** A token's comparable form: lowercase, without the punctuation around it ('SUV,' → 'suv'). */
const bare = (token: string): string => slugify(token.replace(/^[^\p{L}\p{N}$]+|[^\p{L}\p{N}]+$/gu, ''));

/**
 * The state with the words of its query that name refinements moved into refinements; undefined
 * when no word is understood (the query then stays as typed).
 */
export function understandQuery(state: SearchState, vocabulary: Vocabulary = {}): SearchState | undefined {
  const text = state.query?.trim();
  if (!text) return undefined;
  const refinements: SearchState['refinements'] = { ...state.refinements };
  const ranges: SearchState['ranges'] = { ...state.ranges };
  let understood = false;

  let rest = text;
  const price = priceWords(rest);
  if (price && !ranges.price) {
    ranges.price = price.range;
    rest = price.rest;
    understood = true;
  }

  const { words, models } = lookup(vocabulary);
  const tokens = rest.split(/\s+/).filter(Boolean);
  const kept: string[] = [];
  // Fields this query sets: a second word for one ('used new') stays text rather than widen it.
  const set = new Set<RefinementField>();
  for (let i = 0; i < tokens.length;) {
    let matched = 0;
    for (let n = Math.min(LONGEST, tokens.length - i); n >= 1 && matched === 0; n--) {
      const slug = tokens
        .slice(i, i + n)
        .map(bare)
        .join('-');
      const meaning = words.get(slug);
      if (!meaning) continue;
      const [field] = meaning;
      if (field === 'make' && models.has(slug)) continue;
      const value = choose(vocabulary, meaning);
      if (value === undefined || set.has(field) || (refinements[field]?.length ?? 0) > 0) continue;
      refinements[field] = [value];
      set.add(field);
      matched = n;
    }
    if (matched > 0) {
      understood = true;
      i += matched;
    } else {
      kept.push(tokens[i] ?? '');
      i += 1;
    }
  }
  if (!understood) return undefined;

  const query = kept.filter((token) => !FILLER.has(bare(token))).join(' ');
  const { query: _typed, page: _page, ...others } = state;
  return { ...others, refinements, ranges, ...(query ? { query } : {}) };
}

/**
 * The searches typed words may stand for, in the order a search tries them: the words read as
 * refinements (when any is understood), then the query exactly as typed.
 */
export function readingsOf(state: SearchState, vocabulary: Vocabulary = {}): SearchState[] {
  const understood = understandQuery(state, vocabulary);
  return understood ? [understood, state] : [state];
}

/**
 * The reading a search settles on, given how many cars each finds: the first that finds any,
 * else the query as typed (the last). 'used suv' stays filters when the stock has used SUVs.
 */
export function settledReading<T>(readings: readonly T[], counts: readonly number[]): T | undefined {
  const found = readings.findIndex((_, i) => i < readings.length - 1 && (counts[i] ?? 0) > 0);
  return readings[found >= 0 ? found : readings.length - 1];
}

/**
 * `readingsOf` and `settledReading` for a caller that counts one reading at a time (`count` asks
 * the search how many cars a reading finds): the assistants' search. When the search cannot
 * answer, the first reading stands, as on the search page: it says search is down either way.
 */
export async function understandWhenFound(
  state: SearchState,
  vocabulary: Vocabulary | undefined,
  count: (reading: SearchState) => Promise<number>,
): Promise<SearchState> {
  const readings = readingsOf(state, vocabulary);
  if (readings.length < 2) return state;
  try {
    const counts = await Promise.all(readings.slice(0, -1).map(count));
    return settledReading(readings, counts) ?? state;
  } catch {
    return readings[0] ?? state;
  }
}
