import { describe, expect, it } from 'vitest';
import { RequestCache, SearchEngine, SearchEngineBuilder, type EngineSettings, type SearchDocument } from './engine';
import { HitsOverBudget, MeiliError } from './errors';
import { parseSearchParams } from './request';

const settings: EngineSettings = {
  primaryKey: 'id',
  searchableAttributes: ['name', 'make', 'model', 'stocknum'],
  filterableAttributes: ['make', 'model', 'price', 'year', 'categories', 'badge', 'sold_date_timestamp', 'certified', 'tag', 'location_id'],
  sortableAttributes: ['price', 'year', 'name'],
  rankingRules: ['words', 'typo', 'proximity', 'attribute', 'sort', 'exactness', 'custom_rank:desc'],
  faceting: { maxValuesPerFacet: 3 },
  pagination: { maxTotalHits: 5 },
};

const docs: SearchDocument[] = [
  {
    id: 1,
    name: '2023 Toyota RAV4 GX Hybrid',
    make: 'Toyota',
    model: 'RAV4',
    price: 45000,
    year: 2023,
    categories: ['cars'],
    custom_rank: 5,
    stocknum: 'AB1234',
    certified: true,
    sold_date_timestamp: null,
    tag: '',
  },
  {
    id: 2,
    name: '2019 Toyota Corolla Ascent',
    make: 'Toyota',
    model: 'Corolla',
    price: 21000,
    year: 2019,
    categories: ['cars'],
    custom_rank: 9,
    certified: false,
    sold_date_timestamp: 1700000000,
  },
  {
    id: 3,
    name: '2021 Mazda CX-5 Maxx',
    make: 'mazda',
    model: 'CX-5',
    price: 33000,
    year: 2021,
    categories: ['cars', 'subscription'],
    custom_rank: 1,
    badge: 'Low km',
    location_id: 7,
  },
  {
    id: 4,
    name: '2020 Škoda Octavia <b>RS</b>',
    make: 'Skoda',
    model: 'Octavia',
    price: 0,
    year: 2020,
    categories: ['cars'],
    custom_rank: 0,
    location_id: '7',
  },
  { id: 5, name: '2015 Ford Ranger XLT', make: 'Ford', model: 'Ranger', price: 21000, year: 2015, categories: ['trucks'], custom_rank: 3 },
  { id: 6, name: '2024 Kia Sportage GT-Line', make: 'Kia', model: 'Sportage', year: 2024, categories: ['cars'], custom_rank: 3 },
];

const engine = new SearchEngine(docs, settings);
const search = (body: Record<string, unknown>) => engine.search(parseSearchParams(body));
const ids = (body: Record<string, unknown>): unknown[] => search({ limit: 5, ...body }).hits.map((h) => h.id);
const idSet = (body: Record<string, unknown>): unknown[] => [...ids(body)].sort();

function error(body: Record<string, unknown>): MeiliError {
  try {
    search(body);
  } catch (e) {
    if (e instanceof MeiliError) return e;
    throw e;
  }
  throw new Error('expected an error');
}

