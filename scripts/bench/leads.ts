/**
 * Lead API figures for `npm run bench`: POST /api/leads at a steady 100 requests per second
 * (paced-load.ts: each request timed from when it was due; p99 against the 50 ms target) and a chaos run — 2,000 submissions while the API
 * service is killed with SIGKILL and restarted twice, clients retrying with their idempotency
 * keys — counting what was acknowledged, stored and delivered. Each run gets its own database
 * (a fresh PGlite folder, or a fresh Postgres database when DATABASE_URL is set), its own dealer
 * files with a webhook pointing at a receiver in this process, and its own outbox folder.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { verifyWebhookSignature } from '../../src/leads/delivery/webhook';
import { pacedLoad } from './paced-load';
import { SEARCH_CLIENT_RESULT } from './search-load';

export const WEBHOOK_SECRET_ENV = 'BENCH_LEADS_WEBHOOK_SECRET';
const WEBHOOK_SECRET = 'bench-secret-not-for-production';

export interface LeadLoadResult {
  database: 'pglite' | 'postgres';
  /** Serving API processes (API_PROCESSES); with more than one, another process delivers the outbox. */
  processes: number;
  seconds: number;
  ratePerSecond: number;
  requests: number;
  ok: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number };
  /**
   * Load leads in storage afterwards: at least every 2xx (the answer came after the commit); a few
   * more are requests still in flight when the run's clock stopped, stored but not counted.
   */
  stored: number;
  /** Search load on the same process meanwhile, when the run asked for it. */
  searchAlongside?: SearchAlongsideResult;
}

/** Multi-searches sent at a steady rate to the same server while the leads arrive. */
export interface SearchAlongside {
  /** Multi-searches of the landing-page mix (./search-load.ts landingMix) per second. */
  ratePerSecond: number;
}

export interface SearchAlongsideResult {
  ratePerSecond: number;
  requests: number;
  ok: number;
  latencyMs: { p50: number; p99: number; max: number };
}

export interface LeadChaosResult {
  database: 'pglite' | 'postgres';
  submissions: number;
  acknowledged: number;
  kills: number;
  retries: number;
  storedLeads: number;
  /** Submissions stored more than once (must be 0). */
  duplicates: number;
  /** Acknowledged ids missing from storage (must be 0). */
  lost: number;
  webhook: { receipts: number; unique: number; repeated: number; badSignatures: number };
  folder: { json: number; adf: number };
  outbox: Record<string, number>;
  seconds: number;
}

/** A fresh enquiry for the dealer; `nonce` makes every submission distinct and countable. */
export function benchLead(slug: string, locationId: string, nonce: string): string {
  return JSON.stringify({
    lead: {
      form: 'enquiry',
      website_slug: slug,
      source: 'Website',
      url: `https://${slug}.example/contact`,
      name: 'Bench Shopper',
      phone: '0412 345 678',
      email: 'bench.shopper@example.com',
      message: `Bench enquiry ${nonce}`,
      category: 'General Enquiry',
      location: locationId,
      opt_in: true,
      form_started_at: Date.now() - 30_000,
      company_website: '',
    },
  });
}

interface Receiver {
  port: number;
  receipts: string[];
  badSignatures: number;
  close(): Promise<void>;
}

function startReceiver(): Promise<Receiver> {
  const receiver = { receipts: [] as string[], badSignatures: 0 };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const signature = String(req.headers['x-lead-signature'] ?? '');
      if (!verifyWebhookSignature(body, WEBHOOK_SECRET, signature)) receiver.badSignatures += 1;
      receiver.receipts.push(String(req.headers['x-lead-delivery-id'] ?? ''));
      res.writeHead(204).end();
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        port: (server.address() as AddressInfo).port,
        get receipts() {
          return receiver.receipts;
        },
        get badSignatures() {
          return receiver.badSignatures;
        },
        close: () => new Promise<void>((done) => server.close(() => done())),
      }),
    ),
  );
}

