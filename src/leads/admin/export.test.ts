import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listDealerSlugs } from '../../platform/config/load';
import { resetTestDatabase, testDatabaseKinds, useTestDatabase } from '../../../tests/support/test-databases';
import { insertLead } from '../../../tests/support/outbox';
import { DEALER_FILES_DIR } from '../../../tests/support/test-site';
import { CliError, type OpenForCli } from './cli';
import { exportColumns, parseExportArgs, runExport, startOfDay } from './export';

const dealersDir = DEALER_FILES_DIR;

class Collect extends Writable {
  text = '';
  override _write(chunk: Buffer, _encoding: string, done: () => void): void {
    this.text += chunk.toString('utf8');
    done();
  }
}

describe('argument parsing', () => {
  it('reads export options and refuses bad ones', () => {
    expect(parseExportArgs(['--dealer', 'kingfisher-toyota', '--since=2025-01-31', '--status', 'all', '--include-quarantined', '--out', 'x.csv'])).toEqual({
      dealer: 'kingfisher-toyota',
      since: '2025-01-31',
      status: 'all',
      includeQuarantined: true,
      out: 'x.csv',
    });
    expect(parseExportArgs(['--dealer', 'a'])).toMatchObject({ status: 'Complete', includeQuarantined: false });
    expect(() => parseExportArgs([])).toThrow('--dealer <slug> is required');
    expect(() => parseExportArgs(['--dealer', 'a', '--since', '2025-02-30'])).toThrow('--since must be a date as YYYY-MM-DD');
    expect(() => parseExportArgs(['--dealer', 'a', '--status', 'done'])).toThrow('--status must be Complete, Incomplete or all');
    expect(() => parseExportArgs(['--dealer', '--out', 'x'])).toThrow('--dealer needs a value');
    expect(() => parseExportArgs(['--dealer', 'a', '--bogus'])).toThrow(CliError);
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
        data: {
          first_name: '=HYPERLINK("https://evil.example","x")',
          last_name: 'Smith, "Jr"',
          email: 'a@example.com',
          phone: '+61 412 345 678',
          postcode: '4506',
          message: 'line 1\nline 2\r\n@SUM(A1)',
          location_id: 31002,
          car_id: '5501',
          opt_in: true,
        },
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
        consent_answered: '',
        consent_wording: 'Keep me up to date with offers and news',
        quarantine_reason: '',
      });
      expect(JSON.parse(record.data ?? '{}')).toMatchObject({ postcode: '4506', location_id: 31002 });
      for (const row of rows) for (const cell of row) expect(cell).not.toMatch(/^[=+\-@\t\r]/);

      const all = new Collect();
      await runExport(parseExportArgs(['--dealer', 'kingfisher-toyota', '--status', 'all', '--include-quarantined']), { dealersDir, open, stdout: all, root });
      expect(
        parse(all.text)
          .slice(1)
          .map((r) => r[0]),
      ).toEqual([early, hostile, incomplete, spam]);
      const incompleteOnly = new Collect();
      await runExport(parseExportArgs(['--dealer', 'kingfisher-toyota', '--status', 'incomplete']), { dealersDir, open, stdout: incompleteOnly, root });
      expect(
        parse(incompleteOnly.text)
          .slice(1)
          .map((r) => r[0]),
      ).toEqual([incomplete]);
    });

    it('pages through many leads in order and writes --out as an owner-only file', async () => {
      const start = Date.parse('2025-01-01T00:00:00Z');
      const ids: string[] = [];
      for (let i = 0; i < 1203; i++) ids.push(await insertLead(db.current, { created_at: new Date(start + Math.floor(i / 3) * 1000), destinations: [] }));
      // Same created_at within each trio: the export orders those by id.
      const expected = ids
        .map((id, i) => ({ id, t: Math.floor(i / 3) }))
        .sort((a, b) => a.t - b.t || (a.id < b.id ? -1 : 1))
        .map((x) => x.id);
      const summary = await runExport(parseExportArgs(['--dealer', 'kingfisher-toyota', '--out', 'leads.csv']), { dealersDir, open, root });
      expect(summary).toBe('Exported 1203 leads of kingfisher-toyota (complete, quarantined left out) to leads.csv.');
      const file = path.join(root, 'leads.csv');
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(existsSync(`${file}.partial`)).toBe(false);
      expect(
        parse(readFileSync(file, 'utf8'))
          .slice(1)
          .map((r) => r[0]),
      ).toEqual(expected);
    }, 180_000);

    it('names the known dealers when the dealer is unknown', async () => {
      await expect(runExport(parseExportArgs(['--dealer', 'nobody']), { dealersDir, open, root })).rejects.toThrow(
        `unknown dealer "nobody"; known dealers: ${listDealerSlugs(dealersDir).join(', ')}`,
      );
      expect(closes).toBe(0);
    });
  });
});
