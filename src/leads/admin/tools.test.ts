import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listDealerSlugs } from '../../platform/config/load';
import { LOCK_FILE_NAME } from '../../platform/db/lock';
import { leadFiles, leads, miscellaneous, outbox, valuations } from '../../platform/db/schema';
import { resetTestDatabase, testDatabaseKinds, useTestDatabase } from '../../../tests/support/test-databases';
import { parseOutboxArgs, runOutbox } from './outbox-tool';
import { CliError, openDatabaseForCli, type OpenForCli } from './cli';
import { exportColumns, parseExportArgs, runExport, startOfDay } from './export';
import { parsePurgeArgs, runPurge } from './purge';
import { insertLead } from '../../../tests/support/outbox';

const dealersDir = path.resolve('dealers');
const DAY = 86_400_000;

class Collect extends Writable {
  text = '';
  override _write(chunk: Buffer, _encoding: string, done: () => void): void {
    this.text += chunk.toString('utf8');
    done();
  }
}

describe('argument parsing', () => {
  it('reads export options and refuses bad ones', () => {
    expect(parseExportArgs(['--dealer', 'kingfisher-toyota', '--since=2025-01-31', '--status', 'all', '--include-quarantined', '--out', 'x.csv'])).toEqual({ dealer: 'kingfisher-toyota', since: '2025-01-31', status: 'all', includeQuarantined: true, out: 'x.csv' });
    expect(parseExportArgs(['--dealer', 'a'])).toMatchObject({ status: 'Complete', includeQuarantined: false });
    expect(() => parseExportArgs([])).toThrow('--dealer <slug> is required');
    expect(() => parseExportArgs(['--dealer', 'a', '--since', '2025-02-30'])).toThrow('--since must be a date as YYYY-MM-DD');
    expect(() => parseExportArgs(['--dealer', 'a', '--status', 'done'])).toThrow('--status must be Complete, Incomplete or all');
    expect(() => parseExportArgs(['--dealer', '--out', 'x'])).toThrow('--dealer needs a value');
    expect(() => parseExportArgs(['--dealer', 'a', '--bogus'])).toThrow(CliError);
  });

  it('reads outbox and purge options', () => {
    expect(parseOutboxArgs(['--dead', '--dealer', 'a'])).toEqual({ dealer: 'a', dead: true, retry: undefined, retryDead: false });
    expect(parseOutboxArgs(['--retry', '42'])).toMatchObject({ retry: 42 });
    expect(() => parseOutboxArgs(['--retry', 'abc'])).toThrow('--retry takes a delivery id');
    expect(() => parseOutboxArgs(['--retry', '1', '--retry-dead'])).toThrow('not both');
    expect(parsePurgeArgs(['--dry-run'])).toEqual({ dealer: undefined, dryRun: true });
  });
});

describe('startOfDay', () => {
  it('is local midnight in the dealer time zone', () => {
    expect(startOfDay('2025-11-21', 'Australia/Brisbane').toISOString()).toBe('2025-11-20T14:00:00.000Z');
    expect(startOfDay('2025-07-04', 'America/New_York').toISOString()).toBe('2025-07-04T04:00:00.000Z');
    // The day daylight saving starts in Sydney (2 am): midnight is still +10.
    expect(startOfDay('2025-10-05', 'Australia/Sydney').toISOString()).toBe('2025-10-04T14:00:00.000Z');
    expect(startOfDay('2025-10-06', 'Australia/Sydney').toISOString()).toBe('2025-10-05T13:00:00.000Z');
  });
});

