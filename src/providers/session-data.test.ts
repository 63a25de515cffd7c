/**
 * "GET {dealer dashboard}/api/v1/websites/{websiteId}/website_session_data.json with Accept JSON
 * (staging flag switches host). Response content not shown. Session data gives navigation and
 * special_hours, fetched cached with no revalidation on focus."
 */
import { describe, expect, it } from 'vitest';
import { testSite } from '../../tests/support/test-site';
import { dashboardSessionData, readSessionData, sessionDataFromEnv } from './session-data';

const site = testSite();
const christmas = { date: '2030-12-25', name: 'Christmas Day', status: 'Closed', location_id: site.locations[0]!.id };
const liveNavigation = { header: [{ name: 'Holiday Sale', url: '/search/used-cars' }] };

function dashboard(answer: () => Response | Promise<Response>, clock = { t: 0 }) {
  const calls: { url: string; accept: string | null }[] = [];
  const logs: string[] = [];
  const source = dashboardSessionData({
    url: 'https://dashboard.example/',
    now: () => clock.t,
    log: (m) => logs.push(m),
    fetch: (url, init) => {
      calls.push({ url, accept: new Headers(init?.headers).get('accept') });
      return Promise.resolve(answer());
    },
  });
  return { source, calls, logs, clock };
}
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

describe('session data from the dealer dashboard', () => {
  it('asks for the website by id with Accept JSON and reads navigation and special hours', async () => {
    const { source, calls } = dashboard(() => json({ navigation: liveNavigation, special_hours: [christmas], banner: 'ignored' }));
    const data = await source(site);
    expect(calls).toEqual([{ url: `https://dashboard.example/api/v1/websites/${site.id}/website_session_data.json`, accept: 'application/json' }]);
    expect(data.source).toBe('dashboard');
    expect(data.navigation.header.map((i) => i.name)).toEqual(['Holiday Sale']);
    expect(data.special_hours).toEqual([expect.objectContaining({ date: '2030-12-25', name: 'Christmas Day', status: 'Closed' })]);
  });

  it('keeps an answer for a minute, so shoppers on the same site share one request', async () => {
    const { source, calls, clock } = dashboard(() => json({ special_hours: [christmas] }));
    await Promise.all([source(site), source(site)]);
    clock.t = 59_999;
    await source(site);
    expect(calls).toHaveLength(1);
    clock.t = 60_000;
    await source(site);
    expect(calls).toHaveLength(2);
  });

  it('falls back to the dealer file when the dashboard fails or answers nonsense, and logs why', async () => {
    for (const answer of [() => json({}, 503), () => Promise.reject(new TypeError('fetch failed')), () => new Response('<html>'), () => json([1, 2])]) {
      const { source, logs } = dashboard(answer);
      const data = await source(site);
      expect(data).toEqual({ navigation: site.navigation, special_hours: site.special_hours, source: 'configured' });
      expect(logs.length).toBeGreaterThan(0);
    }
  });

  it('keeps each usable part on its own: hours survive a broken navigation', () => {
    const logs: string[] = [];
    const data = readSessionData({ navigation: { header: 'nope' }, special_hours: [christmas] }, site, (m) => logs.push(m));
    expect(data.navigation).toBe(site.navigation);
    expect(data.special_hours).toHaveLength(1);
    expect(logs).toEqual(['session data: navigation is missing or not valid; using the dealer file']);
  });

  it('refuses hostile navigation the dealer file would refuse', () => {
    const data = readSessionData({ navigation: { header: [{ name: 'x', url: 'javascript:alert(1)' }] } }, site);
    expect(data.source).toBe('configured');
  });

  it('chooses the staging dashboard when the staging flag is set, and the dealer file without either', async () => {
    const urls: string[] = [];
    const fetch = (url: string) => {
      urls.push(url);
      return Promise.resolve(json({ special_hours: [] }));
    };
    const env = { DEALER_DASHBOARD_URL: 'https://dashboard.example', DEALER_DASHBOARD_STAGING_URL: 'https://staging.dashboard.example' };
    const log = () => undefined;
    await sessionDataFromEnv(env, { fetch, log })(site);
    await sessionDataFromEnv({ ...env, DEALER_DASHBOARD_STAGING: 'true' }, { fetch, log })(site);
    expect(urls.map((u) => new URL(u).host)).toEqual(['dashboard.example', 'staging.dashboard.example']);
    await expect(sessionDataFromEnv({}, { fetch })(site)).resolves.toMatchObject({ source: 'configured' });
    expect(urls).toHaveLength(2);
  });
});