/** Dealer files for the run: the project's, with the bench dealer's leads going to `webhookUrl`. */
function benchDealers(dealersDir: string, slug: string, webhookUrl: string, into: string): { dir: string; locationId: string } {
  cpSync(dealersDir, into, { recursive: true });
  const file = path.join(into, `${slug}.json`);
  const config = JSON.parse(readFileSync(file, 'utf8')) as { locations: { id: number | string; status_label?: string }[]; leads?: Record<string, unknown> };
  config.leads = { ...(config.leads ?? {}), destinations: [{ type: 'webhook', url: webhookUrl, secret_env: WEBHOOK_SECRET_ENV }] };
  writeFileSync(file, JSON.stringify(config, null, 2));
  const location = config.locations.find((l) => !l.status_label) ?? config.locations[0];
  return { dir: into, locationId: String(location?.id ?? '') };
}

export interface RunDatabase {
  kind: 'pglite' | 'postgres';
  env: NodeJS.ProcessEnv;
  drop(): Promise<void>;
}

/** A database nobody else uses: a PGlite folder, or a new database on the DATABASE_URL server. */
export async function freshDatabase(kind: 'pglite' | 'postgres', work: string): Promise<RunDatabase> {
  if (kind === 'pglite') return { kind, env: { DATABASE_URL: '', LEADS_DB_DIR: path.join(work, 'leads-db') }, drop: () => Promise.resolve() };
  const { default: pg } = await import('pg');
  const base = process.env.DATABASE_URL ?? '';
  const name = `bench_leads_${Date.now()}_${process.pid}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    kind,
    env: { DATABASE_URL: url.toString() },
    drop: async () => {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

interface ServerProcess {
  port: number;
  child: ChildProcess;
}

/** The API service as its own process (so it can be killed), on a fixed port across restarts. */
async function startServerProcess(env: NodeJS.ProcessEnv, port: number): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench/lead-server.ts'], {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      if (output.includes('lead-server ready')) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => reject(new Error(`lead server exited (${code}) before it was ready:\n${output}`)));
  });
  child.stdout?.resume();
  child.stderr?.resume();
  return { port, child };
}

function stopServer(server: ServerProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  return new Promise((resolve) => {
    if (server.child.exitCode !== null || server.child.signalCode !== null) return resolve();
    server.child.once('exit', () => resolve());
    server.child.kill(signal);
  });
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Counts rows straight from the run's database after its server has stopped. */
async function countStorage(
  env: NodeJS.ProcessEnv,
  root: string,
): Promise<{ byMessage: Map<string, number>; ids: Set<string>; outbox: Record<string, number> }> {
  const { openDatabase } = await import('../../src/platform/db/open');
  const { leads, outbox } = await import('../../src/platform/db/schema');
  const { sql } = await import('drizzle-orm');
  const database = await openDatabase({ env, root });
  try {
    const rows = await database.db.select({ id: leads.id, data: leads.data }).from(leads);
    const byMessage = new Map<string, number>();
    for (const row of rows) {
      const { message } = row.data as { message?: unknown };
      if (typeof message !== 'string') continue;
      byMessage.set(message, (byMessage.get(message) ?? 0) + 1);
    }
    const statuses = await database.db
      .select({ status: outbox.status, count: sql<number>`count(*)::int` })
      .from(outbox)
      .groupBy(outbox.status);
    return { byMessage, ids: new Set(rows.map((r) => r.id)), outbox: Object.fromEntries(statuses.map((s) => [s.status, Number(s.count)])) };
  } finally {
    await database.close();
  }
}

export interface LeadBenchOptions {
  dealersDir: string;
  slug: string;
  root: string;
  log?: (line: string) => void;
}

/**
 * Multi-searches of the landing-page mix at a steady rate for `seconds`, sent from a process of
 * its own (./search-client.ts) so that neither load generator's work shows in the other's latency.
 */
async function searchAtRate(
  port: number,
  seconds: number,
  { ratePerSecond }: SearchAlongside,
  site: { dealersDir: string; slug: string },
): Promise<SearchAlongsideResult> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench/search-client.ts'], {
    env: {
      ...process.env,
      BENCH_PORT: String(port),
      BENCH_SECONDS: String(seconds),
      BENCH_RATE: String(ratePerSecond),
      DEALERS_DIR: site.dealersDir,
      DEALER: site.slug,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  const line = output.split('\n').find((l) => l.startsWith(SEARCH_CLIENT_RESULT));
  if (code !== 0 || !line) throw new Error(`the search client failed (exit ${code}):\n${output}`);
  return JSON.parse(line.slice(SEARCH_CLIENT_RESULT.length)) as SearchAlongsideResult;
}

/**
 * POST /api/leads at `rate` per second for `seconds`; with `alongside`, the same server answers
 * that search load at the same time, as a dealer's API does while shoppers browse.
 */
export async function benchLeadLoad(
  kind: 'pglite' | 'postgres',
  { dealersDir, slug, root, log = console.log }: LeadBenchOptions,
  seconds = 60,
  rate = 100,
  alongside?: SearchAlongside,
  processes = 1,
): Promise<LeadLoadResult> {
  const work = mkdtempSync(path.join(os.tmpdir(), 'lead-load-'));
  const receiver = await startReceiver();
  const dealers = benchDealers(dealersDir, slug, `http://127.0.0.1:${receiver.port}/hook`, path.join(work, 'dealers'));
  const database = await freshDatabase(kind, work);
  const env = {
    ...database.env,
    DEALERS_DIR: dealers.dir,
    DEALER: slug,
    LEADS_OUTBOX_DIR: path.join(work, 'outbox'),
    LEADS_RATE_LIMIT_PER_MINUTE: '1000000',
    SEARCH_RATE_LIMIT_PER_MINUTE: '100000000',
    [WEBHOOK_SECRET_ENV]: WEBHOOK_SECRET,
    API_PROCESSES: String(processes),
  };
  const server = await startServerProcess(env, await freePort());
  try {
    // Warm-up: the first requests compile the schemas and open the pool.
    for (let i = 0; i < 20; i++) {
      await fetch(`http://127.0.0.1:${server.port}/api/leads`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID() },
        body: benchLead(slug, dealers.locationId, `warm-${i}`),
      });
    }
    log(
      `leads load (${kind}${processes > 1 ? `, ${processes} API processes` : ''}): ${rate} requests/s for ${seconds} s${alongside ? `, ${alongside.ratePerSecond} multi-searches/s alongside` : ''}…`,
    );
    let n = 0;
    const searching = alongside ? searchAtRate(server.port, seconds, alongside, { dealersDir: dealers.dir, slug }) : undefined;
    const result = await pacedLoad({
      port: server.port,
      ratePerSecond: rate,
      seconds,
      connections: 10,
      request: () => ({
        method: 'POST',
        path: '/api/leads',
        headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
        body: benchLead(slug, dealers.locationId, `load-${(n += 1)}`),
      }),
    });
    const searchAlongside = await searching;
    await stopServer(server);
    const storage = await countStorage(env, root);
    const stored = [...storage.byMessage.keys()].filter((m) => m.startsWith('Bench enquiry load-')).length;
    return {
      database: kind,
      processes,
      seconds,
      ratePerSecond: rate,
      requests: result.requests,
      ok: result.ok,
      non2xx: result.non2xx,
      errors: result.errors,
      timeouts: result.timeouts,
      latencyMs: result.latencyMs,
      stored,
      ...(searchAlongside ? { searchAlongside } : {}),
    };
  } finally {
    await stopServer(server);
    await receiver.close();
    await database.drop();
    rmSync(work, { recursive: true, force: true });
  }
}

