/**
 * The assistant's stock search: the site's own search, run in the server. A shopper's words are
 * read as the site's keyword box reads them (understandWhenFound: "white Toyota SUV under $40,000"
 * becomes make Toyota, body SUV, price up to 40,000 and the word "white", kept only when that
 * finds cars), a postcode becomes a point as the postcode box makes one, and the request is the
 * search page's own (buildMultiSearch: the site, template, franchise and listing filters, the
 * shopper's refinements, the radius, the sort), answered by the same engine and index
 * /api/search answers from, which holds only the cars the site lists.
 *
 * The one thing added is "near 4000" in the words: an assistant passes on what the shopper said,
 * and a postcode there means where they are, not a word to match.
 */
import { indexSearch, type EngineLookup, type SearchIndex } from '@dealer-sites/search-engine';
import type { DealerConfig } from '../../platform/config/schema';
import type { Geocoder } from '../../providers/geocoding';
import { lookupPostcode, postcodeRule } from '../../platform/formats/postcode';
import { siteUrl } from '../../dealer/model/seo';
import { understandWhenFound } from '../../search/model/shopper-words';
import { searchCountQuery } from '../../search/model/hero/requests';
import { buildMultiSearch } from '../../search/model/query';
import { NEAREST_SORT, normalNear, type Near } from '../../search/model/near';
import { stateToRoute, vocabularyFromFacets, type Vocabulary } from '../../search/model/routing';
import type { NumericRange, RefinementField, SearchState } from '../../search/model/state';
import { searchEndpoint } from '../../platform/config/search-endpoint';
import type { SearchIndexProvider } from '../../search/server/search-indexes';
import type { Vehicle } from '../../stock/model/vehicle';
import { carSummary, type CarSummary } from '../model/car-answer';

/** Cars per answer: enough to choose from, few enough for an assistant to read them all. */
export const ASSISTANT_PAGE_SIZE = 10;
export const ASSISTANT_MAX_PAGE = 50;

export const ASSISTANT_SORTS = {
  best_match: undefined,
  nearest: NEAREST_SORT,
  price_low_to_high: 'price:asc',
  price_high_to_low: 'price:desc',
  lowest_odometer: 'km:asc',
  newest: 'year:desc',
} as const;
export type AssistantSort = keyof typeof ASSISTANT_SORTS;

export interface AssistantSearch {
  /** What the shopper said, e.g. "white Toyota SUV under $40,000 near 4000". */
  words?: string;
  make?: string;
  model?: string;
  body?: string;
  colour?: string;
  fuel?: string;
  condition?: 'new' | 'demo' | 'used';
  min_price?: number;
  max_price?: number;
  postcode?: string;
  within?: 25 | 50 | 100 | 250;
  sort?: AssistantSort;
  page?: number;
}

export interface AssistantSearchAnswer {
  total: number;
  page: number;
  pages: number;
  /** How the words were read: the refinements and price range chosen, and the words left to match. */
  understood: { refinements: Partial<Record<RefinementField, string[]>>; price?: NumericRange; words?: string; near?: string };
  /** The same search on the dealer's site, for the shopper to open. */
  search_page: string;
  cars: CarSummary[];
}

export class SearchRefused extends Error {}

/** "near 4000", "around 4506", "close to 90210": the postcode, and the words without it. */
export function postcodeInWords(words: string): { postcode: string; rest: string } | undefined {
  const match = /(?:^|\s)(?:near|around|close\s+to|postcode)\s+(\d{4,5}(?:-\d{4})?)(?=[\s,.!?]|$)/i.exec(words);
  if (!match?.[1]) return undefined;
  return { postcode: match[1], rest: `${words.slice(0, match.index)} ${words.slice(match.index + match[0].length)}`.replace(/\s+/g, ' ').trim() };
}

/** The facets the keyword box reads words against, as the search page's build gives it them. */
const VOCABULARY_FACETS = ['make', 'model', 'body', 'fuel', 'categories', 'car_type'];
const vocabularies = new WeakMap<object, Promise<Vocabulary>>();

async function stockVocabulary(index: SearchIndex, lookup: EngineLookup, uid: string, site: DealerConfig, nowSeconds: number): Promise<Vocabulary> {
  // Per engine: a new import is a new engine, and its words are read again.
  let vocabulary = vocabularies.get(index.engine);
  if (!vocabulary) {
    const [all] = buildMultiSearch({ refinements: {}, ranges: {} }, { site, nowSeconds }, { indexUid: uid, facets: VOCABULARY_FACETS });
    vocabulary = indexSearch(lookup, uid, { filter: all?.filter, facets: VOCABULARY_FACETS, limit: 0 }).then((result) =>
      vocabularyFromFacets(result.facetDistribution),
    );
    vocabularies.set(index.engine, vocabulary);
    vocabulary.catch(() => vocabularies.delete(index.engine));
  }
  return vocabulary;
}

