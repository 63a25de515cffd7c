import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { leads } from '../../platform/db/schema';
import { DEALER, editedDealers, enquiry, financeLead, NOW, send, testApp } from '../../../tests/support/lead-api';
import { resetTestDatabase, routeTestDatabaseKinds, useTestDatabase } from '../../../tests/support/test-databases';
import { dealerFileCopy } from '../../../tests/support/test-site';
import { consentWordingId, consentWordings } from '../model/consent';
import type { ParsedLead } from '../model/payload';
import { startOutboxWorker } from '../delivery/outbox/worker';
import type { WebhookBody } from '../delivery/webhook';
import { consentLine, consentRecord } from './consent';

const site = dealerFileCopy(DEALER);
const checkbox = consentWordings(site).checkbox;
const AT = new Date(NOW);
const parsed = (extra: Record<string, unknown>): ParsedLead => ({ ...enquiry().lead, ...extra }) as ParsedLead;

describe('consentRecord', () => {
  it('records no answer as not given, never as yes', () => {
    expect(consentRecord(parsed({}), site, AT)).toEqual({
      opt_in: false,
      answered: false,
      form: 'enquiry',
      page: 'https://kingfisher-toyota.example/cars/2021-toyota-corolla',
      wording: null,
      wording_id: null,
      at: AT.toISOString(),
    });
  });

  it('finds the wording by the id the form sent, in the dealer file', () => {
    expect(consentRecord(parsed({ opt_in: true, consent_id: checkbox.id }), site, AT)).toMatchObject({
      opt_in: true,
      answered: true,
      wording: site.leads.consent_text,
      wording_id: checkbox.id,
    });
    expect(consentRecord(parsed({ opt_in: false, consent_id: checkbox.id }), site, AT)).toMatchObject({ opt_in: false, answered: true });
    expect(consentRecord(parsed({ opt_in: true, consent_id: consentWordings(site).sign_up.id }), site, AT)).toMatchObject({
      wording: 'Sign Up for Latest Offers',
    });
  });

  it('says the wording is not known for an id the dealer file does not have (a page built before it changed)', () => {
    const old = consentWordingId('Send me offers, old wording');
    expect(consentRecord(parsed({ opt_in: true, consent_id: old }), site, AT)).toMatchObject({ opt_in: true, wording: null, wording_id: old });
  });

  it('finds the wording in the site’s words: a US site shows and records US spelling', () => {
    const us = { ...site, locale: 'en-US' as const, leads: { ...site.leads, consent_text: 'Send me enquiry updates and offers' } };
    const shown = consentWordings(us).checkbox;
    expect(shown.text).toBe('Send me inquiry updates and offers');
    expect(consentRecord(parsed({ opt_in: true, consent_id: shown.id }), us, AT).wording).toBe('Send me inquiry updates and offers');
  });
});

describe('consentLine', () => {
  const record = consentRecord(parsed({ opt_in: true, consent_id: checkbox.id }), site, AT);
  it('says what the shopper answered, to which words, on which form', () => {
    expect(consentLine(record)).toBe(`Opt-in: Yes ("${site.leads.consent_text}", enquiry form)`);
    expect(consentLine({ ...record, wording: null })).toBe('Opt-in: Yes (the wording shown is not known, enquiry form)');
    expect(consentLine({ ...record, opt_in: false })).toBe('Opt-in: No');
    expect(consentLine(consentRecord(parsed({}), site, AT))).toBe('Opt-in: No (the form sent no answer)');
  });
  it('reads records stored before the form and answer were kept', () => {
    expect(consentLine({ opt_in: true, wording: 'Keep me up to date', at: AT.toISOString() })).toBe('Opt-in: Yes ("Keep me up to date")');
    expect(consentLine({ opt_in: false, wording: 'Keep me up to date', at: AT.toISOString() })).toBe('Opt-in: No');
  });
});