describe('placeholder search (no q)', () => {
  it('orders by custom_rank:desc, then indexing order', () => {
    expect(ids({})).toEqual([2, 1, 5, 6, 3]);
  });

  it('answers with the Meilisearch result shape', () => {
    const result = search({ limit: 2, offset: 1 });
    expect(Object.keys(result)).toEqual(['hits', 'query', 'processingTimeMs', 'limit', 'offset', 'estimatedTotalHits']);
    expect(result).toMatchObject({ query: '', limit: 2, offset: 1, estimatedTotalHits: 5 });
    expect(result.hits.map((h) => h.id)).toEqual([1, 5]);
  });

  it('caps totals, limit and offset at pagination.maxTotalHits', () => {
    expect(search({ limit: 100 }).limit).toBe(5);
    expect(search({ limit: 100 }).estimatedTotalHits).toBe(5);
    expect(search({ offset: 4, limit: 10 })).toMatchObject({ offset: 4, limit: 1 });
    expect(search({ offset: 9 })).toMatchObject({ offset: 5, limit: 0, hits: [] });
  });

  it('stops making hits once they pass a byte budget, and not before', () => {
    const engine = new SearchEngine(docs, settings);
    const params = parseSearchParams({ limit: 5 });
    const hits = engine.search(params).hits;
    const bytes = hits.reduce((n, hit) => n + JSON.stringify(hit).length, 0);
    expect(engine.search(params, new RequestCache(), undefined, bytes).hits).toEqual(hits);
    expect(() => engine.search(params, new RequestCache(), undefined, bytes - 1)).toThrow(HitsOverBudget);
    // The budget binds hits only: a count without hits fits in any.
    expect(engine.search(parseSearchParams({ limit: 0 }), new RequestCache(), undefined, 0).estimatedTotalHits).toBe(5);
  });

  it('sorts by several criteria; documents without the value come last in both directions', () => {
    expect(ids({ sort: ['price:asc'] })).toEqual([4, 2, 5, 3, 1]);
    expect(ids({ sort: ['price:desc'] })).toEqual([1, 3, 2, 5, 4]);
    expect(ids({ sort: ['price:asc', 'year:desc'], limit: 3 })).toEqual([4, 2, 5]);
    expect(ids({ sort: ['price:desc'], offset: 5 })).toEqual([]);
    expect(search({ sort: ['price:desc'], limit: 0 }).estimatedTotalHits).toBe(5);
  });
});

describe('filter', () => {
  it('compares strings without case and numbers by value', () => {
    expect(idSet({ filter: 'make = TOYOTA' })).toEqual([1, 2]);
    expect(idSet({ filter: 'make = Mazda' })).toEqual([3]);
    expect(idSet({ filter: 'price >= 33000' })).toEqual([1, 3]);
    expect(idSet({ filter: 'price 21000 TO 33000' })).toEqual([2, 3, 5]);
    expect(idSet({ filter: 'price < 1' })).toEqual([4]);
    expect(idSet({ filter: 'location_id = 7' })).toEqual([3, 4]);
  });

  it('matches an array field when any element matches', () => {
    expect(idSet({ filter: 'categories = subscription' })).toEqual([3]);
    expect(idSet({ filter: 'categories IN [trucks, subscription]' })).toEqual([3, 5]);
  });

  it('keeps documents without the attribute in != and NOT', () => {
    expect(idSet({ filter: 'badge != "low km"' })).toEqual([1, 2, 4, 5, 6]);
    expect(idSet({ filter: 'NOT price > 100' })).toEqual([4, 6]);
    expect(idSet({ filter: 'categories != cars' })).toEqual([5]);
  });

  it('reads EXISTS, IS NULL and IS EMPTY', () => {
    expect(idSet({ filter: 'price NOT EXISTS' })).toEqual([6]);
    expect(idSet({ filter: 'sold_date_timestamp EXISTS' })).toEqual([1, 2]);
    expect(idSet({ filter: 'sold_date_timestamp IS NULL' })).toEqual([1]);
    expect(idSet({ filter: 'tag IS EMPTY' })).toEqual([1]);
    expect(idSet({ filter: 'certified = true' })).toEqual([1]);
  });

  it('ANDs array items and ORs inner arrays', () => {
    expect(idSet({ filter: [['make = Toyota', 'make = Ford'], 'price <= 21000'] })).toEqual([2, 5]);
    expect(idSet({ filter: [[], '', 'year > 2020'] })).toEqual([1, 3, 6]);
  });

  it('compares strings in order when the value is not a number', () => {
    expect(idSet({ filter: 'make > s' })).toEqual([1, 2, 4]);
    expect(idSet({ filter: 'model k TO s' })).toEqual([1, 4, 5]);
  });

  it('never widens on hostile values', () => {
    expect(idSet({ filter: 'make = "Toyota\\" OR make = \\"Ford"' })).toEqual([]);
    expect(idSet({ filter: `make = 'Toyota OR 1=1'` })).toEqual([]);
    expect(idSet({ filter: 'make IN ["Toyota]", "]"]' })).toEqual([]);
  });

  it('refuses attributes that are not filterable, naming the filterable ones', () => {
    const e = error({ filter: 'colour = red' });
    expect(e.code).toBe('invalid_search_filter');
    expect(e.message).toBe(
      'Attribute `colour` is not filterable. Available filterable attributes are: `badge`, `categories`, `certified`, `location_id`, `make`, `model`, `price`, `sold_date_timestamp`, `tag`, `year`.\n1:7 colour = red',
    );
    expect(error({ filter: ['make = Kia', ['price > 1', 'id = 3']] }).message).toMatch(/^Attribute `id` is not filterable.*\n1:3 id = 3$/s);
  });

  it('refuses filters of the wrong shape', () => {
    expect(error({ filter: 5 }).code).toBe('invalid_search_filter');
    expect(error({ filter: [['a = 1', ['b = 2']]] }).code).toBe('invalid_search_filter');
    expect(error({ filter: [{ make: 'Kia' }] }).code).toBe('invalid_search_filter');
  });
});

