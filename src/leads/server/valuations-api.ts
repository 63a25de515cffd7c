/**
 * Trade-in valuations (mounted at /api; the body is leads/model/valuation-request.ts):
 *
 *   POST /valuations      {lead_id?, rego?, regoState?, make, model, variant?, year, km, adjustmentAnswers?}
 *                         → 201 {id, estimate, currency} | {id, refused, message}
 *                           (200 with id null when no database is configured)
 *   PUT  /valuations/:id  {id?, adjustmentAnswers} → 200 {id, estimate, currency} | {id, refused, message}
 *   PUT  /valuations      {id, adjustmentAnswers}  → the same, id from the body
 *
 * A valuation links only to one of the dealer's own leads, and only the dealer that made it
 * may value it again. A valuation service that cannot answer is a 503.
 */
import { Hono, type Context } from 'hono';
import { every } from 'hono/combine';
import type { DealerConfig } from '../../platform/config/schema';
import type { Database } from '../../platform/db/open';
import { answerFaults, CHECK_FIELDS, problem, send, type Fields } from '../../platform/http/answers';
import { knownDealer, type ConfigFor, type SiteEnv } from '../../platform/http/dealer-site';
import { ProviderUnavailableError, type Log } from '../../platform/http/outbound';
import { jsonBody, SMALL_BODY_BYTES, validJson } from '../../platform/http/request-body';
import type { Providers } from '../../providers';
import type { TradeInResult } from '../../providers/valuation';
import { valuationRequestSchema, valuationUpdateSchema } from '../model/valuation-request';
import { dealerHasLead } from './store';
import type { RateLimiter } from '../../platform/http/rate-limit';
import { memoryLeadLimiter, rateLimit } from './rate-limit';
import { saveValuation, updateValuation, valuedCar, type Valuation, type ValuedCar } from './valuations-store';

export interface ValuationsApiOptions {
  configFor: ConfigFor;
  providers: Pick<Providers, 'valuation'>;
  /** Lead storage; without it an estimate is answered but not kept, and PUT answers 503. */
  database?: Database;
  now: () => number;
  log: Log;
  /** Per-client limit (its own bucket); by default counted in memory at LEADS_RATE_LIMIT_PER_MINUTE. */
  rateLimiter?: RateLimiter;
  /** TRUST_PROXY and LEADS_RATE_LIMIT_PER_MINUTE. */
  env?: NodeJS.ProcessEnv;
}

/** The ids this API gives valuations (randomUUID); anything else names no valuation. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const invalid = (c: Context, fields: Fields) => send(c, problem(400, CHECK_FIELDS, fields));
const noDatabase = (c: Context) => send(c, problem(503, 'Lead storage is not available on this server.'));

export function createValuationsApi({ configFor, providers, database, now, log, rateLimiter, env = process.env }: ValuationsApiOptions): Hono<SiteEnv> {
  const api = new Hono<SiteEnv>();
  api.onError(answerFaults({ log }));
  // Each request is a write (and maybe a call to a paid valuation service): counted per client.
  const limited = rateLimit(rateLimiter ?? memoryLeadLimiter(env), 'valuations', env);
  const dealer = every(knownDealer(configFor), limited);
  const body = jsonBody(SMALL_BODY_BYTES);

  /** The estimate, or undefined when the valuation service cannot answer. */
  async function value(site: DealerConfig, car: ValuedCar): Promise<TradeInResult | undefined> {
    try {
      return await providers.valuation({
        make: car.make,
        model: car.model,
        year: car.year,
        km: car.km,
        adjustmentAnswers: car.adjustmentAnswers,
        now: now(),
        market: site.region,
      });
    } catch (error) {
      if (error instanceof ProviderUnavailableError) return undefined;
      throw error;
    }
  }
  const unavailable = (c: Context) => send(c, problem(503, 'The valuation service is not available right now. Please try again shortly.'));
  const valuationOf = (site: DealerConfig, input: ValuedCar, result: TradeInResult): Valuation => ({
    input,
    market: site.region,
    result,
    valued_at: new Date(now()).toISOString(),
  });

  api.post('/valuations', dealer, body, validJson(valuationRequestSchema(now)), async (c) => {
    const site = c.get('site');
    const { lead_id, rego, regoState, variant, adjustmentAnswers = {}, ...car } = c.req.valid('json');
    // Without storage nothing is linked, so the lead id needs no check and the estimate still answers.
    if (lead_id && database && !(await dealerHasLead(database.db, site.slug, lead_id))) return invalid(c, { lead_id: 'Unknown lead' });

    const input: ValuedCar = {
      ...car,
      ...(rego ? { rego } : {}),
      ...(rego && regoState !== undefined && regoState !== null ? { regoState } : {}),
      ...(variant ? { variant } : {}),
      adjustmentAnswers,
    };
    const result = await value(site, input);
    if (!result) return unavailable(c);
    if (!database) return send(c, { status: 200, body: { id: null, ...result } });
    const id = await saveValuation(database.db, { dealer: site.slug, leadId: lead_id ?? undefined, data: valuationOf(site, input, result) });
    return send(c, { status: 201, body: { id, ...result } });
  });

  const revalue = validJson(valuationUpdateSchema);

  async function update(c: Context<SiteEnv>, pathId: string | undefined, sent: { id?: string | undefined; adjustmentAnswers: ValuedCar['adjustmentAnswers'] }) {
    const site = c.get('site');
    if (pathId !== undefined && sent.id !== undefined && sent.id !== pathId) return invalid(c, { id: 'Does not match the valuation in the address' });
    const id = pathId ?? sent.id;
    if (id === undefined) return invalid(c, { id: 'id is required' });
    if (!database) return noDatabase(c);

    const stored = UUID.test(id) ? await valuedCar(database.db, site.slug, id) : undefined;
    if (!stored) return send(c, problem(404, 'Unknown valuation'));
    const input = { ...stored, adjustmentAnswers: sent.adjustmentAnswers };
    const result = await value(site, input);
    if (!result) return unavailable(c);
    await updateValuation(database.db, { dealer: site.slug, id, data: valuationOf(site, input, result), at: new Date(now()) });
    return send(c, { status: 200, body: { id, ...result } });
  }

  api.put('/valuations/:id', dealer, body, revalue, (c) => update(c, c.req.param('id'), c.req.valid('json')));
  api.put('/valuations', dealer, body, revalue, (c) => update(c, undefined, c.req.valid('json')));
  return api;
}
