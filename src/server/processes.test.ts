import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { leads } from '../platform/db/schema';
import { DEALER, enquiry } from '../../tests/support/lead-api';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../platform/db/open';
import { DEALER_FILES_DIR } from '../../tests/support/test-site';
import { sampleIn } from '../../tests/support/metrics';
import { apiProcessCount, MAX_API_PROCESSES, ProcessCountError } from './processes';

describe('apiProcessCount', () => {
  const postgres = { DATABASE_URL: 'postgres://db/leads' };
  it('is 1 unless API_PROCESSES asks for more, and one per core for auto', () => {
    expect(apiProcessCount({})).toBe(1);
    expect(apiProcessCount({ ...postgres, API_PROCESSES: '3' })).toBe(3);
    expect(apiProcessCount({ ...postgres, API_PROCESSES: 'auto' }, { cores: 6 })).toBe(6);
  });

  it('refuses what is not a count, naming the setting', () => {
    for (const bad of ['0', '-1', '1.5', 'two', String(MAX_API_PROCESSES + 1)]) {
      expect(() => apiProcessCount({ ...postgres, API_PROCESSES: bad })).toThrow(ProcessCountError);
    }
    expect(() => apiProcessCount({ ...postgres, API_PROCESSES: 'two' })).toThrow(/API_PROCESSES must be a whole number/);
  });

  it('stays at one process on embedded PGlite, and says why', () => {
    const warnings: string[] = [];
    expect(apiProcessCount({ API_PROCESSES: '4' }, { warn: (line: string) => void warnings.push(line) })).toBe(1);
    expect(warnings.join('')).toMatch(/PGlite\) belongs to one process/);
  });
});

/** The serving processes a server forked (not helpers such as the TypeScript loader's esbuild service). */
const children = (pid: number): number[] =>
  spawnSync('pgrep', ['-P', String(pid), '-f', 'lead-server'], { encoding: 'utf8' })
    .stdout.split('\n')
    .filter(Boolean)
    .map(Number);

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe.skipIf(!process.env.DATABASE_URL?.trim())('several API processes on Postgres', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'processes-'));
  let server: ChildProcess | undefined;
  afterAll(() => {
    server?.kill('SIGKILL');
    rmSync(root, { recursive: true, force: true });
  });

  it('serve from every process, replace one that dies, report the delivering process’s faults in /api/health and the whole platform in /api/metrics', async () => {
    // A database of its own: the server runs the migrations itself, as it does in production.
    const admin = new URL(process.env.DATABASE_URL as string);
    const name = `processes_${randomBytes(5).toString('hex')}`;
    const run = async (statement: string): Promise<void> => {
      const client = new pg.Client({ connectionString: admin.toString() });
      await client.connect();
      await client.query(statement).finally(() => client.end());
    };
    await run(`CREATE DATABASE ${name}`);
    const url = new URL(admin);
    url.pathname = `/${name}`;
    let database: Awaited<ReturnType<typeof openDatabase>> | undefined;
    try {
      const blocker = path.join(root, 'a-file');
      writeFileSync(blocker, '');
      const port = await freePort();
      server = spawn(process.execPath, ['--import', 'tsx', 'scripts/bench/lead-server.ts'], {
        env: {
          ...process.env,
          DATABASE_URL: url.toString(),
          API_PROCESSES: '2',
          PORT: String(port),
          DEALERS_DIR: DEALER_FILES_DIR,
          DEALER,
          LEADS_OUTBOX_DIR: path.join(blocker, 'outbox'),
          LEADS_FILES_DIR: path.join(root, 'files'),
          LEADS_OUTBOX_POLL_MS: '50',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      await new Promise<void>((resolve, reject) => {
        server?.stdout?.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          if (output.includes('lead-server ready')) resolve();
        });
        server?.once('exit', (code) => reject(new Error(`the server stopped (${code}):\n${output}`)));
      });
      const pid = server.pid as number;
      database = await openDatabase({ env: { DATABASE_URL: url.toString() } });
      expect(children(pid)).toHaveLength(2);
      const base = `http://127.0.0.1:${port}`;

      // Fresh connections are handed round the serving processes; every lead is stored.
      const ids: string[] = [];
      for (let i = 0; i < 6; i++) {
        const sent = await fetch(`${base}/api/leads`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', connection: 'close' },
          body: JSON.stringify(enquiry({ message: `from process test ${i}` })),
        });
        expect(sent.status).toBe(201);
        ids.push(((await sent.json()) as { id: string }).id);
      }
      for (const id of ids) expect(await database.db.select({ id: leads.id }).from(leads).where(eq(leads.id, id))).toHaveLength(1);

      // /api/metrics answers for the whole platform from whichever serving process gets the
      // connection: all six leads, taken by both, and the delivering process's outbox backlog.
      for (let i = 0; i < 4; i++) {
        const page = await fetch(`${base}/api/metrics`, { headers: { connection: 'close' } });
        expect(page.status).toBe(200);
        const body = await page.text();
        expect(sampleIn(body, 'leads_accepted_total', { dealer: DEALER, kind: 'enquiry' })).toBe(6);
        // The outbox folder cannot be written, so every lead's copy is still owed.
        expect(sampleIn(body, 'lead_outbox_deliveries', { dealer: DEALER, state: 'owed' })).toBeGreaterThanOrEqual(6);
      }

      // The outbox folder fails in the delivering process; the serving ones say so.
      await expect.poll(async () => ((await (await fetch(`${base}/api/health`)).json()) as { status: string }).status, { timeout: 15_000 }).toBe('degraded');

      // One serving process dies; the other answers, and a new one takes its place.
      const [victim] = children(pid);
      process.kill(victim as number, 'SIGKILL');
      // A connection handed to the dying process in the moment it died is lost with it, as a
      // load balancer would see; the next one is answered.
      await expect
        .poll(
          async () =>
            (await fetch(`${base}/api/health`, { headers: { connection: 'close' }, signal: AbortSignal.timeout(2000) }).catch(() => undefined))?.status,
          {
            timeout: 20_000,
          },
        )
        .toBe(200);
      await expect.poll(() => output.includes(`API process ${victim} stopped`), { timeout: 20_000 }).toBe(true);
      await expect.poll(() => children(pid).filter((child) => child !== victim).length, { timeout: 20_000 }).toBe(2);
    } finally {
      const exited = new Promise((resolve) => (server?.exitCode === null && server.signalCode === null ? server.once('exit', resolve) : resolve(undefined)));
      server?.kill('SIGTERM');
      await exited;
      await database?.close();
      await run(`DROP DATABASE IF EXISTS ${name}`);
    }
    // Three API processes start and run their migrations while npm test's other steps share the
    // cores: 82 s at a load of 20 here, and past two minutes in CI.
  }, 300_000);
});
