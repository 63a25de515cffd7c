/**
 * Facts from Meilisearch's own test suites (github.com/meilisearch/meilisearch), written down as
 * data: each suite is the stock and settings a test indexes, each case a request and the answer
 * the test asserts, with `origin` naming the file and test. Only the asserted facts are kept
 * (a test that checks a hit count is a `count` here, not a full order).
 *
 * Tests that need settings the embedded engine does not take (distinct, vectors, nested attribute
 * paths) are not transcribed; the dealer sites never send those. Synonyms, stop words, typo
 * tolerance and the filter parser's edge cases are in text-settings-cases.ts.
 */
import type { ConformanceCase, ConformanceSuite, Expectation, Query } from './cases';

const HTTP = 'crates/meilisearch/tests/search';
const MILLI = 'crates/milli/src/search/new';

const DEFAULT_RULES = ['words', 'typo', 'proximity', 'attribute', 'sort', 'exactness'];
const defaults = { faceting: { maxValuesPerFacet: 100 }, pagination: { maxTotalHits: 1000 } };

const ok = (origin: string, name: string, query: Query, expectation: Expectation, refused?: string): ConformanceCase => ({
  name: `${name} (${origin.split(' › ')[1]})`,
  origin,
  queries: [query],
  expect: [expectation],
  ...(refused ? { refused } : {}),
});

/** A failure of the single-index route; Meilisearch reads the body before it looks the index up. */
const fails = (origin: string, name: string, query: Query, status: number, code: string): ConformanceCase => ({
  name: `${name} (${origin.split(' › ')[1]})`,
  origin,
  route: 'index',
  queries: [query],
  error: { status, code },
});

// ---- crates/meilisearch/tests/common/mod.rs: DOCUMENTS, the "SHARED_DOCUMENTS" index --------------

/** The five films (their `_vectors` left out: vectors are not searched by words). */
const films = [
  { title: 'Shazam!', id: '287947', color: ['green', 'blue'] },
  { title: 'Captain Marvel', id: '299537', color: ['yellow', 'blue'] },
  { title: 'Escape Room', id: '522681', color: ['yellow', 'red'] },
  { title: 'How to Train Your Dragon: The Hidden World', id: '166428', color: ['green', 'red'] },
  { title: 'Gläss', id: '450465', color: ['blue', 'red'] },
];

/** An index the tests never create: the body is checked before the index is looked up. */
const NO_INDEX = 'conformance_index_never_created';