describe('text search', () => {
  it('matches the last word as a prefix and others with typos by length', () => {
    expect(idSet({ q: 'toyo' })).toEqual([1, 2]);
    expect(idSet({ q: 'toyo ' })).toEqual([]);
    expect(idSet({ q: 'toyta' })).toEqual([1, 2]);
    expect(idSet({ q: 'kai' })).toEqual([]);
    // A swap of neighbours is one typo; a typed-so-far word may hold a typo too.
    expect(idSet({ q: 'toytoa ' })).toEqual([1, 2]);
    expect(idSet({ q: 'carol' })).toEqual([2]);
    expect(idSet({ q: 'carol ' })).toEqual([]);
    expect(idSet({ q: 'skoda octavia' })).toEqual([4]);
  });

  it('puts documents matching more words first, then fewer typos', () => {
    // "toyota corolla": both words for 2, only the first for 1.
    expect(ids({ q: 'toyota corolla' })).toEqual([2, 1]);
    expect(ids({ q: 'toyota corola' })).toEqual([2, 1]);
    // An unmatched first word leaves nothing (Meilisearch drops words from the end only).
    expect(ids({ q: 'zzzz toyota' })).toEqual([]);
  });

  it('ranks relevance before sort, sort before custom ranking', () => {
    expect(ids({ q: 'toyota corolla', sort: ['price:desc'] })).toEqual([2, 1]);
    expect(ids({ q: 'toyota', sort: ['price:asc'] })).toEqual([2, 1]);
    expect(ids({ q: 'toyota', sort: ['price:desc'] })).toEqual([1, 2]);
  });

  it('matches quoted phrases exactly and excludes -words', () => {
    expect(ids({ q: '"AB1234"' })).toEqual([1]);
    expect(ids({ q: '"AB123"' })).toEqual([]);
    expect(ids({ q: '"corolla ascent"' })).toEqual([2]);
    expect(ids({ q: '"ascent corolla"' })).toEqual([]);
    expect(ids({ q: 'toyota -rav4' })).toEqual([2]);
  });

  it('with matchingStrategy all, requires every word', () => {
    expect(ids({ q: 'toyota corolla', matchingStrategy: 'all' })).toEqual([2]);
  });

  it('combines text with filters', () => {
    expect(ids({ q: 'toyota', filter: 'price < 30000' })).toEqual([2]);
  });
});

describe('facets', () => {
  it('counts values of the matching documents, alphabetically, capped by maxValuesPerFacet', () => {
    const result = search({ facets: ['make', 'categories', 'year'] });
    expect(result.facetDistribution).toEqual({
      categories: { cars: 5, subscription: 1, trucks: 1 },
      make: { Ford: 1, Kia: 1, mazda: 1 },
      year: { '2015': 1, '2019': 1, '2020': 1 },
    });
    expect(result.facetStats).toEqual({ year: { min: 2015, max: 2024 } });
  });

  it('uses the filtered documents, and all of them, not just the page', () => {
    const result = search({ filter: 'make = toyota', facets: ['model', 'price'], limit: 1 });
    expect(result.facetDistribution).toEqual({ model: { Corolla: 1, RAV4: 1 }, price: { '21000': 1, '45000': 1 } });
    expect(result.facetStats).toEqual({ price: { min: 21000, max: 45000 } });
  });

  it('expands * to every filterable attribute some document has', () => {
    expect(Object.keys(search({ facets: ['*'], limit: 0 }).facetDistribution ?? {})).toEqual([
      'badge',
      'categories',
      'certified',
      'location_id',
      'make',
      'model',
      'price',
      'sold_date_timestamp',
      'tag',
      'year',
    ]);
  });

  it('refuses facets that are not filterable', () => {
    expect(error({ facets: ['name'] }).code).toBe('invalid_search_facets');
  });
});

