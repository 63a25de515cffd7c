/**
 * Validation of search request bodies (zod), with Meilisearch's error codes per parameter.
 * Every parameter Meilisearch knows is accepted when it asks for nothing the embedded engine
 * lacks (e.g. `showRankingScore: false`); anything else is refused with a Meilisearch-shaped
 * error rather than silently ignored.
 */
import { z } from 'zod';
import { MeiliError, unsupported, type MeiliErrorCode } from './errors';

export type MatchingStrategy = 'last' | 'all';

export interface SearchParams {
  q: string;
  offset: number;
  limit: number;
  filter: unknown;
  sort?: string[];
  facets?: string[];
  attributesToRetrieve?: string[];
  attributesToHighlight?: string[];
  highlightPreTag: string;
  highlightPostTag: string;
  matchingStrategy: MatchingStrategy;
}

export const DEFAULT_LIMIT = 20;

/*
 * Caps on what one request may ask for, so no request can make an answer of hundreds of
 * megabytes or keep the process busy for seconds (each is far above what the sites send; Meilisearch
 * itself has none of them, so a refusal names the parameter with Meilisearch's code for it).
 * Hits are not capped here: like Meilisearch, the engine clamps `limit` and `offset` to the index's
 * `pagination.maxTotalHits`, and the answer's size is capped as a whole (MAX_RESPONSE_BYTES in
 * protocol.ts), so a large `limit` over small documents is answered as Meilisearch answers it.
 */
/** Characters of `highlightPreTag`, `highlightPostTag` and `cropMarker`: the sites use 18 at most. */
export const MAX_TAG_LENGTH = 64;
/** Entries of a list parameter (`sort`, `facets`, `attributesTo…`): an index has about 40 attributes. */
export const MAX_LIST_LENGTH = 100;
/** Queries per multi-search: a search page sends its main query and one per refined facet (23 at most). */
export const MAX_QUERIES = 32;

interface Rule {
  code: MeiliErrorCode;
  /** What Meilisearch expects, for the error message. */
  expected: string;
  schema: z.ZodType;
  /** Why a well-typed value is over a cap, or undefined when it is within them. */
  cap?: (value: unknown) => string | undefined;
  /** Values the embedded engine cannot honour; `what` names them in the error. */
  unsupported?: (value: unknown) => boolean;
  what?: string;
  hint?: string;
}

const PAGINATION_HINT = 'Use `limit` and `offset`.';

const count = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
const strings = z.array(z.string()).nullable();

const tagCap = (v: unknown) =>
  typeof v === 'string' && v.length > MAX_TAG_LENGTH
    ? `the embedded search engine takes at most ${MAX_TAG_LENGTH} characters here, not ${v.length}`
    : undefined;
const listCap = (v: unknown) =>
  Array.isArray(v) && v.length > MAX_LIST_LENGTH ? `the embedded search engine takes at most ${MAX_LIST_LENGTH} entries here, not ${v.length}` : undefined;
/**
 * Meilisearch's rule for index uids: letters, digits, `-` and `_`, at most 512 bytes. A multi-search
 * naming an illegal one is refused as such before any index is looked up, as Meilisearch does.
 */
const indexUidProblem = (uid: string): string | undefined =>
  /^[A-Za-z0-9_-]+$/.test(uid) && uid.length <= 512
    ? undefined
    : `\`${uid}\` is not a valid index uid. Index uid can be an integer or a string containing only alphanumeric characters, hyphens (-) and underscores (_), and can not be more than 512 bytes`;
const isSet = (v: unknown): boolean => v !== null && v !== undefined;
const isTrue = (v: unknown): boolean => v === true;

