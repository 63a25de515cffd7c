/**
 * A steady request rate, timed from when each request was due: the load for "p99 at 100 leads
 * per second". Request i is due at start + i / rate and is sent then over a keep-alive pool of
 * `connections` sockets; its latency runs from that due time to the last byte of the answer. A
 * stalled server therefore shows in every request that fell due during the stall, also those
 * that waited for a free socket (no coordinated omission), and a fast one is not flattered by
 * requests sent late.
 *
 * Why not autocannon's rate option: it lets each connection send its per-second quota back to
 * back at the start of each second and then idle (a burst, not a rate), and corrects latencies
 * with an expected interval of one millisecond whatever the rate, which records a 50 ms answer
 * as fifty answers. Its unpaced throughput runs (search-load.ts) stay on autocannon.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';

export interface PacedRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface PacedLoadOptions {
  port: number;
  ratePerSecond: number;
  seconds: number;
  /** The i-th request (0-based). */
  request: (index: number) => PacedRequest;
  /** Sockets kept open; a request due while all are busy waits for one, and the wait counts. */
  connections?: number;
  /** A request without an answer this long after it was due counts as a timeout. */
  timeoutMs?: number;
}

export interface PacedLoadResult {
  requests: number;
  /** 2xx answers; their latencies are the percentiles. */
  ok: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number };
}

/** The value at quantile `q` of ascending `sorted` (nearest rank), rounded to whole milliseconds as autocannon reports. */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(q * sorted.length)));
  return Math.round(sorted[rank - 1]!);
}

export async function pacedLoad({ port, ratePerSecond, seconds, request, connections = 20, timeoutMs = 10_000 }: PacedLoadOptions): Promise<PacedLoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const total = Math.round(ratePerSecond * seconds);
  const latencies: number[] = [];
  const result = { requests: 0, ok: 0, non2xx: 0, errors: 0, timeouts: 0 };
  const inFlight: Promise<void>[] = [];

  const send = (index: number, due: number): Promise<void> =>
    new Promise((resolve) => {
      const { method, path, headers = {}, body } = request(index);
      result.requests += 1;
      const req = http.request(
        { host: '127.0.0.1', port, method, path, agent, headers: body === undefined ? headers : { ...headers, 'content-length': Buffer.byteLength(body) } },
        (res) => {
          res.on('data', () => undefined);
          res.on('end', () => {
            const status = res.statusCode ?? 0;
            if (status >= 200 && status < 300) {
              result.ok += 1;
              latencies.push(performance.now() - due);
            } else result.non2xx += 1;
            resolve();
          });
          res.on('error', () => {
            result.errors += 1;
            resolve();
          });
        },
      );
      let timedOut = false;
      req.setTimeout(Math.max(1, due + timeoutMs - performance.now()), () => {
        timedOut = true;
        result.timeouts += 1;
        req.destroy();
      });
      req.on('error', () => {
        // A timeout ends in an error too; it is counted once, as a timeout.
        if (!timedOut) result.errors += 1;
        resolve();
      });
      req.end(body);
    });

  const start = performance.now();
  let next = 0;
  await new Promise<void>((done) => {
    const tick = (): void => {
      const now = performance.now();
      // Everything due by now goes out now: a late timer does not thin out the rate.
      while (next < total && start + (next * 1000) / ratePerSecond <= now) {
        inFlight.push(send(next, start + (next * 1000) / ratePerSecond));
        next += 1;
      }
      if (next >= total) return done();
      setTimeout(tick, Math.max(0, start + (next * 1000) / ratePerSecond - performance.now()));
    };
    tick();
  });
  await Promise.all(inFlight);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    ...result,
    latencyMs: { p50: quantile(latencies, 0.5), p90: quantile(latencies, 0.9), p99: quantile(latencies, 0.99), max: quantile(latencies, 1) },
  };
}