describe('highlighting', () => {
  it('wraps matched words in the tags, prefix matches only for the typed part, numbers as strings', () => {
    const [hit] = search({ q: 'toyo', attributesToHighlight: ['name'], attributesToRetrieve: ['id', 'price'] }).hits;
    expect(hit).toEqual({ id: 2, price: 21000, _formatted: { id: '2', price: '21000', name: '2019 <em>Toyo</em>ta Corolla Ascent' } });
  });

  it('uses custom tags and leaves markup in the data as it is, never crashing on it', () => {
    const [hit] = search({ q: 'skoda rs', attributesToHighlight: ['*'], highlightPreTag: '__ais-highlight__', highlightPostTag: '__/ais-highlight__' }).hits;
    const formatted = hit?._formatted as Record<string, unknown>;
    expect(formatted.name).toBe('2020 __ais-highlight__Škoda__/ais-highlight__ Octavia <b>__ais-highlight__RS__/ais-highlight__</b>');
    expect(formatted.categories).toEqual(['cars']);
    expect(formatted.price).toBe('0');
  });

  it('returns _formatted without marks when q is empty, and none without attributesToHighlight', () => {
    expect(search({ attributesToHighlight: ['make'], limit: 1 }).hits[0]?._formatted).toMatchObject({ make: 'Toyota', year: '2019' });
    expect(search({ limit: 1 }).hits[0]).not.toHaveProperty('_formatted');
    expect(search({ attributesToHighlight: ['nope'], limit: 1 }).hits[0]).not.toHaveProperty('_formatted');
  });
});

describe('refusals', () => {
  it('refuses sorting on attributes that are not sortable, and bad sort syntax', () => {
    expect(error({ sort: ['custom_rank:desc'] }).message).toBe(
      'Attribute `custom_rank` is not sortable. Available sortable attributes are: `name, price, year`.',
    );
    expect(error({ sort: ['price'] }).code).toBe('invalid_search_sort');
    // `_geo` is not sortable in these settings.
    expect(error({ sort: ['_geoPoint(1,2):asc'] }).message).toMatch(/^Attribute `_geo` is not sortable/);
  });

  it('refuses what it does not implement instead of answering wrongly', () => {
    expect(error({ page: 2 }).code).toBe('invalid_search_page');
    expect(error({ hitsPerPage: 21 }).code).toBe('invalid_search_hits_per_page');
    expect(error({ vector: [0.1] }).code).toBe('invalid_search_vector');
    expect(error({ matchingStrategy: 'frequency' }).code).toBe('invalid_search_matching_strategy');
    expect(error({ attributesToCrop: ['name'] }).code).toBe('invalid_search_attributes_to_crop');
    expect(error({ distinct: 'make' }).code).toBe('invalid_search_distinct');
    expect(error({ showRankingScore: true }).code).toBe('invalid_search_show_ranking_score');
  });

  it('accepts the defaults of parameters it does not implement', () => {
    expect(() => search({ page: null, vector: null, showRankingScore: false, attributesToCrop: [], cropLength: 10, matchingStrategy: 'last' })).not.toThrow();
  });

  it('refuses unknown fields and wrong types with Meilisearch codes', () => {
    expect(error({ foo: 1 })).toMatchObject({ code: 'bad_request', status: 400 });
    expect(error({ limit: 'ten' })).toMatchObject({ code: 'invalid_search_limit' });
    expect(error({ limit: -1 })).toMatchObject({ code: 'invalid_search_limit' });
    expect(error({ q: 5 })).toMatchObject({ code: 'invalid_search_q' });
    expect(error({ constructor: 1 })).toMatchObject({ code: 'bad_request' });
  });
});

