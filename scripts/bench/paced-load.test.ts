import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { pacedLoad, quantile } from './paced-load';

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** A server that answers after `delayMs(n)` for its n-th request (0-based), 404 for paths starting /missing. */
function listen(delayMs: (n: number) => number): Promise<number> {
  let n = 0;
  server = createServer((req, res) => {
    const wait = delayMs(n++);
    req.resume();
    req.on('end', () => setTimeout(() => res.writeHead(req.url?.startsWith('/missing') ? 404 : 200).end('ok'), wait));
  });
  return new Promise((resolve) => server!.listen(0, '127.0.0.1', () => resolve((server!.address() as AddressInfo).port)));
}

describe('quantile', () => {
  it('takes the nearest rank', () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect([quantile(values, 0.5), quantile(values, 0.99), quantile(values, 1)]).toEqual([50, 99, 100]);
    expect(quantile([], 0.5)).toBe(0);
  });
});

describe('pacedLoad', () => {
  it('sends the rate asked for, spread over the run, and times answers from when each was due', async () => {
    const port = await listen(() => 20);
    const started = Date.now();
    const result = await pacedLoad({ port, ratePerSecond: 50, seconds: 1, request: () => ({ method: 'POST', path: '/', body: '{}' }) });
    expect(result).toMatchObject({ requests: 50, ok: 50, non2xx: 0, errors: 0, timeouts: 0 });
    // Spread: the last request went out about a second after the first, not in a burst.
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(result.latencyMs.p50).toBeGreaterThanOrEqual(20);
    expect(result.latencyMs.p99).toBeLessThan(1000);
  });

  it('counts a stall against every request that fell due during it, also those waiting for a socket', async () => {
    // The 5th request takes 300 ms on the only socket: the ones due behind it wait their turn.
    const port = await listen((n) => (n === 5 ? 300 : 0));
    const result = await pacedLoad({ port, ratePerSecond: 50, seconds: 1, connections: 1, request: () => ({ method: 'GET', path: '/' }) });
    expect(result.ok).toBe(50);
    expect(result.latencyMs.max).toBeGreaterThanOrEqual(300);
    // 300 ms at one request per 20 ms: about 15 requests were held up, well over 1 in 100.
    expect(result.latencyMs.p90).toBeGreaterThanOrEqual(100);
  });

  it('tells answers that are not 2xx and timeouts apart', async () => {
    const port = await listen((n) => (n === 0 ? 2_000 : 0));
    const result = await pacedLoad({
      port,
      ratePerSecond: 20,
      seconds: 0.5,
      timeoutMs: 500,
      request: (i) => ({ method: 'GET', path: i % 2 === 0 ? '/' : '/missing' }),
    });
    expect(result).toMatchObject({ requests: 10, timeouts: 1, errors: 0 });
    expect(result.ok + result.non2xx).toBe(9);
    expect(result.non2xx).toBe(5);
  });
});
