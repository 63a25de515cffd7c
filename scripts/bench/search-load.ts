/**
 * Search API under load and under abuse, for `npm run bench`:
 *
 *  - throughput: autocannon at 100 connections for a short run, POSTing the landing-page mix
 *    (what the search landing pages and the home page hero send when a shopper arrives), with the
 *    sold window's `now` taken per second as browsers do, so a server cache cannot replay one
 *    body forever. Reports multi-searches per second and latency percentiles.
 *  - abuse: each case runs while a probe asks `/api/health` every 25 ms; reports the health
 *    latency, what the abusive requests got, and the server's peak memory. A case whose server
 *    passes the memory safety cap is stopped there (the machine is shared).
 *
 *   npx tsx scripts/bench/search-load.ts [--seconds 10] [--connections 100] [--skip-abuse]
 *
 * The server is its own process (scripts/bench/search-server.ts) over the demo dealers.
 */
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { loadDealer } from '../../src/platform/config/load';
import type { DealerConfig } from '../../src/platform/config/schema';
import { makeFacetQuery, priceStatsQuery } from '../../src/search/model/hero/requests';
import { meiliQueries, scenarios } from './engine';

export interface Percentiles {
  p50: number;
  p99: number;
  max: number;
}

export interface ThroughputResult {
  connections: number;
  seconds: number;
  requests: number;
  perSecond: number;
  /**
   * Multi-searches per second of the server's own CPU time (user + system): what one core
   * answers, whatever else the shared machine is running meanwhile.
   */
  perCpuSecond: number;
  latencyMs: Percentiles;
  non2xx: number;
  errors: number;
}

export interface AbuseResult {
  name: string;
  /** What the abusive requests were answered with: status → count ('none' when never answered). */
  statuses: Record<string, number>;
  /** Bytes of one answer to the abusive request (the first one read). */
  responseBytes: number | null;
  health: Percentiles & { probes: number; failed: number };
  peakRssMb: number;
  /** The server passed the memory safety cap and was killed. */
  killed: boolean;
}

export interface SearchLoadResult {
  throughput: ThroughputResult;
  /** The same load on one process per CPU core sharing the port (API_PROCESSES=auto). */
  throughputAllCores?: ThroughputResult & { processes: number };
  abuse: AbuseResult[];
}

/** The dealer loaded when run alone: the franchise demo dealer, 900 demo cars. */
const DEFAULT_DEALER = 'kingfisher-toyota';
/** Kill the server above this: a shared machine must not be pushed into swap by the bench. */
const RSS_CAP_MB = 2500;

// ---- requests -----------------------------------------------------------------------------

/** How ./search-client.ts starts the line that carries its result. */
export const SEARCH_CLIENT_RESULT = 'search-client result ';

/**
 * The landing-page mix: the search page's first request for each landing state without text
 * (main query with facets and highlighting plus its facet queries) and the home page hero's
 * make list and price range.
 */
export function landingMix(site: DealerConfig, nowSeconds: number): string[] {
  const slug = site.search.index_uid ?? site.slug;
  const ctx = { site, nowSeconds };
  const pages = scenarios()
    .filter((s) => s.q === '')
    .map((s) => ({ queries: meiliQueries(s, slug, nowSeconds) }));
  const hero = { queries: [makeFacetQuery({ car_type: '', make: '', make_model: '' }, ctx, slug), priceStatsQuery(ctx, slug)] };
  return [...pages, hero].map((body) => JSON.stringify(body));
}

/**
 * The next body to send, cycling through `make(now)`: the bodies are made again each second, as
 * each browser computes the sold window from its clock, so a server cache cannot replay one body
 * forever.
 */
export function cycleEachSecond(make: (nowSeconds: number) => string[]): () => string {
  let second = -1;
  let bodies: string[] = [];
  let next = 0;
  return () => {
    const now = Math.floor(Date.now() / 1000);
    if (now !== second) {
      second = now;
      bodies = make(now);
    }
    return bodies[next++ % bodies.length]!;
  };
}

/** An abusive request: about 40 KB of highlight tags around every match, 1,000 hits. */
export function hugeHighlightBody(slug: string): string {
  const tag = (c: string) => c.repeat(19_000);
  return JSON.stringify({
    queries: [{ indexUid: slug, q: 'toyota', limit: 1000, attributesToHighlight: ['*'], highlightPreTag: tag('<'), highlightPostTag: tag('>') }],
  });
}

