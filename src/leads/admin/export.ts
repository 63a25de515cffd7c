/**
 * `npm run leads:export -- --dealer <slug> [--out file.csv] [--since YYYY-MM-DD]
 *  [--status Complete|Incomplete|all] [--include-quarantined]`
 *
 * A dealer's leads as CSV, oldest first: the columns a salesperson reads, then every field as
 * JSON in `data`. Cells are written by src/leads/delivery/csv.ts, so a shopper's text cannot become a
 * spreadsheet formula. `--since` is a day in the dealer's time zone.
 */
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { and, asc, eq, gte, isNull, sql, type SQL } from 'drizzle-orm';
import { loadDealer } from '../../platform/config/load';
import type { DealerConfig } from '../../platform/config/schema';
import { zonedTime } from '../../platform/formats/zoned-time';
import { leadLocation, nameParts } from '../delivery/adf';
import { csvRow, type CsvValue } from '../../platform/formats/csv';
import type { Database } from '../../platform/db/open';
import { leads, type LeadRow } from '../../platform/db/schema';
import { CliError, knownDealer, openDatabaseForCli, parseOptions, streamWriter, type OpenForCli } from './cli';

export const EXPORT_USAGE =
  'usage: npm run leads:export -- --dealer <slug> [--out file.csv] [--since YYYY-MM-DD] [--status Complete|Incomplete|all] [--include-quarantined]';

export type ExportStatus = 'Complete' | 'Incomplete' | 'all';

export interface ExportArgs {
  dealer: string;
  out?: string;
  since?: string;
  status: ExportStatus;
  includeQuarantined: boolean;
}

export function parseExportArgs(argv: readonly string[]): ExportArgs {
  const { values, flags } = parseOptions(argv, { values: ['--dealer', '--out', '--since', '--status'], flags: ['--include-quarantined'] }, EXPORT_USAGE);
  const dealer = values.get('--dealer');
  if (!dealer) throw new CliError(`--dealer <slug> is required\n${EXPORT_USAGE}`);
  const since = values.get('--since');
  if (since !== undefined && !validDay(since))
    throw new CliError(`--since must be a date as YYYY-MM-DD, e.g. 2025-01-31, not ${JSON.stringify(since.slice(0, 40))}`);
  const statusWord = values.get('--status') ?? 'Complete';
  const status = (['Complete', 'Incomplete', 'all'] as const).find((s) => s.toLowerCase() === statusWord.toLowerCase());
  if (!status) throw new CliError(`--status must be Complete, Incomplete or all, not ${JSON.stringify(statusWord.slice(0, 40))}`);
  return { dealer, out: values.get('--out'), since, status, includeQuarantined: flags.has('--include-quarantined') };
}

function validDay(day: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === day;
}

/** The instant a calendar day starts in a time zone (`2025-11-21`, Australia/Brisbane → 2025-11-20T14:00Z). */
export function startOfDay(day: string, timeZone: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const utcMidnight = Date.UTC(y, m - 1, d);
  const offsetAt = (instant: number): number => zonedTime(instant, timeZone).offsetMinutes * 60_000;
  // Twice, so a day whose midnight falls near a daylight-saving change still lands right.
  let guess = utcMidnight - offsetAt(utcMidnight);
  guess = utcMidnight - offsetAt(guess);
  return new Date(guess);
}

export const exportColumns = [
  'id',
  'created_at',
  'status',
  'form',
  'category',
  'first_name',
  'last_name',
  'name',
  'email',
  'phone',
  'postcode',
  'message',
  'location',
  'car_id',
  'opt_in',
  'consent_answered',
  'consent_wording',
  'quarantine_reason',
  'data',
] as const;

const text = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

/** One lead as export cells, in `exportColumns` order. */
export function exportRow(lead: LeadRow, site: Pick<DealerConfig, 'locations'>): CsvValue[] {
  const data = lead.data;
  const { first, last } = nameParts(data);
  const named = text(data.location_id) || text(data.location);
  const location = named ? (leadLocation(site, data)?.name ?? named) : '';
  const fullName = text(data.name) || [text(data.first_name), text(data.last_name)].filter(Boolean).join(' ');
  return [
    lead.id,
    lead.created_at,
    lead.status,
    lead.form,
    lead.category,
    first,
    last,
    fullName,
    text(data.email),
    text(data.phone),
    text(data.postcode),
    text(data.message) || text(data.notes),
    location,
    text(data.car_id),
    lead.consent.opt_in,
    // false: the form sent no answer, so opt_in is false; empty for leads stored before this was kept.
    lead.consent.answered,
    lead.consent.wording,
    lead.quarantine_reason,
    data,
  ];
}

