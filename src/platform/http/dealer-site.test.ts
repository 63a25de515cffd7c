import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { testSite } from '../../../tests/support/test-site';
import type { AppEnv } from './app-env';
import { knownDealer } from './dealer-site';

const alpha = testSite({ slug: 'alpha' });

function app(configFor: Parameters<typeof knownDealer>[0]) {
  const parent = new Hono<AppEnv>();
  parent.use('*', async (c, next) => {
    const dealer = c.req.header('x-dealer');
    c.set('dealer', dealer === undefined ? null : dealer);
    await next();
  });
  const routes = new Hono<AppEnv>();
  routes.get('/site', knownDealer(configFor), (c) => c.json({ slug: c.get('site').slug }));
  parent.route('/api', routes);
  return parent;
}

describe('knownDealer', () => {
  it('gives the route the dealer the host names', async () => {
    const response = await app((slug) => (slug === 'alpha' ? alpha : undefined)).request('/api/site', { headers: { 'x-dealer': 'alpha' } });
    expect(await response.json()).toEqual({ slug: 'alpha' });
  });

  it('answers 404 Unknown dealer for a host that names none, or a dealer without a config', async () => {
    const routes = app((slug) => Promise.resolve(slug === 'alpha' ? alpha : undefined));
    for (const headers of [{}, { 'x-dealer': 'gamma' }] as Record<string, string>[]) {
      const response = await routes.request('/api/site', { headers });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: 'Unknown dealer' });
    }
  });
});