const filmCases: ConformanceCase[] = [
  ok(`${HTTP}/mod.rs › simple_placeholder_search`, 'placeholder search returns every film', {}, { count: 5 }),
  ok(`${HTTP}/mod.rs › simple_search`, 'accents are folded: glass finds Gläss', { q: 'glass' }, { ids: ['450465'] }),
  ok(
    `${HTTP}/mod.rs › negative_phrase_search`,
    'a negative phrase excludes the film holding it',
    { q: '-"train your dragon"' },
    { ids: ['287947', '299537', '522681', '450465'] },
  ),
  ok(`${HTTP}/mod.rs › negative_word_search`, 'a negative word excludes', { q: '-escape' }, { ids: ['287947', '299537', '166428', '450465'] }),
  ok(`${HTTP}/mod.rs › negative_word_search`, 'a word and its own negation find nothing', { q: '-escape escape' }, { ids: [] }),
  ok(`${HTTP}/mod.rs › non_negative_search`, 'a dash followed by a space does not negate', { q: '- escape' }, { ids: ['522681'] }),
  ok(`${HTTP}/mod.rs › non_negative_search`, 'a dash and a space before a phrase does not negate', { q: '- "train your dragon"' }, { ids: ['166428'] }),
  ok(`${HTTP}/mod.rs › search_with_sort_on_numbers`, 'sort on a sortable attribute', { sort: ['id:asc'] }, { count: 5 }),
  ok(`${HTTP}/mod.rs › search_with_sort_on_strings`, 'sort on a string attribute', { sort: ['title:asc'] }, { count: 5 }),
  ok(
    `${HTTP}/mod.rs › search_multiple_params`,
    'cropping is refused, not approximated',
    { q: 'glass', attributesToCrop: ['title:2'], attributesToHighlight: ['title'], limit: 1, offset: 0 },
    { count: 1 },
    'invalid_search_attributes_to_crop',
  ),
  ok(`${HTTP}/pagination.rs › simple_search`, 'finite pagination is refused', { page: 1 }, { count: 5 }, 'invalid_search_page'),
  ok(`${HTTP}/pagination.rs › hits_per_page_1`, 'hitsPerPage is refused', { hitsPerPage: 1 }, { count: 1 }, 'invalid_search_hits_per_page'),
  ok(`${HTTP}/pagination.rs › page_zero_should_not_return_any_result`, 'page 0 is refused', { page: 0 }, { count: 0 }, 'invalid_search_page'),

  {
    name: 'an illegal index uid in a multi-search (simple_search_illegal_index_uid)',
    origin: `${HTTP}/multi.rs › simple_search_illegal_index_uid`,
    queries: [{ indexUid: 'hé', q: 'glass' }],
    error: { status: 400, code: 'invalid_index_uid' },
  },
  fails(`${HTTP}/errors.rs › search_unexisting_index`, 'unknown index', { indexUid: NO_INDEX, q: 'hello' }, 404, 'index_not_found'),
  fails(`${HTTP}/errors.rs › search_unexisting_parameter`, 'unknown parameter', { indexUid: NO_INDEX, marin: 'hello' }, 400, 'bad_request'),
  fails(`${HTTP}/errors.rs › search_bad_q`, 'q of the wrong type', { indexUid: NO_INDEX, q: ['doggo'] }, 400, 'invalid_search_q'),
  fails(`${HTTP}/errors.rs › search_bad_offset`, 'offset of the wrong type', { indexUid: NO_INDEX, offset: 'doggo' }, 400, 'invalid_search_offset'),
  fails(`${HTTP}/errors.rs › search_bad_limit`, 'limit of the wrong type', { indexUid: NO_INDEX, limit: 'doggo' }, 400, 'invalid_search_limit'),
  fails(`${HTTP}/errors.rs › search_bad_page`, 'page of the wrong type', { indexUid: NO_INDEX, page: 'doggo' }, 400, 'invalid_search_page'),
  fails(
    `${HTTP}/errors.rs › search_bad_hits_per_page`,
    'hitsPerPage of the wrong type',
    { indexUid: NO_INDEX, hitsPerPage: 'doggo' },
    400,
    'invalid_search_hits_per_page',
  ),
  fails(
    `${HTTP}/errors.rs › search_bad_attributes_to_retrieve`,
    'attributesToRetrieve of the wrong type',
    { indexUid: NO_INDEX, attributesToRetrieve: 'doggo' },
    400,
    'invalid_search_attributes_to_retrieve',
  ),
  fails(
    `${HTTP}/errors.rs › search_bad_retrieve_vectors`,
    'retrieveVectors of the wrong type',
    { indexUid: NO_INDEX, retrieveVectors: 'doggo' },
    400,
    'invalid_search_retrieve_vectors',
  ),
  fails(
    `${HTTP}/errors.rs › search_bad_attributes_to_crop`,
    'attributesToCrop of the wrong type',
    { indexUid: NO_INDEX, attributesToCrop: 'doggo' },
    400,
    'invalid_search_attributes_to_crop',
  ),
  fails(
    `${HTTP}/errors.rs › search_bad_crop_length`,
    'cropLength of the wrong type',
    { indexUid: NO_INDEX, cropLength: 'doggo' },
    400,
    'invalid_search_crop_length',
  ),
  fails(
    `${HTTP}/errors.rs › search_bad_attributes_to_highlight`,
    'attributesToHighlight of the wrong type',
    { indexUid: NO_INDEX, attributesToHighlight: 'doggo' },
    400,
    'invalid_search_attributes_to_highlight',
  ),
  fails(`${HTTP}/errors.rs › search_bad_sort`, 'sort of the wrong type', { indexUid: NO_INDEX, sort: 'doggo' }, 400, 'invalid_search_sort'),
  fails(
    `${HTTP}/errors.rs › search_bad_show_matches_position`,
    'showMatchesPosition of the wrong type',
    { indexUid: NO_INDEX, showMatchesPosition: 'doggo' },
    400,
    'invalid_search_show_matches_position',
  ),
  fails(`${HTTP}/errors.rs › search_bad_facets`, 'facets of the wrong type', { indexUid: NO_INDEX, facets: 'doggo' }, 400, 'invalid_search_facets'),
  fails(
    `${HTTP}/errors.rs › search_bad_threshold`,
    'rankingScoreThreshold of the wrong type',
    { indexUid: NO_INDEX, rankingScoreThreshold: 'doggo' },
    400,
    'invalid_search_ranking_score_threshold',
  ),
  fails(
    `${HTTP}/errors.rs › search_invalid_threshold`,
    'rankingScoreThreshold out of range',
    { indexUid: NO_INDEX, rankingScoreThreshold: 42 },
    400,
    'invalid_search_ranking_score_threshold',
  ),
  fails(
    `${HTTP}/errors.rs › search_bad_highlight_pre_tag`,
    'highlightPreTag of the wrong type',
    { indexUid: NO_INDEX, highlightPreTag: ['doggo'] },
    400,
    'invalid_search_highlight_pre_tag',
  ),
  fails(
    `${HTTP}/errors.rs › search_bad_highlight_post_tag`,
    'highlightPostTag of the wrong type',
    { indexUid: NO_INDEX, highlightPostTag: ['doggo'] },
    400,
    'invalid_search_highlight_post_tag',
  ),
  fails(
    `${HTTP}/errors.rs › search_bad_crop_marker`,
    'cropMarker of the wrong type',
    { indexUid: NO_INDEX, cropMarker: ['doggo'] },
    400,
    'invalid_search_crop_marker',
  ),
  fails(
    `${HTTP}/errors.rs › search_bad_matching_strategy`,
    'unknown matching strategy',
    { indexUid: NO_INDEX, matchingStrategy: 'doggo' },
    400,
    'invalid_search_matching_strategy',
  ),
  fails(
    `${HTTP}/errors.rs › search_bad_matching_strategy`,
    'matching strategy of the wrong type',
    { indexUid: NO_INDEX, matchingStrategy: { doggo: 'doggo' } },
    400,
    'invalid_search_matching_strategy',
  ),
  fails(`${HTTP}/errors.rs › filter_invalid_syntax_object`, 'filter with an unknown operator', { filter: 'title & Glass' }, 400, 'invalid_search_filter'),
  fails(
    `${HTTP}/errors.rs › filter_invalid_syntax_array`,
    'filter array with an unknown operator',
    { filter: ['title & Glass'] },
    400,
    'invalid_search_filter',
  ),
  fails(`${HTTP}/errors.rs › filter_invalid_syntax_string`, 'filter with XOR', { filter: 'title = Glass XOR title = Glass' }, 400, 'invalid_search_filter'),
  fails(
    `${HTTP}/errors.rs › filter_invalid_attribute_array`,
    'filter array on an attribute not filterable',
    { filter: ['many = Glass'] },
    400,
    'invalid_search_filter',
  ),
  fails(
    `${HTTP}/errors.rs › filter_invalid_attribute_string`,
    'filter on an attribute not filterable',
    { filter: 'many = Glass' },
    400,
    'invalid_search_filter',
  ),
  fails(`${HTTP}/errors.rs › filter_reserved_geo_attribute_array`, 'filter array on _geo', { filter: ['_geo = Glass'] }, 400, 'invalid_search_filter'),
  fails(`${HTTP}/errors.rs › filter_reserved_geo_attribute_string`, 'filter on _geo', { filter: '_geo = Glass' }, 400, 'invalid_search_filter'),
  fails(
    `${HTTP}/errors.rs › filter_reserved_attribute_array`,
    'filter array on _geoDistance',
    { filter: ['_geoDistance = Glass'] },
    400,
    'invalid_search_filter',
  ),
  fails(`${HTTP}/errors.rs › filter_reserved_attribute_string`, 'filter on _geoDistance', { filter: '_geoDistance = Glass' }, 400, 'invalid_search_filter'),
  fails(`${HTTP}/errors.rs › filter_reserved_geo_point_array`, 'filter array on _geoPoint', { filter: ['_geoPoint = Glass'] }, 400, 'invalid_search_filter'),
  fails(`${HTTP}/errors.rs › filter_reserved_geo_point_string`, 'filter on _geoPoint', { filter: '_geoPoint = Glass' }, 400, 'invalid_search_filter'),
  {
    name: 'unknown index in a multi-search is a 400 naming the query (search_one_index_doesnt_exist)',
    origin: `${HTTP}/multi/mod.rs › search_one_index_doesnt_exist`,
    queries: [{ q: 'glass' }, { indexUid: 'nested_never_created', q: 'pésti' }],
    error: { status: 400, code: 'index_not_found' },
  },
  {
    name: 'several unknown indexes: the first is named (search_multiple_indexes_dont_exist)',
    origin: `${HTTP}/multi/mod.rs › search_multiple_indexes_dont_exist`,
    queries: [
      { indexUid: 'test_never_created', q: 'glass' },
      { indexUid: 'nested_never_created', q: 'pésti' },
    ],
    error: { status: 400, code: 'index_not_found' },
  },
];

