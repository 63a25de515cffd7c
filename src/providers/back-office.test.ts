import { describe, expect, it } from 'vitest';
import { BACK_OFFICE_ATTEMPTS, createBackOfficeClient, isNotFoundBody, type BackOfficeOptions } from './back-office';

const settings = { base_url: 'https://bo.example.com/api/', dealership_id: 42, credentials_env: 'BO_CREDENTIALS' };

interface Call {
  url: string;
  headers: Record<string, string>;
}

/** A fetch answering from a list, one answer per call (the last repeats), recording each call. */
type Answer = (() => Response) | Error;

function scripted(answers: Answer[]) {
  const calls: Call[] = [];
  const fetch = (url: string, init?: RequestInit) => {
    calls.push({ url, headers: { ...(init?.headers as Record<string, string>) } });
    const answer = answers[Math.min(calls.length - 1, answers.length - 1)];
    return answer instanceof Error ? Promise.reject(answer) : Promise.resolve((answer as () => Response)());
  };
  return { fetch, calls };
}

const json =
  (body: unknown, status = 200) =>
  () =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const text = (body: string, status: number) => () => new Response(body, { status });

function client(answers: Answer[], overrides: Partial<BackOfficeOptions> = {}) {
  const { fetch, calls } = scripted(answers);
  const logs: string[] = [];
  const sleeps: number[] = [];
  const bo = createBackOfficeClient(settings, {
    env: { BO_CREDENTIALS: 'user:p@ss:word' },
    fetch,
    log: (m) => logs.push(m),
    sleep: (ms) => {
      sleeps.push(ms);
      return Promise.resolve();
    },
    ...overrides,
  });
  return { bo, calls, logs, sleeps };
}

describe('back-office client', () => {
  it('asks the three documented addresses with basic auth from the named env var', async () => {
    const { bo, calls } = client([json({ ok: 1 })]);
    await bo.manufacturer('land-rover', 9001);
    await bo.availableServiceBookings();
    await bo.availableAppointmentBookings();
    expect(calls.map((c) => c.url)).toEqual([
      'https://bo.example.com/api/manufacturers/land-rover.json?website_id=9001',
      'https://bo.example.com/api/dealerships/42/available_service_bookings.json',
      'https://bo.example.com/api/dealerships/42/available_appointment_bookings.json',
    ]);
    const expected = `Basic ${Buffer.from('user:p@ss:word').toString('base64')}`;
    expect(calls.every((c) => c.headers.Authorization === expected)).toBe(true);
  });

  it('answers the parsed body when the back-office answers OK', async () => {
    const { bo } = client([json([{ date: '2025-06-02', times: ['08:00'] }])]);
    await expect(bo.availableServiceBookings()).resolves.toEqual([{ date: '2025-06-02', times: ['08:00'] }]);
  });

  it('retries a non-OK answer twice and then logs the status and answers false', async () => {
    const { bo, calls, logs, sleeps } = client([text('boom', 502)]);
    await expect(bo.availableServiceBookings()).resolves.toBe(false);
    expect(calls).toHaveLength(BACK_OFFICE_ATTEMPTS);
    expect(BACK_OFFICE_ATTEMPTS).toBe(3);
    expect(sleeps).toHaveLength(2);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toContain('502');
    expect(logs[0]).toContain('after 3 attempts');
  });

  it('succeeds on a retry without logging a failure', async () => {
    const { bo, calls, logs } = client([text('', 500), text('', 503), json({ id: 1 })]);
    await expect(bo.manufacturer('toyota', 1)).resolves.toEqual({ id: 1 });
    expect(calls).toHaveLength(3);
    expect(logs).toEqual([]);
  });

  it('treats a network error like a non-OK answer', async () => {
    const { bo, calls, logs } = client([new TypeError('fetch failed'), json({ fine: true })]);
    await expect(bo.availableAppointmentBookings()).resolves.toEqual({ fine: true });
    expect(calls).toHaveLength(2);
    expect(logs).toEqual([]);
  });

  it('answers false for a 404 in the body at once, without retrying', async () => {
    for (const body of [{ status: 404 }, { status: '404' }, { error: '404' }, { error: 'Not Found' }, { code: 404 }, { message: 'Not found' }]) {
      const { bo, calls } = client([json(body)]);
      await expect(bo.manufacturer('nope', 1)).resolves.toBe(false);
      expect(calls).toHaveLength(1);
    }
    const { bo, calls } = client([text('Not Found', 200)]);
    await expect(bo.manufacturer('nope', 1)).resolves.toBe(false);
    expect(calls).toHaveLength(1);
  });

  it('answers false for an OK answer that is not JSON, and logs it', async () => {
    const { bo, logs } = client([text('<html>maintenance</html>', 200)]);
    await expect(bo.availableServiceBookings()).resolves.toBe(false);
    expect(logs[0]).toMatch(/not JSON/);
  });

  it('never calls without credentials', async () => {
    const { bo, calls, logs } = client([json({})], { env: {} });
    await expect(bo.availableServiceBookings()).resolves.toBe(false);
    expect(calls).toHaveLength(0);
    expect(logs[0]).toContain('BO_CREDENTIALS');
  });

  it('keeps credentials and the query out of the log, and escapes the make slug', async () => {
    const { bo, calls, logs } = client([text('', 500)]);
    await bo.manufacturer('../../admin?x=1', 'site 7');
    expect(calls[0]?.url).toBe('https://bo.example.com/api/manufacturers/..%2F..%2Fadmin%3Fx%3D1.json?website_id=site+7');
    expect(logs.join('\n')).not.toContain('p@ss');
    expect(logs.join('\n')).not.toContain('website_id');
  });
});

describe('isNotFoundBody', () => {
  it('tells a not-found body from a real answer', () => {
    expect(isNotFoundBody({ status: 404 })).toBe(true);
    expect(isNotFoundBody({ error: 'not found: manufacturer' })).toBe(true);
    expect(isNotFoundBody('404 page not found')).toBe(true);
    expect(isNotFoundBody([])).toBe(false);
    expect(isNotFoundBody({})).toBe(false);
    expect(isNotFoundBody({ status: 200, name: 'Not Found Motors' })).toBe(false);
    expect(isNotFoundBody({ message: 'Found 404 bookings' })).toBe(false);
    expect(isNotFoundBody(null)).toBe(false);
  });
});
