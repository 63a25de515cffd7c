/**
 * Registration lookups for the trade-in and sell-my-car forms (mounted at /api):
 *
 *   POST /nevdis                  {rego, state}  → 200 vehicle | 404 | 503
 *   POST /simple-autograb-lookup  {rego, state}  → 200 vehicle | 404 | 503
 *
 * The dealer is the one the Host names. A lookup service that cannot answer is a 503: the form
 * then lets the shopper type the car's details in.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { answerFaults, problem, send } from '../../platform/http/answers';
import { knownDealer, type ConfigFor, type SiteEnv } from '../../platform/http/dealer-site';
import { ProviderUnavailableError, type Log } from '../../platform/http/outbound';
import { jsonBody, SMALL_BODY_BYTES, validJson } from '../../platform/http/request-body';
import type { Providers } from '../../providers';
import { normaliseRego, normaliseRegoState, type RegoLookup } from '../../providers/rego';

export interface RegoApiOptions {
  configFor: ConfigFor;
  providers: Pick<Providers, 'nevdis' | 'autograb'>;
  log: Log;
}

const regoField = z
  .string({ error: 'Registration is required' })
  .max(20, { error: 'Enter a registration of 1 to 7 letters and numbers' })
  .transform((v, ctx) => {
    const plate = normaliseRego(v);
    if (plate === null) {
      ctx.addIssue({ code: 'custom', message: 'Enter a registration of 1 to 7 letters and numbers' });
      return z.NEVER;
    }
    return plate;
  });

const stateField = z
  .string({ error: 'Choose the state the car is registered in' })
  .max(10, { error: 'Choose the state the car is registered in' })
  .transform((v, ctx) => {
    const state = normaliseRegoState(v);
    if (state === null) {
      ctx.addIssue({ code: 'custom', message: 'Choose the state the car is registered in (ACT, NSW, NT, QLD, SA, TAS, VIC, WA; empty for NZ)' });
      return z.NEVER;
    }
    return state;
  });

/** {rego, state}; `regoState` (the trade-in form's field name) is accepted for `state`. */
const regoBody = z
  .object({ rego: regoField, state: stateField.optional(), regoState: stateField.optional() })
  .transform(({ rego, state, regoState }) => ({ rego, state: state ?? regoState ?? '' }));

export function createRegoApi({ configFor, providers, log }: RegoApiOptions): Hono<SiteEnv> {
  const api = new Hono<SiteEnv>();
  api.onError(answerFaults({ log }));

  // Middleware on each route, never on '*': mounted at the API root, a '*' middleware would
  // run for every other /api route too.
  const route = (path: string, lookup: RegoLookup) =>
    api.post(path, knownDealer(configFor), jsonBody(SMALL_BODY_BYTES), validJson(regoBody), async (c) => {
      try {
        const vehicle = await lookup(c.req.valid('json'));
        if (!vehicle) return send(c, problem(404, 'No vehicle found for that registration'));
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
