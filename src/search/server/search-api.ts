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
 * ignored: these routes only read, and only what the site lists (search-indexes.ts scopes every
 * index to the listing rule). Errors are Meilisearch-shaped.
 *
 * Abuse is bounded here and in the engine: body size (64 KiB) and JSON depth, per-query caps
 * (tag length, lists), queries per multi-search, answer size (MAX_RESPONSE_BYTES, which also
 * bounds hits: the engine stops making them there, whatever the `limit`), a rate
 * limit per address; long multi-searches let other requests in between results, and large
 * answers are written as the client reads them.
 */
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { MeiliError, getDocument, indexSearchJson, joinAnswer, multiSearchJson, type JsonAnswer } from '@dealer-sites/search-engine';
import type { AppEnv } from '../../platform/http/app-env';
import { limitByAddress, memoryRateLimiter, rateLimitPerMinute, type RateLimiter, type RateLimitSetting } from '../../platform/http/rate-limit';
import { JSON_TYPE, mediaType, readJson } from '../../platform/http/request-body';
import type { SearchIndexProvider } from './search-indexes';
import { recordSearch, type SearchRoute } from '../../platform/metrics/metrics';

/** Search bodies are small; this is far above a 7-query multi-search with long filters. */
export const MAX_SEARCH_BODY_BYTES = 64 * 1024;

/**
 * Search requests per minute per address. A shopper's search page sends one multi-search per
 * interaction (a landing, a refinement, a page, a keystroke in the search box), a few dozen a
 * minute at the busiest; this leaves room for many shoppers behind one address (an office, a
 * mobile carrier's NAT) while one script flooding the API is turned away.
 */
export const SEARCH_RATE_LIMIT: RateLimitSetting = { variable: 'SEARCH_RATE_LIMIT_PER_MINUTE', perMinute: 1200, prefix: 'search:rate:', name: 'search' };

/** Answers up to this size go out in one write; larger ones as the client reads them. */
const STREAM_ABOVE_BYTES = 256 * 1024;
/** Pieces of a streamed answer: a socket takes about this much before it asks us to wait. */
const STREAM_PIECE = 16 * 1024;
/** A client that reads nothing of an answer for this long is disconnected, and the answer freed. */
export const STALLED_READER_MS = 20_000;

const noStore = { 'Cache-Control': 'no-store' };

function errorResponse(c: Context, error: MeiliError, headers: Record<string, string> = {}): Response {
  return c.json(error.toBody(), error.status, { ...noStore, ...headers });
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

/** Lets the event loop serve other requests (health checks, other shoppers) between results. */
const pause = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** What @hono/node-server passes as `c.env.outgoing`; absent under app.request(). */
interface NodeResponse {
  setTimeout(ms: number): unknown;
}

/**
 * An answer as the response body. A large one is pulled piece by piece as the socket drains, so
 * a client that does not read holds at most its answer, never a growing buffer; and one that
 * reads nothing for STALLED_READER_MS has its socket closed (Node destroys a socket whose
 * timeout passes with no listener), which frees the answer.
 */
function sendAnswer(c: Context<AppEnv>, answer: JsonAnswer): Response {
  const headers = { ...noStore, 'Content-Type': 'application/json' };
  if (answer.bytes <= STREAM_ABOVE_BYTES) return c.body(joinAnswer(answer), 200, headers);
  (c.env as { outgoing?: NodeResponse } | undefined)?.outgoing?.setTimeout(STALLED_READER_MS);
  const parts = answer.parts;
  let part = 0;
  let offset = 0;
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        const bytes = parts[part];
        if (bytes === undefined) return controller.close();
        controller.enqueue(bytes.subarray(offset, offset + STREAM_PIECE));
        offset += STREAM_PIECE;
        if (offset >= bytes.byteLength) {
          parts[part] = new Uint8Array(0); // sent: let it go
          part += 1;
          offset = 0;
        }
      },
    },
    // Nothing is read ahead: a piece is made when the socket asks for one.
    { highWaterMark: 0 },
  );
  return c.body(body, 200, headers);
}

export interface SearchApiOptions {
  /** Counts requests per address; by default in memory with SEARCH_RATE_LIMIT_PER_MINUTE (1,200). */
  limiter?: RateLimiter;
  /** SEARCH_RATE_LIMIT_PER_MINUTE, TRUST_PROXY. */
  env?: NodeJS.ProcessEnv;
}

export function createSearchApi(indexes: SearchIndexProvider, { env = process.env, limiter }: SearchApiOptions = {}): Hono<AppEnv> {
  const api = new Hono<AppEnv>();
  const rateLimiter = limiter ?? memoryRateLimiter({ limit: rateLimitPerMinute(SEARCH_RATE_LIMIT, env) });

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

  /** Before any work: one address over its limit gets 429 and when to come back. */
  const limited = limitByAddress(rateLimiter, {
    bucket: 'search',
    env,
    refuse: (c, retryAfterSeconds) =>
      errorResponse(c, new MeiliError('too_many_search_requests', `Too many search requests from this address. Retry after ${retryAfterSeconds}s.`), {
        'Retry-After': String(retryAfterSeconds),
      }),
  });

  /**
   * Times a search for the dealer the Host names, refusals and errors included, from the body's
   * first read to the answer ready to send (a large answer's streaming to a slow reader is not
   * the engine's time). A request for no dealer (the router mounted alone) is not timed.
   */
  const timed =
    (route: SearchRoute): MiddlewareHandler<AppEnv> =>
    async (c, next) => {
      const started = performance.now();
      await next();
      const dealer = c.get('dealer');
      if (dealer) recordSearch(dealer, route, (performance.now() - started) / 1000);
    };

  const lookup = (uid: string) => indexes.get(uid);

  api.post('/multi-search', limited, timed('multi-search'), async (c) => sendAnswer(c, await multiSearchJson(lookup, await readSearchBody(c), { pause })));

  api.post('/indexes/:uid/search', limited, timed('search'), async (c) =>
    sendAnswer(c, await indexSearchJson(lookup, c.req.param('uid'), await readSearchBody(c))),
  );

  api.get('/indexes/:uid/documents/:id', limited, async (c) => c.json(await getDocument(lookup, c.req.param('uid'), c.req.param('id')), 200, noStore));

  return api;
}