const rules: Record<string, Rule> = {
  q: { code: 'invalid_search_q', expected: 'a string', schema: z.string().nullable() },
  vector: {
    code: 'invalid_search_vector',
    expected: 'an array of numbers',
    schema: z.array(z.number()).nullable(),
    unsupported: isSet,
    what: 'Vector search (`vector`)',
  },
  media: { code: 'invalid_search_media', expected: 'an object', schema: z.unknown(), unsupported: isSet, what: 'Multimodal search (`media`)' },
  hybrid: { code: 'invalid_search_hybrid_query', expected: 'an object', schema: z.unknown(), unsupported: isSet, what: 'Hybrid search (`hybrid`)' },
  offset: { code: 'invalid_search_offset', expected: 'a positive integer', schema: count },
  limit: { code: 'invalid_search_limit', expected: 'a positive integer', schema: count },
  page: {
    code: 'invalid_search_page',
    expected: 'a positive integer',
    schema: count.nullable(),
    unsupported: isSet,
    what: 'Finite pagination (`page`)',
    hint: PAGINATION_HINT,
  },
  hitsPerPage: {
    code: 'invalid_search_hits_per_page',
    expected: 'a positive integer',
    schema: count.nullable(),
    unsupported: isSet,
    what: 'Finite pagination (`hitsPerPage`)',
    hint: PAGINATION_HINT,
  },
  attributesToRetrieve: { code: 'invalid_search_attributes_to_retrieve', expected: 'an array of strings', schema: strings, cap: listCap },
  retrieveVectors: { code: 'invalid_search_retrieve_vectors', expected: 'a boolean', schema: z.boolean(), unsupported: isTrue, what: '`retrieveVectors`' },
  attributesToCrop: {
    code: 'invalid_search_attributes_to_crop',
    expected: 'an array of strings',
    schema: strings,
    cap: listCap,
    unsupported: (v) => Array.isArray(v) && v.length > 0,
    what: 'Cropping (`attributesToCrop`)',
  },
  cropLength: { code: 'invalid_search_crop_length', expected: 'a positive integer', schema: count },
  attributesToHighlight: { code: 'invalid_search_attributes_to_highlight', expected: 'an array of strings', schema: strings, cap: listCap },
  showMatchesPosition: {
    code: 'invalid_search_show_matches_position',
    expected: 'a boolean',
    schema: z.boolean(),
    unsupported: isTrue,
    what: '`showMatchesPosition`',
  },
  showRankingScore: { code: 'invalid_search_show_ranking_score', expected: 'a boolean', schema: z.boolean(), unsupported: isTrue, what: '`showRankingScore`' },
  showRankingScoreDetails: {
    code: 'invalid_search_show_ranking_score_details',
    expected: 'a boolean',
    schema: z.boolean(),
    unsupported: isTrue,
    what: '`showRankingScoreDetails`',
  },
  showPerformanceDetails: {
    code: 'invalid_search_show_performance_details',
    expected: 'a boolean',
    schema: z.boolean(),
    unsupported: isTrue,
    what: '`showPerformanceDetails`',
  },
  filter: { code: 'invalid_search_filter', expected: 'a string or an array', schema: z.unknown() },
  sort: { code: 'invalid_search_sort', expected: 'an array of strings', schema: strings, cap: listCap },
  distinct: { code: 'invalid_search_distinct', expected: 'a string', schema: z.string().nullable(), unsupported: isSet, what: '`distinct`' },
  facets: { code: 'invalid_search_facets', expected: 'an array of strings', schema: strings, cap: listCap },
  highlightPreTag: { code: 'invalid_search_highlight_pre_tag', expected: 'a string', schema: z.string(), cap: tagCap },
  highlightPostTag: { code: 'invalid_search_highlight_post_tag', expected: 'a string', schema: z.string(), cap: tagCap },
  cropMarker: { code: 'invalid_search_crop_marker', expected: 'a string', schema: z.string(), cap: tagCap },
  matchingStrategy: {
    code: 'invalid_search_matching_strategy',
    expected: 'one of `last`, `all`, `frequency`',
    schema: z.enum(['last', 'all', 'frequency']),
    unsupported: (v) => v === 'frequency',
    what: '`matchingStrategy: "frequency"`',
  },
  attributesToSearchOn: {
    code: 'invalid_search_attributes_to_search_on',
    expected: 'an array of strings',
    schema: strings,
    cap: listCap,
    unsupported: isSet,
    what: '`attributesToSearchOn`',
  },
  rankingScoreThreshold: {
    code: 'invalid_search_ranking_score_threshold',
    expected: 'a number between 0.0 and 1.0',
    schema: z.number().min(0).max(1).nullable(),
    unsupported: isSet,
    what: '`rankingScoreThreshold`',
  },
  locales: { code: 'invalid_search_locales', expected: 'an array of strings', schema: strings, unsupported: isSet, what: '`locales`' },
  personalize: { code: 'invalid_search_personalize', expected: 'an object', schema: z.unknown(), unsupported: isSet, what: '`personalize`' },
  useNetwork: { code: 'invalid_search_use_network', expected: 'a boolean', schema: z.boolean(), unsupported: isTrue, what: '`useNetwork`' },
};

const multiRules: Record<string, Rule> = {
  indexUid: { code: 'invalid_index_uid', expected: 'a string', schema: z.string(), cap: (v) => indexUidProblem(v as string) },
  federationOptions: {
    code: 'invalid_multi_search_federation_options',
    expected: 'an object',
    schema: z.unknown(),
    unsupported: isSet,
    what: 'Federated search (`federationOptions`)',
  },
};

const multiQueryRules: Record<string, Rule> = { ...multiRules, ...rules };

