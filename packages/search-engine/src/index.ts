/**
 * An in-process search engine that answers the subset of the Meilisearch search protocol the
 * dealer sites use (multi-search, filters, facets, sort, highlight, paging, Meilisearch's error
 * bodies), so a site needs no search server until it outgrows one machine.
 */
export { SearchEngine, RequestCache, type EngineSettings, type SearchDocument, type SearchResult, type FacetStats } from './engine';
export { MeiliError, type MeiliErrorBody, type MeiliErrorCode, type MeiliErrorStatus } from './errors';
export { parseFilterExpression, type FilterNode } from './filter-parser';
export { parseMultiSearch, parseSearchParams, DEFAULT_LIMIT, MAX_QUERIES, type SearchParams } from './request';
export { multiSearch, indexSearch, getDocument, indexNotFound, type EngineLookup } from './protocol';
