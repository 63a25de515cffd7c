/**
 * The two search routes of the Meilisearch protocol, without HTTP: the caller reads the body
 * (and checks its content type), this parses it, runs it, and throws a `MeiliError` shaped like
 * Meilisearch's for anything wrong. The site's API and the conformance suite share it, so both
 * answer every request the same way.
 *
 * Answers are built as UTF-8 JSON, one result at a time: a result can be replayed from the index's
 * answer cache, the whole answer is refused once it passes `MAX_RESPONSE_BYTES`, and a caller
 * serving many requests can let others in between results (`pause`).
 */
import type { AnswerCache, CachedAnswer } from './answer-cache';
import type { Bitset } from './bitset';
import { RequestCache, SearchEngine, type SearchResult } from './engine';
import { HitsOverBudget, MeiliError } from './errors';
import { parseMultiSearch, parseSearchParams, type SearchParams } from './request';

/** An index as a lookup finds it: the engine, and what the caller's requests may see of it. */
export interface SearchIndex {
  engine: SearchEngine;
  /**
   * The only documents that exist for these requests (a set from `engine.matching`), applied to
   * every query and document read whatever the request asks, as Meilisearch applies a tenant
   * token's search rules. Undefined: every document.
   */
  scope?: Bitset;
  /** Answers already given for this engine and scope; the owner clears it when either changes. */
  answers?: AnswerCache;
}

/** Finds the index behind a uid; undefined when there is no such index. */
export type EngineLookup = (indexUid: string) => SearchEngine | SearchIndex | undefined | Promise<SearchEngine | SearchIndex | undefined>;

/**
 * The most one answer may hold, in UTF-8. The sites' largest is about 90 KB (a search page's
 * main query with 13 facets and its facet queries); within the other caps a request could
 * otherwise ask for tens of megabytes, held in memory until a slow client has read it.
 */
export const MAX_RESPONSE_BYTES = 2 * 1024 * 1024;

export interface AnswerOptions {
  /** Refuse an answer larger than this (default MAX_RESPONSE_BYTES). */
  maxBytes?: number;
  /**
   * Awaited once results computed since the last pause have taken PAUSE_AFTER_MS, so one long
   * multi-search does not hold the process; a short one (a page's first request, a few
   * milliseconds) runs straight through rather than queue behind everyone else several times.
   */
  pause?: () => Promise<void>;
}

/** An answer as UTF-8 JSON in parts (the results' bytes are shared with the cache), to be sent in order. */
export interface JsonAnswer {
  parts: Uint8Array<ArrayBuffer>[];
  bytes: number;
}

const utf8 = new TextEncoder();

/** Work between pauses: far below a health check's patience, above a whole ordinary multi-search. */
export const PAUSE_AFTER_MS = 8;

export const indexNotFound = (uid: string): MeiliError => new MeiliError('index_not_found', `Index \`${uid.slice(0, 400)}\` not found.`);

const tooLarge = (maxBytes: number): MeiliError =>
  new MeiliError(
    'bad_request',
    `The answer would be larger than ${Math.round(maxBytes / 1024 / 1024)} MiB, the most the embedded search engine sends; ask for fewer hits, highlighted attributes or facets.`,
  );

async function indexFor(lookup: EngineLookup, uid: string): Promise<SearchIndex> {
  const found = await lookup(uid);
  if (!found) throw indexNotFound(uid);
  return found instanceof SearchEngine ? { engine: found } : found;
}

/** The cache key of a query: its parameters as parsed (defaults filled in, the index left out). */
function answerKey(params: SearchParams & { indexUid?: string }): string {
  const { indexUid: _indexUid, ...rest } = params;
  return JSON.stringify(rest);
}

/** One query's result as UTF-8 JSON, from the index's cache or computed (and then cached). */
function answerOne(
  index: SearchIndex,
  params: SearchParams,
  cache: RequestCache,
  budget: number,
  maxBytes: number,
): { answer: CachedAnswer; computed: boolean } {
  const key = index.answers ? answerKey(params) : '';
  const cached = index.answers?.get(key);
  if (cached) return { answer: cached, computed: false };
  // The engine stops making hits once they pass what is left of the answer's budget, so a large
  // `limit` costs at most an answer's worth of work, not its whole result set's.
  let result: SearchResult;
  try {
    result = index.engine.search(params, cache, index.scope, budget);
  } catch (error) {
    throw error instanceof HitsOverBudget ? tooLarge(maxBytes) : error;
  }
  const answer = utf8.encode(JSON.stringify(result));
  index.answers?.set(key, answer);
  return { answer, computed: true };
}