/**
 * The heaviest request the caps accept: 32 queries of 100 hits, every attribute highlighted
 * with 64-character tags, every facet. The answer cap refuses it, once the results computed so
 * far pass 2 MiB: the work up to there is what it costs. A larger `limit` is taken (clamped to
 * pagination.maxTotalHits) but costs no more: the engine stops making hits at the answer cap.
 */
export function largestAllowedBody(slug: string): string {
  const query = {
    indexUid: slug,
    q: 'toyota',
    limit: 100,
    attributesToHighlight: ['*'],
    highlightPreTag: '<'.repeat(64),
    highlightPostTag: '>'.repeat(64),
    facets: ['*'],
  };
  // Each query its own page, so none is answered from the cache.
  return JSON.stringify({ queries: Array.from({ length: 32 }, (_, i) => ({ ...query, offset: i })) });
}

/** A large answer the caps allow (about 1 MB for the 900 demo cars): six pages of 100 whole cars. */
export function largeAnswerBody(slug: string): string {
  return JSON.stringify({ queries: Array.from({ length: 6 }, (_, i) => ({ indexUid: slug, limit: 100, offset: i * 100 })) });
}

/** A 30,000-deep array where a filter goes. */
export function deepJsonBody(slug: string): string {
  return `{"queries":[{"indexUid":"${slug}","filter":${'['.repeat(30_000)}${']'.repeat(30_000)}}]}`;
}

// ---- the server ---------------------------------------------------------------------------

export interface ServerProcess {
  port: number;
  child: ChildProcess;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export async function startServer(env: NodeJS.ProcessEnv = {}): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench/search-server.ts'], {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('search-server ready')) resolve();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => reject(new Error(`search server exited (${code}) before it was ready:\n${output}`)));
  });
  child.stdout?.resume();
  child.stderr?.resume();
  return { port, child };
}

export function stopServer(server: ServerProcess): Promise<void> {
  return new Promise((resolve) => {
    if (server.child.exitCode !== null || server.child.signalCode !== null) return resolve();
    server.child.once('exit', () => resolve());
    server.child.kill('SIGKILL');
  });
}

/** CPU seconds (user + system) a process and the processes it started have used so far. */
function cpuSeconds(pid: number | undefined): number {
  let children: number[] = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    children = [];
  }
  return ownCpuSeconds(pid) + children.reduce((sum, child) => sum + ownCpuSeconds(child), 0);
}

function ownCpuSeconds(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime are fields 14 and 15 of stat, 12 and 13 after the command name; in clock ticks (100 a second on Linux).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

function rssMb(pid: number | undefined): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

interface Answer {
  status: number;
  bytes: number;
}

function post(port: number, path: string, body: string, timeoutMs = 30_000): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, path, method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
      (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes }));
        res.on('error', reject);
      },
    );
    req.setTimeout(timeoutMs, () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(body);
  });
}

function percentiles(samples: readonly number[]): Percentiles {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? 0;
  const round = (n: number) => Math.round(n * 10) / 10;
  return { p50: round(at(0.5)), p99: round(at(0.99)), max: round(sorted[sorted.length - 1] ?? 0) };
}

// ---- throughput ---------------------------------------------------------------------------

export async function benchThroughput(
  server: ServerProcess,
  site: DealerConfig,
  options: { connections?: number; seconds?: number } = {},
): Promise<ThroughputResult> {
  const { port } = server;
  const connections = options.connections ?? 100;
  const seconds = options.seconds ?? 10;
  const body = cycleEachSecond((now) => landingMix(site, now));
  const cpuBefore = cpuSeconds(server.child.pid);
  const result = await autocannon({
    url: `http://127.0.0.1:${port}/api/search/multi-search`,
    connections,
    duration: seconds,
    requests: [{ method: 'POST', setupRequest: (request) => ({ ...request, headers: { 'content-type': 'application/json' }, body: body() }) }],
  });
  return {
    connections,
    seconds,
    requests: result.requests.total,
    perSecond: Math.round(result.requests.average),
    perCpuSecond: Math.round(result.requests.total / (cpuSeconds(server.child.pid) - cpuBefore)),
    latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

// ---- abuse --------------------------------------------------------------------------------

/** Asks /api/health every 25 ms until stopped; a probe that takes over 5 s counts as failed. */
function healthProbe(port: number): { stop: () => Promise<{ times: number[]; failed: number }> } {
  const times: number[] = [];
  let failed = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const start = performance.now();
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(5000) });
        await res.arrayBuffer();
        times.push(performance.now() - start);
      } catch {
        failed += 1;
      }
      await sleep(25);
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return { times, failed };
    },
  };
}