// ---- crates/meilisearch/tests/search/matching_strategy.rs: SIMPLE_SEARCH_DOCUMENTS -------------

const captains = [
  { title: 'Shazam!', id: '1' },
  { title: 'Captain Planet', id: '2' },
  { title: 'Captain Marvel', id: '3' },
  { title: 'a Captain Marvel ersatz', id: '4' },
  { title: "He's not part of the Marvel Cinematic Universe", id: '5' },
  { title: 'a Shazam ersatz, but better than Captain Planet', id: '6' },
  { title: 'Capitain CAAAAAVEEERNE!!!!', id: '7' },
];

const strategy = (test: string, q: string, matchingStrategy: string, ids: string[]): ConformanceCase =>
  ok(
    `${HTTP}/matching_strategy.rs › ${test}`,
    `"${q}" with matching strategy ${matchingStrategy}`,
    { q, matchingStrategy, attributesToRetrieve: ['id'] },
    { ids },
    matchingStrategy === 'frequency' ? 'invalid_search_matching_strategy' : undefined,
  );

const captainCases: ConformanceCase[] = [
  strategy('simple_search', 'Captain Marvel', 'last', ['3', '4', '2', '6', '7']),
  strategy('simple_search', 'Captain Marvel', 'all', ['3', '4']),
  strategy('simple_search', 'Captain Marvel', 'frequency', ['3', '4', '5']),
  strategy('search_with_typo', 'Capitain Marvel', 'last', ['3', '4', '7', '2', '6']),
  strategy('search_with_typo', 'Capitain Marvel', 'all', ['3', '4']),
  strategy('search_with_typo', 'Capitain Marvel', 'frequency', ['3', '4', '5']),
  strategy('search_with_unknown_word', 'Captain Supercopter Marvel', 'last', ['2', '3', '4', '6', '7']),
  strategy('search_with_unknown_word', 'Captain Supercopter Marvel', 'all', []),
  strategy('search_with_unknown_word', 'Captain Supercopter Marvel', 'frequency', ['3', '4', '5']),
];

