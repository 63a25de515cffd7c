/**
 * Acknowledging a delivered lead (docs/decisions/lead-response.md), mounted under /api:
 *
 * - GET  /leads/:id/ack?t=<token>  the "I've got this" link: a small page with one button. A GET
 *   changes nothing, because mail scanners open every link in a message before anyone reads it.
 * - POST /leads/:id/ack?t=<token>  the button: records the first response (later ones change nothing).
 * - POST /leads/ack                the CRM's callback `{ "lead_id": "…" }`, signed like our webhooks
 *   (`X-Lead-Signature: sha256=<hex HMAC of the raw body>`) with one of the dealer's webhook secrets.
 *
 * Every acknowledgement stops the lead's escalation, for the whole thread it is in.
 */
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { DealerConfigs } from '../../platform/config/dealer-configs';
import type { DealerConfig } from '../../platform/config/schema';
import type { AppEnv } from '../../platform/http/app-env';
import { answerFaults, problem, send } from '../../platform/http/answers';
import { parseJson, SMALL_BODY_BYTES, limitBody } from '../../platform/http/request-body';
import { UNKNOWN_DEALER } from '../../platform/http/dealer-site';
import { escapeHtml } from '../../platform/formats/text';
import { signatureHeader, verifyWebhookSignature } from '../delivery/webhook';
import type { LeadStorage } from './routes';
import { memoryLeadLimiter, rateLimit } from './rate-limit';
import { acknowledgeLead, type AckResult } from './response-store';
import { leadAckSecret, verifyAckToken } from './response-tracking';

export interface LeadAckApiOptions {
  storage: LeadStorage | undefined;
  configs: Pick<DealerConfigs, 'get'>;
  env?: NodeJS.ProcessEnv;
  root?: string;
  log?: (message: string, error?: unknown) => void;
}

/** The CRM's callback body: the lead's id, as delivered. */
export const crmAckSchema = z.strictObject({ lead_id: z.string().min(1).max(100) });

const MAX_ID_LENGTH = 100;

/** The secrets the dealer's webhooks are signed with, from the environment variables its file names. */
function webhookSecrets(site: DealerConfig, env: NodeJS.ProcessEnv): string[] {
  return site.leads.destinations.flatMap((d) => (d.type === 'webhook' && env[d.secret_env]?.trim() ? [env[d.secret_env]!.trim()] : []));
}

function page(c: Context<AppEnv>, status: 200 | 403 | 404, title: string, body: string): Response {
  c.header('Cache-Control', 'no-store');
  c.header('Referrer-Policy', 'no-referrer');
  c.header('X-Robots-Tag', 'noindex');
  return c.html(
    `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`,
    status,
  );
}

const minutesText = (ms: number): string => {
  const minutes = Math.max(0, Math.round(ms / 60_000));
  return minutes < 120 ? `${minutes} minute${minutes === 1 ? '' : 's'}` : `${Math.round(minutes / 6) / 10} hours`;
};

function answerOf(result: Exclude<AckResult, { kind: 'not_found' }>, leadId: string) {
  return {
    id: leadId,
    acknowledged_at: result.acknowledgedAt.toISOString(),
    first_response_seconds: Math.round((result.acknowledgedAt.getTime() - result.receivedAt.getTime()) / 1000),
    already: result.kind === 'already',
  };
}

export function createLeadAckApi({ storage, configs, env = process.env, root = process.cwd(), log = console.error }: LeadAckApiOptions): Hono<AppEnv> {
  const api = new Hono<AppEnv>();
  const now = storage?.now ?? Date.now;
  const limited = rateLimit(storage?.rateLimiter ?? memoryLeadLimiter(env), 'leads', env);
  let secret: string | undefined;
  const ackSecret = () => (secret ??= leadAckSecret(env, root));
  api.onError(
    answerFaults({ log, logAs: 'could not record the acknowledgement', answer: 'The acknowledgement could not be recorded just now. Please try again.' }),
  );

  /** The link's lead, when the token is its own and the Host's dealer has one. */
  function linkLead(c: Context<AppEnv>): { dealer: string; id: string } | undefined {
    const dealer = c.get('dealer');
    const id = c.req.param('id') ?? '';
    if (dealer === null || id.length > MAX_ID_LENGTH) return undefined;
    return verifyAckToken(ackSecret(), id, c.req.query('t')) ? { dealer, id } : undefined;
  }
  const invalidLink = (c: Context<AppEnv>) => page(c, 403, 'This link is not valid', '<p>Open the link from the lead email as it was sent.</p>');

  api.get('/leads/:id/ack', limited, (c) => {
    const lead = linkLead(c);
    if (!lead) return invalidLink(c);
    const action = `/api/leads/${encodeURIComponent(lead.id)}/ack?t=${encodeURIComponent(c.req.query('t') ?? '')}`;
    return page(
      c,
      200,
      'Answering this lead?',
      `<p>Press the button to tell the team you have it. The lead stops escalating and the time of your first response is kept.</p><form method="post" action="${escapeHtml(action)}"><button type="submit">I’ve got this</button></form>`,
    );
  });

  api.post('/leads/:id/ack', limited, async (c) => {
    const lead = linkLead(c);
    if (!lead) return invalidLink(c);
    if (!storage) return page(c, 404, 'Lead storage is not configured', '');
    const result = await acknowledgeLead(storage.database.db, { dealer: lead.dealer, leadId: lead.id, by: 'link', now: new Date(now()) });
    if (result.kind === 'not_found') return page(c, 404, 'Lead not found', '<p>It may have been removed.</p>');
    const after = minutesText(result.acknowledgedAt.getTime() - result.receivedAt.getTime());
    return result.kind === 'acknowledged'
      ? page(c, 200, 'Thanks, it’s yours', `<p>Recorded: first response ${escapeHtml(after)} after the lead came in.</p>`)
      : page(c, 200, 'Already acknowledged', `<p>Someone acknowledged this lead ${escapeHtml(after)} after it came in.</p>`);
  });

  api.post('/leads/ack', limited, limitBody(SMALL_BODY_BYTES), async (c) => {
    const dealer = c.get('dealer');
    if (dealer === null) return send(c, UNKNOWN_DEALER);
    if (!storage) return send(c, problem(503, 'Lead storage is not configured'));
    const raw = await c.req.text();
    // The signature is checked before anything in the body is read.
    const secrets = webhookSecrets(await configs.get(dealer), env);
    if (secrets.length === 0) return send(c, problem(403, 'This dealer has no webhook secret to sign acknowledgements with.'));
    const signature = c.req.header(signatureHeader);
    if (!secrets.some((s) => verifyWebhookSignature(raw, s, signature))) return send(c, problem(401, `The ${signatureHeader} signature does not match.`));
    const read = parseJson(raw);
    const parsed = read.ok ? crmAckSchema.safeParse(read.body) : undefined;
    if (!parsed?.success) return send(c, problem(400, 'Send { "lead_id": "<the lead id>" }.', { lead_id: 'Must be the id of a delivered lead.' }));
    const result = await acknowledgeLead(storage.database.db, { dealer, leadId: parsed.data.lead_id, by: 'crm', now: new Date(now()) });
    if (result.kind === 'not_found') return send(c, problem(404, 'Lead not found'));
    return c.json(answerOf(result, parsed.data.lead_id), 200);
  });

  return api;
}