describe('the PGlite lock', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'leads-db-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses while the server holds the database, naming its pid', async () => {
    // Our parent process is alive and is not us: it stands in for `npm start`.
    writeFileSync(path.join(dir, LOCK_FILE_NAME), JSON.stringify({ pid: process.ppid, holder: 'the server', since: '2025-11-21T00:00:00.000Z' }));
    const env = { LEADS_DB_DIR: dir };
    await expect(openDatabaseForCli('leads:export', { env })).rejects.toThrow(
      `the lead database is in use by the server (pid ${process.ppid}, since 2025-11-21T00:00:00.000Z). The embedded database (PGlite) can be open in one process only: stop \`npm start\``,
    );
    await expect(runOutbox(parseOutboxArgs([]), { dealersDir, env })).rejects.toThrow('set DATABASE_URL');
  });

  it('opens when free, holds the lock while open and releases it on close', async () => {
    const env = { LEADS_DB_DIR: dir };
    const cli = await openDatabaseForCli('leads:outbox', { env });
    try {
      const lock = JSON.parse(readFileSync(path.join(dir, LOCK_FILE_NAME), 'utf8')) as { pid: number; holder: string };
      expect(lock).toMatchObject({ pid: process.pid, holder: 'leads:outbox' });
      expect(await cli.database.db.select().from(outbox)).toEqual([]);
    } finally {
      await cli.close();
    }
    expect(existsSync(path.join(dir, LOCK_FILE_NAME))).toBe(false);
  }, 60_000);
});