export async function benchLeadChaos(
  kind: 'pglite' | 'postgres',
  { dealersDir, slug, root, log = console.log }: LeadBenchOptions,
  submissions = 2000,
  concurrency = 20,
): Promise<LeadChaosResult> {
  const started = Date.now();
  const work = mkdtempSync(path.join(os.tmpdir(), 'lead-chaos-'));
  const receiver = await startReceiver();
  const dealers = benchDealers(dealersDir, slug, `http://127.0.0.1:${receiver.port}/hook`, path.join(work, 'dealers'));
  const database = await freshDatabase(kind, work);
  const outboxDir = path.join(work, 'outbox');
  const env = {
    ...database.env,
    DEALERS_DIR: dealers.dir,
    DEALER: slug,
    LEADS_OUTBOX_DIR: outboxDir,
    LEADS_RATE_LIMIT_PER_MINUTE: '1000000',
    LEADS_OUTBOX_POLL_MS: '200',
    [WEBHOOK_SECRET_ENV]: WEBHOOK_SECRET,
  };
  const port = await freePort();
  let server = await startServerProcess(env, port);
  const acknowledged = new Map<string, string>();
  let retries = 0;
  let kills = 0;
  const killAt = [Math.floor(submissions / 3), Math.floor((2 * submissions) / 3)];
  let restarting: Promise<void> | undefined;

  const chaosMonkey = async (): Promise<void> => {
    while (killAt.length > 0) {
      const next = killAt[0] ?? Infinity;
      if (acknowledged.size >= next) {
        killAt.shift();
        kills += 1;
        log(`leads chaos (${kind}): SIGKILL at ${acknowledged.size} acknowledged`);
        restarting = (async () => {
          await stopServer(server, 'SIGKILL');
          server = await startServerProcess(env, port);
        })();
        await restarting;
        restarting = undefined;
      }
      await sleep(5);
    }
  };

  const submit = async (i: number): Promise<void> => {
    const key = randomUUID();
    const body = benchLead(slug, dealers.locationId, `chaos-${i}`);
    for (;;) {
      try {
        const response = await fetch(`http://127.0.0.1:${port}/api/leads`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key },
          body,
          signal: AbortSignal.timeout(10_000),
        });
        if (response.status === 201 || response.status === 200) {
          const { id } = (await response.json()) as { id: string };
          acknowledged.set(`Bench enquiry chaos-${i}`, id);
          return;
        }
        if (response.status < 500 && response.status !== 429) throw new Error(`submission ${i} refused: ${response.status} ${await response.text()}`);
      } catch (error) {
        if (error instanceof Error && error.message.startsWith('submission')) throw error;
      }
      retries += 1;
      await (restarting ?? sleep(50 + Math.random() * 150));
    }
  };

  try {
    const monkey = chaosMonkey();
    let next = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < submissions) await submit(next++);
      }),
    );
    await monkey;
    // Delivery continues after the last answer, including rows a killed worker had claimed (they
    // come back when its claim lease runs out): wait for every webhook and folder copy, or 4 min.
    const folderFiles = (): string[] => {
      try {
        return readdirSync(path.join(outboxDir, slug));
      } catch {
        return [];
      }
    };
    const delivered = (): boolean =>
      new Set(receiver.receipts).size >= acknowledged.size && folderFiles().filter((f) => f.endsWith('.adf.xml')).length >= acknowledged.size;
    const deadline = Date.now() + 240_000;
    while (!delivered() && Date.now() < deadline) await sleep(250);
    await sleep(1000);
    await stopServer(server);
    const storage = await countStorage(env, root);
    const chaosMessages = [...storage.byMessage.entries()].filter(([m]) => m.startsWith('Bench enquiry chaos-'));
    const files = folderFiles();
    const unique = new Set(receiver.receipts).size;
    return {
      database: kind,
      submissions,
      acknowledged: acknowledged.size,
      kills,
      retries,
      storedLeads: chaosMessages.length,
      duplicates: chaosMessages.filter(([, count]) => count > 1).length,
      lost: [...acknowledged.values()].filter((id) => !storage.ids.has(id)).length,
      webhook: { receipts: receiver.receipts.length, unique, repeated: receiver.receipts.length - unique, badSignatures: receiver.badSignatures },
      folder: { json: files.filter((f) => f.endsWith('.json')).length, adf: files.filter((f) => f.endsWith('.adf.xml')).length },
      outbox: storage.outbox,
      seconds: (Date.now() - started) / 1000,
    };
  } finally {
    await stopServer(server);
    await receiver.close();
    await database.drop();
    rmSync(work, { recursive: true, force: true });
  }
}
