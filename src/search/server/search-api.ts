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
import { MeiliError, getDocument, indexSearch, multiSearch } from '@dealer-sites/search-engine';
import type { AppEnv } from '../../platform/http/app-env';
import { JSON_TYPE, mediaType, readJson } from '../../platform/http/request-body';
import type { SearchIndexProvider } from './search-indexes';

/** Search bodies are small; this is far above a 7-query multi-search with long filters. */
export const MAX_SEARCH_BODY_BYTES = 64 * 1024;

const noStore = { 'Cache-Control': 'no-store' };

function errorResponse(c: Context, error: MeiliError): Response {
  return c.json(error.toBody(), error.status, noStore);
}

/** Meilisearch accepts only JSON bodies and names the problem when it is not. */
async function readSearchBody(c: Context<AppEnv>): Promise<unknown> {
  const type = c.req.header('content-type');
  if (!type) {
    throw new MeiliError('missing_content_type', 'A Content-Type header is missing. Accepted values for the Content-Type header are: `application/json`');
  }
  if (mediaType(c) !== JSON_TYPE) {
    throw new MeiliError(
      'invalid_content_type',
      `The Content-Type \`${type.slice(0, 100)}\` is invalid. Accepted values for the Content-Type header are: \`application/json\``,
    );
  }
  const read = await readJson(c);
  if (read.ok) return read.body;
  if (read.empty) throw new MeiliError('missing_payload', 'A json payload is missing.');
  throw new MeiliError('malformed_payload', `The json payload provided is malformed. \`${read.reason}\`.`);
}

export function createSearchApi(indexes: SearchIndexProvider): Hono<AppEnv> {
  const api = new Hono<AppEnv>();

  // Read-only public stock: any site (e.g. one served from a CDN) may call these routes.
  api.use('*', cors({ origin: '*', allowMethods: ['GET', 'POST', 'OPTIONS'], maxAge: 86_400 }));
  api.use(
    '*',
    bodyLimit({
      maxSize: MAX_SEARCH_BODY_BYTES,
      onError: (c) =>
        errorResponse(c, new MeiliError('payload_too_large', 'The provided payload reached the size limit. The maximum accepted payload size is 64 KiB.')),
    }),
  );

  api.onError((error, c) => {
    if (error instanceof MeiliError) return errorResponse(c, error);
    console.error(`${c.req.method} ${c.req.path}:`, error);
    return errorResponse(c, new MeiliError('internal', 'The search engine could not answer this request; the error is in the server log.'));
  });

  api.get('/health', (c) => c.json({ status: 'available' }, 200, noStore));

  const lookup = (uid: string) => indexes.get(uid);

  api.post('/multi-search', async (c) => c.json(await multiSearch(lookup, await readSearchBody(c)), 200, noStore));

  api.post('/indexes/:uid/search', async (c) => c.json(await indexSearch(lookup, c.req.param('uid'), await readSearchBody(c)), 200, noStore));

  api.get('/indexes/:uid/documents/:id', async (c) => c.json(await getDocument(lookup, c.req.param('uid'), c.req.param('id')), 200, noStore));

  return api;
}
