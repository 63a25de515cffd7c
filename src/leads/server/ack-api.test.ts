import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { leadResponses } from '../../platform/db/schema';
import { DEALER, editedDealers, enquiry, NOW, send, testApp } from '../../../tests/support/lead-api';
import { resetTestDatabase, routeTestDatabaseKinds, useTestDatabase } from '../../../tests/support/test-databases';
import { signWebhook } from '../delivery/webhook';
import { ackToken } from './response-tracking';

const ACK_SECRET = 'ack-secret-for-tests-0123456789abcdef';
const HOOK_SECRET = 'whsec_crm_0123456789';
const dealersDir = editedDealers((dealer) => {
  const leads = (dealer.leads ?? {}) as Record<string, unknown>;
  dealer.leads = { ...leads, destinations: [{ type: 'webhook', url: 'https://crm.example/leads', secret_env: 'KINGFISHER_HOOK_SECRET' }] };
});

describe.each(routeTestDatabaseKinds())('acknowledging a lead on %s', (kind) => {
  const db = useTestDatabase(kind);
  let clock = NOW;
  const app = () =>
    testApp({
      database: db.current,
      dealersDir,
      env: { LEAD_ACK_SECRET: ACK_SECRET, KINGFISHER_HOOK_SECRET: HOOK_SECRET, LEADS_OUTBOX_DIR: 'off' },
      now: () => clock,
    });

  beforeEach(async () => {
    await resetTestDatabase(db.current);
    clock = NOW;
  });

  async function newLead(): Promise<string> {
    const created = await send(app(), { body: enquiry(), key: `key-${Math.random().toString(36).slice(2)}` });
    expect(created.status).toBe(201);
    return created.body.id as string;
  }
  const tracked = async (id: string) => (await db.current.db.select().from(leadResponses).where(eq(leadResponses.lead_id, id)))[0];

  it('records a delivered lead for tracking when it is stored', async () => {
    const id = await newLead();
    expect(await tracked(id)).toMatchObject({ dealer: DEALER, source: 'Website', acknowledged_at: null, thread_id: id });
  });

  it('shows a page with a button on GET, changing nothing, and records the first response on POST', async () => {
    const id = await newLead();
    const link = `/api/leads/${id}/ack?t=${ackToken(ACK_SECRET, id)}`;
    const page = await send(app(), { method: 'GET', path: link });
    expect(page.status).toBe(200);
    expect(page.body.text).toContain('<form method="post"');
    expect(page.body.text).toContain('I’ve got this');
    expect((await tracked(id))?.acknowledged_at).toBeNull();

    clock = NOW + 7 * 60_000;
    const posted = await send(app(), { method: 'POST', path: link, body: '', contentType: 'application/x-www-form-urlencoded' });
    expect(posted.status).toBe(200);
    expect(posted.body.text).toContain('first response 7 minutes after the lead came in');
    expect(await tracked(id)).toMatchObject({ acknowledged_at: new Date(clock), acknowledged_by: 'link' });
  });

  it('refuses a link whose token is not the lead’s own', async () => {
    const id = await newLead();
    const other = await newLead();
    for (const token of ['', 'nonsense', ackToken(ACK_SECRET, other), ackToken('another-secret-0123456789abcdef', id)]) {
      const answer = await send(app(), { method: 'POST', path: `/api/leads/${id}/ack?t=${token}`, body: '' });
      expect(answer.status).toBe(403);
    }
    expect((await tracked(id))?.acknowledged_at).toBeNull();
  });

  it('takes the CRM’s callback signed like our webhooks, once', async () => {
    const id = await newLead();
    const body = JSON.stringify({ lead_id: id });
    clock = NOW + 90_000;
    const first = await send(app(), { path: '/api/leads/ack', body, headers: { 'x-lead-signature': signWebhook(body, HOOK_SECRET) } });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ id, acknowledged_at: new Date(clock).toISOString(), first_response_seconds: 90, already: false });

    clock = NOW + 600_000;
    const again = await send(app(), { path: '/api/leads/ack', body, headers: { 'x-lead-signature': signWebhook(body, HOOK_SECRET) } });
    expect(again.body).toMatchObject({ first_response_seconds: 90, already: true });
    expect(await tracked(id)).toMatchObject({ acknowledged_by: 'crm', acknowledged_at: new Date(NOW + 90_000) });
  });

  it('refuses an unsigned or wrongly signed callback, and a lead that is not the dealer’s', async () => {
    const id = await newLead();
    const body = JSON.stringify({ lead_id: id });
    expect((await send(app(), { path: '/api/leads/ack', body })).status).toBe(401);
    expect((await send(app(), { path: '/api/leads/ack', body, headers: { 'x-lead-signature': signWebhook(body, 'wrong-secret') } })).status).toBe(401);
    const unknown = JSON.stringify({ lead_id: 'no-such-lead' });
    expect((await send(app(), { path: '/api/leads/ack', body: unknown, headers: { 'x-lead-signature': signWebhook(unknown, HOOK_SECRET) } })).status).toBe(404);
    const hostile = JSON.stringify({ lead_id: id, extra: '<script>' });
    expect((await send(app(), { path: '/api/leads/ack', body: hostile, headers: { 'x-lead-signature': signWebhook(hostile, HOOK_SECRET) } })).status).toBe(400);
    expect((await tracked(id))?.acknowledged_at).toBeNull();
  });
});
