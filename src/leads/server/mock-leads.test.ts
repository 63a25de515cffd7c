import { beforeEach, describe, expect, it } from 'vitest';
import { idempotencyKeys, leads, outbox } from '../../platform/db/schema';
import { resetTestDatabase, testDatabaseKinds, useTestDatabase } from '../../../tests/support/test-databases';
import { enquiry, financeLead, OTHER_DEALER, send, testApp } from '../../../tests/support/lead-api';
import { CHECK_FIELDS } from '../../platform/http/answers';
import { LEAD_FAULT, NO_LEAD_STORAGE, takeMockError } from './mock-leads';

const MOCK = '/api/mock/leads';

describe.each(testDatabaseKinds())('test builds’ mock lead route on %s', (kind) => {
  const db = useTestDatabase(kind);
  let app: ReturnType<typeof testApp>;

  beforeEach(async () => {
    await resetTestDatabase(db.current);
    app = testApp({ database: db.current });
  });

  const nothingKept = async () => {
    expect(await db.current.db.select().from(leads)).toEqual([]);
    expect(await db.current.db.select().from(outbox)).toEqual([]);
    expect(await db.current.db.select().from(idempotencyKeys)).toEqual([]);
  };

  it('answers a lead the real route would take with 201 and a mock id, storing and queueing nothing', async () => {
    const first = await send(app, { path: MOCK, body: enquiry(), key: 'mock-key-0001' });
    expect(first).toMatchObject({ status: 201, body: { id: expect.stringMatching(/^mock-[0-9a-f-]{36}$/) as unknown } });
    // A retry with the same key is checked again, not replayed from storage.
    const retry = await send(app, { path: MOCK, body: enquiry(), key: 'mock-key-0001' });
    expect(retry.status).toBe(201);
    await nothingKept();
  });

  it('answers a later step of a multi-step lead with 200 and its id', async () => {
    const res = await send(app, { method: 'PUT', path: `${MOCK}/mock-abc`, body: financeLead(1, 'Incomplete', { lead_id: 'mock-abc' }) });
    expect(res).toMatchObject({ status: 200, body: { id: 'mock-abc' } });
    await nothingKept();
  });

  it('refuses what the real route refuses, with the same answer', async () => {
    const cases: { body: unknown; method?: string; id?: string }[] = [
      { body: enquiry({ email: 'not an email' }) },
      { body: enquiry({ phone: '12' }) },
      { body: enquiry({ website_slug: OTHER_DEALER }) },
      { body: enquiry({ favourite_colour: 'red' }) },
      { body: { lead: 'nope' } },
      { body: { lead: { ...enquiry().lead, message: 'a\u0000b' } } },
      { body: financeLead(1, 'Incomplete', { lead_id: 'someone-else' }), method: 'PUT', id: 'mine' },
    ];
    for (const { body, method = 'POST', id } of cases) {
      const suffix = id === undefined ? '' : `/${id}`;
      const real = await send(app, { method, path: `/api/leads${suffix}`, body });
      const mock = await send(app, { method, path: `${MOCK}${suffix}`, body });
      expect(real.status, JSON.stringify(body)).toBe(400);
      expect({ status: mock.status, body: mock.body }).toEqual({ status: real.status, body: real.body });
    }
    await nothingKept();
  });

  it('refuses a bad Idempotency-Key and an unknown site as the real route does', async () => {
    const realKey = await send(app, { body: enquiry(), key: 'x' });
    const mockKey = await send(app, { path: MOCK, body: enquiry(), key: 'x' });
    expect(mockKey.status).toBe(400);
    expect(mockKey.body).toEqual(realKey.body);
    const realHost = await send(app, { host: 'nobody.example', body: enquiry() });
    const mockHost = await send(app, { host: 'nobody.example', path: MOCK, body: enquiry() });
    expect({ status: mockHost.status, body: mockHost.body }).toEqual({ status: realHost.status, body: realHost.body });
  });

  it('answers each mock error as the real route words it, storing nothing', async () => {
    const server = await send(app, { path: MOCK, body: enquiry({ mock_error: 'server' }) });
    expect(server).toMatchObject({ status: 500, body: { error: LEAD_FAULT } });
    const validation = await send(app, { path: MOCK, body: enquiry({ mock_error: 'validation' }) });
    expect(validation).toMatchObject({ status: 400, body: { error: CHECK_FIELDS, fields: { 'lead.email': expect.any(String) as unknown } } });
    const unavailable = await send(app, { path: MOCK, body: enquiry({ mock_error: 'unavailable' }) });
    const noStorage = await send(testApp({ database: undefined }), { body: enquiry() });
    expect(noStorage).toMatchObject({ status: 503, body: { error: NO_LEAD_STORAGE } });
    expect({ status: unavailable.status, body: unavailable.body }).toEqual({ status: noStorage.status, body: noStorage.body });
    // The empty choice of the form's select is no error.
    expect((await send(app, { path: MOCK, body: enquiry({ mock_error: '' }) })).status).toBe(201);
    await nothingKept();
  });

  it('gives the real refusal before a mock error when the lead itself is wrong, and refuses an unknown mock error', async () => {
    const wrong = await send(app, { path: MOCK, body: enquiry({ email: 'nope', mock_error: 'server' }) });
    expect(wrong).toMatchObject({ status: 400, body: { fields: { 'lead.email': expect.any(String) as unknown } } });
    const unknown = await send(app, { path: MOCK, body: enquiry({ mock_error: 'explode' }) });
    expect(unknown).toMatchObject({
      status: 400,
      body: { error: CHECK_FIELDS, fields: { 'lead.mock_error': 'Must be one of server, validation, unavailable.' } },
    });
  });

  it('is refused by the real route: a lead carrying a mock error is not taken', async () => {
    const res = await send(app, { body: enquiry({ mock_error: 'server' }) });
    expect(res).toMatchObject({ status: 400, body: { fields: { 'lead.mock_error': expect.any(String) as unknown } } });
    await nothingKept();
  });

  it('answers without lead storage, as it keeps nothing', async () => {
    const res = await send(testApp({ database: undefined }), { path: MOCK, body: enquiry() });
    expect(res.status).toBe(201);
  });
});

describe('takeMockError', () => {
  it('takes the mock error off the lead and leaves every other body as it was', () => {
    expect(takeMockError({ lead: { name: 'A', mock_error: 'server' } })).toEqual({ ok: true, body: { lead: { name: 'A' } }, mockError: 'server' });
    expect(takeMockError({ lead: { name: 'A', mock_error: null } })).toEqual({ ok: true, body: { lead: { name: 'A' } } });
    expect(takeMockError({ lead: { name: 'A' } })).toEqual({ ok: true, body: { lead: { name: 'A' } } });
    expect(takeMockError('text')).toEqual({ ok: true, body: 'text' });
    expect(takeMockError({ lead: { mock_error: 3 } })).toMatchObject({ ok: false, problem: { status: 400 } });
  });
});