/** How Meilisearch (deserr) names a JSON value in type errors. */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return `an array: \`${JSON.stringify(value)}\``;
  switch (typeof value) {
    case 'string':
      return `a string: \`${JSON.stringify(value)}\``;
    case 'number':
      return Number.isInteger(value) && value < 0 ? `a negative integer: \`${value}\`` : `a number: \`${value}\``;
    case 'boolean':
      return `a boolean: \`${String(value)}\``;
    default:
      return `an object: \`${JSON.stringify(value)}\``;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export function expectObject(value: unknown, path: string): Record<string, unknown> {
  if (isObject(value)) return value;
  throw new MeiliError('bad_request', `Invalid value type${path ? ` at \`${path}\`` : ''}: expected an object, but found ${describeValue(value)}`);
}

/**
 * One search query: the body of `POST /indexes/{uid}/search`, or one entry of a multi-search
 * (`path` is then `.queries[i]` and `indexUid` is allowed).
 */
export function parseSearchParams(raw: unknown, options: { path?: string; multi?: boolean } = {}): SearchParams & { indexUid?: string } {
  const path = options.path ?? '';
  const body = expectObject(raw, path);
  const known = options.multi ? multiQueryRules : rules;
  for (const key of Object.keys(body)) {
    if (!Object.hasOwn(known, key)) {
      throw new MeiliError(
        'bad_request',
        `Unknown field \`${key}\`${path ? ` inside \`${path}\`` : ''}: expected one of ${Object.keys(known)
          .map((k) => `\`${k}\``)
          .join(', ')}`,
      );
    }
  }
  for (const [key, value] of Object.entries(body)) {
    // Only in-process callers can pass undefined (JSON cannot); it means "not given".
    if (value === undefined) continue;
    const rule = known[key]!;
    if (!rule.schema.safeParse(value).success) {
      throw new MeiliError(rule.code, `Invalid value type at \`${path}.${key}\`: expected ${rule.expected}, but found ${describeValue(value)}`);
    }
    const over = rule.cap?.(value);
    if (over) throw new MeiliError(rule.code, `Invalid value at \`${path}.${key}\`: ${over}.`);
    if (rule.unsupported?.(value)) throw unsupported(rule.code, rule.what ?? `\`${key}\``, rule.hint);
  }
  if (options.multi && typeof body.indexUid !== 'string') {
    throw new MeiliError('missing_index_uid', `Missing field \`indexUid\` inside \`${path}\``);
  }
  const optionalStrings = (v: unknown): string[] | undefined => (Array.isArray(v) ? (v as string[]) : undefined);
  return {
    ...(options.multi ? { indexUid: body.indexUid as string } : {}),
    q: typeof body.q === 'string' ? body.q : '',
    offset: typeof body.offset === 'number' ? body.offset : 0,
    limit: typeof body.limit === 'number' ? body.limit : DEFAULT_LIMIT,
    filter: body.filter,
    sort: optionalStrings(body.sort),
    facets: optionalStrings(body.facets),
    attributesToRetrieve: optionalStrings(body.attributesToRetrieve),
    attributesToHighlight: optionalStrings(body.attributesToHighlight),
    highlightPreTag: typeof body.highlightPreTag === 'string' ? body.highlightPreTag : '<em>',
    highlightPostTag: typeof body.highlightPostTag === 'string' ? body.highlightPostTag : '</em>',
    matchingStrategy: body.matchingStrategy === 'all' ? 'all' : 'last',
  };
}

/** The multi-search body: `{queries: [...]}`; federation is refused. */
export function parseMultiSearch(raw: unknown): (SearchParams & { indexUid: string })[] {
  const body = expectObject(raw, '');
  for (const key of Object.keys(body)) {
    if (key !== 'queries' && key !== 'federation') {
      throw new MeiliError('bad_request', `Unknown field \`${key}\`: expected one of \`queries\`, \`federation\``);
    }
  }
  if (body.federation !== undefined && body.federation !== null) throw unsupported('invalid_multi_search_federated', 'Federated multi-search (`federation`)');
  if (!Array.isArray(body.queries)) {
    if (body.queries === undefined) throw new MeiliError('bad_request', 'Missing field `queries`');
    throw new MeiliError('bad_request', `Invalid value type at \`.queries\`: expected an array, but found ${describeValue(body.queries)}`);
  }
  if (body.queries.length > MAX_QUERIES) {
    throw new MeiliError(
      'bad_request',
      `The embedded search engine answers at most ${MAX_QUERIES} queries per multi-search; this one has ${body.queries.length}.`,
    );
  }
  return body.queries.map((query, i) => parseSearchParams(query, { path: `.queries[${i}]`, multi: true }) as SearchParams & { indexUid: string });
}
