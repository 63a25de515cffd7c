/**
 * One table of search requests and what Meilisearch answers for them over `conformanceStock`.
 * The embedded engine must give the same answers; a real Meilisearch is the referee.
 *
 * Orders are exact where the ranking rules fix them (distinct custom_rank, explicit sort);
 * otherwise `idSet` compares membership only.
 */

export type Query = Record<string, unknown>;

export type DocumentId = number | string;

export interface Expectation {
  /** Hit ids in this exact order. */
  ids?: DocumentId[];
  /** Hit ids in any order. */
  idSet?: DocumentId[];
  /** Number of hits returned. */
  count?: number;
  total?: number;
  facetDistribution?: Record<string, Record<string, number>>;
  facetStats?: Record<string, { min: number; max: number }>;
  /** `_formatted[field]` of the hit with this id. */
  formatted?: { id: DocumentId; field: string; value: unknown }[];
  /** A field of the hit with this id, such as `_geoDistance`; `undefined` means the hit has no such field. */
  fields?: { id: DocumentId; field: string; value: unknown }[];
}

export interface ConformanceCase {
  name: string;
  /** Sent as one multi-search; `indexUid` is filled in unless the query names one. */
  queries: Query[];
  /** `index` sends the single query to `POST /indexes/{uid}/search` instead. */
  route?: 'multi' | 'index';
  /** One per query. */
  expect?: Expectation[];
  error?: { status: number; code: string };
  /** Behaviour the embedded engine deliberately refuses but Meilisearch supports. */
  only?: 'embedded';
  /**
   * Meilisearch answers as `expect` says, but the embedded engine refuses the request on purpose
   * (docs/decisions/search-engine.md, "What is refused") with this code and status 400.
   */
  refused?: string;
  /** Where the facts come from: Meilisearch's repository path and test name. */
  origin?: string;
}

/** A stock, the settings it is indexed with, and the cases run over it. */
export interface ConformanceSuite {
  name: string;
  documents: readonly Record<string, unknown>[];
  settings: {
    primaryKey: string;
    searchableAttributes: readonly string[];
    filterableAttributes: readonly string[];
    sortableAttributes: readonly string[];
    rankingRules: readonly string[];
    faceting: { maxValuesPerFacet: number };
    pagination: { maxTotalHits: number };
    synonyms?: Readonly<Record<string, readonly string[]>>;
    stopWords?: readonly string[];
    typoTolerance?: {
      enabled?: boolean;
      minWordSizeForTypos?: { oneTypo?: number; twoTypos?: number };
      disableOnWords?: readonly string[];
      disableOnAttributes?: readonly string[];
    };
  };
  cases: readonly ConformanceCase[];
}

const one = (name: string, query: Query, expectation: Expectation): ConformanceCase => ({ name, queries: [query], expect: [expectation] });
const fails = (name: string, query: Query, status: number, code: string, only?: 'embedded'): ConformanceCase => ({
  name,
  queries: [query],
  error: { status, code },
  ...(only ? { only } : {}),
});

const ALL = 30;

