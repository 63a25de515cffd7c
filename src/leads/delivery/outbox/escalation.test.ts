import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DealerConfig } from '../../../platform/config/schema';
import { leadResponses, outbox } from '../../../platform/db/schema';
import { resetTestDatabase, testDatabaseKinds, useTestDatabase } from '../../../../tests/support/test-databases';
import { testSite } from '../../../../tests/support/test-site';
import { createLead, type LeadInput } from '../../server/store';
import { acknowledgeLead } from '../../server/response-store';
import { responseStart } from '../../server/response-tracking';
import type { WebhookBody } from '../webhook';
import { runEscalations } from './escalation';
import { startOutboxWorker } from './worker';
import { sendDueWeeklyReports } from './weekly-report';
import { showroom } from '../../../../tests/support/showroom';

function site(): DealerConfig {
  const base = testSite({ time_zone: 'Australia/Sydney', locations: [showroom], special_hours: [] });
  return {
    ...base,
    leads: {
      ...base.leads,
      response_promise: {
        minutes: 30,
        locations: [],
        escalation: [
          { name: 'Sam Lee', email: 'sam@fixture.example', phone: '0412 000 001' },
          { name: 'Alex Kim', email: 'alex@fixture.example' },
        ],
      },
    },
  };
}

/** Friday 19 June 2026, 17:50 in Sydney (AEST, +10): 10 minutes before closing. */
const FRIDAY_1750 = new Date('2026-06-19T17:50:00+10:00');
const at = (local: string) => new Date(`${local}+10:00`);

const enquiry = (data: Record<string, unknown> = {}): LeadInput => ({
  form: 'enquiry',
  category: 'General Enquiry',
  status: 'Complete',
  data: { name: 'Jane Citizen', email: 'jane@example.com', phone: '0412 345 678', message: 'Is it still available?', car_id: 'car-1', ...data },
  consent: { opt_in: false, wording: null, at: FRIDAY_1750.toISOString() },
  quarantineReason: null,
});

