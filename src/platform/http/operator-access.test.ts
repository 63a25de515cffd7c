import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from './app-env';
import type { NodeBindings } from './client-ip';
import { bearerMatches, isLocalHostName, MIN_TOKEN_LENGTH, operatorOnly, operatorToken, OperatorTokenError } from './operator-access';

const TOKEN = 'a'.repeat(20) + 'operator-token';

function app(token: string | undefined): Hono<AppEnv> {
  const api = new Hono<AppEnv>();
  api.get('/metrics', operatorOnly(token), (c) => c.text('metrics'));
  return api;
}

const ask = (
  api: Hono<AppEnv>,
  { host = '127.0.0.1:4321', ip = '127.0.0.1', headers = {} }: { host?: string; ip?: string; headers?: Record<string, string> } = {},
) => {
  const bindings: NodeBindings = { incoming: { socket: { remoteAddress: ip } } };
  return Promise.resolve(api.request(`http://${host}/metrics`, { headers: { host, ...headers } }, bindings));
};

describe('operatorOnly', () => {
  it('answers this machine on a local host name', async () => {
    for (const host of ['127.0.0.1:4321', 'localhost:4321', '[::1]:4321', 'kingfisher-toyota.localhost:4321']) {
      expect((await ask(app(undefined), { host })).status, host).toBe(200);
    }
    expect((await ask(app(undefined), { ip: '::1' })).status).toBe(200);
  });

  it('refuses an address elsewhere with 403 when no token is set', async () => {
    const answer = await ask(app(undefined), { ip: '203.0.113.7' });
    expect(answer.status).toBe(403);
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });

  it('refuses a dealer’s public host even from loopback: a proxy on this machine passes shoppers on from there', async () => {
    expect((await ask(app(undefined), { host: 'kingfishertoyota.example' })).status).toBe(403);
  });

  it('refuses what a proxy passed on, or what a client claims in X-Forwarded-For', async () => {
    const proxied: Record<string, string>[] = [{ 'x-forwarded-for': '198.51.100.1' }, { forwarded: 'for=198.51.100.1' }, { 'x-real-ip': '198.51.100.1' }];
    for (const headers of proxied) {
      expect((await ask(app(undefined), { headers })).status, JSON.stringify(headers)).toBe(403);
    }
    expect((await ask(app(undefined), { ip: '198.51.100.1', headers: { 'x-forwarded-for': '127.0.0.1' } })).status).toBe(403);
  });

  it('with a token set, asks for it (401) and answers anyone bearing it, on any host', async () => {
    const refused = await ask(app(TOKEN), { ip: '203.0.113.7' });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('www-authenticate')).toBe('Bearer');
    for (const wrong of [`Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(1)}`, TOKEN, `Basic ${TOKEN}`, 'Bearer ']) {
      expect((await ask(app(TOKEN), { ip: '203.0.113.7', headers: { authorization: wrong } })).status, wrong).toBe(401);
    }
    const bearing = { authorization: `Bearer ${TOKEN}` };
    expect((await ask(app(TOKEN), { ip: '203.0.113.7', headers: bearing })).status).toBe(200);
    expect((await ask(app(TOKEN), { ip: '203.0.113.7', host: 'kingfishertoyota.example', headers: bearing })).status).toBe(200);
    // This machine needs no token.
    expect((await ask(app(TOKEN))).status).toBe(200);
  });
});

describe('operatorToken', () => {
  it('is unset when empty, and refuses a token short enough to guess', () => {
    expect(operatorToken({}, 'METRICS_TOKEN')).toBeUndefined();
    expect(operatorToken({ METRICS_TOKEN: '  ' }, 'METRICS_TOKEN')).toBeUndefined();
    expect(operatorToken({ METRICS_TOKEN: ` ${TOKEN} ` }, 'METRICS_TOKEN')).toBe(TOKEN);
    expect(() => operatorToken({ METRICS_TOKEN: 'x'.repeat(MIN_TOKEN_LENGTH - 1) }, 'METRICS_TOKEN')).toThrow(OperatorTokenError);
    expect(() => operatorToken({ METRICS_TOKEN: 'secret' }, 'METRICS_TOKEN')).toThrow(/METRICS_TOKEN must be at least/);
  });
});

describe('bearerMatches', () => {
  it('takes the Bearer scheme in any case, and only the exact token', () => {
    expect(bearerMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(undefined, TOKEN)).toBe(false);
    expect(bearerMatches(`Bearer ${TOKEN} extra`, TOKEN)).toBe(false);
  });
});

describe('isLocalHostName', () => {
  it('is a loopback name or *.localhost, with or without a port', () => {
    for (const host of ['localhost', '127.0.0.1:4321', '[::1]:80', 'alpha.localhost:4321', 'LOCALHOST.']) expect(isLocalHostName(host), host).toBe(true);
    for (const host of ['example.com', 'localhost.example.com', '127.0.0.2', undefined]) expect(isLocalHostName(host), String(host)).toBe(false);
  });
});
