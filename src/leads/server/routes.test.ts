import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { loadDealer } from '../../platform/config/load';
import { idempotencyKeys, leadFiles, leads, outbox } from '../../platform/db/schema';
import { resetTestDatabase, testDatabaseKinds, useTestDatabase } from '../../../tests/support/test-databases';
import { memoryRateLimiter } from '../../platform/http/rate-limit';
import { consentWordings } from '../model/consent';
import { DEALER_FILES_DIR } from '../../../tests/support/test-site';
import { DEALER, editedDealers, enquiry, financeLead, NOW, OTHER_DEALER, send, testApp } from '../../../tests/support/lead-api';
import { multipart, MULTIPART_TYPE, partText, streamedParts } from '../../../tests/support/multipart';
import { availableServiceSlots } from '../../providers/service-slots';
import { SLOT_GONE, NO_CAR, NO_SALES_LOCATION, NO_SERVICE_LOCATION } from './booking-check';

const fill = (head: number[] | string, size = 256): Blob => {
  const bytes = new Uint8Array(size);
  bytes.set(typeof head === 'string' ? Array.from(head, (ch) => ch.charCodeAt(0)) : head);
  return new Blob([bytes]);
};
const JPEG = (): Blob => fill([0xff, 0xd8, 0xff, 0xe0]);
const PDF = (): Blob => fill('%PDF-1.7\n');

