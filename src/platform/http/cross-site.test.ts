import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from './app-env';
import { refuseOtherSites } from './cross-site';

const app = new Hono<AppEnv>();
app.post(
  '/form',
  refuseOtherSites(() => Promise.resolve(['www.alpha.example', 'alpha.example'])),
  (c) => c.json({ ok: true }),
);

const post = async (headers: Record<string, string>, host = 'www.alpha.example') => {
  const res = await app.request(`http://${host}/form`, { method: 'POST', headers: { host, ...headers }, body: 'a=1' });
  return { status: res.status, body: (await res.json()) as unknown };
};

describe('refuseOtherSites', () => {
  it('refuses what the browser calls cross-site, in the one error envelope', async () => {
    expect(await post({ 'sec-fetch-site': 'cross-site' })).toEqual({
      status: 403,
      body: { error: 'This form can only be sent from the dealer’s own website.' },
    });
    expect((await post({ 'Sec-Fetch-Site': 'Cross-Site', origin: 'https://www.alpha.example' })).status).toBe(403);
  });

  it('checks the Origin whatever Sec-Fetch-Site says: same-site also covers sibling hosts', async () => {
    for (const site of ['same-origin', 'same-site', 'none']) {
      expect((await post({ 'sec-fetch-site': site, origin: 'https://evil.example' })).status, site).toBe(403);
      expect((await post({ 'sec-fetch-site': site, origin: 'https://shop.alpha.example' })).status, site).toBe(403);
      expect((await post({ 'sec-fetch-site': site, origin: 'null' })).status, site).toBe(403);
      expect((await post({ 'sec-fetch-site': site, origin: 'https://www.alpha.example' })).status, site).toBe(200);
      expect((await post({ 'sec-fetch-site': site })).status, site).toBe(200);
    }
  });

  it("takes the dealer's own domains over https only, on the default port", async () => {
    for (const origin of ['http://www.alpha.example', 'https://alpha.example:8443', 'ftp://alpha.example'])
      expect((await post({ 'sec-fetch-site': 'same-site', origin }, 'shop.example')).status, origin).toBe(403);
    expect((await post({ 'sec-fetch-site': 'same-site', origin: 'https://alpha.example' }, 'www.alpha.example')).status).toBe(200);
  });

  it("without Sec-Fetch-Site, takes an Origin that is the request's host or one of the dealer's domains", async () => {
    expect((await post({ origin: 'https://www.alpha.example' })).status).toBe(200);
    expect((await post({ origin: 'https://ALPHA.example' })).status).toBe(200);
    expect((await post({ origin: 'http://alpha.localhost:4321' }, 'alpha.localhost:4321')).status).toBe(200);
    for (const origin of ['https://evil.example', 'https://www.alpha.example.evil.example', 'http://alpha.localhost:9999', 'null', 'not a url']) {
      expect((await post({ origin }, 'alpha.localhost:4321')).status, origin).toBe(403);
    }
  });

  it('lets a request without either header through: not a browser form', async () => {
    expect((await post({})).status).toBe(200);
  });
});
