/**
 * Registration lookups for the trade-in and sell-my-car forms (mounted at /api):
 *
 *   POST /nevdis                  {rego, state}  → 200 vehicle | 404 | 503
 *   POST /simple-autograb-lookup  {rego, state}  → 200 vehicle | 404 | 503
 *
 * The dealer is the one the Host names, and its region says whose plates these are. A lookup service that cannot answer is a 503: the form
 * then lets the shopper type the car's details in.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { answerFaults, CHECK_FIELDS, fieldErrors, problem, send } from '../../platform/http/answers';
import { knownDealer, type ConfigFor, type SiteEnv } from '../../platform/http/dealer-site';
import { ProviderUnavailableError, type Log } from '../../platform/http/outbound';
import { jsonBody, SMALL_BODY_BYTES } from '../../platform/http/request-body';
import type { Market } from '../../stock/model/catalogue';
import type { Providers } from '../../providers';
import { normaliseRego, normaliseRegoState, type RegoLookup } from '../../providers/rego';

export interface RegoApiOptions {
  configFor: ConfigFor;
  providers: Pick<Providers, 'nevdis' | 'autograb'>;
  log: Log;
}

const PLATE_ERROR: Record<Market, string> = {
  AU: 'Enter a registration of 1 to 7 letters and numbers',
  NZ: 'Enter a registration of 1 to 7 letters and numbers',
  US: 'Enter a license plate of 1 to 8 letters and numbers',
};

const STATE_ERROR: Record<Market, string> = {
  AU: 'Choose the state the car is registered in (ACT, NSW, NT, QLD, SA, TAS, VIC, WA; empty for NZ)',
  NZ: 'New Zealand plates have no state: leave it empty',
  US: 'Choose the state the car is registered in (its two-letter code, such as CA or TX)',
};

/** What no car has, worded the site's way ('registration' or 'license plate'). */
const NOT_FOUND: Record<Market, string> = {
  AU: 'No vehicle found for that registration',
  NZ: 'No vehicle found for that registration',
  US: 'No vehicle found for that license plate in that state. Please check it, or enter your vehicle details.',
};

/**
 * {rego, state} for the site's region; `regoState` (the trade-in form's field name) is accepted
 * for `state`. The region decides the plate's length and which states exist ('WA' is a state in
 * both Australia and the US).
 */
function regoBody(market: Market) {
  const regoField = z
    .string({ error: 'Registration is required' })
    .max(20, { error: PLATE_ERROR[market] })
    .transform((v, ctx) => {
      const plate = normaliseRego(v, market);
      if (plate === null) {
        ctx.addIssue({ code: 'custom', message: PLATE_ERROR[market] });
        return z.NEVER;
      }
      return plate;
    });
  const stateField = z
    .string({ error: 'Choose the state the car is registered in' })
    .max(10, { error: 'Choose the state the car is registered in' })
    .transform((v, ctx) => {
      const state = normaliseRegoState(v, market);
      if (state === null) {
        ctx.addIssue({ code: 'custom', message: STATE_ERROR[market] });
        return z.NEVER;
      }
      return state;
    });
  return z
    .object({ rego: regoField, state: stateField.optional(), regoState: stateField.optional() })
    .transform(({ rego, state, regoState }) => ({ rego, state: state ?? regoState ?? '', market }));
}

const BODIES: Record<Market, ReturnType<typeof regoBody>> = { AU: regoBody('AU'), NZ: regoBody('NZ'), US: regoBody('US') };

export function createRegoApi({ configFor, providers, log }: RegoApiOptions): Hono<SiteEnv> {
  const api = new Hono<SiteEnv>();
  api.onError(answerFaults({ log }));

  // Middleware on each route, never on '*': mounted at the API root, a '*' middleware would
  // run for every other /api route too.
  const route = (path: string, lookup: RegoLookup) =>
    api.post(path, knownDealer(configFor), jsonBody(SMALL_BODY_BYTES), async (c) => {
      const market = c.get('site').region;
      const parsed = BODIES[market].safeParse(await c.req.json());
      if (!parsed.success) return send(c, problem(400, CHECK_FIELDS, fieldErrors(parsed.error.issues)));
      try {
        const vehicle = await lookup(parsed.data);
        if (!vehicle) return send(c, problem(404, NOT_FOUND[market]));
        return send(c, { status: 200, body: vehicle });
      } catch (error) {
        if (error instanceof ProviderUnavailableError) {
          return send(c, problem(503, 'Registration lookup is not available right now. Please enter your vehicle details.'));
        }
        throw error;
      }
    });

  route('/nevdis', providers.nevdis);
  route('/simple-autograb-lookup', providers.autograb);
  return api;
}
