/**
 * Embedded search engine benchmark: the same realistic multi-searches (one main query plus six
 * facet queries of limit 1, with filters, sort and facets, as the search page sends them: the main
 * query retrieves a result card's fields and highlights nothing) run on
 * the embedded engine and, side by side, on Orama and on FlexSearch, two well-kept in-process
 * JavaScript engines indexed with an equivalent schema. FlexSearch only finds text, so its
 * filters, facet counts and sort are the plain scans an application would write around it.
 * Reported per multi-search, after warm-up.
 *
 *   npx tsx scripts/bench/engine.ts [count]     (kingfisher-toyota demo stock, default 5,000 vehicles)
 */
import { create, insertMultiple, search as oramaSearch, type AnyOrama, type Results, type SearchParams as OramaParams } from '@orama/orama';
import { Index as FlexIndex } from 'flexsearch';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { RequestCache, SearchEngine, parseSearchParams, type SearchParams } from '@dealer-sites/search-engine';
import { indexSettings } from '../../src/search/model/index-settings';
import { dealerIndexSettings } from '../../src/search/model/text-settings';
import { CARD_ATTRIBUTES } from '../../src/search/model/card-attributes';
import { loadDealer } from '../../src/platform/config/load';
import { generateDemoStock } from '../../src/stock/model/demo';
import type { Vehicle } from '../../src/stock/model/vehicle';

export interface LatencySummary {
  p50: number;
  p95: number;
  mean: number;
}

export interface EngineBenchResult {
  embedded: LatencySummary;
  orama: LatencySummary;
  flexsearch: LatencySummary;
  /** Multi-searches timed per engine (after warm-up). */
  queries: number;
}

export interface EngineBenchOptions {
  /** Timed rounds over the whole scenario list (default 20). */
  rounds?: number;
  /** Untimed rounds first, so every engine is measured warm, as a server answers (default 10). */
  warmup?: number;
  /** Unix seconds for the sold window of the base filter (default: now). */
  nowSeconds?: number;
}

/** One shopper's search, described once and translated for each engine. */
export interface Scenario {
  q: string;
  car_type?: string[];
  make?: string[];
  body?: string[];
  price?: { min?: number; max?: number };
  sort?: 'price:asc' | 'price:desc' | 'year:desc';
  page: number;
}

/** Facet fields with a facet query of their own (six, the most the search page sends). */
export const FACET_QUERY_FIELDS = ['car_type', 'make', 'model', 'body', 'fuel', 'transmission'] as const;
/** Facets the main query asks for. */
export const MAIN_FACETS = [
  'car_type',
  'make',
  'model',
  'body',
  'fuel',
  'transmission',
  'drive',
  'colour',
  'location_name',
  'categories',
  'price',
  'km',
  'year',
] as const;
const HITS_PER_PAGE = 21;
const SOLD_WINDOW_SECONDS = 3 * 86_400;

export function scenarios(): Scenario[] {
  return [
    { q: '', page: 1 },
    { q: '', car_type: ['used'], page: 1 },
    { q: '', car_type: ['new', 'demo'], make: ['Toyota'], page: 2 },
    { q: '', make: ['Mazda', 'Kia'], body: ['SUV'], sort: 'price:asc', page: 1 },
    { q: '', body: ['Ute'], price: { min: 20_000, max: 60_000 }, page: 1 },
    { q: '', price: { max: 25_000 }, sort: 'price:asc', page: 3 },
    { q: '', car_type: ['used'], make: ['Ford'], price: { min: 10_000 }, sort: 'year:desc', page: 1 },
    { q: 'toyota', page: 1 },
    { q: 'hilux', car_type: ['used'], page: 1 },
    { q: 'mazda cx', sort: 'price:asc', page: 1 },
    { q: 'hybrid', body: ['SUV'], price: { max: 70_000 }, page: 1 },
    { q: 'ranger wildtrak', page: 1 },
  ];
}

const quote = (value: string): string => `"${value.replace(/["\\]/g, '\\$&')}"`;

function baseFilter(nowSeconds: number): string {
  return `status IN [in_stock, coming_soon] OR (status = sold AND show_on_dealer_website = true AND sold_date_timestamp >= ${nowSeconds - SOLD_WINDOW_SECONDS})`;
}