/** Samples the server's memory; kills it above the cap. */
function memoryWatch(server: ServerProcess): { stop: () => { peakRssMb: number; killed: boolean } } {
  let peak = 0;
  let killed = false;
  const timer = setInterval(() => {
    const rss = rssMb(server.child.pid);
    peak = Math.max(peak, rss);
    if (rss > RSS_CAP_MB && !killed) {
      killed = true;
      server.child.kill('SIGKILL');
    }
  }, 100);
  return {
    stop: () => {
      clearInterval(timer);
      return { peakRssMb: Math.round(peak), killed };
    },
  };
}

async function abuseCase(
  site: DealerConfig,
  name: string,
  env: NodeJS.ProcessEnv,
  run: (port: number, statuses: Record<string, number>) => Promise<number | null>,
): Promise<AbuseResult> {
  const server = await startServer(env);
  try {
    // Warm: build the index and the JIT before measuring.
    for (const body of landingMix(site, Math.floor(Date.now() / 1000))) await post(server.port, '/api/search/multi-search', body);
    const memory = memoryWatch(server);
    const probe = healthProbe(server.port);
    const statuses: Record<string, number> = {};
    const responseBytes = await run(server.port, statuses).catch(() => null);
    const { times, failed } = await probe.stop();
    const { peakRssMb, killed } = memory.stop();
    return { name, statuses, responseBytes, health: { ...percentiles(times), probes: times.length, failed }, peakRssMb, killed };
  } finally {
    await stopServer(server);
  }
}

const count = (statuses: Record<string, number>, status: number | string) => (statuses[String(status)] = (statuses[String(status)] ?? 0) + 1);

/** `clients` at a time send `body` and read the answer, for `seconds`. */
function readingClients(body: string, clients: number, seconds: number) {
  return async (port: number, statuses: Record<string, number>): Promise<number | null> => {
    let bytes: number | null = null;
    const until = performance.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: clients }, async () => {
        while (performance.now() < until) {
          try {
            const answer = await post(port, '/api/search/multi-search', body);
            count(statuses, answer.status);
            bytes ??= answer.bytes;
          } catch {
            count(statuses, 'error');
            await sleep(100);
          }
        }
      }),
    );
    return bytes;
  };
}

/** `clients` sockets each send `body` and never read a byte of the answer, held for `seconds`. */
function nonReadingClients(body: string, clients: number, seconds: number) {
  return async (port: number, statuses: Record<string, number>): Promise<number | null> => {
    const head = `POST /api/search/multi-search HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`;
    const sockets = Array.from({ length: clients }, () => {
      const socket = connect(port, '127.0.0.1');
      socket.on('error', () => undefined);
      socket.write(head + body);
      // Never read: the kernel's receive buffer fills and the server must hold or stop.
      socket.pause();
      return socket;
    });
    await sleep(seconds * 1000);
    for (const socket of sockets) socket.destroy();
    count(statuses, 'never read');
    return null;
  };
}

function deepJson(body: string, times: number) {
  return async (port: number, statuses: Record<string, number>): Promise<number | null> => {
    let bytes: number | null = null;
    for (let i = 0; i < times; i++) {
      const answer = await post(port, '/api/search/multi-search', body);
      count(statuses, answer.status);
      bytes ??= answer.bytes;
    }
    return bytes;
  };
}

/** The abuse cases; `env` lifts the rate limit so the caps, not the limiter, are what is measured. */
export async function benchAbuse(site: DealerConfig, env: NodeJS.ProcessEnv): Promise<AbuseResult[]> {
  const slug = site.search.index_uid ?? site.slug;
  type Run = (port: number, statuses: Record<string, number>) => Promise<number | null>;
  const cases: [string, NodeJS.ProcessEnv, Run][] = [
    ['40 KB highlight tags, limit 1000 (2 clients reading, 6 s)', env, readingClients(hugeHighlightBody(slug), 2, 6)],
    ['largest request within the per-query caps (2 clients reading, 6 s)', env, readingClients(largestAllowedBody(slug), 2, 6)],
    ['40 KB highlight request, 32 clients that never read (8 s)', env, nonReadingClients(hugeHighlightBody(slug), 32, 8)],
    ['a 1 MB answer, 32 clients that never read (8 s)', env, nonReadingClients(largeAnswerBody(slug), 32, 8)],
    ['30,000-deep JSON array (20 requests)', env, deepJson(deepJsonBody(slug), 20)],
    // No lifted limit here: one address flooding is what the rate limit is for.
    ['one address flooding the landing mix (100 connections, 6 s)', {}, flood(landingMix(site, Math.floor(Date.now() / 1000))[0]!, 6)],
  ];
  const results: AbuseResult[] = [];
  for (const [name, caseEnv, run] of cases) results.push(await abuseCase(site, name, caseEnv, run));
  return results;
}

