/**
 * What the dealer keeps up to date outside the site build (mounted at /api):
 *
 *   GET /session-data        → 200 {navigation: {header, footer?}, special_hours, source}
 *   GET /manufacturers/:slug → 200 {id?, name, slug, logo?, source} | 404 for a make the site does not list
 *
 * Session data comes from the dealer dashboard, the manufacturer from the back-office; each falls
 * back to the dealer file (src/providers/session-data.ts, manufacturers.ts). The pages are built
 * with the dealer file's values and ask for these after they load, so a holiday entered in the
 * dashboard shows without a rebuild. Here in the composition root, like the reviews route: the
 * pages that show this data sit on the dealer floor, below the providers.
 */
import { Hono } from 'hono';
import { answerFaults, problem, send } from '../platform/http/answers';
import { knownDealer, type ConfigFor, type SiteEnv } from '../platform/http/dealer-site';
import type { Log } from '../platform/http/outbound';
import type { Providers } from '../providers';

export interface DealerDataApiOptions {
  configFor: ConfigFor;
  providers: Pick<Providers, 'sessionData' | 'manufacturer'>;
  log: Log;
}

const MAKE_SLUG = /^[a-z0-9-]{1,60}$/;

export function createDealerDataApi({ configFor, providers, log }: DealerDataApiOptions): Hono<SiteEnv> {
  const api = new Hono<SiteEnv>();
  api.onError(answerFaults({ log }));

  api.get('/session-data', knownDealer(configFor), async (c) => {
    const { navigation, special_hours, source } = await providers.sessionData(c.get('site'));
    return send(c, { status: 200, body: { navigation, special_hours, source } });
  });

  api.get('/manufacturers/:slug', knownDealer(configFor), async (c) => {
    const slug = c.req.param('slug');
    const page = MAKE_SLUG.test(slug) ? await providers.manufacturer(c.get('site'), slug) : undefined;
    if (!page) return send(c, problem(404, 'We do not list that make'));
    return send(c, { status: 200, body: page });
  });

  return api;
}
