/**
 * How the assistant's lead tools send a lead: through the /leads route the site's forms post to,
 * the same router instance (so the same per-address limit counts both), called in-process for the
 * dealer the endpoint's Host named, with the caller's connection (bindings) and forwarded address,
 * so the limit counts the assistant's address, not the server's. Validation by the dealer's form
 * schemas, the booking check, idempotency, storage and the outbox rows all happen there, once.
 */
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../../platform/http/app-env';
import type { SiteEnv } from '../../platform/http/dealer-site';
import { IDEMPOTENCY_HEADER } from '../../leads/server/idempotency';
import { ASSISTANT_SOURCE } from '../../leads/model/payload';

export { ASSISTANT_SOURCE };

export interface LeadAnswer {
  status: number;
  body: Record<string, unknown>;
}

export type LeadSender = (c: Context<SiteEnv>, body: { lead: Record<string, unknown> }, idempotencyKey?: string) => Promise<LeadAnswer>;

/** Headers of the caller's request the lead route reads: the address behind a proxy, the client. */
const FORWARDED = ['x-forwarded-for', 'user-agent'] as const;

export function leadSender(leadsApi: Hono<AppEnv>): LeadSender {
  return async (c, body, idempotencyKey) => {
    const dealer = c.get('dealer');
    const inner = new Hono<AppEnv>();
    inner.use('*', async (ic, next) => {
      ic.set('dealer', dealer);
      ic.set('devHost', c.get('devHost'));
      await next();
    });
    inner.route('/', leadsApi);
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    for (const name of FORWARDED) {
      const value = c.req.header(name);
      if (value !== undefined) headers[name] = value;
    }
    if (idempotencyKey) headers[IDEMPOTENCY_HEADER] = idempotencyKey;
    const response = await inner.request('/leads', { method: 'POST', headers, body: JSON.stringify(body) }, c.env);
    const text = await response.text();
    let parsed: Record<string, unknown>;
    try {
      parsed = JSON.parse(text) as Record<string, unknown>;
    } catch {
      parsed = { error: text.slice(0, 200) };
    }
    return { status: response.status, body: parsed };
  };
}
