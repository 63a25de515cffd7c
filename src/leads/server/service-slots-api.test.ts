import { describe, expect, it } from 'vitest';
import { dealer, mountAtApi, read, routerDeps, sites, type ProviderSetup } from '../../../tests/support/provider-routes';
import { createServiceSlotsApi } from './service-slots-api';

function mount(setup: ProviderSetup = {}) {
  const deps = routerDeps(setup);
  return { app: mountAtApi(createServiceSlotsApi(deps)), logs: deps.logs };
}

describe('every route', () => {
  it('answers 404 Unknown dealer when the host names no dealer', async () => {
    const { app } = mount();
    const response = await app.request('/api/service-slots?location_id=7', { headers: { 'x-dealer': '-' } });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'Unknown dealer' });
  });
});

describe('GET /service-slots', () => {
  it('answers slots from opening hours for a service location', async () => {
    const { app } = mount();
    const response = await app.request('/api/service-slots?location_id=7');
    expect(response.status).toBe(200);
    const answer = (await response.json()) as { location_id: string; source: string; slots: { date: string; times: string[] }[] };
    expect(answer.location_id).toBe('7');
    expect(answer.source).toBe('opening_hours');
    expect(answer.slots[0]?.date).toBe('2025-06-02');
    expect(answer.slots[0]?.times[0]).toBe('08:00');
    expect(answer.slots[0]?.times.at(-1)).toBe('16:00');
  });

  it('answers 400 for a location that is not one of the dealer’s service locations', async () => {
    const { app } = mount();
    for (const query of ['location_id=1', 'location_id=99', '', `location_id=${'7'.repeat(100)}`, 'location_id=%3Cscript%3E']) {
      const response = await app.request(`/api/service-slots?${query}`);
      expect(response.status).toBe(400);
      expect((await read(response)).fields).toHaveProperty('location_id');
    }
  });

  it('reads the back-office when the dealer has one, and falls back to opening hours when it fails', async () => {
    sites.delta = dealer('delta', { back_office: { base_url: 'https://bo.example/api', dealership_id: 5, credentials_env: 'DELTA_BO' } });
    try {
      const urls: string[] = [];
      let fail = false;
      const fetch = (url: string) => {
        urls.push(url);
        if (fail) return Promise.resolve(new Response('', { status: 500 }));
        return Promise.resolve(new Response(JSON.stringify({ available_service_bookings: [{ date: '2025-06-03', times: ['09:00', '09:30'] }] })));
      };
      const { app, logs } = mount({ env: { DELTA_BO: 'user:pass' }, fetch });
      const ok = (await (await app.request('/api/service-slots?location_id=7', { headers: { 'x-dealer': 'delta' } })).json()) as unknown;
      expect(ok).toEqual({ location_id: '7', slots: [{ date: '2025-06-03', times: ['09:00', '09:30'] }], source: 'back_office' });
      expect(urls).toEqual(['https://bo.example/api/dealerships/5/available_service_bookings.json']);

      fail = true;
      const fallback = (await (await app.request('/api/service-slots?location_id=7', { headers: { 'x-dealer': 'delta' } })).json()) as { source: string };
      expect(fallback.source).toBe('opening_hours');
      expect(urls).toHaveLength(4);
      expect(logs.some((m) => m.includes('500'))).toBe(true);
    } finally {
      delete sites.delta;
    }
  });
});

// "GET {back-office}/dealerships/{id}/available_appointment_bookings.json"; "Back-office fetch:
// non-OK retried twice, then error thrown with the status; logged to console; returns false."
describe('GET /appointment-slots', () => {
  it('answers times for a sales location from its opening hours, and 400 for a service location', async () => {
    const { app } = mount();
    const response = await app.request('/api/appointment-slots?location_id=1');
    expect(response.status).toBe(200);
    const answer = (await response.json()) as { source: string; slots: unknown[] };
    expect(answer.source).toBe('opening_hours');
    expect(answer.slots.length).toBeGreaterThan(0);
    const service = await app.request('/api/appointment-slots?location_id=7');
    expect(service.status).toBe(400);
    expect((await read(service)).fields).toEqual({ location_id: 'Choose one of our sales locations' });
  });

  it("reads the back-office's appointment bookings, retrying a failing one twice before falling back", async () => {
    sites.gamma = dealer('gamma', { back_office: { base_url: 'https://bo.example/api', dealership_id: 5, credentials_env: 'BO_CREDENTIALS' } });
    try {
      const urls: string[] = [];
      let status = 502;
      const fetch = (url: string) => {
        urls.push(url);
        return Promise.resolve(new Response(JSON.stringify([{ date: '2025-06-03', times: ['10:00'] }]), { status }));
      };
      const deps = routerDeps({ env: { BO_CREDENTIALS: 'u:p' }, fetch });
      const app = mountAtApi(createServiceSlotsApi({ ...deps, providers: { serviceSlots: deps.providers.serviceSlots } }));
      const failed = (await (await app.request('/api/appointment-slots?location_id=1', { headers: { 'x-dealer': 'gamma' } })).json()) as { source: string };
      expect(urls).toEqual(Array(3).fill('https://bo.example/api/dealerships/5/available_appointment_bookings.json'));
      expect(failed.source).toBe('opening_hours');
      expect(deps.logs.some((line) => line.includes('answered 502') && line.includes('after 3 attempts'))).toBe(true);
      status = 200;
      const ok: unknown = await (await app.request('/api/appointment-slots?location_id=1', { headers: { 'x-dealer': 'gamma' } })).json();
      expect(ok).toEqual({ location_id: '1', slots: [{ date: '2025-06-03', times: ['10:00'] }], source: 'back_office' });
    } finally {
      delete sites.gamma;
    }
  });
});