/** The Meilisearch multi-search the search page would send for a scenario. */
export function meiliQueries(s: Scenario, indexUid: string, nowSeconds: number): Record<string, unknown>[] {
  const filters = (omit?: string): (string | string[])[] => {
    const out: (string | string[])[] = [baseFilter(nowSeconds)];
    for (const field of ['car_type', 'make', 'body'] as const) {
      const values = s[field];
      if (values && field !== omit) out.push(values.map((v) => `${field} = ${quote(v)}`));
    }
    if (s.price?.min !== undefined && omit !== 'price') out.push(`price >= ${s.price.min}`);
    if (s.price?.max !== undefined && omit !== 'price') out.push(`price <= ${s.price.max}`);
    return out;
  };
  const main = {
    indexUid,
    q: s.q,
    filter: filters(),
    sort: [s.sort ?? 'custom_rank:desc'],
    facets: [...MAIN_FACETS],
    attributesToRetrieve: [...CARD_ATTRIBUTES],
    attributesToHighlight: [],
    highlightPreTag: '__ais-highlight__',
    highlightPostTag: '__/ais-highlight__',
    limit: HITS_PER_PAGE,
    offset: (s.page - 1) * HITS_PER_PAGE,
  };
  const facetQueries = FACET_QUERY_FIELDS.map((field) => ({ indexUid, q: s.q, filter: filters(field), facets: [field], limit: 1, offset: 0 }));
  return [main, ...facetQueries];
}

// ---- Orama --------------------------------------------------------------------------------

const oramaSchema = {
  id: 'string',
  text_name: 'string',
  text_make_model: 'string',
  text_variant: 'string',
  text_body: 'string',
  text_fuel: 'string',
  text_stocknum: 'string',
  car_type: 'enum',
  status: 'enum',
  make: 'enum',
  model: 'enum',
  body: 'enum',
  fuel: 'enum',
  transmission: 'enum',
  drive: 'enum',
  colour: 'enum',
  location_name: 'enum',
  categories: 'enum[]',
  price: 'number',
  km: 'number',
  year: 'number',
  custom_rank: 'number',
  sold_date_timestamp: 'number',
  show_on_dealer_website: 'boolean',
} as const;

type OramaDb = AnyOrama;
type OramaWhere = NonNullable<OramaParams<OramaDb>['where']>;

export async function oramaIndex(vehicles: readonly Vehicle[]): Promise<OramaDb> {
  const db = create({ schema: oramaSchema });
  await insertMultiple(
    db,
    vehicles.map((v) => ({
      id: String(v.id),
      text_name: v.name,
      text_make_model: v.make_model,
      text_variant: v.variant ?? '',
      text_body: v.body,
      text_fuel: v.fuel ?? '',
      text_stocknum: v.stocknum ?? '',
      car_type: v.car_type,
      status: v.status,
      make: v.make,
      model: v.model,
      body: v.body,
      fuel: v.fuel ?? '',
      transmission: v.transmission ?? '',
      drive: v.drive ?? '',
      colour: v.colour ?? '',
      location_name: v.location_name ?? '',
      categories: v.categories,
      price: v.price,
      km: v.km,
      year: v.year,
      custom_rank: v.custom_rank,
      sold_date_timestamp: v.sold_date_timestamp ?? 0,
      show_on_dealer_website: v.show_on_dealer_website,
    })),
  );
  return db;
}

