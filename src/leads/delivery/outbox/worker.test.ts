import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DealerConfig } from '../../../platform/config/schema';
import { verifyWebhookSignature, type WebhookBody } from '../webhook';
import { leadFiles, outbox } from '../../../platform/db/schema';
import { checkFileLink, FILE_LINK_LIFE_MS } from '../../server/file-links';
import { resetTestDatabase, testDatabaseKinds, useTestDatabase } from '../../../../tests/support/test-databases';
import { requeueDead, requeueDelivery } from './queue';
import { insertLead, startReceiver, startSmtpServer, type TestReceiver, type TestSmtpServer } from '../../../../tests/support/outbox';
import { dealerFileCopy } from '../../../../tests/support/test-site';
import { startOutboxWorker, type OutboxWorkerOptions } from './worker';
import { createDeliveryHealth } from './health';
import { knowDealers } from '../../../platform/metrics/metrics';
import { labelValues, metricValue } from '../../../../tests/support/metrics';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const T0 = new Date('2025-11-21T00:00:00Z');
const SECRET = 'whsec_test_0123456789';
const ACK_SECRET = 'ack-secret-for-tests-0123456789abcdef';

/** RFC 2047 encoded words (Q and B), as nodemailer writes non-ASCII headers. */
const decodeWords = (header: string): string =>
  header.replace(/=\?UTF-8\?([QB])\?([^?]*)\?=(?:\s+(?==\?))?/gi, (_, enc: string, text: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(
          text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          'latin1',
        ).toString('utf8'),
  );
const decodeQuotedPrintable = (text: string): string =>
  Buffer.from(
    text
      .replace(/\r\n/g, '\n')
      .replace(/=\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

const base = dealerFileCopy('kingfisher-toyota');
const withDestinations = (destinations: DealerConfig['leads']['destinations']): DealerConfig => ({ ...base, leads: { ...base.leads, destinations } });

describe.each(testDatabaseKinds())('outbox worker on %s', (kind) => {
  const db = useTestDatabase(kind);
  let outboxRoot: string;
  let receiver: TestReceiver;
  let clock: Date;
  const logs: string[] = [];

  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
  });
  beforeEach(async () => {
    await resetTestDatabase(db.current);
    outboxRoot = mkdtempSync(path.join(os.tmpdir(), 'outbox-'));
    receiver.received.length = 0;
    receiver.status = 200;
    clock = T0;
    logs.length = 0;
  });
  afterEach(() => rmSync(outboxRoot, { recursive: true, force: true }));

  function worker(site: DealerConfig, options: Partial<OutboxWorkerOptions> = {}) {
    return startOutboxWorker({
      database: db.current,
      configFor: (slug) => (slug === site.slug ? site : undefined),
      env: { LEADS_OUTBOX_DIR: outboxRoot, HOOK_SECRET: SECRET },
      now: () => clock,
      log: (m) => logs.push(m),
      pollMs: 0,
      vehicleFor: () => undefined,
      ...options,
    });
  }

  const rowsOf = (leadId: string) => db.current.db.select().from(outbox).where(eq(outbox.lead_id, leadId)).orderBy(outbox.destination);

  it('writes the JSON and ADF/XML to the outbox folder, and rewrites them harmlessly on redelivery', async () => {
    const leadId = await insertLead(db.current, {
      created_at: T0,
      data: { name: 'Jane <b>Citizen</b>', email: 'jane@example.com', phone: '0412 345 678', message: 'a & b' },
    });
    const w = worker(base);
    expect(await w.runOnce()).toEqual({ delivered: 1, failed: 0, dead: 0 });
    const folder = path.join(outboxRoot, 'kingfisher-toyota');
    expect(readdirSync(folder).sort()).toEqual([`${leadId}.adf.xml`, `${leadId}.json`]);
    const json = JSON.parse(readFileSync(path.join(folder, `${leadId}.json`), 'utf8')) as WebhookBody;
    expect(json).toMatchObject({ id: leadId, dealer: 'kingfisher-toyota', status: 'Complete', data: { name: 'Jane <b>Citizen</b>' } });
    const xml = readFileSync(path.join(folder, `${leadId}.adf.xml`), 'utf8');
    expect(xml).toContain('<?ADF VERSION "1.0"?>');
    expect(xml).toContain('<name part="last">&lt;b&gt;Citizen&lt;/b&gt;</name>');
    const [row] = await rowsOf(leadId);
    expect(row).toMatchObject({ status: 'delivered', attempts: 1, last_error: null, delivered_at: T0 });

    // As after a crash between delivering and recording: the row is pending again.
    await db.current.db.update(outbox).set({ status: 'pending', next_attempt_at: T0 }).where(eq(outbox.lead_id, leadId));
    expect(await w.runOnce()).toEqual({ delivered: 1, failed: 0, dead: 0 });
    expect(readdirSync(folder).sort()).toEqual([`${leadId}.adf.xml`, `${leadId}.json`]);
    expect(readFileSync(path.join(folder, `${leadId}.adf.xml`), 'utf8')).toBe(xml);
    await w.stop();
  });

  it('gives each file sent with the lead a signed link on the dealer’s site, in the JSON and the ADF alike', async () => {
    const leadId = await insertLead(db.current, { created_at: T0, form: 'trade_in', category: 'sell-my-car' });
    const fileId = '9b1d7c0e-1111-4b7e-9d59-0b5a1f0e2a22';
    await db.current.db.insert(leadFiles).values({
      id: fileId,
      lead_id: leadId,
      field: 'vehicle_photos',
      stored_name: '0f0c1a52-7f0e-4b7e-9d59-0b5a1f0e2a33',
      content_type: 'image/jpeg',
      size: 2048,
    });
    const w = worker(base, { ackSecret: ACK_SECRET });
    expect(await w.runOnce()).toEqual({ delivered: 1, failed: 0, dead: 0 });
    const folder = path.join(outboxRoot, 'kingfisher-toyota');
    const json = JSON.parse(readFileSync(path.join(folder, `${leadId}.json`), 'utf8')) as WebhookBody;
    const [file] = json.files;
    expect(file).toMatchObject({ id: fileId, field: 'vehicle_photos', content_type: 'image/jpeg', size: 2048 });
    expect(file).not.toHaveProperty('stored_name');
    const link = new URL(file?.url ?? '');
    expect(`${link.origin}${link.pathname}`).toBe(`${base.url.replace(/\/+$/, '')}/api/leads/${leadId}/files/${fileId}`);
    expect(file?.url_expires_at).toBe(new Date(T0.getTime() + FILE_LINK_LIFE_MS).toISOString());
    const parts = { leadId, fileId, key: link.searchParams.get('key') ?? undefined };
    expect(checkFileLink(ACK_SECRET, parts, T0.getTime())).toBe('valid');
    expect(checkFileLink('another-secret-0123456789abcdef', parts, T0.getTime())).toBe('invalid');
    expect(readFileSync(path.join(folder, `${leadId}.adf.xml`), 'utf8')).toContain(`Photos of the car 1 of 1 (JPEG): ${file?.url ?? ''}`);
    await w.stop();
  });

  it('replies to the shopper through the shopper mail path: a mail file naming the car, the hostile name escaped', async () => {
    const leadId = await insertLead(db.current, {
      created_at: T0,
      data: { name: '<script>alert(1)</script> Citizen', email: 'jane@example.com', phone: '0412 345 678', message: 'Hi', car_id: '7' },
      destinations: ['shopper_reply'],
    });
    const w = worker(base, { vehicleFor: (_site, id) => (id === '7' ? { id: 7, name: '2021 Toyota Corolla Ascent Sport' } : undefined) });
    expect(await w.runOnce()).toEqual({ delivered: 1, failed: 0, dead: 0 });
    const mailDir = path.join(outboxRoot, 'kingfisher-toyota', 'mail');
    const [file] = readdirSync(mailDir);
    const eml = readFileSync(path.join(mailDir, String(file)), 'utf8');
    expect(eml).toMatch(/^To: jane@example.com$/m);
    expect(decodeWords(eml)).toContain('Your enquiry about the 2021 Toyota Corolla Ascent Sport');
    expect(eml).toMatch(/^Auto-Submitted: auto-replied$/m);
    expect(eml).toMatch(new RegExp(`^X-Lead-Delivery-Id: ${leadId}:shopper_reply$`, 'im'));
    expect(eml).toMatch(/^Reply-To: sales@kingfishertoyota.example$/m);
    const html = decodeQuotedPrintable(eml.slice(eml.indexOf('Content-Type: text/html')));
    expect(html).toContain('Hi &#60;script&#62;alert(1)&#60;/script&#62;,');
    expect(html).not.toContain('<script>');
    expect(await rowsOf(leadId)).toMatchObject([{ destination: 'shopper_reply', status: 'delivered' }]);
    await w.stop();
  });

  it('owes no reply once the dealer turns replies off, and never replies to a quarantined lead', async () => {
    const off = { ...base, leads: { ...base.leads, shopper_reply: { enabled: false } } };
    const leadId = await insertLead(db.current, { created_at: T0, destinations: ['shopper_reply'] });
    const spam = await insertLead(db.current, { created_at: T0, destinations: ['shopper_reply'], quarantine_reason: 'honeypot' });
    const w = worker(off);
    expect(await w.runOnce()).toEqual({ delivered: 1, failed: 0, dead: 1 });
    expect(await rowsOf(leadId)).toMatchObject([{ status: 'delivered' }]);
    expect(await rowsOf(spam)).toMatchObject([{ status: 'dead' }]);
    expect(readdirSync(outboxRoot)).toEqual([]);
    await w.stop();
  });

  it('keeps the lead and retries when the outbox folder cannot be written, says so in health, and clears it once written', async () => {
    const blocker = path.join(outboxRoot, 'not-a-folder');
    writeFileSync(blocker, '');
    const leadId = await insertLead(db.current, { created_at: T0 });
    const health = createDeliveryHealth(() => clock);
    const blocked = worker(base, { env: { LEADS_OUTBOX_DIR: path.join(blocker, 'outbox') }, health });
    expect(await blocked.runOnce()).toEqual({ delivered: 0, failed: 1, dead: 0 });
    expect(await rowsOf(leadId)).toMatchObject([{ status: 'pending', attempts: 1, last_error: 'could not write to the outbox folder (ENOTDIR)' }]);
    expect(health.problems()).toEqual([{ channel: 'outbox folder', reason: 'could not write to the outbox folder (ENOTDIR)', since: T0.toISOString() }]);
    expect(logs.join('\n')).toMatch(/folder for lead .* failed \(attempt 1\): could not write to the outbox folder \(ENOTDIR\); next try at/);
    await blocked.stop();
    clock = new Date(T0.getTime() + MINUTE);
    const fixed = worker(base, { health });
    expect(await fixed.runOnce()).toEqual({ delivered: 1, failed: 0, dead: 0 });
    expect(health.problems()).toEqual([]);
    await fixed.stop();
  });

  it('writes the outbox copies for the server’s user only: files 0600 in a 0700 folder', async () => {
    const leadId = await insertLead(db.current, { created_at: T0 });
    const w = worker(base);
    await w.runOnce();
    const folder = path.join(outboxRoot, 'kingfisher-toyota');
    expect(statSync(folder).mode & 0o777).toBe(0o700);
    for (const name of [`${leadId}.json`, `${leadId}.adf.xml`]) expect(statSync(path.join(folder, name)).mode & 0o777).toBe(0o600);
    await w.stop();
  });

  it('posts signed JSON to a webhook once, with the delivery id', async () => {
    const site = withDestinations([{ type: 'webhook', url: receiver.url, secret_env: 'HOOK_SECRET' }]);
    const leadId = await insertLead(db.current, { created_at: T0, destinations: ['folder', 'webhook:0'] });
    const w = worker(site);
    expect(await w.runOnce()).toEqual({ delivered: 2, failed: 0, dead: 0 });
    expect(await w.runOnce()).toEqual({ delivered: 0, failed: 0, dead: 0 });
    expect(receiver.received).toHaveLength(1);
    const [request] = receiver.received;
    expect(request?.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(request?.headers['x-lead-delivery-id']).toBe(`${leadId}:webhook:0`);
    expect(verifyWebhookSignature(request?.body ?? '', SECRET, request?.headers['x-lead-signature'] as string)).toBe(true);
    expect(verifyWebhookSignature(request?.body ?? '', 'wrong', request?.headers['x-lead-signature'] as string)).toBe(false);
    expect((JSON.parse(request?.body ?? '{}') as WebhookBody).id).toBe(leadId);
    await w.stop();
  });

  it('counts each delivery in the metrics by dealer, destination kind and outcome, naming no address', async () => {
    knowDealers(['kingfisher-toyota']);
    const count = (destination: string, outcome: string) => metricValue('lead_deliveries_total', { dealer: 'kingfisher-toyota', destination, outcome });
    const before = { folder: await count('folder', 'delivered'), webhook: await count('webhook', 'failed'), dead: await count('folder', 'dead') };
    receiver.status = 503;
    const site = withDestinations([{ type: 'webhook', url: receiver.url, secret_env: 'HOOK_SECRET' }]);
    await insertLead(db.current, { created_at: T0, destinations: ['folder', 'webhook:0'] });
    await insertLead(db.current, { created_at: T0, quarantine_reason: 'honeypot' });
    const w = worker(site);
    expect(await w.runOnce()).toEqual({ delivered: 1, failed: 1, dead: 1 });
    expect(await count('folder', 'delivered')).toBe(before.folder + 1);
    expect(await count('webhook', 'failed')).toBe(before.webhook + 1);
    expect(await count('folder', 'dead')).toBe(before.dead + 1);
    expect([...(await labelValues('lead_deliveries_total', 'destination'))].filter((kind) => kind.includes(':') || kind.includes('http'))).toEqual([]);
    await w.stop();
  });

  it('backs off 1 min, 5 min, 15 min, 1 h, then every 3 h, and is dead at 72 hours', async () => {
    receiver.status = 503;
    const site = withDestinations([{ type: 'webhook', url: receiver.url, secret_env: 'HOOK_SECRET' }]);
    const leadId = await insertLead(db.current, { created_at: T0, destinations: ['webhook:0'] });
    const w = worker(site);
    const waits: number[] = [];
    let result = await w.runOnce();
    for (let guard = 0; guard < 60; guard++) {
      const [row] = await rowsOf(leadId);
      if (!row || row.status !== 'pending') break;
      expect(row.last_error).toBe('the webhook answered HTTP 503');
      waits.push(row.next_attempt_at.getTime() - clock.getTime());
      // Just before it is due, nothing happens.
      clock = new Date(row.next_attempt_at.getTime() - 1000);
      expect(await w.runOnce()).toEqual({ delivered: 0, failed: 0, dead: 0 });
      clock = row.next_attempt_at;
      result = await w.runOnce();
    }
    const threeHourTries = Math.floor((72 * HOUR - 81 * MINUTE) / (3 * HOUR));
    expect(waits).toEqual([
      MINUTE,
      5 * MINUTE,
      15 * MINUTE,
      HOUR,
      ...Array<number>(threeHourTries).fill(3 * HOUR),
      72 * HOUR - 81 * MINUTE - threeHourTries * 3 * HOUR,
    ]);
    expect(clock.getTime() - T0.getTime()).toBe(72 * HOUR);
    expect(result).toEqual({ delivered: 0, failed: 0, dead: 1 });
    const [row] = await rowsOf(leadId);
    expect(row).toMatchObject({ status: 'dead', attempts: waits.length + 1, last_error: 'the webhook answered HTTP 503' });
    expect(receiver.received).toHaveLength(waits.length + 1);
    expect(logs.at(-1)).toContain(`--retry ${row?.id}`);

    // Retry: requeued, delivered once the receiver is back.
    receiver.status = 204;
    clock = new Date(T0.getTime() + 100 * HOUR);
    expect(await requeueDelivery(db.current, row?.id ?? 0, { now: clock })).toBe('dead');
    expect(await w.runOnce()).toEqual({ delivered: 1, failed: 0, dead: 0 });
    expect((await rowsOf(leadId))[0]).toMatchObject({ status: 'delivered', delivered_at: clock });
    expect(await requeueDelivery(db.current, row?.id ?? 0, { now: clock })).toBe('delivered');
    expect(await w.runOnce()).toEqual({ delivered: 0, failed: 0, dead: 0 });
    await w.stop();
  });

  it('a row requeued after 72 hours gets one try, then is dead again; --retry-dead requeues every dead row', async () => {
    receiver.status = 500;
    const site = withDestinations([{ type: 'webhook', url: receiver.url, secret_env: 'HOOK_SECRET' }]);
    const first = await insertLead(db.current, { created_at: T0, destinations: ['webhook:0'] });
    const second = await insertLead(db.current, { created_at: T0, destinations: ['webhook:0'] });
    clock = new Date(T0.getTime() + 80 * HOUR);
    const w = worker(site);
    expect(await w.runOnce()).toEqual({ delivered: 0, failed: 0, dead: 2 });
    expect(await requeueDead(db.current, { now: clock })).toBe(2);
    expect(await w.runOnce()).toEqual({ delivered: 0, failed: 0, dead: 2 });
    receiver.status = 200;
    expect(await requeueDead(db.current, { dealer: 'someone-else', now: clock })).toBe(0);
    expect(await requeueDead(db.current, { dealer: 'kingfisher-toyota', now: clock })).toBe(2);
    expect(await w.runOnce()).toEqual({ delivered: 2, failed: 0, dead: 0 });
    expect((await rowsOf(first))[0]?.attempts).toBe(3);
    expect((await rowsOf(second))[0]?.status).toBe('delivered');
    await w.stop();
  });

  it('fails clearly when the webhook secret is not set, without leaking anything', async () => {
    const site = withDestinations([{ type: 'webhook', url: `${receiver.url}?token=abc123`, secret_env: 'MISSING_SECRET' }]);
    const leadId = await insertLead(db.current, { created_at: T0, destinations: ['webhook:0'] });
    const w = worker(site);
    expect(await w.runOnce()).toEqual({ delivered: 0, failed: 1, dead: 0 });
    const [row] = await rowsOf(leadId);
    expect(row).toMatchObject({
      status: 'pending',
      attempts: 1,
      last_error: 'the webhook secret is missing: set the environment variable MISSING_SECRET',
      next_attempt_at: new Date(T0.getTime() + MINUTE),
    });
    expect(receiver.received).toHaveLength(0);
    await w.stop();
  });

  it('keeps the receiver words and the URL out of last_error when the connection fails', async () => {
    const closed = await startReceiver();
    await closed.close();
    const site = withDestinations([{ type: 'webhook', url: `${closed.url}?token=abc123`, secret_env: 'HOOK_SECRET' }]);
    const leadId = await insertLead(db.current, { created_at: T0, destinations: ['webhook:0'] });
    const w = worker(site);
    expect(await w.runOnce()).toEqual({ delivered: 0, failed: 1, dead: 0 });
    const [row] = await rowsOf(leadId);
    expect(row?.last_error).toBe('the webhook request failed: ECONNREFUSED');
    receiver.status = 500;
    const site2 = withDestinations([{ type: 'webhook', url: receiver.url, secret_env: 'HOOK_SECRET' }]);
    const other = await insertLead(db.current, { created_at: T0, destinations: ['webhook:0'] });
    const w2 = worker(site2);
    await w2.runOnce();
    expect((await rowsOf(other))[0]?.last_error).not.toContain('secret internals');
    await Promise.all([w.stop(), w2.stop()]);
  });

  it('never delivers a quarantined or incomplete lead', async () => {
    const quarantined = await insertLead(db.current, { created_at: T0, quarantine_reason: 'honeypot' });
    const incomplete = await insertLead(db.current, { created_at: T0, status: 'Incomplete' });
    const w = worker(base);
    expect(await w.runOnce()).toEqual({ delivered: 0, failed: 0, dead: 2 });
    expect((await rowsOf(quarantined))[0]?.last_error).toBe('not delivered: the lead is quarantined (honeypot)');
    expect((await rowsOf(incomplete))[0]?.last_error).toBe('not delivered: the lead is Incomplete, not Complete');
    expect(readdirSync(outboxRoot)).toEqual([]);
    await w.stop();
  });

  it('retries when the dealer or its destination is gone from this server', async () => {
    const unknownDealer = await insertLead(db.current, { created_at: T0, dealer: 'gone-motors' });
    const removed = await insertLead(db.current, { created_at: T0, destinations: ['webhook:3'] });
    const w = worker(base);
    expect(await w.runOnce()).toEqual({ delivered: 0, failed: 2, dead: 0 });
    expect((await rowsOf(unknownDealer))[0]?.last_error).toBe('this server has no dealer "gone-motors"');
    expect((await rowsOf(removed))[0]?.last_error).toBe("webhook:3 is no longer in the dealer's leads.destinations");
    await w.stop();
  });

  it('delivers many rows in batches, each exactly once, even with two workers at it', async () => {
    const site = withDestinations([{ type: 'webhook', url: receiver.url, secret_env: 'HOOK_SECRET' }]);
    const ids = await Promise.all(Array.from({ length: 25 }, () => insertLead(db.current, { created_at: T0, destinations: ['webhook:0'] })));
    const a = worker(site, { batchSize: 4 });
    const b = worker(site, { batchSize: 4 });
    const [ra, rb] = await Promise.all([a.runOnce(), b.runOnce()]);
    expect((ra?.delivered ?? 0) + (rb?.delivered ?? 0)).toBe(25);
    expect(receiver.received).toHaveLength(25);
    expect(new Set(receiver.received.map((r) => r.headers['x-lead-delivery-id'])).size).toBe(25);
    expect(new Set(receiver.received.map((r) => r.headers['x-lead-delivery-id']))).toEqual(new Set(ids.map((id) => `${id}:webhook:0`)));
    await Promise.all([a.stop(), b.stop()]);
  });

  it('goes straight on with a backlog a run could not finish, without waiting for the next poll', async () => {
    const site = withDestinations([{ type: 'webhook', url: receiver.url, secret_env: 'HOOK_SECRET' }]);
    await Promise.all(Array.from({ length: 60 }, () => insertLead(db.current, { created_at: T0, destinations: ['webhook:0'] })));
    // One row a batch: a run stops after 50; the poll is an hour away.
    const w = worker(site, { batchSize: 1, pollMs: 3_600_000 });
    expect((await w.runOnce()).delivered).toBe(50);
    await expect.poll(() => receiver.received.length, { timeout: 10_000 }).toBe(60);
    await w.stop();
  });

  it('polls on its own when pollMs is set, and stop() ends it', async () => {
    const leadId = await insertLead(db.current, { created_at: T0 });
    const w = worker(base, { pollMs: 20 });
    for (let i = 0; i < 100 && (await rowsOf(leadId))[0]?.status !== 'delivered'; i++) await new Promise((r) => setTimeout(r, 20));
    expect((await rowsOf(leadId))[0]?.status).toBe('delivered');
    await w.stop();
  });

  describe('ADF email', () => {
    let smtp: TestSmtpServer;
    beforeAll(async () => {
      smtp = await startSmtpServer();
    });
    afterAll(async () => {
      await smtp.close();
    });
    beforeEach(() => {
      smtp.mails.length = 0;
      smtp.refuse = undefined;
    });

    it('sends ADF/XML as plain text through SMTP, with a subject no input can break out of', async () => {
      const site = withDestinations([{ type: 'adf_email', to: ['crm@kingfishertoyota.example', 'sales@kingfishertoyota.example'] }]);
      const leadId = await insertLead(db.current, {
        created_at: T0,
        category: 'used-vehicle-enquiry',
        destinations: ['adf_email:0'],
        data: { name: 'Eve\r\nBcc: victim@example.com\r\nX-Evil: 1', email: 'eve@example.com', phone: '0412 345 678', message: 'Hi\r\n.\r\nQUIT' },
      });
      const w = worker(site, { env: { SMTP_URL: smtp.url, SMTP_FROM: 'leads@platform.example', LEADS_OUTBOX_DIR: outboxRoot } });
      expect(await w.runOnce()).toEqual({ delivered: 1, failed: 0, dead: 0 });
      expect(smtp.mails).toHaveLength(1);
      const [mail] = smtp.mails;
      expect(mail?.to).toEqual(['<crm@kingfishertoyota.example>', '<sales@kingfishertoyota.example>']);
      const [head = '', ...bodyParts] = (mail?.data ?? '').split('\r\n\r\n');
      const body = bodyParts.join('\r\n\r\n');
      const headers = head.replace(/\r\n[ \t]+/g, ' ').split('\r\n');
      expect(decodeWords(headers.find((h) => h.startsWith('Subject: ')) ?? '')).toBe(
        'Subject: Lead: used-vehicle-enquiry – Eve Bcc: victim@example.com X-Evil: 1',
      );
      expect(headers.filter((h) => /^(bcc|x-evil):/i.test(h))).toEqual([]);
      expect(headers.map((h) => h.toLowerCase())).toContain(`x-lead-delivery-id: ${leadId}:adf_email:0`);
      expect(headers.find((h) => h.startsWith('From:'))).toBe('From: Kingfisher Toyota website <leads@platform.example>');
      expect(headers.find((h) => h.toLowerCase().startsWith('content-type:'))).toMatch(/^Content-Type: text\/plain; charset=utf-8/i);
      const text = headers.includes('Content-Transfer-Encoding: quoted-printable') ? decodeQuotedPrintable(body) : body;
      expect(text.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<?ADF VERSION "1.0"?>\n<adf>')).toBe(true);
      expect(text).toContain('<requestdate>2025-11-21T10:00:00+10:00</requestdate>');
      expect(text).toContain('<comments>Hi\n.\nQUIT\nCategory: used-vehicle-enquiry');
      expect(text.trimEnd().endsWith('</adf>')).toBe(true);
      await w.stop();
    });

    it('goes to the site email with no destinations configured, and records SMTP refusals', async () => {
      smtp.refuse = '451 4.3.0 mailbox busy';
      const leadId = await insertLead(db.current, { created_at: T0, destinations: ['adf_email:default'] });
      const health = createDeliveryHealth(() => clock);
      const w = worker(base, { env: { SMTP_URL: smtp.url }, health });
      expect(await w.runOnce()).toEqual({ delivered: 0, failed: 1, dead: 0 });
      expect((await rowsOf(leadId))[0]?.last_error).toMatch(/^the SMTP server refused or failed \(451\)/);
      // Visible in /api/health until a delivery through SMTP goes through.
      expect(health.problems()).toEqual([
        { channel: 'SMTP', reason: expect.stringMatching(/^the SMTP server refused or failed \(451\)/) as unknown, since: T0.toISOString() },
      ]);
      smtp.refuse = undefined;
      clock = new Date(T0.getTime() + MINUTE);
      expect(await w.runOnce()).toEqual({ delivered: 1, failed: 0, dead: 0 });
      expect(health.problems()).toEqual([]);
      expect(smtp.mails[0]?.to).toEqual(['<sales@kingfishertoyota.example>']);
      await w.stop();
    });

    it('fails clearly without SMTP_URL', async () => {
      const leadId = await insertLead(db.current, { created_at: T0, destinations: ['adf_email:default'] });
      const w = worker(base, { env: {} });
      expect(await w.runOnce()).toEqual({ delivered: 0, failed: 1, dead: 0 });
      expect((await rowsOf(leadId))[0]?.last_error).toBe('SMTP_URL is not set, so ADF email cannot be sent');
      await w.stop();
    });
  });
});
