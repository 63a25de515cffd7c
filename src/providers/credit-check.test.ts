import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProviderUnavailableError } from '../platform/http/outbound';
import { creditCheckFromEnv, httpCreditCheck, offlineCreditCheck, profileForBand } from './credit-check';

const identity = (last_name: string) => ({ first_name: 'Sam', last_name, date_of_birth: '1990-04-01', postcode: '2000' });

describe('offline credit check', () => {
  it('gives each test identity its band and anyone else no file', async () => {
    expect(await offlineCreditCheck(identity('Excellent'))).toBe('excellent');
    expect(await offlineCreditCheck(identity(' good '))).toBe('good');
    expect(await offlineCreditCheck(identity('FAIR'))).toBe('fair');
    expect(await offlineCreditCheck(identity('Limited'))).toBe('limited');
    expect(await offlineCreditCheck(identity('Nofile'))).toBe('no_file');
    expect(await offlineCreditCheck(identity('Nguyen'))).toBe('no_file');
  });

  it('quotes no file as a limited profile', () => {
    expect(profileForBand('no_file')).toBe('limited');
    expect(profileForBand('fair')).toBe('fair');
  });
});

describe('credit bureau adapter', () => {
  let server: http.Server;
  let url = '';
  let answer = { status: 200, body: '{"band":"good"}' };
  const bodies: string[] = [];
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        bodies.push(`${req.headers.authorization ?? ''} ${Buffer.concat(chunks).toString('utf8')}`);
        res.writeHead(answer.status, { 'Content-Type': 'application/json' }).end(answer.body);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/band`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('asks the bureau with the key and returns its band', async () => {
    const check = creditCheckFromEnv({ CREDIT_CHECK_URL: url, CREDIT_CHECK_API_KEY: 'eq-1' });
    expect(await check(identity('Nguyen'))).toBe('good');
    expect(bodies.at(-1)).toBe('Bearer eq-1 {"first_name":"Sam","last_name":"Nguyen","date_of_birth":"1990-04-01","postcode":"2000"}');
    expect(creditCheckFromEnv({})).toBe(offlineCreditCheck);
  });

  it('is unavailable on a failure or an unknown band, and never logs the identity', async () => {
    const logs: string[] = [];
    const check = httpCreditCheck({ url, log: (m) => logs.push(m) });
    answer = { status: 500, body: '{}' };
    await expect(check(identity('Nguyen'))).rejects.toBeInstanceOf(ProviderUnavailableError);
    answer = { status: 200, body: '{"band":"platinum"}' };
    await expect(check(identity('Nguyen'))).rejects.toThrow('unexpected shape');
    expect(logs.join('\n')).not.toContain('Nguyen');
  });
});