/** The same searches as `meiliQueries`, in Orama's terms (text search with tolerance 1). */
export function oramaQueries(s: Scenario, nowSeconds: number): OramaParams<OramaDb>[] {
  const where = (omit?: string): OramaWhere => {
    const all: OramaWhere[] = [
      {
        or: [
          { status: { in: ['in_stock', 'coming_soon'] } },
          { and: [{ status: { eq: 'sold' } }, { show_on_dealer_website: true }, { sold_date_timestamp: { gte: nowSeconds - SOLD_WINDOW_SECONDS } }] },
        ],
      },
    ];
    for (const field of ['car_type', 'make', 'body'] as const) {
      const values = s[field];
      if (values && field !== omit) all.push({ [field]: { in: values } });
    }
    // Orama takes one operation per condition.
    if (s.price?.min !== undefined && omit !== 'price') all.push({ price: { gte: s.price.min } });
    if (s.price?.max !== undefined && omit !== 'price') all.push({ price: { lte: s.price.max } });
    return { and: all };
  };
  const text = s.q ? { term: s.q, properties: ['text_name', 'text_make_model', 'text_variant', 'text_body', 'text_fuel', 'text_stocknum'], tolerance: 1 } : {};
  const [property, order] = (s.sort ?? 'custom_rank:desc').split(':') as [string, string];
  const sortBy = { property, order: order === 'asc' ? ('ASC' as const) : ('DESC' as const) };
  const stringFacets = MAIN_FACETS.filter((f) => !['price', 'km', 'year'].includes(f));
  const main: OramaParams<OramaDb> = {
    ...text,
    where: where(),
    sortBy,
    facets: {
      ...Object.fromEntries(stringFacets.map((f) => [f, { limit: indexSettings.faceting.maxValuesPerFacet }])),
      price: {
        ranges: [
          { from: 0, to: 20_000 },
          { from: 20_000, to: 50_000 },
          { from: 50_000, to: 10_000_000 },
        ],
      },
    },
    limit: HITS_PER_PAGE,
    offset: (s.page - 1) * HITS_PER_PAGE,
  };
  const facetQueries = FACET_QUERY_FIELDS.map((field) => ({
    ...text,
    where: where(field),
    facets: { [field]: { limit: indexSettings.faceting.maxValuesPerFacet } },
    limit: 1,
  }));
  return [main, ...facetQueries];
}

// ---- FlexSearch ----------------------------------------------------------------------------

export interface FlexDb {
  index: FlexIndex;
  vehicles: readonly Vehicle[];
  byId: ReadonlyMap<number, Vehicle>;
}

/** FlexSearch over the same text Orama searches (name, make and model, variant, body, fuel, stock number), as one field so words may come from any of them. */
export function flexIndex(vehicles: readonly Vehicle[]): FlexDb {
  const index = new FlexIndex({ tokenize: 'forward' });
  for (const v of vehicles) index.add(v.id, [v.name, v.make_model, v.variant ?? '', v.body, v.fuel ?? '', v.stocknum ?? ''].join(' '));
  return { index, vehicles, byId: new Map(vehicles.map((v) => [v.id, v])) };
}

export interface FlexResult {
  hits: Vehicle[];
  count: number;
  facetDistribution: Record<string, Record<string, number>>;
}

/** The same multi-search as `meiliQueries`: FlexSearch finds the text, plain scans filter, count facets and sort. */
export function flexMultiSearch(db: FlexDb, s: Scenario, nowSeconds: number): FlexResult[] {
  const pool = s.q ? (db.index.search(s.q, { limit: db.vehicles.length }) as number[]).map((id) => db.byId.get(id)!) : db.vehicles;
  const listed = (v: Vehicle): boolean =>
    v.status === 'in_stock' ||
    v.status === 'coming_soon' ||
    (v.status === 'sold' && v.show_on_dealer_website && (v.sold_date_timestamp ?? 0) >= nowSeconds - SOLD_WINDOW_SECONDS);
  const keep = (v: Vehicle, omit?: string): boolean => {
    if (!listed(v)) return false;
    for (const field of ['car_type', 'make', 'body'] as const) {
      const values = s[field];
      if (values && field !== omit && !values.includes(v[field])) return false;
    }
    if (omit !== 'price' && s.price?.min !== undefined && v.price < s.price.min) return false;
    if (omit !== 'price' && s.price?.max !== undefined && v.price > s.price.max) return false;
    return true;
  };
  const facetsOf = (cars: readonly Vehicle[], fields: readonly string[]): Record<string, Record<string, number>> => {
    const out: Record<string, Record<string, number>> = {};
    for (const field of fields) {
      const counts: Record<string, number> = {};
      for (const car of cars) {
        const value = (car as unknown as Record<string, unknown>)[field];
        for (const item of Array.isArray(value) ? value : [value])
          if (item !== undefined && item !== null) counts[String(item)] = (counts[String(item)] ?? 0) + 1;
      }
      out[field] = counts;
    }
    return out;
  };
  const [property, order] = (s.sort ?? 'custom_rank:desc').split(':') as [keyof Vehicle, string];
  const direction = order === 'asc' ? 1 : -1;
  const main = pool.filter((v) => keep(v));
  const sorted = [...main].sort((a, b) => direction * (Number(a[property] ?? 0) - Number(b[property] ?? 0)));
  const offset = (s.page - 1) * HITS_PER_PAGE;
  const results: FlexResult[] = [{ hits: sorted.slice(offset, offset + HITS_PER_PAGE), count: main.length, facetDistribution: facetsOf(main, MAIN_FACETS) }];
  for (const field of FACET_QUERY_FIELDS) {
    const cars = pool.filter((v) => keep(v, field));
    results.push({ hits: cars.slice(0, 1), count: cars.length, facetDistribution: facetsOf(cars, [field]) });
  }
  return results;
}

