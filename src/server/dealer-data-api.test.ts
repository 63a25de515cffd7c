/**
 * "Session data gives navigation and special_hours, fetched cached with no revalidation on
 * focus." "Manufacturer and dealership booking data come from the back-office."
 */
import { describe, expect, it } from 'vitest';
import { dealer, mountAtApi, routerDeps, sites, type ProviderSetup } from '../../tests/support/provider-routes';
import { createDealerDataApi } from './dealer-data-api';

const mount = (setup: ProviderSetup = {}) => {
  const deps = routerDeps(setup);
  return { app: mountAtApi(createDealerDataApi(deps)), logs: deps.logs };
};

describe('GET /session-data', () => {
  it("answers the dealer file's navigation and special hours without a dashboard", async () => {
    const { app } = mount();
    const response = await app.request('/api/session-data');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ navigation: sites.alpha!.navigation, special_hours: sites.alpha!.special_hours, source: 'configured' });
    expect((await app.request('/api/session-data', { headers: { 'x-dealer': '-' } })).status).toBe(404);
  });

  it("answers the dashboard's holiday hours for this website", async () => {
    const urls: string[] = [];
    const holiday = { date: '2025-06-09', name: "King's Birthday", status: 'Closed', location_id: 1 };
    const { app } = mount({
      env: { DEALER_DASHBOARD_URL: 'https://dashboard.example' },
      fetch: (url) => {
        urls.push(url);
        return Promise.resolve(new Response(JSON.stringify({ special_hours: [holiday] })));
      },
    });
    const answer = (await (await app.request('/api/session-data')).json()) as { special_hours: unknown[]; source: string };
    expect(urls).toEqual([`https://dashboard.example/api/v1/websites/${sites.alpha!.id}/website_session_data.json`]);
    expect(answer.source).toBe('dashboard');
    expect(answer.special_hours).toEqual([holiday]);
  });
});

describe('GET /manufacturers/:slug', () => {
  it('answers a listed make and 404 for any other', async () => {
    sites.gamma = dealer('gamma', { manufacturers: [{ name: 'Toyota', slug: 'toyota' }] });
    try {
      const { app } = mount();
      const response = await app.request('/api/manufacturers/toyota', { headers: { 'x-dealer': 'gamma' } });
      expect(await response.json()).toEqual({ name: 'Toyota', slug: 'toyota', source: 'configured' });
      for (const slug of ['ford', '%3Cscript%3E', 'x'.repeat(80)]) {
        expect((await app.request(`/api/manufacturers/${slug}`, { headers: { 'x-dealer': 'gamma' } })).status).toBe(404);
      }
    } finally {
      delete sites.gamma;
    }
  });
});