describe('documents and caching', () => {
  it('finds a document by primary key', () => {
    expect(engine.document('3')?.name).toBe('2021 Mazda CX-5 Maxx');
    expect(engine.document('99')).toBeUndefined();
  });

  it('gives the same answers with a shared request cache', () => {
    const cache = new RequestCache();
    const a = engine.search(parseSearchParams({ q: 'toyota', filter: 'price > 1' }), cache);
    const b = engine.search(parseSearchParams({ q: 'toyota', filter: 'price > 1', limit: 1 }), cache);
    expect(a.hits.map((h) => h.id)).toEqual([2, 1]);
    expect(b.hits.map((h) => h.id)).toEqual([2]);
    expect(b.estimatedTotalHits).toBe(2);
  });
});

describe('scope (search rules)', () => {
  // Toyota 1 and 2 are outside: as a tenant token's rules would hide them from every request.
  const scope = engine.matching('make != toyota')!;
  const scoped = (body: Record<string, unknown>) => engine.search(parseSearchParams({ limit: 5, ...body }), new RequestCache(), scope);

  it('matching gives the documents a filter admits, or null when it filters nothing', () => {
    expect(scope.count()).toBe(4);
    expect(engine.matching(null)).toBeNull();
    expect(engine.matching(['make = mazda', ['year = 2015', 'year = 2024']])?.count()).toBe(0);
  });

  it('keeps documents outside the scope out of hits, counts and facets whatever the query asks', () => {
    expect(scoped({}).hits.map((h) => h.id)).toEqual([5, 6, 3, 4]);
    for (const body of [{ filter: 'make = toyota' }, { q: 'AB1234' }, { q: 'corolla', filter: 'model = Corolla OR make = toyota' }]) {
      expect(scoped(body)).toMatchObject({ hits: [], estimatedTotalHits: 0 });
    }
    expect(scoped({ facets: ['make'], limit: 0 }).facetDistribution).toEqual({ make: { Ford: 1, Kia: 1, mazda: 1 } });
  });

  it('reads a document outside the scope as absent', () => {
    expect(engine.document('3', scope)?.id).toBe(3);
    expect(engine.document('1', scope)).toBeUndefined();
    expect(engine.document('1')?.id).toBe(1);
  });
});

