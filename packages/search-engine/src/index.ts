/**
 * An in-process search engine that answers the subset of the Meilisearch search protocol the
 * dealer sites use (multi-search, filters, facets, sort, highlight, paging, Meilisearch's error
 * bodies), so a site needs no search server until it outgrows one machine.
 */
export { SearchEngine, SearchEngineBuilder, RequestCache, type EngineSettings, type SearchDocument, type SearchResult, type FacetStats } from './engine';
export { MeiliError, type MeiliErrorBody, type MeiliErrorCode, type MeiliErrorStatus } from './errors';
export { parseFilterExpression, type FilterNode } from './filter-parser';
export { parseMultiSearch, parseSearchParams, DEFAULT_LIMIT, MAX_LIST_LENGTH, MAX_QUERIES, MAX_TAG_LENGTH, type SearchParams } from './request';
export {
  multiSearch,
  multiSearchJson,
  indexSearch,
  indexSearchJson,
  joinAnswer,
  getDocument,
  indexNotFound,
  MAX_RESPONSE_BYTES,
  type AnswerOptions,
  type EngineLookup,
  type JsonAnswer,
  type SearchIndex,
} from './protocol';
export { AnswerCache, type CachedAnswer } from './answer-cache';
export type { Bitset as DocumentSet } from './bitset';
