/**
 * The dealer's Snap21 rating for the review badge (mounted at /api):
 *
 *   GET /reviews/snap21?orgId= → 200 {rating, stars}
 *
 * Only for the dealer's own Snap21 organisation (404 for any other); 503 when no rating is
 * available. Here in the composition root rather than with the dealer pages: reviews sit on the
 * dealer floor, below the providers, and this route needs the Snap21 provider. It is no lead
 * route either, so it composes the two where the API is put together.
 */
import { Hono } from 'hono';
import { answerFaults, CHECK_FIELDS, problem, send } from '../platform/http/answers';
import { knownDealer, type ConfigFor, type SiteEnv } from '../platform/http/dealer-site';
import type { Log } from '../platform/http/outbound';
import type { Providers } from '../providers';

export interface ReviewsApiOptions {
  configFor: ConfigFor;
  providers: Pick<Providers, 'snap21'>;
  log: Log;
}

export function createReviewsApi({ configFor, providers, log }: ReviewsApiOptions): Hono<SiteEnv> {
  const api = new Hono<SiteEnv>();
  api.onError(answerFaults({ log }));

  api.get('/reviews/snap21', knownDealer(configFor), async (c) => {
    const site = c.get('site');
    const orgId = c.req.query('orgId');
    if (!orgId || orgId.length > 60) return send(c, problem(400, CHECK_FIELDS, { orgId: 'orgId is required' }));
    if (!site.reviews.snap21_org_id || orgId !== site.reviews.snap21_org_id) return send(c, problem(404, 'Unknown Snap21 organisation'));
    const rating = await providers.snap21(orgId, site);
    if (!rating) return send(c, problem(503, 'No Snap21 rating is available right now'));
    return send(c, { status: 200, body: rating });
  });

  return api;
}
