import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../../platform/http/app-env';
import { ProviderUnavailableError } from '../../platform/http/outbound';
import { dealer, mountAtApi, post, read, routerDeps, sites, type ProviderSetup } from '../../../tests/support/provider-routes';
import { createRegoApi } from './rego-api';

function mount(setup: ProviderSetup = {}) {
  const deps = routerDeps(setup);
  return { app: mountAtApi(createRegoApi(deps)), logs: deps.logs };
}

describe('every route', () => {
  it('answers 404 Unknown dealer when the host names no dealer', async () => {
    const { app } = mount();
    for (const path of ['/nevdis', '/simple-autograb-lookup']) {
      const response = await post(app, path, { rego: 'ABC123', state: 'QLD' }, { 'x-dealer': '-' });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: 'Unknown dealer' });
    }
  });

  it('refuses bodies that are not JSON, not parseable or over 16 KB, without a 5xx', async () => {
    const { app } = mount();
    const form = await app.request('/api/nevdis', { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'rego=ABC123' });
    expect(form.status).toBe(415);
    for (const body of ['null', '[]', '"text"', '42']) {
      for (const path of ['/nevdis', '/simple-autograb-lookup']) {
        const response = await post(app, path, body);
        expect(response.status, `${path} ${body}`).toBe(400);
      }
    }
  });
});

describe('mounted at the API root', () => {
  it('limits and handles errors on its own routes only', async () => {
    const parent = new Hono<AppEnv>();
    parent.use('*', async (c, next) => {
      c.set('dealer', 'alpha');
      await next();
    });
    parent.route('/api', createRegoApi({ ...routerDeps(), log: () => undefined }));
    parent.post('/api/leads', async (c) => c.json({ size: (await c.req.text()).length }, 201));
    parent.get('/api/boom', () => {
      throw new Error('not ours');
    });
    parent.onError((_error, c) => c.json({ handler: 'parent' }, 500));
    const big = JSON.stringify({ lead: { message: 'x'.repeat(40_000) } });
    const leadResponse = await parent.request('/api/leads', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: big });
    expect(leadResponse.status).toBe(201);
    expect(await (await parent.request('/api/boom')).json()).toEqual({ handler: 'parent' });
    const ours = await parent.request('/api/nevdis', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: big });
    expect(ours.status).toBe(413);
  });
});

describe('POST /nevdis and /simple-autograb-lookup', () => {
  it('answers the demo vehicle offline', async () => {
    const { app } = mount();
    const response = await post(app, '/nevdis', { rego: 'abc 123', state: 'qld' });
    expect(response.status).toBe(200);
    const vehicle = await read(response);
    expect(vehicle).toMatchObject({ source: 'demo' });
    expect(typeof vehicle.make).toBe('string');
    expect(typeof vehicle.year).toBe('number');
    const again = await read(await post(app, '/simple-autograb-lookup', { rego: 'ABC123', regoState: 'QLD' }));
    expect(again).toEqual(vehicle);
  });

  it('asks the configured provider for each route', async () => {
    const asked: string[] = [];
    const { app } = mount({
      providers: {
        nevdis: (q) => {
          asked.push(`nevdis ${q.rego} ${q.state}`);
          return Promise.resolve(null);
        },
        autograb: (q) => {
          asked.push(`autograb ${q.rego} ${q.state}`);
          return Promise.resolve({
            make: 'Kia',
            model: 'Rio',
            year: 2019,
            variant: '',
            body: 'Hatch',
            fuel: 'Petrol',
            transmission: 'Auto',
            source: 'autograb',
          });
        },
      },
    });
    const missing = await post(app, '/nevdis', { rego: 'ZZZ 1', state: 'wa' });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: 'No vehicle found for that registration' });
    const found = await post(app, '/simple-autograb-lookup', { rego: 'ab1', state: '' });
    expect(found.status).toBe(200);
    expect(asked).toEqual(['nevdis ZZZ1 WA', 'autograb AB1 ']);
  });

  it('answers 400 with fields for a bad plate or state, including hostile text', async () => {
    const { app } = mount();
    for (const body of [
      { rego: '<script>alert(1)</script>', state: 'NSW' },
      { rego: 'ABCDEFGH', state: 'NSW' },
      { state: 'NSW' },
      { rego: 42, state: 'NSW' },
      { rego: 'x'.repeat(5000), state: 'NSW' },
    ]) {
      const response = await post(app, '/nevdis', body);
      expect(response.status).toBe(400);
      expect(Object.keys((await read(response)).fields ?? {})).toEqual(['rego']);
    }
    const badState = await post(app, '/nevdis', { rego: 'ABC123', state: 'Narnia' });
    expect((await read(badState)).fields).toHaveProperty('state');
  });

  it('looks up US plates offline on a US site, and says so plainly when a plate has no car', async () => {
    sites.usa = dealer('usa', { region: 'US' });
    try {
      const { app } = mount();
      for (const path of ['/nevdis', '/simple-autograb-lookup']) {
        const found = await post(app, path, { rego: '8abc123', regoState: 'CA' }, { 'x-dealer': 'usa' });
        expect(found.status, path).toBe(200);
        expect(await read(found)).toMatchObject({ source: 'demo' });
      }
      const eight = await post(app, '/nevdis', { rego: 'ABCD1234', state: 'WA' }, { 'x-dealer': 'usa' });
      expect(eight.status).toBe(200);
      const australian = await post(app, '/nevdis', { rego: 'ABC123', state: 'QLD' }, { 'x-dealer': 'usa' });
      expect(australian.status).toBe(400);
      expect((await read(australian)).fields?.state).toMatch(/two-letter code/);
      const { app: none } = mount({ providers: { nevdis: () => Promise.resolve(null) } });
      const missing = await post(none, '/nevdis', { rego: '8ABC123', state: 'TX' }, { 'x-dealer': 'usa' });
      expect(missing.status).toBe(404);
      expect((await read(missing)).error).toBe('No vehicle found for that license plate in that state. Please check it, or enter your vehicle details.');
    } finally {
      delete sites.usa;
    }
  });

  it('answers 503 when the lookup service cannot answer', async () => {
    const { app } = mount({ providers: { nevdis: () => Promise.reject(new ProviderUnavailableError('down')) } });
    const response = await post(app, '/nevdis', { rego: 'ABC123', state: 'NSW' });
    expect(response.status).toBe(503);
    expect((await read(response)).error).toMatch(/not available/);
  });

  it('answers 500 in JSON, logged, when something unexpected breaks', async () => {
    const { app, logs } = mount({ providers: { nevdis: () => Promise.reject(new Error('bug')) } });
    const response = await post(app, '/nevdis', { rego: 'ABC123', state: 'NSW' });
    expect(response.status).toBe(500);
    expect((await read(response)).error).toBeTruthy();
    expect(logs[0]).toContain('bug');
  });
});
