/**
 * The /api routes. app.ts mounts this under /api, so routes here are written without the prefix;
 * later features (leads, valuations...) add their sub-apps with `api.route(...)` here.
 */
import { Hono } from 'hono';
import type { AppEnv } from './env';
import { createSearchApi } from './search-api';
import type { SearchIndexProvider } from './search-indexes';

export interface ApiOptions {
  /** Dealers this server hosts. */
  dealers: readonly string[];
  /** Stock indexes for the embedded Meilisearch-protocol search at /api/search. */
  search: SearchIndexProvider;
}

export function createApi({ dealers, search }: ApiOptions): Hono<AppEnv> {
  const api = new Hono<AppEnv>();

  api.get('/health', (c) => c.json({ ok: true, dealers: [...dealers] }));

  api.route('/search', createSearchApi(search));

  // Keep last: routes added below it are never reached. An unknown API path answers in JSON like
  // the rest of the API, never with a dealer's HTML 404.
  api.all('*', (c) => c.json({ ok: false, error: 'not found' }, 404));

  return api;
}