function flood(body: string, seconds: number) {
  return async (port: number, statuses: Record<string, number>): Promise<number | null> => {
    const result = await autocannon({
      url: `http://127.0.0.1:${port}/api/search/multi-search`,
      connections: 100,
      duration: seconds,
      requests: [{ method: 'POST', headers: { 'content-type': 'application/json' }, body }],
    });
    statuses['2xx'] = result['2xx'];
    for (const [status, n] of Object.entries(result.statusCodeStats ?? {})) if (status !== '200') statuses[status] = n.count ?? 0;
    return null;
  };
}

// ---- report -------------------------------------------------------------------------------

/** Lifts the search rate limit for the throughput and cap runs (one address sends everything). */
export const UNLIMITED = { SEARCH_RATE_LIMIT_PER_MINUTE: '100000000' };

/** `site` must be one of the dealers in DEALERS_DIR (default dealers/), which the server serves. */
export async function benchSearchLoad(
  site: DealerConfig,
  options: { connections?: number; seconds?: number; abuse?: boolean } = {},
): Promise<SearchLoadResult> {
  const measure = async (processes: number): Promise<ThroughputResult> => {
    const server = await startServer({ ...UNLIMITED, SEARCH_PROCESSES: String(processes) });
    try {
      // Enough fresh connections to reach every process, and a short warm-up at full
      // concurrency, so neither a cold cache nor the JIT is what the run measures.
      for (let i = 0; i < processes; i++) {
        for (const body of landingMix(site, Math.floor(Date.now() / 1000))) await post(server.port, '/api/search/multi-search', body);
      }
      await benchThroughput(server, site, { connections: options.connections ?? 100, seconds: 2 });
      return await benchThroughput(server, site, options);
    } finally {
      await stopServer(server);
    }
  };
  const throughput = await measure(1);
  const cores = os.availableParallelism();
  const throughputAllCores = cores > 1 ? { ...(await measure(cores)), processes: cores } : undefined;
  const abuse = options.abuse === false ? [] : await benchAbuse(site, UNLIMITED);
  return { throughput, ...(throughputAllCores ? { throughputAllCores } : {}), abuse };
}

export function formatSearchLoad(result: SearchLoadResult): string {
  const line = (t: ThroughputResult, processes: number): string =>
    `Search API, landing-page mix, ${t.connections} connections for ${t.seconds} s, ${processes === 1 ? 'one process' : `${processes} processes`}: ${t.perSecond} multi-searches/s ` +
    `(${t.perCpuSecond} per second of server CPU), ` +
    `p50 ${t.latencyMs.p50} ms, p99 ${t.latencyMs.p99} ms, max ${t.latencyMs.max} ms (${t.requests} requests, ${t.non2xx} non-2xx, ${t.errors} errors)`;
  const lines = [line(result.throughput, 1)];
  if (result.throughputAllCores) lines.push(line(result.throughputAllCores, result.throughputAllCores.processes));
  for (const a of result.abuse) {
    const statuses = Object.entries(a.statuses)
      .map(([s, n]) => `${s}×${n}`)
      .join(' ');
    lines.push(
      `  ${a.name}: answered ${statuses || 'nothing'}${a.responseBytes !== null ? `, ${(a.responseBytes / 1024).toFixed(1)} KB each` : ''}; ` +
        `/api/health p50 ${a.health.p50} ms, p99 ${a.health.p99} ms, max ${a.health.max} ms (${a.health.probes} probes, ${a.health.failed} failed); ` +
        `server peak ${a.peakRssMb} MB${a.killed ? ` (killed at the ${RSS_CAP_MB} MB safety cap)` : ''}`,
    );
  }
  return lines.join('\n');
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { seconds: { type: 'string' }, connections: { type: 'string' }, 'skip-abuse': { type: 'boolean' } } });
  const result = await benchSearchLoad(loadDealer(DEFAULT_DEALER), {
    seconds: Number(values.seconds ?? 10),
    connections: Number(values.connections ?? 100),
    abuse: !values['skip-abuse'],
  });
  console.log(formatSearchLoad(result));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