describe.each(testDatabaseKinds())('lead response and escalation on %s', (kind) => {
  const db = useTestDatabase(kind);
  let outboxRoot: string;
  let clock: Date;
  const dealerSite = site();

  beforeEach(async () => {
    await resetTestDatabase(db.current);
    outboxRoot = mkdtempSync(path.join(os.tmpdir(), 'escalation-'));
    clock = FRIDAY_1750;
  });
  afterEach(() => rmSync(outboxRoot, { recursive: true, force: true }));

  async function newLead(data: Record<string, unknown> = {}, receivedAt = FRIDAY_1750): Promise<string> {
    const lead = enquiry(data);
    const result = await createLead(db.current.db, {
      dealer: dealerSite.slug,
      lead,
      destinations: ['folder'],
      now: receivedAt,
      response: responseStart(dealerSite, lead.data, receivedAt),
    });
    if (result.kind !== 'stored') throw new Error(`not stored: ${result.kind}`);
    return result.answer.body.id as string;
  }

  function worker() {
    return startOutboxWorker({
      database: db.current,
      configFor: (slug) => (slug === dealerSite.slug ? dealerSite : undefined),
      env: { LEADS_OUTBOX_DIR: outboxRoot, LEAD_ACK_SECRET: 'ack-secret-for-tests-0123456789abcdef' },
      now: () => clock,
      log: () => undefined,
      pollMs: 0,
      vehicleFor: () => undefined,
    });
  }

  const escalationRows = async (leadId: string) =>
    (await db.current.db.select().from(outbox).where(eq(outbox.lead_id, leadId)).orderBy(asc(outbox.id)))
      .map((r) => ({ destination: r.destination, status: r.status }))
      .filter((r) => r.destination.startsWith('escalation_'));
  const files = (folder: string): string[] => {
    try {
      return readdirSync(path.join(outboxRoot, dealerSite.slug, folder));
    } catch {
      return [];
    }
  };

  it('a lead left unanswered escalates on time by the opening hours, and an acknowledged one does not', async () => {
    const unanswered = await newLead();
    const answered = await newLead({ email: 'other@example.com', phone: '0400 111 222' });
    const w = worker();

    // Friday 17:50 with a 30-minute promise and a 6 pm close: due at Saturday's opening + 20 minutes.
    const [tracked] = await db.current.db.select().from(leadResponses).where(eq(leadResponses.lead_id, unanswered));
    expect(tracked?.due_at?.toISOString()).toBe(at('2026-06-20T08:20:00').toISOString());

    clock = at('2026-06-19T18:10:00');
    expect(await acknowledgeLead(db.current.db, { dealer: dealerSite.slug, leadId: answered, by: 'link', now: clock })).toMatchObject({ kind: 'acknowledged' });
    await w.runOnce();

    // On the wall clock 30 minutes have long passed, but the showroom was shut: nothing yet.
    clock = at('2026-06-20T08:19:59');
    await w.runOnce();
    expect(await escalationRows(unanswered)).toEqual([]);

    clock = at('2026-06-20T08:20:00');
    await w.runOnce();
    expect(await escalationRows(unanswered)).toEqual([
      { destination: 'escalation_email:1', status: 'delivered' },
      { destination: 'escalation_sms:1', status: 'delivered' },
    ]);
    expect(await escalationRows(answered)).toEqual([]);
    const [mail] = files('mail');
    expect(readFileSync(path.join(outboxRoot, dealerSite.slug, 'mail', mail!), 'utf8')).toContain('To: sam@fixture.example');
    const [text] = files('sms');
    const sms = readFileSync(path.join(outboxRoot, dealerSite.slug, 'sms', text!), 'utf8');
    expect(sms).toContain('To: 0412 000 001');
    expect(sms).toContain(`/api/leads/${unanswered}/ack?t=`);

    // The next contact one promise (of opening hours) after the first step was due.
    clock = at('2026-06-20T08:49:59');
    await w.runOnce();
    expect(await escalationRows(unanswered)).toHaveLength(2);
    clock = at('2026-06-20T08:50:00');
    await w.runOnce();
    expect((await escalationRows(unanswered)).map((r) => r.destination)).toEqual(['escalation_email:1', 'escalation_sms:1', 'escalation_email:2']);

    // Out of contacts: nothing more, ever.
    clock = at('2026-06-27T12:00:00');
    await w.runOnce();
    expect(await escalationRows(unanswered)).toHaveLength(3);
    expect(await escalationRows(answered)).toEqual([]);
    await w.stop();
  });

  it('takes each step once, whichever of two workers reaches it', async () => {
    const lead = await newLead();
    const now = at('2026-06-20T08:30:00');
    const configFor = () => dealerSite;
    const runs = await Promise.all([
      runEscalations({ db: db.current.db, configFor, now }),
      runEscalations({ db: db.current.db, configFor, now }),
      runEscalations({ db: db.current.db, configFor, now }),
    ]);
    expect(runs.flat().map((s) => s.step)).toEqual([1]);
    expect((await escalationRows(lead)).map((r) => r.destination)).toEqual(['escalation_email:1', 'escalation_sms:1']);
    const [row] = await db.current.db.select().from(leadResponses).where(eq(leadResponses.lead_id, lead));
    expect(row?.escalations).toBe(1);
    expect(row?.next_escalation_at?.toISOString()).toBe(at('2026-06-20T08:50:00').toISOString());
  });

  it('sends nothing for a step queued just before the lead was acknowledged', async () => {
    const lead = await newLead();
    await runEscalations({ db: db.current.db, configFor: () => dealerSite, now: at('2026-06-20T08:20:00') });
    await acknowledgeLead(db.current.db, { dealer: dealerSite.slug, leadId: lead, by: 'crm', now: at('2026-06-20T08:20:01') });
    clock = at('2026-06-20T08:20:02');
    const w = worker();
    await w.runOnce();
    await w.stop();
    expect(await escalationRows(lead)).toEqual([
      { destination: 'escalation_email:1', status: 'delivered' },
      { destination: 'escalation_sms:1', status: 'delivered' },
    ]);
    expect(files('mail')).toEqual([]);
    expect(files('sms')).toEqual([]);
  });

  it('keeps the first response: a later acknowledgement changes nothing', async () => {
    const lead = await newLead();
    const first = await acknowledgeLead(db.current.db, { dealer: dealerSite.slug, leadId: lead, by: 'crm', now: at('2026-06-20T08:05:00') });
    const again = await acknowledgeLead(db.current.db, { dealer: dealerSite.slug, leadId: lead, by: 'link', now: at('2026-06-20T09:00:00') });
    expect(first).toMatchObject({ kind: 'acknowledged', acknowledgedAt: at('2026-06-20T08:05:00') });
    expect(again).toMatchObject({ kind: 'already', acknowledgedAt: at('2026-06-20T08:05:00') });
    const [row] = await db.current.db.select().from(leadResponses).where(eq(leadResponses.lead_id, lead));
    expect(row).toMatchObject({ acknowledged_by: 'crm', next_escalation_at: null });
    expect(await acknowledgeLead(db.current.db, { dealer: 'another-dealer', leadId: lead, by: 'crm', now: clock })).toEqual({ kind: 'not_found' });
  });

  it('threads the same shopper about the same car within a day, delivered as an update that says so', async () => {
    const first = await newLead();
    // The same shopper by phone (typed another way), the same car, three hours later.
    const second = await newLead({ email: 'jane.c@example.com', phone: '+61 412 345 678', message: 'Can I see it Saturday?' }, at('2026-06-19T20:50:00'));
    // Another car: its own lead.
    const otherCar = await newLead({ car_id: 'car-2' }, at('2026-06-19T21:00:00'));
    // The same car more than a day later: a new thread.
    const nextWeek = await newLead({}, at('2026-06-26T10:00:00'));
    const rows = await db.current.db.select().from(leadResponses);
    const threadOf = (id: string) => rows.find((r) => r.lead_id === id);
    expect(threadOf(second)).toMatchObject({ thread_id: first, next_escalation_at: null });
    expect(threadOf(otherCar)?.thread_id).toBe(otherCar);
    expect(threadOf(nextWeek)?.thread_id).toBe(nextWeek);

    clock = at('2026-06-19T20:50:01');
    const w = worker();
    await w.runOnce();
    await w.stop();
    const copy = JSON.parse(readFileSync(path.join(outboxRoot, dealerSite.slug, `${second}.json`), 'utf8')) as WebhookBody;
    expect(copy.data.message).toBe('Can I see it Saturday?');
    expect(copy.response).toMatchObject({ thread_of: first, update: true });
    expect(readFileSync(path.join(outboxRoot, dealerSite.slug, `${second}.adf.xml`), 'utf8')).toContain(`Update to lead ${first}`);

    // Answering the shopper answers the thread.
    await acknowledgeLead(db.current.db, { dealer: dealerSite.slug, leadId: second, by: 'link', now: at('2026-06-19T21:00:00') });
    const [firstRow] = await db.current.db.select().from(leadResponses).where(eq(leadResponses.lead_id, first));
    expect(firstRow).toMatchObject({ acknowledged_by: 'link', next_escalation_at: null });
  });

  it('sends each dealer its weekly report once: leads, time to first response and escalations', async () => {
    const answered = await newLead();
    await newLead({ email: 'sam@example.com', phone: '0400 222 333' });
    await newLead({ message: 'And a second question' }, at('2026-06-19T18:30:00'));
    await acknowledgeLead(db.current.db, { dealer: dealerSite.slug, leadId: answered, by: 'link', now: at('2026-06-20T08:12:00') });
    await runEscalations({ db: db.current.db, configFor: () => dealerSite, now: at('2026-06-20T08:20:00') });

    const options = { db: db.current.db, env: { LEADS_OUTBOX_DIR: outboxRoot }, root: outboxRoot };
    const monday = at('2026-06-22T09:00:00');
    const [sent, ...others] = await sendDueWeeklyReports([dealerSite.slug], () => dealerSite, monday, options);
    expect(others).toEqual([]);
    expect(sent?.week).toBe('2026-W25');
    // Friday 17:50 to Saturday 08:12 is 22 minutes of opening hours but 14 h 22 min on the clock: the report gives the clock.
    expect(sent?.csv.split(/\r?\n/).slice(0, 2)).toEqual([
      'by,value,leads,acknowledged,median_minutes,p90_minutes,escalated_leads,escalations,thread_updates',
      'all,all leads,2,1,862,862,1,1,1',
    ]);
    expect(readFileSync(path.join(outboxRoot, dealerSite.slug, 'reports', '2026-W25.csv'), 'utf8')).toBe(sent?.csv);
    expect(files('mail')).toHaveLength(sent!.to.length);
    expect(sent?.to).toEqual(expect.arrayContaining(['sam@fixture.example', 'alex@fixture.example']));
    const mail = readFileSync(path.join(outboxRoot, dealerSite.slug, 'mail', files('mail')[0]!), 'utf8');
    expect(mail).toContain('lead-response-fixture-motors-2026-W25.csv');

    // The same week is not sent twice, by this process or another sharing the folder.
    expect(await sendDueWeeklyReports([dealerSite.slug], () => dealerSite, at('2026-06-22T10:00:00'), options)).toEqual([]);
    expect(files('mail')).toHaveLength(sent!.to.length);
  });
});