// ---- timing -------------------------------------------------------------------------------

export function summarise(samples: readonly number[]): LatencySummary {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number): number => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? 0;
  const mean = sorted.reduce((a, b) => a + b, 0) / Math.max(1, sorted.length);
  const round = (n: number): number => Math.round(n * 1000) / 1000;
  return { p50: round(at(0.5)), p95: round(at(0.95)), mean: round(mean) };
}

/** One multi-search on the embedded engine, in process: validate, then run the queries with one shared cache. */
export function embeddedMultiSearch(engine: SearchEngine, queries: readonly Record<string, unknown>[]): ReturnType<SearchEngine['search']>[] {
  const cache = new RequestCache();
  const parsed: SearchParams[] = queries.map((q, i) => parseSearchParams(q, { path: `.queries[${i}]`, multi: true }));
  return parsed.map((params) => engine.search(params, cache));
}

export async function oramaMultiSearch(db: OramaDb, queries: readonly OramaParams<OramaDb>[]): Promise<Results<unknown>[]> {
  const results: Results<unknown>[] = [];
  for (const params of queries) results.push(await oramaSearch(db, params));
  return results;
}

export async function benchEngine(vehicles: readonly Vehicle[], options: EngineBenchOptions = {}): Promise<EngineBenchResult> {
  const rounds = options.rounds ?? 20;
  const warmup = options.warmup ?? 10;
  const now = options.nowSeconds ?? Math.floor(Date.now() / 1000);
  const list = scenarios();
  const meili = list.map((s) => meiliQueries(s, 'bench', now));
  const orama = list.map((s) => oramaQueries(s, now));

  // Each engine is indexed and then runs all its rounds on its own: interleaved, one engine's
  // garbage (Orama makes plenty) is collected during another's timing and counted as its latency.
  const timed = async (run: (i: number) => unknown): Promise<number[]> => {
    const times: number[] = [];
    for (let round = 0; round < warmup + rounds; round++) {
      for (let i = 0; i < list.length; i++) {
        const start = performance.now();
        await run(i);
        if (round >= warmup) times.push(performance.now() - start);
      }
    }
    return times;
  };
  // The settings a dealer site runs: the stock index's, with the platform's synonyms, stop words and typo tolerance.
  const engine = new SearchEngine(vehicles, dealerIndexSettings({ search: {} }));
  const embeddedTimes = await timed((i) => embeddedMultiSearch(engine, meili[i]!));
  const db = await oramaIndex(vehicles);
  const oramaTimes = await timed((i) => oramaMultiSearch(db, orama[i]!));
  const flex = flexIndex(vehicles);
  const flexTimes = await timed((i) => flexMultiSearch(flex, list[i]!, now));
  return { embedded: summarise(embeddedTimes), orama: summarise(oramaTimes), flexsearch: summarise(flexTimes), queries: embeddedTimes.length };
}

async function main(): Promise<void> {
  const count = Number(process.argv[2] ?? 5000);
  // The same stock the full bench uses: the franchise demo dealer's generator, scaled up.
  const vehicles = generateDemoStock(loadDealer('kingfisher-toyota'), count);
  const result = await benchEngine(vehicles);
  console.log(`Multi-search latency over ${count} vehicles (${result.queries} multi-searches of 7 queries each, after warm-up):`);
  console.log(`  embedded  p50 ${result.embedded.p50} ms  p95 ${result.embedded.p95} ms  mean ${result.embedded.mean} ms`);
  console.log(`  orama     p50 ${result.orama.p50} ms  p95 ${result.orama.p95} ms  mean ${result.orama.mean} ms`);
  console.log(`  flexsearch p50 ${result.flexsearch.p50} ms  p95 ${result.flexsearch.p95} ms  mean ${result.flexsearch.mean} ms`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