const work = mkdtempSync(path.join(tmpdir(), 'consent-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe.each(routeTestDatabaseKinds())('consent through the API and delivery on %s', (kind) => {
  const db = useTestDatabase(kind);
  let outboxDir: string;
  beforeEach(async () => {
    await resetTestDatabase(db.current);
    outboxDir = mkdtempSync(path.join(work, 'outbox-'));
  });

  async function storedAndDelivered(app: ReturnType<typeof testApp>, body: unknown, options: { path?: string; contentType?: string } = {}) {
    const res = await send(app, { body, ...options });
    expect(res.status).toBe(201);
    const id = String(res.body.id);
    const [row] = await db.current.db.select().from(leads).where(eq(leads.id, id));
    const worker = startOutboxWorker({
      database: db.current,
      configFor: (slug) => (slug === DEALER ? site : undefined),
      env: { LEADS_OUTBOX_DIR: outboxDir },
      pollMs: 0,
      log: () => undefined,
      vehicleFor: () => undefined,
    });
    // The dealer's copy and the reply to the shopper.
    expect(await worker.runOnce()).toMatchObject({ delivered: 2, failed: 0, dead: 0 });
    await worker.stop();
    const json = JSON.parse(readFileSync(path.join(outboxDir, DEALER, `${id}.json`), 'utf8')) as WebhookBody;
    // The comments as text: XML writes the wording's quotes as &quot;.
    const adf = readFileSync(path.join(outboxDir, DEALER, `${id}.adf.xml`), 'utf8').replaceAll('&quot;', '"');
    return { consent: row?.consent, json, adf };
  }

  it('stores and delivers a lead without opt_in as not given: never "Opt-in: Yes"', async () => {
    const app = testApp({ database: db.current });
    const { consent, json, adf } = await storedAndDelivered(app, enquiry());
    expect(consent).toMatchObject({ opt_in: false, answered: false, form: 'enquiry', wording: null });
    expect(json.consent).toEqual(consent);
    expect(adf).toContain('Opt-in: No (the form sent no answer)');
    expect(adf).not.toContain('Opt-in: Yes');
  });

  it('stores and delivers the answer sent with the dealer’s wording, found by the form’s consent id', async () => {
    const app = testApp({ database: db.current });
    const yes = await storedAndDelivered(app, enquiry({ opt_in: true, consent_id: checkbox.id }));
    expect(yes.consent).toEqual({
      opt_in: true,
      answered: true,
      form: 'enquiry',
      page: 'https://kingfisher-toyota.example/cars/2021-toyota-corolla',
      wording: site.leads.consent_text,
      wording_id: checkbox.id,
      at: AT.toISOString(),
    });
    expect(yes.json.consent).toEqual(yes.consent);
    expect(yes.adf).toContain(`Opt-in: Yes ("${site.leads.consent_text}", enquiry form)`);
    // The id is bookkeeping, not a line of the shopper's comments.
    expect(yes.adf).not.toContain('Consent id');

    const no = await storedAndDelivered(app, enquiry({ opt_in: false, consent_id: checkbox.id, email: 'no@example.com' }));
    expect(no.consent).toMatchObject({ opt_in: false, answered: true, wording: site.leads.consent_text });
    expect(no.adf).toContain('Opt-in: No');
  });

  it('records wording the browser sends as text as nothing: only the dealer file’s words are kept', async () => {
    const app = testApp({ database: db.current });
    const refused = await send(app, { body: enquiry({ opt_in: true, consent_id: 'I agree to anything' }) });
    expect(refused.status).toBe(400);
    const dealersDir = editedDealers((d) => {
      d.leads = { consent_text: 'Newer wording, after the page was built' };
    });
    const changed = testApp({ database: db.current, dealersDir });
    const { consent, adf } = await storedAndDelivered(changed, enquiry({ opt_in: true, consent_id: checkbox.id }));
    expect(consent).toMatchObject({ opt_in: true, wording: null, wording_id: checkbox.id });
    expect(adf).toContain('Opt-in: Yes (the wording shown is not known, enquiry form)');
  });

  it('records an unticked box on a form post (no opt_in field) as not given', async () => {
    const app = testApp({ database: db.current });
    const fields = new URLSearchParams({ ...(financeLead(3, 'Complete').lead as Record<string, string>) });
    fields.delete('opt_in');
    for (const key of ['skipped_steps', 'visited_pages', 'form_started_at', 'form_completed']) fields.delete(key);
    const { consent, adf } = await storedAndDelivered(app, fields.toString(), {
      path: '/api/carClarityCustomer',
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(consent).toMatchObject({ opt_in: false, answered: false, form: 'finance' });
    expect(adf).toContain('Opt-in: No (the form sent no answer)');
  });
});
