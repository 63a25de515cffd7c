/**
 * The /api routes. app.ts mounts this under /api, so routes here are written without the prefix;
 * each feature (search, leads, the provider routes) is a sub-app mounted here.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../platform/http/app-env';
import { createLeadsApi, type LeadsApiOptions } from '../leads/server/routes';
import { createProvidersApi } from './providers-api';
import { createSearchApi } from '../search/server/search-api';
import type { SearchIndexProvider } from '../search/server/search-indexes';

export interface ApiOptions {
  /** Dealers this server hosts. */
  dealers: readonly string[];
  /** Stock indexes for the embedded Meilisearch-protocol search at /api/search. */
  search: SearchIndexProvider;
  /** The lead routes (/leads*, /carClarityCustomer); with `storage` undefined they answer 503. */
  leads: LeadsApiOptions;
}

export function createApi({ dealers, search, leads }: ApiOptions): Hono<AppEnv> {
  const { configs } = leads;
  const api = new Hono<AppEnv>();

  api.get('/health', (c) => c.json({ ok: true, dealers: [...dealers] }));

  api.route('/search', createSearchApi(search));

  // Full paths inside (/leads, /leads/:id, /leads/with-files, /carClarityCustomer).
  api.route('/', createLeadsApi(leads));

  // /nevdis, /simple-autograb-lookup, /valuations, /miscellaneous, /reviews/snap21, /car-types,
  // /service-slots. A dealer file that cannot be read is an unknown dealer there, not a 500.
  api.route(
    '/',
    createProvidersApi({
      configFor: (slug) => configs.get(slug).catch(() => undefined),
      search,
      ...(leads.storage ? { database: leads.storage.database } : {}),
      ...(leads.env ? { env: leads.env } : {}),
    }),
  );

  // Keep last: routes added below it are never reached. An unknown API path answers in JSON like
  // the rest of the API, never with a dealer's HTML 404.
  api.all('*', (c) => c.json({ ok: false, error: 'not found' }, 404));

  return api;
}
