/**
 * Facts from Meilisearch's tests of the settings that change how text matches — typo tolerance
 * (word sizes, `disableOnWords`, `disableOnAttributes`, switched off), stop words and synonyms —
 * and of its filter parser's edge cases, written down as data like meilisearch-cases.ts: each
 * case names the test it comes from. milli's typo tests search with matching strategy `all`; the
 * cases send it. The filter parser's tests assert parse trees and errors: here each parse is
 * asked of a few documents and the hits are what that parse selects.
 */
import type { ConformanceCase, ConformanceSuite, Expectation, Query } from './cases';

const MILLI = 'crates/milli/src/search/new/tests';
const defaults = { faceting: { maxValuesPerFacet: 100 }, pagination: { maxTotalHits: 1000 } };

const ok = (origin: string, name: string, query: Query, expectation: Expectation): ConformanceCase => ({
  name: `${name} (${origin.split(' › ')[1]})`,
  origin,
  queries: [query],
  expect: [expectation],
});

/** A query of a milli test that searches with every word required, and the ids it finds in order. */
const all = (test: string, name: string, q: string, ids: number[]): ConformanceCase =>
  ok(`${MILLI}/typo.rs › ${test}`, name, { q, matchingStrategy: 'all', limit: 50 }, { ids });

// ---- crates/milli/src/search/new/tests/typo.rs: its create_index() ----------------------------

const texts = [
  'the quick brown fox jumps over the lazy dog',
  'the quick brown foxes jump over the lazy dog',
  'the quick brown fax sends a letter to the dog',
  'the quickest brownest fox jumps over the laziest dog',
  "a fox doesn't quack, that crown goes to the duck.",
  'the quicker browner fox jumped over the lazier dog',
  'the extravagant fox skyrocketed over the languorous dog',
  'the quick brown fox jumps over the lazy',
  'the quick brown fox jumps over the',
  'the quick brown fox jumps over',
  'the quick brown fox jumps',
  'the quick brown fox',
  'the quick brown',
  'the quick',
  'netwolk interconections sunflawar',
  'network interconnections sunflawer',
  'network interconnection sunflower',
  'network interconnection sun flower',
  'network interconnection sunflowering',
  'network interconnection sun flowering',
  'network interconnection sunflowar',
  'the fast brownish fox jumps over the lackadaisical dog',
  'the quick brown fox jumps over the lackadaisical dog',
  'the quivk brown fox jumps over the lazy dog',
];
const typoDocuments = [
  ...texts.map((text, id) => ({ id, text })),
  { id: 24, tolerant_text: 'the quick brown fox jumps over the lazy dog' },
  { id: 25, tolerant_text: 'the quivk brown fox jumps over the lazy dog' },
];

const typoSettings = (rankingRules: readonly string[], extra: Partial<ConformanceSuite['settings']> = {}): ConformanceSuite['settings'] => ({
  primaryKey: 'id',
  searchableAttributes: ['text'],
  filterableAttributes: [],
  sortableAttributes: [],
  rankingRules,
  ...defaults,
  ...extra,
});

const everyWord = 'the quick brown fox jumps over the lazy dog';

// ---- crates/milli/src/search/new/tests/stop_words.rs: its create_index() -----------------------

const stopWordFilms = [
  'Shazam!',
  'Captain Marvel',
  'Escape Room',
  'How to Train Your Dragon: The Hidden World',
  'Gläss',
  'How to Attempt to Train Your Dragon',
  'How to Train Your Dragon: the Hidden World',
].map((title, id) => ({ id, title }));

const stop = (test: string, name: string, q: string, expectation: Expectation): ConformanceCase =>
  ok(`${MILLI}/stop_words.rs › ${test}`, name, { q, limit: 50 }, expectation);

// ---- crates/filter-parser/src/lib.rs: its parse and error tests, over a few documents ---------

const PARSER = 'crates/filter-parser/src/lib.rs';

/** The fields the parser's tests name; the hits follow from the parse the test asserts. */
const parserDocuments = [
  { id: 1, channel: 'Ponce', subscribers: 12, colour: ['green'], 'dog race': 'Bernese Mountain', x: 5, title: 'foo\\' },
  { id: 2, channel: 'Mister Mv', subscribers: 1200, colour: ['blue', 'red'], 'dog race': 'Borzoi', x: 1 },
  { id: 3, channel: 'ponce', subscribers: 500, colour: [], 'dog race': 'Chusky', OR: 'yes', EXISTS: 'yes', title: 'foo' },
];

const parsed = (test: string, name: string, filter: string, ids: number[]): ConformanceCase => ok(`${PARSER} › ${test}`, name, { filter }, { idSet: ids });

