/**
 * Extra values against a lead (mounted at /api):
 *
 *   POST /miscellaneous  {lead_id?, column_name, ...values} → 201 {id}
 *
 * Every key besides lead_id and column_name is a value to keep, as sent. The values may only
 * point at one of the dealer's own leads; without lead storage the route answers 503.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import type { Database } from '../../platform/db/open';
import { isRecord } from '../../platform/formats/records';
import { answerFaults, CHECK_FIELDS, problem, send } from '../../platform/http/answers';
import { knownDealer, type ConfigFor, type SiteEnv } from '../../platform/http/dealer-site';
import type { Log } from '../../platform/http/outbound';
import { jsonBody, SMALL_BODY_BYTES, validJson } from '../../platform/http/request-body';
import { leadIdField } from '../model/valuation-request';
import { keepExtraValues } from './miscellaneous-store';
import { checkStorable } from './storable';
import { dealerHasLead } from './store';
import type { RateLimiter } from '../../platform/http/rate-limit';
import { memoryLeadLimiter, rateLimit } from './rate-limit';

export interface MiscellaneousApiOptions {
  configFor: ConfigFor;
  database?: Database;
  log: Log;
  /** Per-client limit (its own bucket); by default counted in memory at LEADS_RATE_LIMIT_PER_MINUTE. */
  rateLimiter?: RateLimiter;
  /** TRUST_PROXY and LEADS_RATE_LIMIT_PER_MINUTE. */
  env?: NodeJS.ProcessEnv;
}

const columnName = z
  .string({ error: 'column_name is required' })
  .regex(/^[a-z][a-z0-9_]{0,62}$/, { error: 'column_name must be lowercase letters, digits and underscores, e.g. "valuation"' });

/**
 * The body split into its column, its lead and the values. The values' text is refused the
 * way a typed value is (control characters too), and they nest at most 8 deep.
 */
const extraValuesBody = z.custom<Record<string, unknown>>(isRecord, { error: 'Send an object' }).transform((body, ctx) => {
  // Rest properties copy a '__proto__' key as plain data, never as the values' prototype.
  const { lead_id: rawLead, column_name: rawColumn, ...values } = body;
  const refuse = (message: string, field?: string) => ctx.addIssue({ code: 'custom', message, ...(field ? { path: [field] } : {}) });
  const column = columnName.safeParse(rawColumn);
  if (!column.success) refuse(column.error.issues[0]?.message ?? 'Invalid', 'column_name');
  const lead = rawLead === undefined || rawLead === null ? undefined : leadIdField.safeParse(rawLead);
  if (lead && !lead.success) refuse('Unknown lead', 'lead_id');
  const storable = Object.keys(values).length > 0 && checkStorable(values, { maxDepth: 8, refuse: 'controls' }).ok;
  if (Object.keys(values).length === 0) refuse('Send at least one value besides column_name and lead_id');
  else if (!storable) refuse('A value contains characters that are not allowed, or is nested too deeply');
  if (!column.success || (lead && !lead.success) || !storable) return z.NEVER;
  return { column: column.data, leadId: lead?.data, values };
});

export function createMiscellaneousApi({ configFor, database, log, rateLimiter, env = process.env }: MiscellaneousApiOptions): Hono<SiteEnv> {
  const api = new Hono<SiteEnv>();
  api.onError(answerFaults({ log }));
  const limited = rateLimit(rateLimiter ?? memoryLeadLimiter(env), 'miscellaneous', env);

  api.post('/miscellaneous', knownDealer(configFor), limited, jsonBody(SMALL_BODY_BYTES), validJson(extraValuesBody), async (c) => {
    const site = c.get('site');
    const { column, leadId, values } = c.req.valid('json');
    if (!database) return send(c, problem(503, 'Lead storage is not available on this server.'));
    if (leadId && !(await dealerHasLead(database.db, site.slug, leadId))) return send(c, problem(400, CHECK_FIELDS, { lead_id: 'Unknown lead' }));
    const id = await keepExtraValues(database.db, { dealer: site.slug, leadId, column, values });
    return send(c, { status: 201, body: { id } });
  });

  return api;
}