export const conformanceCases: ConformanceCase[] = [
  // ---- placeholder search, paging and custom ranking -------------------------------------
  one('no query: custom_rank:desc order', { limit: 5 }, { ids: [1, 14, 8, 27, 20], total: ALL }),
  one('offset and limit', { offset: 3, limit: 3 }, { ids: [27, 20, 10], total: ALL }),
  one('limit 0 still counts', { limit: 0 }, { ids: [], total: ALL }),
  // No cap of the engine's own on hits: Meilisearch clamps `limit` to pagination.maxTotalHits (10,000 here).
  one('a limit above 100 is answered, not refused', { limit: 1000 }, { count: ALL, total: ALL }),
  one('a large limit after an offset', { offset: 25, limit: 500 }, { count: ALL - 25, total: ALL }),

  // ---- filter: equality, case, quoting ----------------------------------------------------
  one('equality ignores case', { filter: 'make = toyota' }, { ids: [1, 3, 5, 30, 2, 4, 25], total: 7 }),
  one('double-quoted value with a space', { filter: 'make = "Land Rover"' }, { ids: [18, 19] }),
  one('single-quoted value, other case', { filter: `make = 'land rover'` }, { ids: [18, 19] }),
  one('accented value', { filter: 'make = Škoda' }, { ids: [17] }),
  one('accents are not folded in filters', { filter: 'make = skoda' }, { ids: [], total: 0 }),
  one('quoted attribute name', { filter: '"make" = Kia' }, { ids: [14, 12, 13] }),
  one('an OR inside quotes is a value, not an operator', { filter: 'make = "Toyota OR make = Mazda"' }, { ids: [], total: 0 }),
  one('apostrophe inside double quotes', { filter: `badge = "Dealer's pick"` }, { ids: [9] }),
  one('escaped quote inside single quotes', { filter: String.raw`badge = 'Dealer\'s pick'` }, { ids: [9] }),
  one('escaped double quotes', { filter: String.raw`badge = "\"Best\" Buy"` }, { ids: [30] }),
  one('brackets inside quotes', { filter: 'colour = "Blue [metallic]"' }, { ids: [10] }),
  one('IN with quoted and bare values', { filter: 'colour IN ["Blue [metallic]", White]' }, { ids: [1, 10, 21, 13] }),
  one('keywords inside a quoted value', { filter: 'tag = "AND OR NOT"' }, { ids: [19] }),
  one('boolean equality', { filter: 'certified = true' }, { ids: [1, 20] }),
  one('boolean, sold and flagged', { filter: 'show_on_dealer_website = true' }, { ids: [25] }),

  // ---- filter: arrays, negation, existence ------------------------------------------------
  one('array field matches any element', { filter: 'categories = trucks' }, { ids: [8, 10, 3, 9, 22, 28] }),
  one('IN over an array field', { filter: 'categories IN [subscription, caravans]' }, { ids: [12, 6, 15, 29] }),
  one('NOT IN', { filter: 'car_type NOT IN [used]' }, { ids: [1, 14, 8, 27, 20, 10, 5] }),
  one('!= keeps documents without the attribute', { filter: 'badge != "Low km"', limit: 0 }, { total: 29 }),
  one('EXISTS', { filter: 'badge EXISTS' }, { ids: [3, 9, 30] }),
  one('NOT EXISTS', { filter: 'badge NOT EXISTS', limit: 0 }, { total: 27 }),
  one('IS NULL', { filter: 'sold_date_timestamp IS NULL', limit: 0 }, { total: 28 }),
  one('IS NOT NULL', { filter: 'sold_date_timestamp IS NOT NULL' }, { ids: [25, 26] }),
  one('IS EMPTY', { filter: 'tag IS EMPTY' }, { ids: [11] }),
  one('NOT over a group', { filter: 'NOT (fuel = Petrol OR fuel = Diesel)' }, { ids: [1, 14, 27, 5, 30, 29] }),

  // ---- filter: numbers --------------------------------------------------------------------
  one('TO is inclusive', { filter: 'price 20000 TO 30000' }, { ids: [30, 21, 7, 11, 24, 26] }),
  one('greater than', { filter: 'price > 80000' }, { ids: [14, 18, 29] }),
  one('less than includes zero prices', { filter: 'price < 10000' }, { ids: [22, 16] }),
  one('at most zero', { filter: 'price <= 0' }, { ids: [22] }),
  one('range AND equality', { filter: 'price >= 79900 AND fuel = Petrol' }, { ids: [20] }),

  // ---- filter: precedence and arrays of filters ---------------------------------------------
  one('AND binds tighter than OR', { filter: 'make = Kia OR make = Ford AND body = Van' }, { ids: [14, 12, 13, 28] }),
  one('parentheses group', { filter: '(make = Kia OR make = Ford) AND body = Van' }, { ids: [28] }),
  one('array filter: outer AND, inner OR', { filter: [['make = Mazda', 'make = Kia'], 'price < 40000'] }, { ids: [6, 13, 7, 26] }),
  one(
    'the default listing filter (statuses plus the sold window)',
    { filter: 'status IN [in_stock, coming_soon] OR (status = sold AND show_on_dealer_website = true AND sold_date_timestamp >= 1699800000)', limit: 0 },
    { total: 29 },
  ),

  // ---- facets -----------------------------------------------------------------------------
  one(
    'facet distribution and stats of the filtered documents',
    { filter: 'make = Toyota', facets: ['model', 'body', 'price', 'year'], limit: 0 },
    {
      total: 7,
      facetDistribution: {
        model: { Corolla: 3, HiLux: 1, LandCruiser: 1, RAV4: 1, 'Yaris Cross': 1 },
        body: { Hatchback: 2, SUV: 3, Sedan: 1, Ute: 1 },
        price: { '14990': 1, '19990': 1, '28490': 1, '33490': 1, '45990': 1, '52500': 1, '61000': 1 },
        year: { '2016': 1, '2017': 1, '2019': 1, '2021': 2, '2022': 1, '2023': 1 },
      },
      facetStats: { price: { min: 14990, max: 61000 }, year: { min: 2016, max: 2023 } },
    },
  ),
  one('facet query of limit 1', { facets: ['car_type'], limit: 1 }, { ids: [1], total: ALL, facetDistribution: { car_type: { new: 4, demo: 3, used: 23 } } }),
  one(
    'facets over an array field',
    { facets: ['categories'], limit: 0 },
    { facetDistribution: { categories: { caravans: 1, cars: 28, subscription: 3, trucks: 6 } } },
  ),
  one('facets over a boolean', { facets: ['certified'], limit: 0 }, { facetDistribution: { certified: { false: 28, true: 2 } } }),
  {
    name: 'a search page multi-search: main query plus facet queries without their own filter',
    queries: [
      { q: '', filter: [['make = Mazda'], ['body = SUV']], facets: ['make', 'body'], sort: ['custom_rank:desc'], limit: 21 },
      { q: '', filter: [['body = SUV']], facets: ['make'], limit: 1 },
      { q: '', filter: [['make = Mazda']], facets: ['body'], limit: 1 },
    ],
    expect: [
      { ids: [6, 26], total: 2, facetDistribution: { make: { Mazda: 2 }, body: { SUV: 2 } } },
      {
        ids: [1],
        total: 13,
        facetDistribution: { make: { Ford: 1, Hyundai: 2, Kia: 2, 'Land Rover': 2, Mazda: 2, 'Mercedes-Benz': 1, Toyota: 3 } },
      },
      { ids: [8], total: 4, facetDistribution: { body: { SUV: 2, Sedan: 1, Ute: 1 } } },
    ],
  },

  // ---- geosearch: yards at North Lakes (ids ≡ 0 mod 3), Southport (≡ 1), Penrith (≡ 2) -------
  // Brisbane's centre is about 26 km from North Lakes and 68 km from Southport; Sydney's is about
  // 48 km from Penrith, 680 km from Southport and 750 km from North Lakes.
  one('_geoRadius keeps cars within the radius', { filter: '_geoRadius(-27.4705, 153.026, 50000)' }, { ids: [27, 3, 12, 18, 9, 30, 6, 15, 21, 24], total: 10 }),
  one(
    '_geoRadius over two yards',
    { filter: '_geoRadius(-27.4705, 153.026, 100000)', limit: 30 },
    { idSet: [27, 3, 12, 18, 9, 30, 6, 15, 21, 24, 1, 10, 22, 13, 19, 7, 28, 4, 16, 25], total: 20 },
  ),
  one('_geoRadius of 0 m keeps the point itself', { filter: '_geoRadius(-27.979, 153.405, 0)' }, { ids: [1, 10, 22, 13, 19, 7, 28, 4, 16, 25] }),
  one('_geoRadius with another condition', { filter: 'make = Toyota AND _geoRadius(-27.4705, 153.026, 50000)' }, { ids: [3, 30] }),
  one('NOT _geoRadius keeps cars without _geo', { filter: 'NOT _geoRadius(-27.4705, 153.026, 50000)', limit: 0 }, { total: 20 }),
  one(
    '_geoPoint sort: nearest first, cars without _geo last',
    { sort: ['_geoPoint(-33.8688, 151.2093):asc'], limit: 30 },
    { ids: [14, 8, 20, 5, 2, 23, 17, 26, 1, 10, 22, 13, 19, 7, 28, 4, 16, 25, 27, 3, 12, 18, 9, 30, 6, 15, 21, 24, 29, 11] },
  ),
  one(
    '_geoPoint sort descending: farthest first, cars without _geo still last',
    { sort: ['_geoPoint(-33.8688, 151.2093):desc'], limit: 30 },
    { ids: [27, 3, 12, 18, 9, 30, 6, 15, 21, 24, 1, 10, 22, 13, 19, 7, 28, 4, 16, 25, 14, 8, 20, 5, 2, 23, 17, 26, 29, 11] },
  ),
  one(
    '_geoDistance in metres on hits sorted by _geoPoint, absent without _geo',
    { filter: 'id IN [1, 11]', sort: ['_geoPoint(-27.979, 153.405):asc'] },
    {
      ids: [1, 11],
      fields: [
        { id: 1, field: '_geoDistance', value: 0 },
        { id: 11, field: '_geoDistance', value: undefined },
      ],
    },
  ),
  one(
    'no _geoDistance without a _geoPoint sort',
    { filter: '_geoRadius(-27.979, 153.405, 0)', limit: 1 },
    { ids: [1], fields: [{ id: 1, field: '_geoDistance', value: undefined }] },
  ),
  fails('_geoRadius with two arguments', { filter: '_geoRadius(-27.47, 153.02)' }, 400, 'invalid_search_filter'),
  fails('_geoRadius latitude out of range', { filter: '_geoRadius(-127.47, 153.02, 1000)' }, 400, 'invalid_search_filter'),
  fails('_geoPoint is no filter', { filter: '_geoPoint(-27.47, 153.02)' }, 400, 'invalid_search_filter'),
  fails('_geoRadius is no value', { filter: 'city = _geoRadius(-27.47, 153.02, 10)' }, 400, 'invalid_search_filter'),
  fails('_geoBoundingBox (refused here)', { filter: '_geoBoundingBox([-27, 154], [-28, 153])' }, 400, 'invalid_search_filter', 'embedded'),
  fails('sort on _geo itself', { sort: ['_geo:asc'] }, 400, 'invalid_search_sort'),
  fails('_geoPoint sort with one coordinate', { sort: ['_geoPoint(-27.47):asc'] }, 400, 'invalid_search_sort'),
  fails('_geoPoint sort latitude out of range', { sort: ['_geoPoint(-95, 153):asc'] }, 400, 'invalid_search_sort'),

  // ---- sort -------------------------------------------------------------------------------
  one('sort by price', { filter: 'make = Toyota', sort: ['price:asc'] }, { ids: [25, 2, 30, 5, 1, 3, 4] }),
  one('missing values sort last, descending', { sort: ['subscription_price:desc'], limit: 5 }, { ids: [12, 15, 6, 1, 14] }),
  one('missing values sort last, ascending', { sort: ['subscription_price:asc'], limit: 5 }, { ids: [6, 15, 12, 1, 14] }),
  one('two sort criteria', { filter: 'body = Ute', sort: ['year:desc', 'price:asc'] }, { ids: [8, 10, 22, 3, 9] }),
  one('sort by a string', { filter: 'make = Kia', sort: ['name:asc'] }, { ids: [13, 12, 14] }),

  // ---- text -------------------------------------------------------------------------------
  one('one word', { q: 'toyota' }, { ids: [1, 3, 5, 30, 2, 4, 25], total: 7 }),
  one('a typo in a 5-letter word', { q: 'toyta' }, { idSet: [1, 2, 3, 4, 5, 25, 30], total: 7 }),
  one('a typo on the first letter counts twice', { q: 'soyota' }, { ids: [], total: 0 }),
  one('no typos below 5 letters', { q: 'kai' }, { ids: [], total: 0 }),
  one('the last word is a prefix', { q: 'land' }, { idSet: [4, 18, 19], total: 3 }),
  one('accents are folded in text', { q: 'skoda' }, { ids: [17] }),
  one('more matched words first, then the rest', { q: 'toyota corolla' }, { ids: [5, 2, 25, 1, 3, 30, 4], total: 7 }),
  one('words are dropped from the end only', { q: 'zzzz toyota' }, { ids: [], total: 0 }),
  one('an unknown last word leaves the first', { q: 'toyota zzzz' }, { idSet: [1, 2, 3, 4, 5, 25, 30], total: 7 }),
  one('a phrase matches in order', { q: '"corolla ascent"' }, { idSet: [2, 25], total: 2 }),
  one('a phrase out of order matches nothing', { q: '"ascent corolla"' }, { ids: [], total: 0 }),
  one('a quoted stock number', { q: '"TK1017"' }, { ids: [17] }),
  one('a minus excludes a word', { q: 'toyota -corolla' }, { ids: [1, 3, 30, 4], total: 4 }),
  one('sort applies among equally relevant hits', { q: 'ranger', sort: ['price:asc'] }, { ids: [9, 10] }),
  one('text and filter', { q: 'corolla', filter: 'car_type = demo' }, { ids: [5] }),

  // ---- highlighting -----------------------------------------------------------------------
  one(
    'prefix highlight and numbers as strings',
    { q: 'coroll', filter: 'id = 2', attributesToHighlight: ['name'] },
    {
      ids: [2],
      formatted: [
        { id: 2, field: 'name', value: '2019 Toyota <em>Coroll</em>a Ascent Sport' },
        { id: 2, field: 'price', value: '19990' },
        { id: 2, field: 'certified', value: false },
      ],
    },
  ),
  one(
    'custom tags; markup in the data is left as it is',
    { q: 'wagon', filter: 'id = 17', attributesToHighlight: ['variant'], highlightPreTag: '__ais-highlight__', highlightPostTag: '__/ais-highlight__' },
    { ids: [17], formatted: [{ id: 17, field: 'variant', value: 'RS <b>__ais-highlight__wagon__/ais-highlight__</b>' }] },
  ),

  // ---- single-index route -----------------------------------------------------------------
  { name: 'POST /indexes/{uid}/search', route: 'index', queries: [{ q: 'kia' }], expect: [{ ids: [14, 12, 13], total: 3 }] },

  // ---- errors -----------------------------------------------------------------------------
  fails('filter on an attribute that is not filterable', { filter: 'description = x' }, 400, 'invalid_search_filter'),
  fails('unquoted value with a space', { filter: 'make = Land Rover' }, 400, 'invalid_search_filter'),
  fails('unclosed quote', { filter: 'make = "Toyota' }, 400, 'invalid_search_filter'),
  fails('keyword as a value', { filter: 'tag = AND' }, 400, 'invalid_search_filter'),
  fails('filter of the wrong type', { filter: 5 }, 400, 'invalid_search_filter'),
  fails('sort on an attribute that is not sortable', { sort: ['make:asc'] }, 400, 'invalid_search_sort'),
  fails('sort without a direction', { sort: ['price'] }, 400, 'invalid_search_sort'),
  fails('facet that is not filterable', { facets: ['name'] }, 400, 'invalid_search_facets'),
  fails('limit of the wrong type', { limit: 'ten' }, 400, 'invalid_search_limit'),
  fails('unknown parameter', { nope: true }, 400, 'bad_request'),
  fails('unknown index in a multi-search', { indexUid: 'conformance_no_such_index' }, 400, 'index_not_found'),
  { name: 'unknown index', route: 'index', queries: [{ indexUid: 'conformance_no_such_index' }], error: { status: 404, code: 'index_not_found' } },
  fails('finite pagination is refused, not approximated', { page: 2, hitsPerPage: 21 }, 400, 'invalid_search_page', 'embedded'),
];