describe.each(testDatabaseKinds())('lead tools on %s', (kind) => {
  const db = useTestDatabase(kind);
  let closes = 0;
  const open: OpenForCli = () => Promise.resolve({ database: db.current, close: () => Promise.resolve(void closes++) });
  let root: string;

  beforeEach(async () => {
    await resetTestDatabase(db.current);
    root = mkdtempSync(path.join(os.tmpdir(), 'lead-tools-'));
    closes = 0;
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  describe('leads:export', () => {
    it('writes the columns, disarms formulas and filters by status, date and quarantine', async () => {
      const at = (iso: string) => new Date(iso);
      const hostile = await insertLead(db.current, {
        created_at: at('2025-11-20T15:00:00Z'),
        data: { first_name: '=HYPERLINK("https://evil.example","x")', last_name: 'Smith, "Jr"', email: 'a@example.com', phone: '+61 412 345 678', postcode: '4506', message: 'line 1\nline 2\r\n@SUM(A1)', location_id: 31002, car_id: '5501', opt_in: true },
      });
      const early = await insertLead(db.current, { created_at: at('2025-11-20T13:59:59Z'), data: { name: 'Early Bird', email: 'e@example.com' } });
      const incomplete = await insertLead(db.current, { created_at: at('2025-11-21T01:00:00Z'), status: 'Incomplete', data: { name: 'Half Done' } });
      const spam = await insertLead(db.current, { created_at: at('2025-11-21T02:00:00Z'), quarantine_reason: 'honeypot', data: { name: 'Spam Bot' } });
      await insertLead(db.current, { created_at: at('2025-11-21T03:00:00Z'), dealer: 'lone-star-auto', data: { name: 'Other Dealer' } });

      const stdout = new Collect();
      const summary = await runExport(parseExportArgs(['--dealer', 'kingfisher-toyota', '--since', '2025-11-21']), { dealersDir, open, stdout, root });
      expect(summary).toBe('Exported 1 lead of kingfisher-toyota (complete, since 2025-11-21, quarantined left out) to stdout.');
      expect(closes).toBe(1);
      const rows = parse(stdout.text);
      expect(rows[0]).toEqual([...exportColumns]);
      expect(rows).toHaveLength(2);
      const record = Object.fromEntries(exportColumns.map((c, i) => [c, rows[1]?.[i]]));
      expect(record).toMatchObject({
        id: hostile,
        created_at: '2025-11-20T15:00:00.000Z',
        status: 'Complete',
        form: 'enquiry',
        first_name: `'=HYPERLINK("https://evil.example","x")`,
        last_name: 'Smith, "Jr"',
        name: '=HYPERLINK("https://evil.example","x") Smith, "Jr"'.replace(/^/, "'"),
        phone: "'+61 412 345 678",
        message: 'line 1\nline 2\r\n@SUM(A1)',
        location: 'Kingfisher Toyota - Service',
        car_id: '5501',
        opt_in: 'true',
        consent_wording: 'Keep me up to date with offers and news',
        quarantine_reason: '',
      });
      expect(JSON.parse(record.data ?? '{}')).toMatchObject({ postcode: '4506', location_id: 31002 });
      for (const row of rows) for (const cell of row) expect(cell).not.toMatch(/^[=+\-@\t\r]/);

      const all = new Collect();
      await runExport(parseExportArgs(['--dealer', 'kingfisher-toyota', '--status', 'all', '--include-quarantined']), { dealersDir, open, stdout: all, root });
      expect(parse(all.text).slice(1).map((r) => r[0])).toEqual([early, hostile, incomplete, spam]);
      const incompleteOnly = new Collect();
      await runExport(parseExportArgs(['--dealer', 'kingfisher-toyota', '--status', 'incomplete']), { dealersDir, open, stdout: incompleteOnly, root });
      expect(parse(incompleteOnly.text).slice(1).map((r) => r[0])).toEqual([incomplete]);
    });

    it('pages through many leads in order and writes --out as an owner-only file', async () => {
      const start = Date.parse('2025-01-01T00:00:00Z');
      const ids: string[] = [];
      for (let i = 0; i < 1203; i++) ids.push(await insertLead(db.current, { created_at: new Date(start + Math.floor(i / 3) * 1000), destinations: [] }));
      // Same created_at within each trio: the export orders those by id.
      const expected = ids.map((id, i) => ({ id, t: Math.floor(i / 3) })).sort((a, b) => a.t - b.t || (a.id < b.id ? -1 : 1)).map((x) => x.id);
      const summary = await runExport(parseExportArgs(['--dealer', 'kingfisher-toyota', '--out', 'leads.csv']), { dealersDir, open, root });
      expect(summary).toBe('Exported 1203 leads of kingfisher-toyota (complete, quarantined left out) to leads.csv.');
      const file = path.join(root, 'leads.csv');
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(existsSync(`${file}.partial`)).toBe(false);
      expect(parse(readFileSync(file, 'utf8')).slice(1).map((r) => r[0])).toEqual(expected);
    }, 60_000);

    it('names the known dealers when the dealer is unknown', async () => {
      await expect(runExport(parseExportArgs(['--dealer', 'nobody']), { dealersDir, open, root })).rejects.toThrow(`unknown dealer "nobody"; known dealers: ${listDealerSlugs(dealersDir).join(', ')}`);
      expect(closes).toBe(0);
    });
  });

  describe('leads:purge', () => {
    const now = new Date('2027-06-01T00:00:00Z');

    it('removes leads past each dealer retention with their rows and files, and keeps the rest', async () => {
      const filesDir = path.join(root, 'lead-files');
      const env = { LEADS_FILES_DIR: filesDir };
      const old = await insertLead(db.current, { created_at: new Date(now.getTime() - 731 * DAY), destinations: ['folder'] });
      const recent = await insertLead(db.current, { created_at: new Date(now.getTime() - 729 * DAY) });
      const otherOld = await insertLead(db.current, { dealer: 'lone-star-auto', created_at: new Date(now.getTime() - 800 * DAY) });
      const orphan = await insertLead(db.current, { dealer: 'closed-motors', created_at: new Date(now.getTime() - 3000 * DAY) });
      mkdirSync(path.join(filesDir, 'kingfisher-toyota'), { recursive: true });
      const stored = ['0b4f7c1e-old-licence', '0b4f7c1e-recent-licence'];
      stored.forEach((name) => writeFileSync(path.join(filesDir, 'kingfisher-toyota', name), 'x'));
      await db.current.db.insert(leadFiles).values([
        { id: 'f-old', lead_id: old, field: 'drivers_licence', stored_name: stored[0] as string, content_type: 'image/png', size: 1 },
        { id: 'f-recent', lead_id: recent, field: 'drivers_licence', stored_name: stored[1] as string, content_type: 'image/png', size: 1 },
      ]);
      await db.current.db.insert(miscellaneous).values({ dealer: 'kingfisher-toyota', lead_id: old, column_name: 'valuation', data: { price: 1 } });
      await db.current.db.insert(valuations).values([
        { id: 'v-old', dealer: 'kingfisher-toyota', lead_id: old, data: { rego: 'ABC123' }, created_at: new Date(now.getTime() - 731 * DAY) },
        { id: 'v-recent', dealer: 'kingfisher-toyota', lead_id: null, data: { rego: 'XYZ' }, created_at: new Date(now.getTime() - 10 * DAY) },
      ]);

      const dry = await runPurge(parsePurgeArgs(['--dry-run', '--dealer', 'kingfisher-toyota']), { dealersDir, env, root, now, open });
      expect(dry).toEqual(['kingfisher-toyota: would remove 1 lead created before 2025-06-01 (kept 730 days), 1 file, 1 valuation', 'Dry run: nothing was removed.']);
      expect((await db.current.db.select().from(leads)).length).toBe(4);

      const report = await runPurge(parsePurgeArgs([]), { dealersDir, env, root, now, open });
      expect(report).toContain('kingfisher-toyota: removed 1 lead created before 2025-06-01 (kept 730 days), 1 file, 1 valuation');
      expect(report).toContain('lone-star-auto: removed 1 lead created before 2025-06-01 (kept 730 days), 0 files, 0 valuations');
      expect(report).toContain('closed-motors: kept 1 lead: there is no dealer file for it, so no retention period is known');
      const left = (await db.current.db.select({ id: leads.id }).from(leads)).map((r) => r.id).sort();
      expect(left).toEqual([recent, orphan].sort());
      expect(left).not.toContain(otherOld);
      expect(await db.current.db.select().from(outbox).where(eq(outbox.lead_id, old))).toEqual([]);
      expect((await db.current.db.select().from(leadFiles)).map((f) => f.id)).toEqual(['f-recent']);
      expect(await db.current.db.select().from(miscellaneous)).toEqual([]);
      expect((await db.current.db.select().from(valuations)).map((v) => v.id)).toEqual(['v-recent']);
      expect(existsSync(path.join(filesDir, 'kingfisher-toyota', stored[0] as string))).toBe(false);
      expect(existsSync(path.join(filesDir, 'kingfisher-toyota', stored[1] as string))).toBe(true);
    });
  });

  describe('leads:outbox', () => {
    it('lists pending and dead deliveries with attempts and last error, and requeues', async () => {
      const T0 = new Date('2025-11-21T00:00:00Z');
      const lead = await insertLead(db.current, { created_at: T0, destinations: ['folder', 'webhook:0'] });
      await db.current.db.update(outbox).set({ status: 'dead', attempts: 29, last_error: 'the webhook answered HTTP 503\r\nInjected: line' }).where(eq(outbox.destination, 'webhook:0'));
      const [dead] = await db.current.db.select().from(outbox).where(eq(outbox.destination, 'webhook:0'));
      const id = dead?.id ?? 0;

      const pending = await runOutbox(parseOutboxArgs([]), { dealersDir, open });
      expect(pending).toHaveLength(2);
      expect(pending[0]).toMatch(new RegExp(`kingfisher-toyota  folder {8}lead ${lead}  0 attempts  next 2025-11-21T00:00:00.000Z$`));
      expect(pending[1]).toBe("1 pending; the server's outbox worker delivers them.");

      const deadList = await runOutbox(parseOutboxArgs(['--dead', '--dealer', 'kingfisher-toyota']), { dealersDir, open });
      expect(deadList[0]).toContain(`${id}  kingfisher-toyota  webhook:0`);
      expect(deadList[0]).toContain('29 attempts');
      expect(deadList[0]).toContain('last error: the webhook answered HTTP 503 Injected: line');
      expect(deadList[1]).toBe('1 dead. Retry one with --retry <id>, or all with --retry-dead.');
      expect(await runOutbox(parseOutboxArgs(['--dead', '--dealer', 'lone-star-auto']), { dealersDir, open })).toEqual(['No dead deliveries.']);

      await expect(runOutbox(parseOutboxArgs(['--retry', String(id), '--dealer', 'lone-star-auto']), { dealersDir, open })).rejects.toThrow(`there is no delivery ${id} for lone-star-auto`);
      const now = new Date('2025-11-25T00:00:00Z');
      expect(await runOutbox(parseOutboxArgs(['--retry', String(id)]), { dealersDir, open, now })).toEqual([
        `Delivery ${id} (was dead) is queued again. The server's outbox worker tries it on its next round (within seconds while \`npm start\` runs).`,
      ]);
      const [requeued] = await db.current.db.select().from(outbox).where(eq(outbox.id, id));
      expect(requeued).toMatchObject({ status: 'pending', next_attempt_at: now, attempts: 29 });
      expect(await runOutbox(parseOutboxArgs(['--retry-dead']), { dealersDir, open })).toEqual(['No dead deliveries to retry.']);
      await expect(runOutbox(parseOutboxArgs(['--dealer', 'nobody']), { dealersDir, open })).rejects.toThrow('unknown dealer "nobody"');
    });
  });
});