describe('SearchEngineBuilder', () => {
  /** 300 varied cars: makes, models, colours, prices, arrays and missing values. */
  const many: SearchDocument[] = Array.from({ length: 300 }, (_, i) => {
    const [make, model] = [
      ['Toyota', 'RAV4'],
      ['Toyota', 'LandCruiser'],
      ['Mazda', 'CX-5'],
      ['Ford', 'Ranger'],
      ['Škoda', 'Octavia'],
    ][i % 5]!;
    return {
      id: i + 1,
      name: `${2015 + (i % 10)} ${make} ${model} ${['GX', 'Sahara', 'Maxx', 'XLT', 'RS'][i % 7 === 0 ? 4 : i % 5]}`,
      make,
      model,
      price: i % 11 === 0 ? 0 : 15_000 + ((i * 7919) % 40_000),
      year: 2015 + (i % 10),
      categories: i % 4 === 0 ? ['cars', 'subscription'] : ['cars'],
      custom_rank: (i * 31) % 17,
      ...(i % 3 === 0 ? { stocknum: `AB${1000 + i}` } : {}),
      ...(i % 9 === 0 ? { badge: 'Low km' } : { tag: i % 2 === 0 ? '' : 'Special' }),
      certified: i % 6 === 0,
      sold_date_timestamp: i % 8 === 0 ? 1_700_000_000 + i : null,
      location_id: i % 2 === 0 ? 7 : '7',
    };
  });
  const bodies: Record<string, unknown>[] = [
    {},
    { sort: ['price:asc', 'name:desc'], limit: 20, offset: 3 },
    { q: 'toyta ran', facets: ['*'] },
    { q: 'land cruiser', attributesToHighlight: ['*'] },
    { q: '"mazda cx"', filter: ['price > 20000', ['year = 2017', 'year = 2022']], facets: ['make', 'price'] },
    { q: 'toyota -sahara', filter: 'certified = true OR badge EXISTS', sort: ['year:desc'] },
    { filter: 'tag IS EMPTY OR sold_date_timestamp IS NULL', facets: ['tag', 'categories', 'location_id'] },
    { q: 'ab10', filter: 'make IN [toyota, ford] AND NOT model = ranger', limit: 50 },
  ];
  const answers = (engine: SearchEngine) => bodies.map((body) => engine.search(parseSearchParams(body))).map(({ processingTimeMs: _, ...rest }) => rest);

  function builtInSlices(documents: readonly SearchDocument[], slice: number): { engine: SearchEngine; steps: number } {
    const builder = new SearchEngineBuilder({ ...settings, pagination: { maxTotalHits: 1000 } });
    let steps = 0;
    for (let from = 0; from < documents.length; from += slice) {
      builder.add(documents.slice(from, from + slice));
      steps += 1;
    }
    const finishing = builder.finish();
    for (;;) {
      const step = finishing.next();
      steps += 1;
      if (step.done) return { engine: step.value, steps };
    }
  }

  it('answers exactly as an engine built at once, whatever the slice size', () => {
    const atOnce = answers(new SearchEngine(many, { ...settings, pagination: { maxTotalHits: 1000 } }));
    for (const slice of [1, 7, 64, 300]) expect(answers(builtInSlices(many, slice).engine)).toEqual(atOnce);
    // Every query finds something, so the comparison compares answers, not empty pages.
    expect(atOnce.map((answer) => answer.estimatedTotalHits > 0)).toEqual(bodies.map(() => true));
  });

  it('takes a step per slice of documents, then one per attribute index and share of the term dictionary', () => {
    const { steps } = builtInSlices(many, 50);
    const attributes = new Set([...settings.filterableAttributes, ...settings.sortableAttributes, 'custom_rank']).size;
    // 6 slices of 50 documents, the dictionary (fewer terms than one share), then each attribute.
    expect(steps).toBeGreaterThanOrEqual(6 + 1 + attributes);
  });

  it('replaces documents without rebuilding: the answers of an engine built over the new documents', () => {
    const base = builtInSlices(many, 100).engine;
    const flagged = new Map([3, 10, 200].map((position) => [position, { ...many[position]!, badge: 'Reserved', certified: true }]));
    const after = many.map((doc, position) => flagged.get(position) ?? doc);
    const replaced = base.withReplaced(flagged);
    expect(answers(replaced)).toEqual(answers(new SearchEngine(after, { ...settings, pagination: { maxTotalHits: 1000 } })));
    // The original engine still answers as before: a search in flight keeps its stock.
    expect(answers(base)).toEqual(answers(new SearchEngine(many, { ...settings, pagination: { maxTotalHits: 1000 } })));
    expect(replaced.positionOf('201')).toBe(200);
  });

  it('drops an attribute from facets * once no document has it', () => {
    const one = new SearchEngine(
      [
        { id: 1, name: 'A', badge: 'x' },
        { id: 2, name: 'B' },
      ],
      settings,
    );
    const without = one.withReplaced(new Map([[0, { id: 1, name: 'A' }]]));
    expect(Object.keys(without.search(parseSearchParams({ facets: ['*'] })).facetDistribution ?? {})).not.toContain('badge');
    expect(Object.keys(one.search(parseSearchParams({ facets: ['*'] })).facetDistribution ?? {})).toContain('badge');
  });

  it('refuses a replacement that changes searchable text or the primary key', () => {
    expect(() => engine.withReplaced(new Map([[0, { ...docs[0]!, name: 'Another' }]]))).toThrow(/name/);
    expect(() => engine.withReplaced(new Map([[0, { ...docs[0]!, id: 99 }]]))).toThrow(/id/);
  });
});
