/**
 * Chinese and Japanese text, which writes words without spaces between them. Meilisearch's
 * tokenizer (charabia) cuts such text into dictionary words before indexing and highlighting, so
 * a word found inside a longer run of characters is a hit and is highlighted on its own:
 * "丰田汽车" searched with "汽车" gives "丰田<em>汽车</em>".
 *
 * The kanji case is transcribed from Meilisearch's tests; the others are written from charabia's
 * segmentation on words where its dictionaries (jieba, lindera) and the ICU dictionary the engine
 * uses cut the same way. None has been run against a real Meilisearch yet.
 */
import type { ConformanceCase, ConformanceSuite, Expectation, Query } from './cases';

const DEFAULT_RULES = ['words', 'typo', 'proximity', 'attribute', 'sort', 'exactness'];

const settings: ConformanceSuite['settings'] = {
  primaryKey: 'id',
  searchableAttributes: ['title'],
  filterableAttributes: [],
  sortableAttributes: [],
  rankingRules: DEFAULT_RULES,
  faceting: { maxValuesPerFacet: 100 },
  pagination: { maxTotalHits: 1000 },
};

const one = (name: string, query: Query, expectation: Expectation, origin?: string): ConformanceCase => ({
  name,
  queries: [query],
  expect: [expectation],
  ...(origin ? { origin } : {}),
});

/** The title of hit `id`, highlighted. */
const shows = (id: number, value: string): NonNullable<Expectation['formatted']>[number] => ({ id, field: 'title', value });

const dealerNames = [
  { id: 1, title: '丰田汽车' },
  { id: 2, title: '本田汽车' },
  { id: 3, title: 'Toyota Motor' },
  { id: 4, title: '東京のお寿司。' },
];

const highlight = { attributesToHighlight: ['title'] };

export const cjkSuites: ConformanceSuite[] = [
  {
    name: 'kanji (Meilisearch test_kanji_language_detection)',
    documents: [
      { id: 0, title: `The quick ("brown") fox can't jump 32.3 feet, right? Brr, it's 29.3°F!` },
      { id: 1, title: '東京のお寿司。' },
      { id: 2, title: 'הַשּׁוּעָל הַמָּהִיר (״הַחוּם״) לֹא יָכוֹל לִקְפֹּץ 9.94 מֶטְרִים, נָכוֹן? ברר, 1.5°C- בַּחוּץ!' },
    ],
    settings,
    cases: [
      one('a kanji word finds the Japanese title', { q: '東京' }, { ids: [1] }, 'crates/meilisearch/tests/search/mod.rs › test_kanji_language_detection'),
    ],
  },
  {
    name: 'CJK words (charabia segmentation)',
    documents: dealerNames,
    settings,
    cases: [
      one('the first word of a Chinese name is highlighted alone', { q: '丰田', ...highlight }, { ids: [1], formatted: [shows(1, '<em>丰田</em>汽车')] }),
      one(
        'a word inside a Chinese name is a hit and is highlighted alone',
        { q: '汽车', ...highlight },
        { idSet: [1, 2], formatted: [shows(1, '丰田<em>汽车</em>'), shows(2, '本田<em>汽车</em>')] },
      ),
      one(
        'a Chinese query without spaces is read as its words',
        { q: '汽车丰田', matchingStrategy: 'all', ...highlight },
        // Each word is its own match, so two neighbours are two highlights.
        { ids: [1], formatted: [shows(1, '<em>丰田</em><em>汽车</em>')] },
      ),
      one('a Chinese phrase matches its words together', { q: '"丰田汽车"', ...highlight }, { ids: [1], formatted: [shows(1, '<em>丰田汽车</em>')] }),
      one('a word after kana is a hit and is highlighted alone', { q: '寿司', ...highlight }, { ids: [4], formatted: [shows(4, '東京のお<em>寿司</em>。')] }),
    ],
  },
];

/** How many of these cases came from Meilisearch's tests. */
export const cjkTranscribedCaseCount = cjkSuites.flatMap((s) => s.cases).filter((c) => c.origin).length;