// ---- crates/milli/src/search/new/tests/ngram_split_words.rs ---------------------------------------

const sunflowers = [
  { id: 0, text: 'the sun flowers are pretty' },
  { id: 1, text: 'the sun flower is tall' },
  { id: 2, text: 'the sunflowers are pretty' },
  { id: 3, text: 'the sunflower is tall' },
  { id: 4, text: 'the sunflawer is tall' },
  { id: 5, text: 'sunflowering is not a verb' },
  { id: 6, text: 'xy z' },
];

const joined = (test: string, name: string, q: string, ids: number[]): ConformanceCase =>
  ok(`${MILLI}/tests/ngram_split_words.rs › ${test}`, name, { q, matchingStrategy: 'all' }, { ids });

const sunflowerCases: ConformanceCase[] = [
  joined('test_2gram_typo', 'two words joined may hold one typo', 'sun flawer', [0, 1, 2, 3, 4, 5]),
  joined('test_split_words', 'a word matches its two halves written apart', 'sunflower ', [1, 2, 3, 4]),
  joined('test_2gram_split_words', 'two words joined, then split again elsewhere', 'sunf lower', [1, 2, 3, 4, 5]),
  joined('test_3gram_no_split_words', 'three words joined, as a prefix, and split in two', 'sunf lo wer', [1, 2, 3, 5]),
  joined('test_3gram_no_typos', 'three words joined allow no typo', 'sunf la wer', [4]),
  joined('test_no_ngram_phrases', 'a phrase is never joined to a word', '"sun" flower', [0, 1]),
  joined('test_no_ngram_phrases', 'two phrases are never joined', '"sun" "flower"', [1]),
  joined('test_short_split_words', 'however short, a word may be split', 'xyz', [6]),
];

// ---- crates/milli/src/search/new/tests/proximity.rs ---------------------------------------------

