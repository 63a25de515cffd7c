/**
 * `npm run leads:report -- --dealer <slug> [--week YYYY-Www] [--out file.csv]`: the dealer's
 * weekly lead response report (src/leads/server/response-report.ts), the last whole week by
 * default. It is emailed as the server's weekly job emails it (and the CSV written to the outbox
 * folder), and its words printed; `--out` writes the CSV there too.
 */
import { writeFile } from 'node:fs/promises';
import { loadDealer } from '../../platform/config/load';
import { lastWeek, reportCsv, reportLeads, reportText, summarise, weekDates } from '../server/response-report';
import { sendWeeklyReport } from '../delivery/outbox/weekly-report';
import { CliError, knownDealer, openDatabaseForCli, parseOptions, type OpenForCli } from './cli';

export const REPORT_USAGE = 'usage: npm run leads:report -- --dealer <slug> [--week YYYY-Www] [--out file.csv] [--no-email]';

export interface ReportArgs {
  dealer: string;
  week?: string;
  out?: string;
  email: boolean;
}

export function parseReportArgs(argv: readonly string[]): ReportArgs {
  const { values, flags } = parseOptions(argv, { values: ['--dealer', '--week', '--out'], flags: ['--no-email'] }, REPORT_USAGE);
  const dealer = values.get('--dealer');
  if (!dealer) throw new CliError(`--dealer is required\n${REPORT_USAGE}`);
  const week = values.get('--week');
  if (week !== undefined) {
    try {
      weekDates(week);
    } catch (error) {
      throw new CliError((error as Error).message);
    }
  }
  return { dealer, week, out: values.get('--out'), email: !flags.has('--no-email') };
}

export interface ReportContext {
  dealersDir: string;
  env?: NodeJS.ProcessEnv;
  root?: string;
  now?: Date;
  open?: OpenForCli;
}

/** The whole command; returns the lines to print. */
export async function runReport(
  args: ReportArgs,
  { dealersDir, env = process.env, root = process.cwd(), now = new Date(), open }: ReportContext,
): Promise<string[]> {
  knownDealer(args.dealer, dealersDir);
  const site = loadDealer(args.dealer, dealersDir);
  const week = args.week ?? lastWeek(now, site.time_zone);
  const cli = await (open ?? ((tool: string) => openDatabaseForCli(tool, { env, root })))('leads:report');
  try {
    const db = cli.database.db;
    const report = summarise(await reportLeads(db, site.slug, week, site.time_zone));
    const lines = reportText(site.name, week, report).text.trimEnd().split('\n');
    lines.push('');
    if (args.email) {
      const sent = await sendWeeklyReport(site, week, { db, env, root });
      lines.push(sent && sent.to.length > 0 ? `Emailed to ${sent.to.join(', ')}.` : 'Not emailed: the dealer file has no email address.');
      if (sent?.file) lines.push(`CSV: ${sent.file}`);
    }
    if (args.out) {
      await writeFile(args.out, reportCsv(report));
      lines.push(`CSV: ${args.out}`);
    }
    return lines;
  } finally {
    await cli.close();
  }
}