const site = loadDealer(DEALER, DEALER_FILES_DIR);
const work = mkdtempSync(path.join(tmpdir(), 'lead-api-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe.each(testDatabaseKinds())('lead API on %s', (kind) => {
  const db = useTestDatabase(kind);
  let filesDir: string;
  let app: ReturnType<typeof testApp>;

  beforeEach(async () => {
    await resetTestDatabase(db.current);
    filesDir = mkdtempSync(path.join(work, 'files-'));
    app = testApp({ database: db.current, filesDir });
  });

  const allLeads = () => db.current.db.select().from(leads);
  const outboxOf = async (id: string) => (await db.current.db.select().from(outbox).where(eq(outbox.lead_id, id))).map((r) => r.destination).sort();

  describe('POST /api/leads', () => {
    it('stores a complete enquiry with its consent record and queues it, then answers 201 { id }', async () => {
      const res = await send(app, { body: enquiry({ opt_in: true, consent_id: consentWordings(site).checkbox.id }), key: 'create-0001' });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/) as unknown });
      const [row] = await allLeads();
      expect(row).toMatchObject({
        id: res.body.id,
        dealer: DEALER,
        form: 'enquiry',
        category: 'General Enquiry',
        status: 'Complete',
        quarantine_reason: null,
        consent: { opt_in: true, answered: true, form: 'enquiry', wording: site.leads.consent_text, at: new Date(NOW).toISOString() },
      });
      expect(row?.data).toMatchObject({ name: 'Jane Citizen', phone: '0412345678', message: 'Is it still available?' });
      expect(row?.completed_at?.getTime()).toBe(NOW);
      expect(await outboxOf(String(res.body.id))).toEqual(['folder', 'shopper_reply']);
      expect(res.headers.get('cache-control')).toBe('no-store');
    });

    it('queues one outbox row per configured destination', async () => {
      const dealersDir = editedDealers((d) => {
        d.leads = {
          destinations: [
            { type: 'webhook', url: 'https://crm.example/hook', secret_env: 'KT_SECRET' },
            { type: 'adf_email', to: ['crm@example.com'] },
          ],
        };
      });
      const withSmtp = testApp({ database: db.current, dealersDir, env: { SMTP_URL: 'smtp://127.0.0.1:2525' }, filesDir });
      const res = await send(withSmtp, { body: enquiry() });
      expect(await outboxOf(String(res.body.id))).toEqual(['adf_email:1', 'folder', 'shopper_reply', 'webhook:0']);
    });

    it('owes the shopper a reply only when the dealer sends replies, and stores the lead either way', async () => {
      const dealersDir = editedDealers((d) => {
        d.leads = { shopper_reply: { enabled: false } };
      });
      const quiet = testApp({ database: db.current, dealersDir, filesDir });
      const res = await send(quiet, { body: enquiry() });
      expect(res.status).toBe(201);
      expect(await outboxOf(String(res.body.id))).toEqual(['folder']);
      const nowhere = testApp({ database: db.current, env: { LEADS_OUTBOX_DIR: 'off' }, filesDir });
      const stored = await send(nowhere, { body: enquiry() });
      expect(stored.status).toBe(201);
      expect(await outboxOf(String(stored.body.id))).toEqual([]);
    });

    describe('test drives', () => {
      // The sales location's free times as GET /api/appointment-slots gives them at the test clock.
      const [day] = availableServiceSlots(site, 31001, NOW, 'appointment');
      const slot = { location_id: '31001', booking_date: day?.date, booking_time: day?.times[0] };
      const testDrive = (extra: Record<string, unknown> = {}) => ({
        lead: {
          form: 'test_drive',
          website_slug: DEALER,
          form_started_at: NOW - 120_000,
          company_website: '',
          car_id: '5001',
          ...slot,
          first_name: 'Jane',
          last_name: 'Citizen',
          email: 'jane@example.com',
          phone: '0412 345 678',
          opt_in: true,
          lead_status: 'Complete',
          form_completed: true,
          ...extra,
        },
      });

      it('stores a test drive of a car at a free slot, with the car and the slot, and owes the shopper a reply', async () => {
        expect(day).toBeDefined();
        const res = await send(app, { body: testDrive() });
        expect(res.status).toBe(201);
        const [row] = await allLeads();
        expect(row).toMatchObject({ form: 'test_drive', category: 'test-drive', status: 'Complete' });
        expect(row?.data).toMatchObject({ car_id: '5001', ...slot });
        expect(await outboxOf(String(res.body.id))).toEqual(['folder', 'shopper_reply']);
      });

      it('refuses a time the location does not offer, another kind of location, and a test drive of no car; stores nothing', async () => {
        const closed = await send(app, { body: testDrive({ booking_time: '03:00' }) });
        expect(closed).toMatchObject({ status: 400, body: { fields: { 'lead.booking_time': SLOT_GONE } } });
        const past = await send(app, { body: testDrive({ booking_date: '2020-01-06' }) });
        expect(past.body).toMatchObject({ fields: { 'lead.booking_time': SLOT_GONE } });
        const workshop = await send(app, { body: testDrive({ location_id: '31002' }) });
        expect(workshop).toMatchObject({ status: 400, body: { fields: { 'lead.location_id': NO_SALES_LOCATION } } });
        const noCar = await send(app, { body: testDrive({ car_id: undefined }) });
        expect(noCar).toMatchObject({ status: 400, body: { fields: { 'lead.car_id': NO_CAR } } });
        expect(await allLeads()).toEqual([]);
      });
    });

    describe('service bookings', () => {
      // The workshop's free times as GET /api/service-slots gives them at the test clock.
      const [day] = availableServiceSlots(site, 31002, NOW, 'service');
      const slot = { location_id: '31002', booking_date: day?.date, booking_time: day?.times[0] };
      const serviceBooking = (extra: Record<string, unknown> = {}) => ({
        lead: {
          form: 'service',
          website_slug: DEALER,
          form_started_at: NOW - 120_000,
          company_website: '',
          make: 'Toyota',
          model: 'RAV4',
          year: 2021,
          service_type: 'Logbook service',
          ...slot,
          first_name: 'Jane',
          last_name: 'Citizen',
          email: 'jane@example.com',
          phone: '0412 345 678',
          opt_in: true,
          lead_status: 'Complete',
          form_completed: true,
          ...extra,
        },
      });

      it('stores a service booking at a time the workshop offers', async () => {
        expect(day).toBeDefined();
        const res = await send(app, { body: serviceBooking() });
        expect(res.status).toBe(201);
        const [row] = await allLeads();
        expect(row).toMatchObject({ form: 'service', category: 'service-booking', status: 'Complete' });
        expect(row?.data).toMatchObject(slot);
      });

      it('refuses a time the workshop does not offer and a location that is no workshop, naming the field; stores nothing', async () => {
        const night = await send(app, { body: serviceBooking({ booking_time: '03:00' }) });
        expect(night).toMatchObject({ status: 400, body: { fields: { 'lead.booking_time': SLOT_GONE } } });
        // Sunday, when the workshop is closed.
        const sunday = await send(app, { body: serviceBooking({ booking_date: '2025-11-23', booking_time: '09:00' }) });
        expect(sunday.body).toMatchObject({ fields: { 'lead.booking_time': SLOT_GONE } });
        // The form's choices are the workshops, so the schema already refuses the sales yard...
        const salesYard = await send(app, { body: serviceBooking({ location_id: '31001' }) });
        expect(salesYard).toMatchObject({ status: 400, body: { fields: { 'lead.location_id': expect.any(String) as unknown } } });
        // ...but a dealer with no workshop lists every location, and none of them has service times
        // (here the workshop turned parts counter keeps its id, so the request is otherwise the same).
        const noWorkshop = testApp({
          database: db.current,
          filesDir,
          dealersDir: editedDealers((d) => {
            for (const l of d.locations as { location_type?: string }[]) if (l.location_type === 'service') l.location_type = 'parts';
          }),
        });
        const atParts = await send(noWorkshop, { body: serviceBooking() });
        expect(atParts).toMatchObject({ status: 400, body: { fields: { 'lead.location_id': NO_SERVICE_LOCATION } } });
        expect(await allLeads()).toEqual([]);
      });

      it('checks the time on the last step of a saved booking too, and leaves the saved lead as it was', async () => {
        // Saved after the Service step: no date or time yet (undefined fields are left out of the JSON).
        const beforeDateAndTime = serviceBooking({
          lead_status: 'Incomplete',
          form_completed: false,
          step_number: 2,
          booking_date: undefined,
          booking_time: undefined,
        });
        const saved = await send(app, { body: beforeDateAndTime });
        expect(saved.status).toBe(201);
        const id = String(saved.body.id);
        const gone = await send(app, { method: 'PUT', path: `/api/leads/${id}`, body: serviceBooking({ lead_id: id, booking_time: '03:00' }) });
        expect(gone).toMatchObject({ status: 400, body: { fields: { 'lead.booking_time': SLOT_GONE } } });
        expect((await allLeads()).map((r) => r.status)).toEqual(['Incomplete']);
        const booked = await send(app, { method: 'PUT', path: `/api/leads/${id}`, body: serviceBooking({ lead_id: id }) });
        expect(booked.status).toBe(200);
        const [row] = await allLeads();
        expect(row).toMatchObject({ status: 'Complete' });
        expect(row?.data).toMatchObject(slot);
      });
    });

    it('answers field errors by path, and stores nothing', async () => {
      const res = await send(app, { body: enquiry({ phone: '123', email: 'nope' }) });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        error: expect.any(String) as unknown,
        fields: { 'lead.phone': 'Invalid phone number. Must be an Australian number.', 'lead.email': 'invalid email address' },
      });
      expect(await allLeads()).toHaveLength(0);
    });

    it('stores hostile text verbatim, as data', async () => {
      const hostile = `<script>alert("x")</script> ' OR 1=1; DROP TABLE leads; -- =HYPERLINK("http://evil") \${7*7} {{7*7}} 😀 Ω`;
      const res = await send(app, { body: enquiry({ message: hostile, name: 'Robert Tables' }) });
      expect(res.status).toBe(201);
      const [row] = await allLeads();
      expect(row?.data.message).toBe(hostile);
      expect(await allLeads()).toHaveLength(1);
    });

    // Names as people have them, wider than the spec's letters and spaces (docs/decisions/leads.md).
    it('stores real names with apostrophes, hyphens, full stops and accents, on the enquiry and the finance form', async () => {
      const names = ["Mary O'Brien", 'Mary O’Brien', 'Anne-Marie Smith', 'Sam Smith Jr.', 'Mere Tūhoe'];
      for (const name of names) expect((await send(app, { body: enquiry({ name }) })).status).toBe(201);
      const finance = await send(app, { body: financeLead(3, 'Complete', { first_name: 'Anne-Marie', last_name: "O'Brien Jr." }) });
      expect(finance.status).toBe(201);
      const rows = await allLeads();
      expect(
        rows
          .filter((r) => r.form === 'enquiry')
          .map((r) => r.data.name)
          .sort(),
      ).toEqual([...names].sort());
      expect(rows.find((r) => r.form === 'finance')?.data).toMatchObject({ first_name: 'Anne-Marie', last_name: "O'Brien Jr." });
    });

    it('refuses a name with digits, markup or emoji, or of spaces only, and stores nothing', async () => {
      for (const name of ['Jane 3000', '<b>Jane</b>', 'Jane 🙂']) {
        const res = await send(app, { body: enquiry({ name }) });
        expect(res.status).toBe(400);
        expect(res.body.fields).toEqual({ 'lead.name': 'Please use alphabetical characters only.' });
      }
      const blank = await send(app, { body: enquiry({ name: '   ' }) });
      expect(blank.body.fields).toEqual({ 'lead.name': '*This is a required field.' });
      const finance = await send(app, { body: financeLead(3, 'Complete', { last_name: 'C1tizen' }) });
      expect(finance.body.fields).toEqual({ 'lead.last_name': 'Please use alphabetical characters only.' });
      expect(await allLeads()).toHaveLength(0);
    });

    // The trade-in lead as the spec writes it: the page trail in lead_attributes.
    const tradeIn = (lead_attributes: unknown) => ({
      lead: {
        form: 'trade_in',
        website_slug: DEALER,
        url: 'https://kingfisher-toyota.example/cars/trade-in',
        source: 'Website',
        user_agent: 'Mozilla/5.0',
        car_id: '5001',
        form_started_at: NOW - 120_000,
        company_website: '',
        lead_attributes,
        rego: 'ABC123',
        regoState: 'QLD',
        make: 'Toyota',
        model: 'Corolla',
        year: 2018,
        km: 60000,
        adjustmentAnswers: { two_sets_of_keys: true, service_history: true, no_illegal_modifications: true, condition: 'Good' },
        first_name: 'Jane',
        last_name: 'Citizen',
        email: 'jane@example.com',
        phone: '0412 345 678',
        postcode: '4000',
        opt_in: true,
        lead_status: 'Complete',
        form_completed: true,
      },
    });

    it('stores a trade-in lead carrying its page trail in lead_attributes, with the trail where every lead keeps it', async () => {
      const trail = { visited_pages: ['/', '/cars/trade-in'], linked_query_params: { utm_source: 'google' } };
      const res = await send(app, { body: tradeIn(trail) });
      expect(res.status).toBe(201);
      const [row] = await allLeads();
      expect(row).toMatchObject({ form: 'trade_in', category: 'trade-in' });
      expect(row?.data).toMatchObject(trail);
      expect(row?.data).not.toHaveProperty('lead_attributes');
    });

    it('refuses a hostile or oversized trail in lead_attributes, and stores nothing', async () => {
      const hostile = await send(app, { body: tradeIn({ visited_pages: ['/<img src=x onerror=alert(1)>'] }) });
      expect(hostile.status).toBe(400);
      expect(hostile.body.fields).toEqual({ 'lead.lead_attributes.visited_pages.0': 'Must be a site path such as "/cars".' });
      const many = await send(app, { body: tradeIn({ visited_pages: Array.from({ length: 51 }, (_, i) => `/p/${i}`) }) });
      expect(many.status).toBe(400);
      const unknown = await send(app, { body: tradeIn({ visited_pages: ['/'], is_admin: true }) });
      expect(unknown.body.fields).toHaveProperty(['lead.lead_attributes.is_admin']);
      expect(await allLeads()).toHaveLength(0);
    });

    it('refuses text jsonb cannot hold with a 400, not a 500', async () => {
      const nul = await send(app, { body: enquiry({ linked_query_params: { utm_source: 'a\u0000b' } }) });
      expect(nul.status).toBe(400);
      expect(nul.body.fields).toHaveProperty(['lead.linked_query_params.utm_source']);
      const surrogate = await send(app, { body: `{"lead":{"form":"enquiry","message":"\\ud800"}}` });
      expect(surrogate.status).toBe(400);
      expect(surrogate.body.fields).toHaveProperty(['lead.message']);
      const deep = await send(app, { body: `${'['.repeat(5000)}${']'.repeat(5000)}` });
      expect(deep.status).toBe(400);
      expect(await allLeads()).toHaveLength(0);
    });

    it('answers a 30,000-deep JSON array with a 400 on every lead route, never a 500', async () => {
      const deep = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
      const started = await send(app, { body: enquiry({ lead_status: 'Incomplete' }) });
      const form = new FormData();
      form.append('lead', deep(30_000));
      for (const [method, target, body] of [
        ['POST', '/api/leads', deep(30_000)],
        ['POST', '/api/leads', `{"lead":${deep(30_000)}}`],
        ['POST', '/api/leads', `{"lead":{"form":"enquiry","linked_query_params":${deep(30_000)}}}`],
        ['PUT', `/api/leads/${String(started.body.id)}`, deep(30_000)],
        ['POST', '/api/leads/with-files', form],
      ] as const) {
        const res = await send(app, { method, path: target, body });
        expect(res.status, `${method} ${target}`).toBe(400);
        expect(res.body.error).toEqual(expect.any(String));
      }
    });

    it('refuses a lead for another website', async () => {
      const res = await send(app, { body: enquiry({ website_slug: OTHER_DEALER }) });
      expect(res.status).toBe(400);
      expect(res.body.fields).toEqual({ 'lead.website_slug': `Must be "${DEALER}" on this website.` });
    });

    it('answers 404 for a host that names no served dealer', async () => {
      const res = await send(app, { host: 'nobody.localhost', body: enquiry() });
      expect(res).toMatchObject({ status: 404, body: { error: 'Unknown dealer' } });
    });

    it('answers 415 for anything but JSON, 400 for malformed JSON, 413 past 64 KB', async () => {
      expect((await send(app, { body: 'lead=1', contentType: 'application/x-www-form-urlencoded' })).status).toBe(415);
      expect((await send(app, { body: enquiry(), contentType: 'text/plain' })).status).toBe(415);
      expect((await send(app, { body: enquiry(), contentType: 'application/json; charset=utf-8' })).status).toBe(201);
      const malformed = await send(app, { body: '{"lead": {' });
      expect(malformed).toMatchObject({ status: 400, body: { error: 'The request body is not valid JSON.' } });
      const big = await send(app, { body: enquiry({ message: 'x'.repeat(70_000) }) });
      expect(big.status).toBe(413);
      expect(big.body.error).toEqual(expect.stringContaining('larger than 64 KB'));
    });

    it('stops reading a streamed body once it passes the limit', async () => {
      let pulled = 0;
      const chunk = new Uint8Array(16 * 1024).fill(0x20);
      const endless = new ReadableStream<Uint8Array>({
        pull(controller) {
          pulled += chunk.length;
          if (pulled > 50 * 1024 * 1024) controller.close();
          else controller.enqueue(chunk);
        },
      });
      const res = await send(app, { body: endless });
      expect(res.status).toBe(413);
      expect(pulled).toBeLessThan(1024 * 1024);
      // A streamed body within the limit is read as usual.
      const small = new Blob([JSON.stringify(enquiry())]).stream();
      expect((await send(app, { body: small })).status).toBe(201);
    });

    it('refuses a malformed Idempotency-Key', async () => {
      const res = await send(app, { body: enquiry(), key: 'bad key!' });
      expect(res.status).toBe(400);
      expect(res.body.fields).toHaveProperty(['Idempotency-Key']);
    });
  });

  describe('idempotency', () => {
    it('answers a repeat of the same request with the first answer and keeps one lead', async () => {
      const first = await send(app, { body: enquiry(), key: 'retry-key-1' });
      // Same lead, keys in another order: still the same request.
      const reordered = { lead: Object.fromEntries(Object.entries(enquiry().lead).reverse()) };
      const again = await send(app, { body: reordered, key: 'retry-key-1' });
      expect(first.status).toBe(201);
      expect(again).toMatchObject({ status: 201, body: first.body });
      expect(await allLeads()).toHaveLength(1);
    });

    it('refuses the same key with a different request (422)', async () => {
      await send(app, { body: enquiry(), key: 'retry-key-2' });
      const other = await send(app, { body: enquiry({ message: 'Something else' }), key: 'retry-key-2' });
      expect(other).toMatchObject({ status: 422, body: { error: 'Idempotency-Key reused with a different request' } });
      expect(await allLeads()).toHaveLength(1);
    });

    it('keeps keys apart per dealer', async () => {
      await send(app, { body: enquiry(), key: 'shared-key-1' });
      const other = await send(app, {
        host: `${OTHER_DEALER}.localhost`,
        body: { lead: { ...enquiry().lead, website_slug: OTHER_DEALER, phone: '(512) 555-0134' } },
        key: 'shared-key-1',
      });
      expect(other.status).toBe(201);
      expect(await allLeads()).toHaveLength(2);
    });

    it('makes one lead of 20 concurrent submissions with one key', async () => {
      const results = await Promise.all(Array.from({ length: 20 }, () => send(app, { body: enquiry(), key: 'double-click-1' })));
      expect(results.map((r) => r.status)).toEqual(Array(20).fill(201));
      expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
      expect(await allLeads()).toHaveLength(1);
      expect(await db.current.db.select().from(idempotencyKeys)).toHaveLength(1);
      expect(await outboxOf(String(results[0]?.body.id))).toEqual(['folder', 'shopper_reply']);
    });

    it('answers 2xx only after the commit: a failing write stores nothing, and a retry then succeeds', async () => {
      await db.current.db.execute(sql`ALTER TABLE outbox ADD CONSTRAINT test_refuse_folder CHECK (destination <> 'folder')`);
      const errors: string[] = [];
      const logged = testApp({ database: db.current, filesDir, log: (message) => errors.push(message) });
      try {
        const res = await send(logged, { body: enquiry(), key: 'commit-key-1' });
        expect(res.status).toBe(500);
        expect(res.body.error).toEqual(expect.any(String));
        expect(await allLeads()).toHaveLength(0);
        expect(await db.current.db.select().from(idempotencyKeys)).toHaveLength(0);
        expect(errors).toEqual(['POST /api/leads: could not take the lead']);
      } finally {
        await db.current.db.execute(sql`ALTER TABLE outbox DROP CONSTRAINT test_refuse_folder`);
      }
      const retry = await send(logged, { body: enquiry(), key: 'commit-key-1' });
      expect(retry.status).toBe(201);
      expect(await allLeads()).toHaveLength(1);
    });
  });

  describe('multi-step: PUT /api/leads/:id', () => {
    it('creates an Incomplete lead, updates it, completes it, and queues it only then', async () => {
      const created = await send(app, { body: financeLead(0, 'Incomplete'), key: 'step-0-key' });
      expect(created.status).toBe(201);
      const id = String(created.body.id);
      expect(await outboxOf(id)).toEqual([]);

      const step2 = await send(app, { method: 'PUT', path: `/api/leads/${id}`, body: financeLead(2, 'Incomplete', { lead_id: id }), key: 'step-2-key' });
      expect(step2).toMatchObject({ status: 200, body: { id } });
      expect(await outboxOf(id)).toEqual([]);

      const done = await send(app, { method: 'PUT', path: `/api/leads/${id}`, body: financeLead(3, 'Complete', { lead_id: id }), key: 'step-3-key' });
      expect(done).toMatchObject({ status: 200, body: { id } });
      const [row] = await allLeads();
      expect(row).toMatchObject({ status: 'Complete', form: 'finance', category: 'finance-pre-approval' });
      expect(row?.data).toMatchObject({ vehiclePriceBudget: 35000, employment_status: 'Full time', first_name: 'Jane' });
      expect(row?.completed_at).not.toBeNull();
      expect(await outboxOf(id)).toEqual(['folder', 'shopper_reply']);

      // A retry of the final save replays; a new change to a complete lead is refused.
      const replay = await send(app, { method: 'PUT', path: `/api/leads/${id}`, body: financeLead(3, 'Complete', { lead_id: id }), key: 'step-3-key' });
      expect(replay).toMatchObject({ status: 200, body: { id } });
      const reopen = await send(app, { method: 'PUT', path: `/api/leads/${id}`, body: financeLead(2, 'Incomplete', { lead_id: id }), key: 'reopen-key' });
      expect(reopen.status).toBe(409);
      expect(await outboxOf(id)).toEqual(['folder', 'shopper_reply']);
    });

    // "Step 1 of 4" is step_number 1, as the spec numbers the steps.
    it('reads step_number counted from 1, stores it so, and refuses a step the form does not have', async () => {
      const { step_number: _index, ...yourLoan } = financeLead(0, 'Incomplete').lead;
      const first = await send(app, { body: { lead: { ...yourLoan, step_number: 1 } } });
      expect(first.status).toBe(201);
      expect((await allLeads())[0]?.data).toMatchObject({ step_number: 1 });
      // Step 2 of 4 is the trade-in, which this shopper, having one, has not described.
      const tradeIn = await send(app, { body: { lead: { ...yourLoan, has_trade_in: 'yes', step_number: 2 } } });
      expect(tradeIn.status).toBe(400);
      expect(Object.keys(tradeIn.body.fields as object)).toContain('lead.trade_in_make');
      for (const step_number of [-1, 5]) {
        const none = await send(app, { body: { lead: { ...yourLoan, step_number } } });
        expect(none.status).toBe(400);
        expect(Object.keys(none.body.fields as object)).toContain('lead.step_number');
      }
      expect(await allLeads()).toHaveLength(1);
      // A page built when steps were counted from 0 sends 0 for the first: the lead is kept.
      expect((await send(app, { body: { lead: { ...yourLoan, step_number: 0 } } })).status).toBe(201);
      expect(await allLeads()).toHaveLength(2);
    });

    it('answers 404 for an unknown lead and for another dealer’s lead', async () => {
      const created = await send(app, { body: financeLead(0, 'Incomplete') });
      const id = String(created.body.id);
      const unknown = await send(app, { method: 'PUT', path: '/api/leads/00000000-0000-4000-8000-000000000000', body: financeLead(2, 'Incomplete') });
      expect(unknown).toMatchObject({ status: 404, body: { error: 'Lead not found' } });
      const elsewhere = await send(app, {
        method: 'PUT',
        host: `${OTHER_DEALER}.localhost`,
        path: `/api/leads/${id}`,
        body: financeLead(2, 'Incomplete', { website_slug: OTHER_DEALER }),
        key: 'other-dealer-key',
      });
      expect(elsewhere.status).toBe(404);
      expect(await db.current.db.select().from(idempotencyKeys)).toHaveLength(0);
    });

    it('refuses a lead_id that is not the one in the address, and a different form', async () => {
      const id = String((await send(app, { body: financeLead(0, 'Incomplete') })).body.id);
      const mismatch = await send(app, { method: 'PUT', path: `/api/leads/${id}`, body: financeLead(2, 'Incomplete', { lead_id: 'someone-else' }) });
      expect(mismatch.status).toBe(400);
      const otherForm = await send(app, { method: 'PUT', path: `/api/leads/${id}`, body: enquiry() });
      expect(otherForm.status).toBe(409);
      expect(otherForm.body.fields).toEqual({ 'lead.form': 'Must be "finance" for this lead.' });
    });

    it('refuses a finance application without the privacy and credit-enquiry box ticked, and stores nothing of it', async () => {
      // The words the form shows the shopper under the box.
      const untickedMessage = 'Please tick the box to agree to the privacy policy and the credit enquiry before you apply.';
      const unticked = await send(app, { body: financeLead(3, 'Complete', { terms_conditions: false }) });
      expect(unticked.status).toBe(400);
      expect(unticked.body.fields).toEqual({ 'lead.terms_conditions': untickedMessage });
      const { terms_conditions: _left, ...missing } = financeLead(3, 'Complete').lead;
      const without = await send(app, { body: { lead: missing } });
      expect(without.status).toBe(400);
      expect(without.body.fields).toEqual({ 'lead.terms_conditions': untickedMessage });
      expect(await allLeads()).toHaveLength(0);

      // Saved part-way, the application cannot be completed without it either.
      const id = String((await send(app, { body: financeLead(2, 'Incomplete') })).body.id);
      const completed = await send(app, {
        method: 'PUT',
        path: `/api/leads/${id}`,
        body: financeLead(3, 'Complete', { lead_id: id, terms_conditions: false }),
      });
      expect(completed.status).toBe(400);
      const [row] = await allLeads();
      expect(row?.status).toBe('Incomplete');
      expect(await outboxOf(id)).toEqual([]);
    });
  });

  describe('abuse', () => {
    it('quarantines a filled honeypot: answered as usual, stored with the reason, never queued', async () => {
      const res = await send(app, { body: enquiry({ company_website: 'https://spam.example' }) });
      expect(res.status).toBe(201);
      const [row] = await allLeads();
      expect(row?.quarantine_reason).toMatch(/^honeypot/);
      expect(await outboxOf(String(res.body.id))).toEqual([]);
    });

    it('quarantines a form completed within 3 seconds of opening', async () => {
      const res = await send(app, { body: financeLead(0, 'Incomplete', { form_started_at: NOW - 1_000 }) });
      expect(res.status).toBe(201);
      const id = String(res.body.id);
      const done = await send(app, { method: 'PUT', path: `/api/leads/${id}`, body: financeLead(3, 'Complete', { form_started_at: NOW - 2_000 }) });
      expect(done.status).toBe(200);
      const [row] = await allLeads();
      expect(row).toMatchObject({ status: 'Complete', quarantine_reason: expect.stringMatching(/^time trap/) as unknown });
      expect(await outboxOf(id)).toEqual([]);
    });

    it('delivers a multi-step form whose first step was saved within seconds but completed at human pace', async () => {
      let clock = NOW;
      const timed = testApp({ database: db.current, filesDir, now: () => clock });
      const opened = NOW - 1_500;
      const res = await send(timed, { body: financeLead(0, 'Incomplete', { form_started_at: opened }) });
      expect(res.status).toBe(201);
      const id = String(res.body.id);
      expect((await allLeads())[0]?.quarantine_reason).toBeNull();
      clock = NOW + 40_000;
      const done = await send(timed, { method: 'PUT', path: `/api/leads/${id}`, body: financeLead(3, 'Complete', { form_started_at: opened }) });
      expect(done.status).toBe(200);
      const [row] = await allLeads();
      expect(row).toMatchObject({ status: 'Complete', quarantine_reason: null });
      expect(await outboxOf(id)).not.toEqual([]);
    });

    it('keeps a lead quarantined by a filled honeypot on an early step when it is completed', async () => {
      const res = await send(app, { body: financeLead(0, 'Incomplete', { company_website: 'https://spam.example', form_started_at: NOW - 60_000 }) });
      const id = String(res.body.id);
      const done = await send(app, { method: 'PUT', path: `/api/leads/${id}`, body: financeLead(3, 'Complete', { form_started_at: NOW - 90_000 }) });
      expect(done.status).toBe(200);
      expect((await allLeads())[0]).toMatchObject({ status: 'Complete', quarantine_reason: expect.stringMatching(/^honeypot/) as unknown });
      expect(await outboxOf(id)).toEqual([]);
    });

    it('limits each client address per minute with 429 and Retry-After', async () => {
      const limited = testApp({ database: db.current, filesDir, rateLimiter: memoryRateLimiter({ limit: 2, now: () => NOW }) });
      expect((await send(limited, { body: enquiry(), ip: '198.51.100.1' })).status).toBe(201);
      expect((await send(limited, { body: '{', ip: '198.51.100.1' })).status).toBe(400);
      const refused = await send(limited, { body: enquiry(), ip: '198.51.100.1' });
      expect(refused.status).toBe(429);
      expect(refused.body.error).toEqual(expect.any(String));
      expect(refused.headers.get('retry-after')).toBe('60');
      // Another address is counted apart, and X-Forwarded-For is not believed without TRUST_PROXY.
      expect((await send(limited, { body: enquiry(), ip: '198.51.100.2' })).status).toBe(201);
      expect((await send(limited, { body: enquiry(), ip: '198.51.100.1', headers: { 'x-forwarded-for': '192.0.2.9' } })).status).toBe(429);
    });

    it('counts by the proxy-reported address when TRUST_PROXY=1', async () => {
      const proxied = testApp({ database: db.current, filesDir, env: { TRUST_PROXY: '1' }, rateLimiter: memoryRateLimiter({ limit: 1, now: () => NOW }) });
      const via = (client: string) => send(proxied, { body: enquiry(), ip: '10.0.0.1', headers: { 'x-forwarded-for': `spoofed, ${client}` } });
      expect((await via('192.0.2.1')).status).toBe(201);
      expect((await via('192.0.2.2')).status).toBe(201);
      expect((await via('192.0.2.1')).status).toBe(429);
    });

    it('counts by the client address behind two proxies (TRUST_PROXY=2) or behind the listed ones, never by a hop the client wrote', async () => {
      for (const TRUST_PROXY of ['2', '10.0.0.0/8, 203.0.113.50']) {
        const proxied = testApp({ database: db.current, filesDir, env: { TRUST_PROXY }, rateLimiter: memoryRateLimiter({ limit: 1, now: () => NOW }) });
        // client → CDN edge 203.0.113.50 → load balancer 10.0.0.1 → us; "spoofed-n" is what the client wrote.
        const via = (client: string, spoofed: string) =>
          send(proxied, { body: enquiry(), ip: '10.0.0.1', headers: { 'x-forwarded-for': `${spoofed}, ${client}, 203.0.113.50` } });
        expect((await via('192.0.2.1', 'spoofed-1')).status, TRUST_PROXY).toBe(201);
        expect((await via('192.0.2.2', 'spoofed-2')).status, TRUST_PROXY).toBe(201);
        expect((await via('192.0.2.1', 'spoofed-3')).status, TRUST_PROXY).toBe(429);
      }
    });

    it('refuses a TRUST_PROXY that is neither a count nor addresses', () => {
      expect(() => testApp({ database: db.current, filesDir, env: { TRUST_PROXY: 'true' } })).toThrow(/TRUST_PROXY must be/);
    });
  });

  describe('POST /api/leads/with-files', () => {
    const withFiles = (lead: unknown, files: [string, Blob, string][]): FormData => {
      const form = new FormData();
      form.append('lead', JSON.stringify(lead));
      for (const [field, blob, name] of files) form.append(field, blob, name);
      return form;
    };

    it('stores the files under server-made names and records them with the lead', async () => {
      const form = withFiles(financeLead(3, 'Complete').lead, [
        ['drivers_licence', JPEG(), 'licence.jpg'],
        ['payslips', PDF(), '../../etc/passwd.pdf'],
      ]);
      const res = await send(app, { path: '/api/leads/with-files', body: form, key: 'files-key-1' });
      expect(res.status).toBe(201);
      const id = String(res.body.id);
      const records = await db.current.db.select().from(leadFiles).where(eq(leadFiles.lead_id, id));
      expect(records.map((r) => [r.field, r.content_type, r.size]).sort()).toEqual([
        ['drivers_licence', 'image/jpeg', 256],
        ['payslips', 'application/pdf', 256],
      ]);
      const stored = readdirSync(path.join(filesDir, DEALER)).sort();
      expect(stored).toEqual(records.map((r) => r.stored_name).sort());
      for (const name of stored) expect(name).toMatch(/^[0-9a-f-]{36}$/);
      expect(
        readFileSync(path.join(filesDir, DEALER, records.find((r) => r.field === 'payslips')?.stored_name ?? ''))
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
      expect(await outboxOf(id)).toEqual(['folder', 'shopper_reply']);

      // A retry gets the same answer and writes no second copy.
      const again = await send(app, {
        path: '/api/leads/with-files',
        body: withFiles(financeLead(3, 'Complete').lead, [
          ['drivers_licence', JPEG(), 'licence.jpg'],
          ['payslips', PDF(), 'x.pdf'],
        ]),
        key: 'files-key-1',
      });
      expect(again).toMatchObject({ status: 201, body: { id } });
      expect(readdirSync(path.join(filesDir, DEALER))).toHaveLength(2);
    });

    it('refuses a file whose bytes are not what its name and type claim, and stores nothing', async () => {
      const html = new Blob(['<html><script>alert(1)</script></html>'], { type: 'image/jpeg' });
      const res = await send(app, { path: '/api/leads/with-files', body: withFiles(financeLead(3, 'Complete').lead, [['vehicle_photos', html, 'car.jpg']]) });
      expect(res.status).toBe(400);
      expect(res.body.fields).toEqual({ vehicle_photos: 'Must be a JPEG, PNG, WebP file.' });
      const pdfAsPhoto = await send(app, {
        path: '/api/leads/with-files',
        body: withFiles(financeLead(3, 'Complete').lead, [['vehicle_photos', PDF(), 'car.png']]),
      });
      expect(pdfAsPhoto.status).toBe(400);
      expect(await allLeads()).toHaveLength(0);
      expect(existsSync(path.join(filesDir, DEALER)) ? readdirSync(path.join(filesDir, DEALER)) : []).toEqual([]);
    });

    it('removes written files when the lead is refused', async () => {
      const res = await send(app, { path: '/api/leads/with-files', body: withFiles(enquiry({ phone: 'nope' }).lead, [['payslips', PDF(), 'p.pdf']]) });
      expect(res.status).toBe(400);
      expect(existsSync(path.join(filesDir, DEALER)) ? readdirSync(path.join(filesDir, DEALER)) : []).toEqual([]);
    });

    it('refuses unknown parts, a missing lead part and a lead that is not JSON', async () => {
      const unknown = new FormData();
      unknown.append('lead', JSON.stringify(enquiry().lead));
      unknown.append('cv', PDF(), 'cv.pdf');
      expect((await send(app, { path: '/api/leads/with-files', body: unknown })).body.fields).toEqual({ cv: 'Files are not accepted in this field.' });
      const none = new FormData();
      none.append('payslips', PDF(), 'p.pdf');
      expect((await send(app, { path: '/api/leads/with-files', body: none })).body.fields).toHaveProperty('lead');
      const broken = new FormData();
      broken.append('lead', '{not json');
      expect((await send(app, { path: '/api/leads/with-files', body: broken })).status).toBe(400);
      expect((await send(app, { path: '/api/leads/with-files', body: enquiry() })).status).toBe(415);
    });
    it('refuses a body of 100,000 one-byte parts at the limit, reading no further, and stores nothing', async () => {
      const parts = streamedParts(100_000, { first: partText({ name: 'lead', value: JSON.stringify(enquiry().lead) }) });
      const res = await send(app, { path: '/api/leads/with-files', body: parts.stream, contentType: MULTIPART_TYPE });
      // Text parts past the few a lead takes: the field limit (5) is passed before the part limit (20).
      expect(res).toMatchObject({ status: 413, body: { error: 'The form has too many fields: at most 5.' } });
      expect(parts.pulled()).toBeLessThan(1000);
      expect(await allLeads()).toHaveLength(0);
    });

    it('answers /api/health while a lead with files is still arriving', async () => {
      let open: () => void = () => undefined;
      const gate = new Promise<void>((resolve) => {
        open = resolve;
      });
      const parts = streamedParts(100_000, { first: partText({ name: 'lead', value: JSON.stringify(enquiry().lead) }), gate });
      const upload = send(app, { path: '/api/leads/with-files', body: parts.stream, contentType: MULTIPART_TYPE });
      await parts.waiting;
      const health = await send(app, { method: 'GET', path: '/api/health', body: undefined });
      expect(health.status).toBe(200);
      open();
      expect((await upload).status).toBe(413);
    });

    it('refuses __proto__ and constructor as part names with a 400 naming the field, for text and files', async () => {
      for (const name of ['__proto__', 'constructor']) {
        for (const part of [
          { name, value: 'x' },
          { name, filename: 'a.jpg', bytes: '\xff\xd8\xff\xe0' },
        ]) {
          const body = multipart([{ name: 'lead', value: JSON.stringify(financeLead(3, 'Complete').lead) }, part]);
          const res = await send(app, { path: '/api/leads/with-files', body, contentType: MULTIPART_TYPE });
          expect(res.status, name).toBe(400);
          expect(res.body.error).toBe(`The field name "${name}" is not allowed.`);
          expect(Object.keys(res.body.fields as object)).toEqual([name]);
        }
      }
      expect(await allLeads()).toHaveLength(0);
    });

    it('has a lower rate limit of its own, counted apart from the other lead routes', async () => {
      // A sixth of the lead limit: 1 a minute here.
      const limited = testApp({ database: db.current, filesDir, rateLimiter: memoryRateLimiter({ limit: 6, now: () => NOW }) });
      const form = () => withFiles(financeLead(3, 'Complete').lead, [['payslips', PDF(), 'p.pdf']]);
      expect((await send(limited, { path: '/api/leads/with-files', body: form(), ip: '198.51.100.1' })).status).toBe(201);
      const refused = await send(limited, { path: '/api/leads/with-files', body: form(), ip: '198.51.100.1' });
      expect(refused).toMatchObject({ status: 429, body: { error: 'Too many requests. Please wait a minute and try again.' } });
      expect(refused.headers.get('retry-after')).toBe('60');
      expect((await send(limited, { body: enquiry(), ip: '198.51.100.1' })).status).toBe(201);
      expect((await send(limited, { path: '/api/leads/with-files', body: form(), ip: '198.51.100.2' })).status).toBe(201);
    });
  });

  describe('POST /api/carClarityCustomer', () => {
    const fields = {
      vehiclePriceBudget: '35000',
      loan_term_years: '5',
      has_trade_in: 'no',
      employment_status: 'Full time',
      annual_income: '90000',
      first_name: 'Jane',
      last_name: 'Citizen',
      email: 'jane@example.com',
      phone: '0412345678',
      postcode: '4000',
      opt_in: 'on',
      terms_conditions: 'on',
    };

    it('stores urlencoded form fields as a complete finance lead', async () => {
      const res = await send(app, {
        path: '/api/carClarityCustomer',
        body: new URLSearchParams(fields).toString(),
        contentType: 'application/x-www-form-urlencoded',
      });
      expect(res.status).toBe(201);
      const [row] = await allLeads();
      expect(row).toMatchObject({ form: 'finance', category: 'finance-pre-approval', status: 'Complete', consent: { opt_in: true } });
      expect(await outboxOf(String(res.body.id))).toEqual(['folder', 'shopper_reply']);
    });

    it('takes multipart form data too, and names bad fields', async () => {
      const form = new FormData();
      for (const [name, value] of Object.entries({ ...fields, postcode: '12' })) form.append(name, value);
      const res = await send(app, { path: '/api/carClarityCustomer', body: form });
      expect(res.status).toBe(400);
      expect(res.body.fields).toEqual({ 'lead.postcode': 'Invalid postcode. Please enter a 4-digit number.' });
      expect((await send(app, { path: '/api/carClarityCustomer', body: { lead: fields } })).status).toBe(415);
    });
  });

  describe("the dealer's own domains", () => {
    const KINGFISHER = 'www.kingfishertoyota.example';
    const LONE_STAR = 'www.lonestarautogroup.example';
    // A Lone Star (US) finance lead as carClarity posts it: form fields, no website_slug.
    const usFinance = (extra: Record<string, string> = {}) =>
      new URLSearchParams({
        vehiclePriceBudget: '35000',
        loan_term_years: '5',
        has_trade_in: 'no',
        employment_status: 'Full time',
        annual_income: '90000',
        first_name: 'Jane',
        last_name: 'Citizen',
        email: 'jane@example.com',
        phone: '(512) 555-0134',
        postcode: '78701',
        opt_in: 'on',
        terms_conditions: 'on',
        ...extra,
      }).toString();
    const carClarity = (host: string, body: string, headers: Record<string, string> = {}) =>
      send(app, { host, path: '/api/carClarityCustomer', body, contentType: 'application/x-www-form-urlencoded', headers });

    it('files a carClarity lead without website_slug under the dealer whose domain it was posted to', async () => {
      const res = await carClarity(LONE_STAR, usFinance());
      expect(res.status).toBe(201);
      expect((await allLeads()).map((row) => row.dealer)).toEqual([OTHER_DEALER]);
      expect(await outboxOf(String(res.body.id))).toEqual(['folder', 'shopper_reply']);
      const json = await send(app, { host: 'kingfishertoyota.example', body: enquiry() });
      expect(json.status).toBe(201);
      expect((await allLeads()).map((row) => row.dealer).sort()).toEqual([DEALER, OTHER_DEALER]);
    });

    it("refuses a lead naming another website_slug than the domain's dealer", async () => {
      const res = await carClarity(LONE_STAR, usFinance({ website_slug: DEALER }));
      expect(res).toMatchObject({
        status: 400,
        body: { error: 'This form belongs to another website.', fields: { 'lead.website_slug': `Must be "${OTHER_DEALER}" on this website.` } },
      });
      expect((await send(app, { host: KINGFISHER, body: enquiry({ website_slug: OTHER_DEALER }) })).status).toBe(400);
      expect(await allLeads()).toHaveLength(0);
    });

    it('stores nothing posted to a host that names no dealer', async () => {
      for (const host of ['www.unknown-dealer.example', 'lonestarautogroup.example', '192.0.2.10']) {
        expect(await carClarity(host, usFinance()), host).toMatchObject({ status: 404, body: { error: 'Unknown dealer' } });
        expect(await send(app, { host, body: enquiry() }), host).toMatchObject({ status: 404, body: { error: 'Unknown dealer' } });
      }
      expect(await allLeads()).toHaveLength(0);
    });

    it("refuses form-encoded and multipart posts from another website's page (403), and stores nothing", async () => {
      const refused = { status: 403, body: { error: 'This form can only be sent from the dealer’s own website.' } };
      expect(await carClarity(LONE_STAR, usFinance(), { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' })).toMatchObject(refused);
      // Browsers without Sec-Fetch-Site: the Origin tells.
      expect(await carClarity(LONE_STAR, usFinance(), { origin: 'https://evil.example' })).toMatchObject(refused);
      expect(await carClarity(LONE_STAR, usFinance(), { origin: `https://${LONE_STAR}.evil.example` })).toMatchObject(refused);
      expect(await carClarity(LONE_STAR, usFinance(), { origin: 'null' })).toMatchObject(refused);
      // Sec-Fetch-Site does not vouch for the page: the Origin, when sent, is checked too.
      expect(await carClarity(LONE_STAR, usFinance(), { 'sec-fetch-site': 'same-site', origin: 'https://evil.example' })).toMatchObject(refused);
      expect(await carClarity(LONE_STAR, usFinance(), { 'sec-fetch-site': 'same-origin', origin: 'http://127.0.0.1:4321' })).toMatchObject(refused);
      // Another dealer of this platform is another website too.
      expect(await carClarity(LONE_STAR, usFinance(), { origin: `https://${KINGFISHER}` })).toMatchObject(refused);
      const multipart = new FormData();
      multipart.append('lead', JSON.stringify(financeLead(3, 'Complete').lead));
      multipart.append('payslips', PDF(), 'p.pdf');
      const withFiles = (headers: Record<string, string>) => send(app, { host: KINGFISHER, path: '/api/leads/with-files', body: multipart, headers });
      expect(await withFiles({ 'sec-fetch-site': 'cross-site' })).toMatchObject(refused);
      expect(await withFiles({ origin: 'https://evil.example' })).toMatchObject(refused);
      expect(await allLeads()).toHaveLength(0);
      expect(existsSync(path.join(filesDir, DEALER))).toBe(false);
    });

    it("takes form posts from the dealer's own pages, and from servers that send neither header", async () => {
      const own: Record<string, string>[] = [
        { 'sec-fetch-site': 'same-origin', origin: `https://${LONE_STAR}` },
        { 'sec-fetch-site': 'same-site' },
        { 'sec-fetch-site': 'none' },
        { origin: `https://${LONE_STAR}` },
        {},
      ];
      for (const headers of own) expect((await carClarity(LONE_STAR, usFinance(), headers)).status, JSON.stringify(headers)).toBe(201);
      // The request's own origin, on a development host.
      expect((await carClarity(`${OTHER_DEALER}.localhost:4321`, usFinance(), { origin: `http://${OTHER_DEALER}.localhost:4321` })).status).toBe(201);
      // A page on another of the dealer's domains.
      const form = new FormData();
      form.append('lead', JSON.stringify(financeLead(3, 'Complete').lead));
      const alias = await send(app, { host: KINGFISHER, path: '/api/leads/with-files', body: form, headers: { origin: 'https://kingfishertoyota.example' } });
      expect(alias.status).toBe(201);
      expect(await allLeads()).toHaveLength(own.length + 2);
    });
  });

  it('answers 503 when the server has no lead storage', async () => {
    const bare = testApp({ database: undefined });
    const res = await send(bare, { body: enquiry() });
    expect(res).toMatchObject({ status: 503, body: { error: 'Lead storage is not configured' } });
  });

  it('never lists or serves leads', async () => {
    const id = String((await send(app, { body: enquiry() })).body.id);
    for (const target of ['/api/leads', `/api/leads/${id}`, '/api/leads/with-files']) {
      const res = await send(app, { method: 'GET', path: target, body: undefined });
      expect(res.status).toBe(404);
      expect(JSON.stringify(res.body)).not.toContain('Jane');
    }
  });
});
