import type { Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformHeaders } from '../platform/http/security';
import { clientErrorStatus, createPlatformServer } from './http-server';

let server: Server;
let port: number;

beforeAll(async () => {
  server = createPlatformServer(() => new Response('hello', { headers: { 'X-From': 'app' } }), '127.0.0.1');
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Sends raw bytes, as a client the app never hears about would; resolves with the raw answer. */
function raw(request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
    socket.write(request);
  });
}

const headersOf = (answer: string): Map<string, string> =>
  new Map(
    answer
      .split('\r\n\r\n')[0]
      ?.split('\r\n')
      .slice(1)
      .map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
  );

const expectPlatformHeaders = (answer: string): void => {
  const headers = headersOf(answer);
  for (const [name, value] of Object.entries(platformHeaders)) expect(headers.get(name.toLowerCase()), name).toBe(value);
};

describe('createPlatformServer', () => {
  it('passes requests to the app', async () => {
    const answer = await raw('GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(answer).toContain('X-From: app');
  });

  it('answers a request it cannot make into a Request (a backslash in the path) with 400 and the headers', async () => {
    const answer = await raw('GET /a\\b HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400/);
    expectPlatformHeaders(answer);
  });

  it('answers one Node cannot parse with its status and the headers', async () => {
    const garbage = await raw('NOT HTTP AT ALL\r\n\r\n');
    expect(garbage).toMatch(/^HTTP\/1\.1 400 Bad Request/);
    expectPlatformHeaders(garbage);
    const huge = await raw(`GET / HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'x'.repeat(20_000)}\r\n\r\n`);
    expect(huge).toMatch(/^HTTP\/1\.1 431/);
    expectPlatformHeaders(huge);
  });

  it("chooses Node's own statuses", () => {
    expect(clientErrorStatus('HPE_HEADER_OVERFLOW')).toBe(431);
    expect(clientErrorStatus('ERR_HTTP_REQUEST_TIMEOUT')).toBe(408);
    expect(clientErrorStatus('HPE_INVALID_METHOD')).toBe(400);
    expect(clientErrorStatus(undefined)).toBe(400);
  });
});
