/**
 * Sends each dealer's weekly response report (src/leads/server/response-report.ts) once per week:
 * the CSV is written to `<outbox>/<dealer>/reports/<week>.csv` and emailed, with the same words,
 * to the dealer's email (and its escalation contacts with an email), by the shopper-mail path
 * (SMTP, or a message file). The CSV file is the record that the week was sent: it is created
 * exclusively, so two delivering processes sharing the folder send it once.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { DealerConfig } from '../../../platform/config/schema';
import type { LeadDb } from '../../../platform/db/open';
import { lastWeek, reportCsv, reportLeads, reportText, summarise } from '../../server/response-report';
import { sendShopperMail } from './shopper-mail';
import { OUTBOX_DIR_MODE, OUTBOX_FILE_MODE, outboxDir } from './transports';

export interface WeeklyReportOptions {
  db: LeadDb;
  env: NodeJS.ProcessEnv;
  root: string;
}

export interface SentReport {
  week: string;
  csv: string;
  /** Where the CSV was written; undefined with the outbox folder off. */
  file: string | undefined;
  /** Who it was emailed to (none when the dealer file has no address). */
  to: string[];
}

const recipients = (site: DealerConfig): string[] => [
  ...new Set([site.email, ...(site.leads.response_promise?.escalation ?? []).map((c) => c.email)].filter((e): e is string => Boolean(e))),
];

/** Builds and sends one week's report; `force` sends it again even when its CSV is already there. */
export async function sendWeeklyReport(
  site: DealerConfig,
  week: string,
  { db, env, root }: WeeklyReportOptions,
  force = true,
): Promise<SentReport | undefined> {
  const lines = summarise(await reportLeads(db, site.slug, week, site.time_zone));
  const csv = reportCsv(lines);
  const dir = outboxDir(env, root);
  const file = dir ? path.join(dir, site.slug, 'reports', `${week}.csv`) : undefined;
  if (file) {
    await mkdir(path.dirname(file), { recursive: true, mode: OUTBOX_DIR_MODE });
    try {
      await writeFile(file, csv, { mode: OUTBOX_FILE_MODE, flag: force ? 'w' : 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return undefined;
      throw error;
    }
  }
  const to = recipients(site);
  const { subject, text } = reportText(site.name, week, lines);
  try {
    for (const address of to) {
      await sendShopperMail(
        site,
        { to: address, subject, text, attachments: [{ filename: `lead-response-${site.slug}-${week}.csv`, content: csv, contentType: 'text/csv' }] },
        { env, root },
      );
    }
  } catch (error) {
    // Not sent: the week is tried again on a later run.
    if (file && !force) await rm(file, { force: true });
    throw error;
  }
  return { week, csv, file, to };
}

/** Every dealer's report for the week before `now`, unless already sent; returns those sent now. */
export async function sendDueWeeklyReports(
  dealers: readonly string[],
  configFor: (slug: string) => DealerConfig | undefined | Promise<DealerConfig | undefined>,
  now: Date,
  options: WeeklyReportOptions,
): Promise<SentReport[]> {
  const sent: SentReport[] = [];
  // Without the outbox folder there is no record of a week sent, so only the command sends.
  if (!outboxDir(options.env, options.root)) return sent;
  for (const slug of dealers) {
    const site = await Promise.resolve(configFor(slug)).catch(() => undefined);
    if (!site) continue;
    const report = await sendWeeklyReport(site, lastWeek(now, site.time_zone), options, false);
    if (report) sent.push(report);
  }
  return sent;
}
