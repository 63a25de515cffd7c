/**
 * The Meilisearch protocol subset the sites use, answered by the embedded engine (mounted at
 * /api/search, so the browser's Meilisearch host is `${origin}/api/search`):
 *
 *   POST /multi-search                    {queries: [{indexUid, ...}]} → {results: [{indexUid, ...}]}
 *   POST /indexes/{uid}/search            one query → one result
 *   GET  /indexes/{uid}/documents/{id}    one stock document
 *   GET  /health                          {status: "available"}
 *
 * The index uid is the dealer slug (or its `search.index_uid`). Any Bearer key is accepted and
 * ignored: the stock is public and these routes only read. Errors are Meilisearch-shaped.
 */
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { RequestCache, type SearchEngine, type SearchResult } from '../search/engine/engine';
import { MeiliError } from '../search/engine/errors';
import { parseMultiSearch, parseSearchParams } from '../search/engine/request';
import type { AppEnv } from './env';
import type { SearchIndexProvider } from './search-indexes';

/** Search bodies are small; this is far above a 7-query multi-search with long filters. */
export const MAX_SEARCH_BODY_BYTES = 64 * 1024;

const noStore = { 'Cache-Control': 'no-store' };

function errorResponse(c: Context, error: MeiliError): Response {
  return c.json(error.toBody(), error.status, noStore);
}

/** Meilisearch accepts only JSON bodies and names the problem when it is not. */
async function readJson(c: Context<AppEnv>): Promise<unknown> {
  const type = c.req.header('content-type');
  if (!type) {
    throw new MeiliError('missing_content_type', 'A Content-Type header is missing. Accepted values for the Content-Type header are: `application/json`');
  }
  if (!/^application\/json\s*(;|$)/i.test(type)) {
    throw new MeiliError(
      'invalid_content_type',
      `The Content-Type \`${type.slice(0, 100)}\` is invalid. Accepted values for the Content-Type header are: \`application/json\``,
    );
  }
  const text = await c.req.text();
  if (text.trim() === '') throw new MeiliError('missing_payload', 'A json payload is missing.');
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new MeiliError('malformed_payload', `The json payload provided is malformed. \`${error instanceof Error ? error.message : 'invalid JSON'}\`.`);
  }
}

const indexNotFound = (uid: string): MeiliError => new MeiliError('index_not_found', `Index \`${uid.slice(0, 400)}\` not found.`);

export function createSearchApi(indexes: SearchIndexProvider): Hono<AppEnv> {
  const api = new Hono<AppEnv>();

  // Read-only public stock: any site (e.g. one served from a CDN) may call these routes.
  api.use('*', cors({ origin: '*', allowMethods: ['GET', 'POST', 'OPTIONS'], maxAge: 86_400 }));
  api.use(
    '*',
    bodyLimit({
      maxSize: MAX_SEARCH_BODY_BYTES,
      onError: (c) => errorResponse(c, new MeiliError('payload_too_large', 'The provided payload reached the size limit. The maximum accepted payload size is 64 KiB.')),
    }),
  );

  api.onError((error, c) => {
    if (error instanceof MeiliError) return errorResponse(c, error);
    console.error(`${c.req.method} ${c.req.path}:`, error);
    return errorResponse(c, new MeiliError('internal', 'The search engine could not answer this request; the error is in the server log.'));
  });

  api.get('/health', (c) => c.json({ status: 'available' }, 200, noStore));

  const engineFor = async (uid: string): Promise<SearchEngine> => {
    const engine = await indexes.get(uid);
    if (!engine) throw indexNotFound(uid);
    return engine;
  };

  api.post('/multi-search', async (c) => {
    const queries = parseMultiSearch(await readJson(c));
    const results: (SearchResult & { indexUid: string })[] = [];
    const caches = new Map<string, RequestCache>();
    for (const [i, query] of queries.entries()) {
      try {
        const engine = await engineFor(query.indexUid);
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
    return c.json({ results }, 200, noStore);
  });

  api.post('/indexes/:uid/search', async (c) => {
    const engine = await engineFor(c.req.param('uid'));
    const params = parseSearchParams(await readJson(c));
    return c.json(engine.search(params), 200, noStore);
  });

  api.get('/indexes/:uid/documents/:id', async (c) => {
    const engine = await engineFor(c.req.param('uid'));
    const id = c.req.param('id');
    const doc = engine.document(id);
    if (!doc) throw new MeiliError('document_not_found', `Document \`${id.slice(0, 400)}\` not found.`);
    return c.json(doc, 200, noStore);
  });

  return api;
}