const refusedFilter = (test: string, name: string, filter: string): ConformanceCase => ({
  name: `${name} (${test})`,
  origin: `${PARSER} › ${test}`,
  route: 'index',
  queries: [{ filter }],
  error: { status: 400, code: 'invalid_search_filter' },
});

// ---- crates/milli/src/search/facet/facet_distribution.rs: facet values and stats ------------------

const FACETS = 'crates/milli/src/search/facet/facet_distribution.rs';

const facetSettings = (maxValuesPerFacet: number): ConformanceSuite['settings'] => ({
  primaryKey: 'id',
  searchableAttributes: [],
  filterableAttributes: ['id', 'colour'],
  sortableAttributes: [],
  rankingRules: ['words', 'typo', 'proximity', 'attribute', 'sort', 'exactness'],
  faceting: { maxValuesPerFacet },
  pagination: { maxTotalHits: 1000 },
});

const facets = (test: string, name: string, query: Query, facetDistribution: Expectation['facetDistribution']): ConformanceCase =>
  ok(`${FACETS} › ${test}`, name, { ...query, facets: ['colour'], limit: 0 }, { facetDistribution });

/** The test's candidates 217 to 776, as a filter. */
const stats = (test: string, name: string, facetStats: Expectation['facetStats']): ConformanceCase =>
  ok(`${FACETS} › ${test}`, name, { filter: 'id 217 TO 776', facets: ['colour'], limit: 0 }, { facetStats });

