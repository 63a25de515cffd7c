/**
 * How many cars of each type the dealer lists (mounted at /api), for the search pages' type
 * switch:
 *
 *   GET /car-types → 200 {car_types: [{car_type, count}], source}
 *
 * Counted by the stock search over the listing every search page starts from (`source:
 * 'search'`); when the search cannot answer, the counts in the dealer file (`'configured'`).
 */
import { Hono } from 'hono';
import type { SearchParams } from '@dealer-sites/search-engine';
import { answerFaults, send } from '../../platform/http/answers';
import { knownDealer, type ConfigFor, type SiteEnv } from '../../platform/http/dealer-site';
import type { Log } from '../../platform/http/outbound';
import { baseFilter } from '../model/query';
import { carTypeCounts } from '../model/results';
import type { SearchIndexProvider } from './search-indexes';

export interface CarTypesApiOptions {
  configFor: ConfigFor;
  search: SearchIndexProvider;
  now: () => number;
  log: Log;
}

export function createCarTypesApi({ configFor, search, now, log }: CarTypesApiOptions): Hono<SiteEnv> {
  const api = new Hono<SiteEnv>();
  api.onError(answerFaults({ log }));

  api.get('/car-types', knownDealer(configFor), async (c) => {
    const site = c.get('site');
    let counts = carTypeCounts(undefined, site.search.car_types);
    let source: 'search' | 'configured' = 'configured';
    try {
      const index = await search.get(site.search.index_uid ?? site.slug);
      if (index) {
        // The listing every search page starts from: site, template and make filters, in stock
        // or coming soon, plus recently sold cars still shown.
        const query: SearchParams = {
          q: '',
          offset: 0,
          limit: 0,
          filter: baseFilter({ site, nowSeconds: Math.floor(now() / 1000) }),
          facets: ['car_type'],
          highlightPreTag: '',
          highlightPostTag: '',
          matchingStrategy: 'last',
        };
        const result = index.engine.search(query, undefined, index.scope);
        counts = carTypeCounts(result.facetDistribution ?? { car_type: {} }, site.search.car_types);
        source = 'search';
      }
    } catch (error) {
      log(`car-types: ${site.slug}: the stock search failed, answering the configured counts: ${error instanceof Error ? error.message : String(error)}`);
    }
    // carTypeCounts keeps types with stock, in the order new, demo, used.
    return send(c, { status: 200, body: { car_types: counts.map(({ type, count }) => ({ car_type: type, count })), source } });
  });

  return api;
}