/** `create_simple_index`; the second document with id 9 replaces the first, keeping its place. */
const foxes = [
  { id: 0, text: 'the very quick dark brown and smart fox did jump over the terribly lazy and small dog' },
  { id: 1, text: 'the. quick brown fox jumps over the lazy. dog' },
  { id: 2, text: 'the quick brown fox jumps over the lazy. dog' },
  { id: 3, text: 'dog the quick brown fox jumps over the lazy' },
  { id: 4, text: 'the quickbrown fox jumps over the lazy dog' },
  { id: 5, text: 'brown quick fox jumps over the lazy dog' },
  { id: 6, text: 'the really quick brown fox jumps over the very lazy dog' },
  { id: 7, text: 'the really quick brown fox jumps over the lazy dog' },
  { id: 8, text: 'the quick brown fox jumps over the lazy' },
  { id: 9, text: 'the quack brown fox jumps over the lazy dog' },
  { id: 10, text: 'the quick brown fox jumps over the lazy dog' },
];

/** The split-word part of `create_edge_cases_index`. */
const wilting = [
  { id: 1, text: 'Sun Flower sounds like the title of a painting, maybe about a plant wilting under the heat.' },
  { id: 2, text: 'Sun Flower sounds like the title of a painting, maybe about a flower wilting under the heat.' },
  { id: 3, text: 'A flower wilting under the sun, unlike a sunflower' },
  { id: 4, text: 'sun flower wilting under the heat' },
  { id: 5, text: 'sunflower wilting under the heat' },
];

const near = (test: string, name: string, q: string, ids: number[]): ConformanceCase =>
  ok(`${MILLI}/tests/proximity.rs › ${test}`, name, { q, matchingStrategy: 'all' }, { ids });

// ---- crates/milli/src/search/new/matches/mod_test.rs: highlighting phrases ------------------------

const invention = 'The groundbreaking invention had the power to split the world between those who embraced progress and those who resisted change!';

const highlight = (name: string, q: string, value: string): ConformanceCase =>
  ok(
    `${MILLI}/matches/mod_test.rs › format_highlight_crop_phrase_query`,
    name,
    { q, attributesToHighlight: ['text'] },
    { ids: [1], formatted: [{ id: 1, field: 'text', value }] },
  );

const textSettings = (rankingRules: readonly string[]): ConformanceSuite['settings'] => ({
  primaryKey: 'id',
  searchableAttributes: ['text'],
  filterableAttributes: [],
  sortableAttributes: [],
  rankingRules,
  ...defaults,
});

export const meilisearchSuites: ConformanceSuite[] = [
  {
    name: 'films (Meilisearch DOCUMENTS)',
    documents: films,
    settings: {
      primaryKey: 'id',
      searchableAttributes: ['title', 'id', 'color'],
      filterableAttributes: ['id', 'title'],
      sortableAttributes: ['id', 'title'],
      rankingRules: DEFAULT_RULES,
      ...defaults,
    },
    cases: filmCases,
  },
  {
    name: 'captains (Meilisearch matching strategy)',
    documents: captains,
    settings: {
      primaryKey: 'id',
      searchableAttributes: ['title', 'id'],
      filterableAttributes: [],
      sortableAttributes: [],
      rankingRules: DEFAULT_RULES,
      ...defaults,
    },
    cases: captainCases,
  },
  { name: 'sunflowers (milli split and joined words)', documents: sunflowers, settings: textSettings(['words']), cases: sunflowerCases },
  {
    name: 'foxes (milli proximity)',
    documents: foxes,
    settings: textSettings(['words', 'proximity']),
    cases: [
      near(
        'test_proximity_simple',
        'nearer words first; a joined pair costs one',
        'the quick brown fox jumps over the lazy dog',
        [9, 10, 4, 7, 6, 2, 3, 5, 1, 0],
      ),
    ],
  },
  {
    name: 'wilting (milli proximity of split words)',
    documents: wilting,
    settings: textSettings(['words', 'proximity']),
    cases: [
      near('test_proximity_split_word', 'a split word is measured from its last half', 'sunflower wilting', [2, 4, 5, 1, 3]),
      near('test_proximity_split_word', 'a phrase is measured from its last word', '"sun flower" wilting', [2, 4, 1]),
    ],
  },
  {
    name: 'invention (milli phrase highlighting)',
    documents: [{ id: 1, text: invention }],
    settings: textSettings(DEFAULT_RULES),
    cases: [
      highlight('a phrase is one highlight', '"the world"', invention.replace('the world', '<em>the world</em>')),
      highlight(
        'a word and a phrase holding it',
        'those "and those"',
        invention.replace('between those', 'between <em>those</em>').replace('and those', '<em>and those</em>'),
      ),
    ],
  },
];

/** How many cases came from Meilisearch's tests. */
export const meilisearchCaseCount = meilisearchSuites.reduce((n, s) => n + s.cases.length, 0);