export const textSettingsSuites: ConformanceSuite[] = [
  {
    name: 'typo tolerance by word size (milli typo.rs)',
    documents: typoDocuments,
    settings: typoSettings(['words']),
    cases: [
      all('test_default_typo', 'no typo: the exact words, and a 1-typo word of 5 letters', everyWord, [0, 23]),
      all('test_default_typo', 'one replaced letter in a 5-letter word', 'the quack brown fox jumps over the lazy dog', [0]),
      all('test_default_typo', 'a missing and an extra letter, one typo each', 'the quicest brownest fox jummps over the laziest dog', [3]),
      all('test_phrase_no_typo_allowed', 'a phrase takes no typos', 'the "quick brewn" fox jumps over the lazy dog', []),
      all('test_typo_bucketing', 'two typos from 9 letters; a split costs one', 'network interconnection sunflower', [14, 15, 16, 17, 18, 20]),
      all('test_ngram_typos', 'two words joined take the joined word one typo less', 'the extra lagant fox skyrocketed over the languorous dog', [6]),
      all('test_ngram_typos', 'three words joined take no typo', 'the ex tra lagant fox skyrocketed over the languorous dog', []),
    ],
  },
  {
    name: 'typo bucketing (milli typo.rs, typo rule alone)',
    documents: typoDocuments,
    settings: typoSettings(['typo']),
    cases: [
      all('test_typo_bucketing', 'fewer typos first; a prefix costs none, a split one', 'network interconnection sunflower', [16, 18, 17, 20, 15, 14]),
      all('test_typo_bucketing', 'typed apart: the words as typed first', 'network interconnection sun flower', [17, 19, 16, 18, 20, 15]),
      ok(
        `${MILLI}/typo.rs › test_typo_ranking_rule_not_preceded_by_words_ranking_rule`,
        'the typo rule takes the words rule before it',
        { q: everyWord, limit: 50 },
        { ids: [0, 23, 7, 8, 9, 22, 10, 11, 1, 2, 12, 13, 4, 3, 5, 6, 21] },
      ),
    ],
  },
  {
    name: 'typo tolerance switched off (milli typo.rs)',
    documents: typoDocuments,
    settings: typoSettings(['words'], { typoTolerance: { enabled: false } }),
    cases: [all('test_no_typo', 'only the exact words', everyWord, [0])],
  },
  {
    name: 'typo tolerance off on some words (milli typo.rs)',
    documents: typoDocuments,
    settings: typoSettings(['words'], { typoTolerance: { disableOnWords: ['quick', 'quack', 'sunflower'] } }),
    cases: [
      all('test_typo_exact_word', 'a word listed does not match its typos', everyWord, [0]),
      all('test_typo_exact_word', 'nor do its typos match it', 'the quack brown fox jumps over the lazy dog', []),
      all('test_typo_exact_word', 'words not listed keep their typos', 'the quicest brownest fox jummps over the laziest dog', [3]),
      all('test_typo_exact_word', 'a word listed is still a prefix and still splits', 'network interconnection sunflower', [16, 17, 18]),
    ],
  },
  {
    name: 'typo tolerance off on an attribute (milli typo.rs)',
    documents: typoDocuments,
    settings: typoSettings(['words'], {
      searchableAttributes: ['text', 'tolerant_text'],
      typoTolerance: { disableOnAttributes: ['text'], disableOnWords: ['quivk'] },
    }),
    cases: [
      all('test_typo_exact_attribute', 'exact words match in both attributes', everyWord, [0, 24, 25]),
      all('test_typo_exact_attribute', 'a typo matches only in the tolerant attribute', 'the quidk brown fox jumps over the lazy dog', [24, 25]),
      all('test_typo_exact_attribute', 'with a word listed in disableOnWords', 'the quivk brown fox jumps over the lazy dog', [23, 25]),
      all('test_typo_exact_attribute', 'nothing when the typos are only in the exact attribute', 'the quicest brownest fox jummps over the laziest dog', []),
    ],
  },
  {
    name: 'prefix search on an exact attribute (milli typo.rs)',
    documents: Array.from({ length: 100 }, (_, id) => ({ id, title: 'Hello many', content: 'Goodbye many' })),
    settings: { ...typoSettings(['words']), searchableAttributes: ['title', 'content'], typoTolerance: { disableOnAttributes: ['title'] } },
    cases: [
      ok(
        `${MILLI}/typo.rs › test_prefix_search_on_exact_attribute_and_disable_on_numbers`,
        'a prefix matches the tolerant attribute',
        { q: 'ma' },
        { total: 100 },
      ),
      ok(
        `${MILLI}/typo.rs › test_prefix_search_on_exact_attribute_and_disable_on_numbers`,
        'a prefix matches the exact attribute',
        { q: 'hel' },
        { total: 100 },
      ),
    ],
  },
  {
    name: 'typo synonyms (milli typo.rs)',
    documents: typoDocuments,
    settings: typoSettings(['typo'], { synonyms: { lackadaisical: ['lazy'], 'fast brownish': ['quick brown'] } }),
    cases: [
      all('test_typo_synonyms', 'a synonym costs no typo', 'the quick brown fox jumps over the lackadaisical dog', [0, 22, 23]),
      all('test_typo_synonyms', 'a two-word synonym of two typed words', 'the fast brownish fox jumps over the lackadaisical dog', [21, 0, 22]),
    ],
  },
  {
    name: 'stop words (milli stop_words.rs)',
    documents: stopWordFilms,
    settings: {
      primaryKey: 'id',
      searchableAttributes: ['title'],
      filterableAttributes: [],
      sortableAttributes: [],
      rankingRules: ['words', 'typo', 'proximity', 'attribute', 'sort', 'exactness'],
      ...defaults,
      stopWords: ['to', 'The', 'xyz'],
    },
    cases: [
      stop('test_ignore_stop_words', 'the last word is a prefix even when a stop word; stop words match case', 'xyz to the', { ids: [6] }),
      stop('test_ignore_stop_words', 'a stop word typed last is a prefix', 'to the xyz', { ids: [6] }),
      stop('test_ignore_stop_words', 'after a space it is ignored', 'to the xyz ', { ids: [6] }),
      stop('test_ignore_stop_words', 'stop words before other words are ignored', 'to the dragon xyz', { ids: [6] }),
      stop('test_stop_words_in_phrase', 'a stop word in a phrase stands for its place', '"how to train your dragon"', { ids: [3, 6] }),
      stop('test_stop_words_in_phrase', 'a phrase of a stop word is ignored', 'how "to" train "the', { ids: [6] }),
      stop('test_stop_words_in_phrase', 'a phrase opening with a stop word', 'how "to" train "The dragon', { ids: [3, 6, 5] }),
      stop('test_stop_words_in_phrase', 'a query of stop words only is a placeholder search', '"to"', { ids: [0, 1, 2, 3, 4, 5, 6] }),
    ],
  },
  {
    name: 'filter parser (Meilisearch filter-parser)',
    documents: parserDocuments,
    settings: {
      primaryKey: 'id',
      searchableAttributes: ['channel'],
      filterableAttributes: ['channel', 'subscribers', 'colour', 'dog race', 'x', 'title', 'OR', 'EXISTS'],
      sortableAttributes: [],
      rankingRules: ['words', 'typo', 'proximity', 'attribute', 'sort', 'exactness'],
      ...defaults,
    },
    cases: [
      parsed('parse_escaped', 'an escaped backslash inside quotes', String.raw`title = 'foo\\'`, [1]),
      parsed('parse', 'a quoted attribute name with a space', `'dog race' = Borzoi`, [2]),
      parsed('parse', 'IN an empty list matches nothing', 'colour IN[]', []),
      parsed('parse', 'IN with a trailing comma', 'colour IN[green,]', [1]),
      parsed('parse', 'NOT IN keeps documents whose list is empty', ' colour NOT  IN [green, blue] ', [3]),
      parsed('parse', 'NOT NOT NOT NOT cancels out', 'NOT NOT NOT NOT x = 5', [1]),
      parsed('parse', 'NOT NOT around a group of NOT NOT', 'NOT NOT (NOT NOT x = 5)', [1]),
      parsed('parse', '49 nested parentheses are allowed', `${'('.repeat(49)}x = 1${')'.repeat(49)}`, [2]),
      parsed('parse', 'reserved words quoted are names', `NOT "OR" EXISTS AND "EXISTS" NOT EXISTS`, [1, 2]),
      parsed('parse', 'AND binds tighter than OR', `channel = ponce AND 'dog race' != 'bernese mountain' OR subscribers > 1000`, [2, 3]),
      parsed('parse', 'IS NOT EMPTY', 'colour IS NOT EMPTY', [1, 2]),
      refusedFilter('error', 'a second operator', 'channel = Ponce = 12'),
      refusedFilter('error', 'an operator without a value', 'channel =    '),
      refusedFilter('error', 'an emoji is no value', 'channel = 🐻 AND subscribers < 100'),
      refusedFilter('error', 'a quoted reserved word alone', `'OR'`),
      refusedFilter('error', 'a reserved word as a value needs quotes', 'OR'),
      refusedFilter('error', 'no operator', 'channel Ponce'),
      refusedFilter('error', 'OR with nothing after it', 'channel = Ponce OR'),
      refusedFilter('error', '_geoRadius without arguments', '_geoRadius'),
      refusedFilter('error', '_geoRadius as an attribute', '_geoRadius = 12'),
      refusedFilter('error', '_geoPoint is no filter', '_geoPoint(12, 13, 14)'),
      refusedFilter('error', '_geoPoint is no value', 'subscribers <= _geoPoint(12, 13, 14)'),
      refusedFilter('error', '_geoDistance is no filter', '_geoDistance(12, 13, 14)'),
    ],
  },
  {
    name: 'facet values of few candidates (milli facet_distribution.rs)',
    documents: [
      { id: 0, colour: 'Blue' },
      { id: 1, colour: '  blue' },
      { id: 2, colour: 'RED' },
    ],
    settings: facetSettings(100),
    cases: [
      facets('few_candidates_few_facet_values', 'a value spelled two ways shows the first spelling', {}, { colour: { Blue: 2, RED: 1 } }),
      facets(
        'few_candidates_few_facet_values',
        "few candidates show their own document's spelling",
        { filter: 'id IN [1, 2]' },
        { colour: { '  blue': 1, RED: 1 } },
      ),
      facets('few_candidates_few_facet_values', 'only the values of the candidates', { filter: 'id = 2' }, { colour: { RED: 1 } }),
    ],
  },
  {
    name: 'facet values of few candidates, one value per facet (milli facet_distribution.rs)',
    documents: [
      { id: 0, colour: 'Blue' },
      { id: 1, colour: '  blue' },
      { id: 2, colour: 'RED' },
    ],
    settings: facetSettings(1),
    cases: [facets('few_candidates_few_facet_values', 'maxValuesPerFacet 1 keeps the first value', {}, { colour: { Blue: 2 } })],
  },
  {
    name: 'facet stats (milli facet_distribution.rs)',
    documents: Array.from({ length: 1000 }, (_, i) => ({ id: i, colour: i })),
    settings: facetSettings(100),
    cases: [stats('facet_stats', 'the smallest and largest number of the candidates', { colour: { min: 217, max: 776 } })],
  },
  {
    name: 'facet stats over arrays (milli facet_distribution.rs)',
    documents: Array.from({ length: 1000 }, (_, i) => ({ id: i, colour: [i, i + 1000] })),
    settings: facetSettings(100),
    cases: [stats('facet_stats_array', 'every number of an array counts', { colour: { min: 217, max: 1776 } })],
  },
  {
    name: 'facet stats over numbers and strings (milli facet_distribution.rs)',
    documents: Array.from({ length: 1000 }, (_, i) => (i % 2 === 0 ? { id: i, colour: [i, i + 1000] } : { id: i, colour: String(i + 10_000) })),
    settings: facetSettings(100),
    cases: [stats('facet_mixed_values', 'strings that read as numbers are not in the stats', { colour: { min: 218, max: 1776 } })],
  },
];

/** How many cases came from Meilisearch's tests of these settings. */
export const textSettingsCaseCount = textSettingsSuites.reduce((n, s) => n + s.cases.length, 0);