/** `POST /multi-search` as UTF-8 JSON: every query in order; an error names the query it came from, as Meilisearch does. */
export async function multiSearchJson(lookup: EngineLookup, body: unknown, options: AnswerOptions = {}): Promise<JsonAnswer> {
  const maxBytes = options.maxBytes ?? MAX_RESPONSE_BYTES;
  const queries = parseMultiSearch(body);
  const parts = [utf8.encode('{"results":[')];
  let bytes = parts[0]!.byteLength + 2;
  // Queries on one index share facet and filter work (a search page asks for the same filter several times).
  const caches = new Map<string, RequestCache>();
  let working = performance.now();
  for (const [i, query] of queries.entries()) {
    let computed: boolean;
    try {
      const index = await indexFor(lookup, query.indexUid);
      let cache = caches.get(query.indexUid);
      if (!cache) {
        cache = new RequestCache();
        caches.set(query.indexUid, cache);
      }
      const one = answerOne(index, query, cache, maxBytes - bytes, maxBytes);
      computed = one.computed;
      // `{"indexUid":…,` then the result's own fields (its bytes after `{`): the order Meilisearch sends them in.
      const head = utf8.encode(`${i > 0 ? ',' : ''}{"indexUid":${JSON.stringify(query.indexUid)},`);
      bytes += head.byteLength + one.answer.byteLength - 1;
      if (bytes > maxBytes) throw tooLarge(maxBytes);
      parts.push(head, one.answer.subarray(1));
    } catch (error) {
      throw error instanceof MeiliError ? error.inQuery(i) : error;
    }
    if (computed && options.pause && performance.now() - working >= PAUSE_AFTER_MS) {
      await options.pause();
      working = performance.now();
    }
  }
  parts.push(utf8.encode(']}'));
  return { parts, bytes };
}

/** `POST /indexes/{uid}/search` as UTF-8 JSON: one query on one index. */
export async function indexSearchJson(lookup: EngineLookup, indexUid: string, body: unknown, options: AnswerOptions = {}): Promise<JsonAnswer> {
  // The body is read before the index is looked up: a bad body on an unknown index is a bad body.
  const params = parseSearchParams(body);
  const index = await indexFor(lookup, indexUid);
  const maxBytes = options.maxBytes ?? MAX_RESPONSE_BYTES;
  const { answer } = answerOne(index, params, new RequestCache(), maxBytes, maxBytes);
  if (answer.byteLength > maxBytes) throw tooLarge(maxBytes);
  return { parts: [answer], bytes: answer.byteLength };
}

/** The answer as one piece of bytes. */
export function joinAnswer(answer: JsonAnswer): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(answer.bytes);
  let at = 0;
  for (const part of answer.parts) {
    out.set(part, at);
    at += part.byteLength;
  }
  return out;
}

const parsed = <T>(answer: JsonAnswer): T => JSON.parse(new TextDecoder().decode(joinAnswer(answer))) as T;

/** `POST /multi-search` as objects, for in-process callers (the build's prerendering, tests). */
export async function multiSearch(lookup: EngineLookup, body: unknown, options?: AnswerOptions): Promise<{ results: (SearchResult & { indexUid: string })[] }> {
  return parsed(await multiSearchJson(lookup, body, options));
}

/** `POST /indexes/{uid}/search` as an object. */
export async function indexSearch(lookup: EngineLookup, indexUid: string, body: unknown, options?: AnswerOptions): Promise<SearchResult> {
  return parsed(await indexSearchJson(lookup, indexUid, body, options));
}

/** `GET /indexes/{uid}/documents/{id}`: a document outside the index's scope is not found, like one that does not exist. */
export async function getDocument(lookup: EngineLookup, indexUid: string, id: string): Promise<Record<string, unknown>> {
  const index = await indexFor(lookup, indexUid);
  const doc = index.engine.document(id, index.scope);
  if (!doc) throw new MeiliError('document_not_found', `Document \`${id.slice(0, 400)}\` not found.`);
  return doc;
}
