/**
 * The two search routes of the Meilisearch protocol, without HTTP: the caller reads the body
 * (and checks its content type), this parses it, runs it, and throws a `MeiliError` shaped like
 * Meilisearch's for anything wrong. The site's API and the conformance suite share it, so both
 * answer every request the same way.
 */
import { RequestCache, type SearchEngine, type SearchResult } from './engine';
import { MeiliError } from './errors';
import { parseMultiSearch, parseSearchParams } from './request';

/** Finds the engine behind an index uid; undefined when there is no such index. */
export type EngineLookup = (indexUid: string) => SearchEngine | undefined | Promise<SearchEngine | undefined>;

export const indexNotFound = (uid: string): MeiliError => new MeiliError('index_not_found', `Index \`${uid.slice(0, 400)}\` not found.`);

async function engineFor(lookup: EngineLookup, uid: string): Promise<SearchEngine> {
  const engine = await lookup(uid);
  if (!engine) throw indexNotFound(uid);
  return engine;
}

/** `POST /multi-search`: every query in order; an error names the query it came from, as Meilisearch does. */
export async function multiSearch(lookup: EngineLookup, body: unknown): Promise<{ results: (SearchResult & { indexUid: string })[] }> {
  const queries = parseMultiSearch(body);
  const results: (SearchResult & { indexUid: string })[] = [];
  // Queries on one index share facet and filter work (a search page asks for the same filter several times).
  const caches = new Map<string, RequestCache>();
  for (const [i, query] of queries.entries()) {
    try {
      const engine = await engineFor(lookup, query.indexUid);
      let cache = caches.get(query.indexUid);
      if (!cache) {
        cache = new RequestCache();
        caches.set(query.indexUid, cache);
      }
      results.push({ indexUid: query.indexUid, ...engine.search(query, cache) });
    } catch (error) {
      throw error instanceof MeiliError ? error.inQuery(i) : error;
    }
  }
  return { results };
}

/** `POST /indexes/{uid}/search`: one query on one index. */
export async function indexSearch(lookup: EngineLookup, indexUid: string, body: unknown): Promise<SearchResult> {
  const engine = await engineFor(lookup, indexUid);
  return engine.search(parseSearchParams(body));
}

/** `GET /indexes/{uid}/documents/{id}`. */
export async function getDocument(lookup: EngineLookup, indexUid: string, id: string): Promise<Record<string, unknown>> {
  const engine = await engineFor(lookup, indexUid);
  const doc = engine.document(id);
  if (!doc) throw new MeiliError('document_not_found', `Document \`${id.slice(0, 400)}\` not found.`);
  return doc;
}