export interface ExportQuery {
  since?: string;
  status: ExportStatus;
  includeQuarantined: boolean;
}

/**
 * Writes the header and every matching lead through `write`, a page at a time (keyset on
 * created_at and id), so a large export never sits in memory whole. Returns the lead count.
 */
export async function exportLeadsCsv(
  database: Pick<Database, 'db'>,
  site: Pick<DealerConfig, 'slug' | 'locations' | 'time_zone'>,
  query: ExportQuery,
  write: (chunk: string) => void | Promise<void>,
  pageSize = 500,
): Promise<number> {
  const where: SQL[] = [eq(leads.dealer, site.slug)];
  if (query.status !== 'all') where.push(eq(leads.status, query.status));
  if (!query.includeQuarantined) where.push(isNull(leads.quarantine_reason));
  if (query.since) where.push(gte(leads.created_at, startOfDay(query.since, site.time_zone)));
  await write(csvRow(exportColumns));
  let count = 0;
  // The last lead's id, not its created_at: a JS Date keeps milliseconds and Postgres keeps
  // microseconds, so comparing against the database's own value is the only exact way.
  let after: string | undefined;
  for (;;) {
    const page = await database.db
      .select()
      .from(leads)
      .where(and(...where, after ? sql`(${leads.created_at}, ${leads.id}) > (SELECT a.created_at, a.id FROM ${leads} AS a WHERE a.id = ${after})` : undefined))
      .orderBy(asc(leads.created_at), asc(leads.id))
      .limit(pageSize);
    if (page.length > 0) await write(page.map((lead) => csvRow(exportRow(lead, site))).join(''));
    count += page.length;
    const last = page.at(-1);
    if (!last || page.length < pageSize) return count;
    after = last.id;
  }
}

export interface ToolContext {
  dealersDir: string;
  env?: NodeJS.ProcessEnv;
  /** Project root for relative paths (default: the working directory). */
  root?: string;
  open?: OpenForCli;
  stdout?: NodeJS.WritableStream;
}

/**
 * The whole command: checks the dealer, then streams the CSV to stdout or to `--out` (written
 * as `<out>.partial`, owner-only since it holds personal details, and renamed when complete).
 * Returns the summary line for stderr.
 */
export async function runExport(
  args: ExportArgs,
  { dealersDir, env = process.env, root = process.cwd(), open, stdout = process.stdout }: ToolContext,
): Promise<string> {
  knownDealer(args.dealer, dealersDir);
  const site = loadDealer(args.dealer, dealersDir);
  const cli = await (open ?? ((tool: string) => openDatabaseForCli(tool, { env, root })))('leads:export');
  let count: number;
  let where = 'stdout';
  try {
    if (!args.out) count = await exportLeadsCsv(cli.database, site, args, streamWriter(stdout));
    else {
      const target = path.resolve(root, args.out);
      const partial = `${target}.partial`;
      const stream = createWriteStream(partial, { mode: 0o600 });
      try {
        count = await exportLeadsCsv(cli.database, site, args, streamWriter(stream));
        stream.end();
        await finished(stream);
        await rename(partial, target);
      } catch (error) {
        stream.destroy();
        await rm(partial, { force: true });
        throw error;
      }
      where = path.relative(root, target) || target;
    }
  } finally {
    await cli.close();
  }
  const which = [
    args.status === 'all' ? 'complete and incomplete' : args.status.toLowerCase(),
    args.since ? `since ${args.since}` : '',
    args.includeQuarantined ? 'quarantined included' : 'quarantined left out',
  ]
    .filter(Boolean)
    .join(', ');
  return `Exported ${count} lead${count === 1 ? '' : 's'} of ${site.slug} (${which}) to ${where}.`;
}