export interface StockSearchDeps {
  indexes: SearchIndexProvider;
  geocoder: Geocoder;
  now: () => number;
}

async function nearPoint(site: DealerConfig, postcode: string, within: AssistantSearch['within'], geocoder: Geocoder): Promise<Near> {
  const rule = postcodeRule(site.region);
  // The postcode box's own rule (GET /api/postcode checks the same).
  const valid = postcode.length <= rule.maxLength + 2 ? lookupPostcode(postcode, site.region) : null;
  if (valid === null) throw new SearchRefused(`postcode: ${rule.message}`);
  const point = await geocoder(valid, site.region);
  if (!point) throw new SearchRefused(`postcode: ${rule.unknown} (${valid})`);
  const near = normalNear({
    lat: point.lat,
    lng: point.lng,
    postcode: point.postcode,
    ...(within ? { within: { distance: within, unit: site.units === 'miles' ? 'miles' : 'km' } } : {}),
  });
  if (!near) throw new SearchRefused(`postcode: ${rule.unknown}`);
  return near;
}

/** The search state the site's search page would hold for this request, before the words are read. */
async function typedState(site: DealerConfig, input: AssistantSearch, geocoder: Geocoder): Promise<SearchState> {
  let words = input.words?.trim() ?? '';
  let postcode = input.postcode?.trim();
  const said = postcodeInWords(words);
  if (said) {
    words = said.rest;
    postcode ??= said.postcode;
  }
  const refinements: SearchState['refinements'] = {};
  for (const field of ['make', 'model', 'body', 'colour', 'fuel'] as const) {
    const value = input[field]?.trim();
    if (value) refinements[field] = [value];
  }
  if (input.condition) refinements.car_type = [input.condition];
  const price: NumericRange = {
    ...(input.min_price !== undefined ? { min: input.min_price } : {}),
    ...(input.max_price !== undefined ? { max: input.max_price } : {}),
  };
  const near = postcode ? await nearPoint(site, postcode, input.within, geocoder) : undefined;
  if (input.sort === 'nearest' && !near) throw new SearchRefused('sort: "nearest" needs the shopper\'s postcode.');
  const sortBy = input.sort ? ASSISTANT_SORTS[input.sort] : near ? NEAREST_SORT : undefined;
  return {
    ...(words ? { query: words } : {}),
    refinements,
    ranges: price.min !== undefined || price.max !== undefined ? { price } : {},
    ...(near ? { near } : {}),
    ...(sortBy ? { sortBy } : {}),
  };
}

export async function searchStock(site: DealerConfig, input: AssistantSearch, { indexes, geocoder, now }: StockSearchDeps): Promise<AssistantSearchAnswer> {
  const uid = searchEndpoint(site).indexUid;
  const lookup: EngineLookup = (asked) => indexes.get(asked);
  const index = await indexes.get(uid);
  if (!index) throw new Error(`no search index for ${site.slug}`);
  const nowSeconds = Math.floor(now() / 1000);
  const typed = await typedState(site, input, geocoder);
  const vocabulary = await stockVocabulary(index, lookup, uid, site, nowSeconds);
  // The keyword box's own reading, its count asked of the engine here rather than over HTTP.
  const state = await understandWhenFound(typed, vocabulary, async (understood) => {
    const { indexUid: _uid, ...count } = searchCountQuery(understood, { site, nowSeconds }, uid);
    return (await indexSearch(lookup, uid, count)).estimatedTotalHits;
  });
  const page = Math.min(Math.max(1, Math.floor(input.page ?? 1)), ASSISTANT_MAX_PAGE);
  const [main] = buildMultiSearch(state, { site, nowSeconds }, { indexUid: uid, facets: [] });
  if (!main) throw new Error('the search page built no query');
  const result = await indexSearch(lookup, uid, {
    q: main.q,
    filter: main.filter,
    sort: main.sort,
    limit: ASSISTANT_PAGE_SIZE,
    offset: (page - 1) * ASSISTANT_PAGE_SIZE,
  });
  const total = result.estimatedTotalHits;
  return {
    total,
    page,
    pages: Math.ceil(total / ASSISTANT_PAGE_SIZE),
    understood: {
      refinements: state.refinements,
      ...(state.ranges.price ? { price: state.ranges.price } : {}),
      ...(state.query ? { words: state.query } : {}),
      ...(state.near?.postcode ? { near: state.near.postcode } : {}),
    },
    search_page: siteUrl(site, stateToRoute(state, site, vocabulary)),
    cars: result.hits.map((hit) => carSummary(hit as unknown as Vehicle, site, (hit as { reserved?: unknown }).reserved === true)),
  };
}
