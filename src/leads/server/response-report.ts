/**
 * The weekly response report per dealer (docs/decisions/lead-response.md 'Weekly report'): for
 * one ISO week in the dealer's time zone, its leads, how many were acknowledged, the median and
 * 90th percentile time to first response, and the escalations, for all leads and by source and
 * by location. Sent by email with the CSV, by `npm run leads:report` and by the delivering
 * server each Monday for the week before.
 */
import { and, eq, gte, lt } from 'drizzle-orm';
import type { LeadDb } from '../../platform/db/open';
import { leadResponses } from '../../platform/db/schema';
import { csvRow } from '../../platform/formats/csv';
import { instantAt, zonedTime } from '../../platform/formats/zoned-time';
import { addDays, weekdayOf } from '../../providers/service-slots';

export interface ReportLead {
  source: string;
  location: string | null;
  received_at: Date;
  acknowledged_at: Date | null;
  escalations: number;
  /** Joined an earlier lead's thread: counted as an update, not a lead. */
  update: boolean;
}

export interface ReportLine {
  /** 'all', 'source' or 'location'. */
  by: 'all' | 'source' | 'location';
  value: string;
  leads: number;
  acknowledged: number;
  /** Minutes to first response of the acknowledged leads (nearest rank); null with none. */
  median_minutes: number | null;
  p90_minutes: number | null;
  escalated_leads: number;
  escalations: number;
  thread_updates: number;
}

const WEEK = /^(\d{4})-W(\d{2})$/;

/** The ISO week ("2026-W25") as local dates: its Monday and the Monday after. */
export function weekDates(week: string): { monday: string; next: string } {
  const match = WEEK.exec(week);
  if (!match) throw new Error(`a week is written YYYY-Www, e.g. 2026-W25, not ${JSON.stringify(week.slice(0, 20))}`);
  const [year, number] = [Number(match[1]), Number(match[2])];
  // ISO week 1 is the one with 4 January in it.
  const jan4 = `${year}-01-04`;
  const week1Monday = addDays(jan4, -((weekdayOf(jan4) + 6) % 7));
  const monday = addDays(week1Monday, (number - 1) * 7);
  if (number < 1 || number > 53 || Number(addDays(monday, 3).slice(0, 4)) !== year) throw new Error(`${year} has no week ${number}`);
  return { monday, next: addDays(monday, 7) };
}

/** The ISO week a local date is in. */
export function isoWeekOf(date: string): string {
  const thursday = addDays(date, 3 - ((weekdayOf(date) + 6) % 7));
  const year = Number(thursday.slice(0, 4));
  const jan4 = `${year}-01-04`;
  const week1Monday = addDays(jan4, -((weekdayOf(jan4) + 6) % 7));
  const number = Math.round((Date.parse(`${thursday}T00:00:00Z`) - Date.parse(`${week1Monday}T00:00:00Z`)) / (7 * 86_400_000)) + 1;
  return `${year}-W${String(number).padStart(2, '0')}`;
}

/** The last whole week before `now`, in the dealer's time zone. */
export function lastWeek(now: Date, timeZone: string): string {
  return isoWeekOf(addDays(zonedTime(now, timeZone).date, -7));
}

/** Nearest-rank percentile of sorted numbers. */
export function percentile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? null;
}

function line(by: ReportLine['by'], value: string, rows: readonly ReportLead[]): ReportLine {
  const leads = rows.filter((r) => !r.update);
  const times = leads.flatMap((r) => (r.acknowledged_at ? [(r.acknowledged_at.getTime() - r.received_at.getTime()) / 60_000] : [])).sort((a, b) => a - b);
  const round = (n: number | null) => (n === null ? null : Math.round(n * 10) / 10);
  return {
    by,
    value,
    leads: leads.length,
    acknowledged: times.length,
    median_minutes: round(percentile(times, 50)),
    p90_minutes: round(percentile(times, 90)),
    escalated_leads: leads.filter((r) => r.escalations > 0).length,
    escalations: leads.reduce((sum, r) => sum + r.escalations, 0),
    thread_updates: rows.length - leads.length,
  };
}

/** All leads first, then each source and each location, alphabetically. */
export function summarise(rows: readonly ReportLead[]): ReportLine[] {
  const groups = (key: (r: ReportLead) => string) => [...new Set(rows.map(key))].sort();
  const location = (r: ReportLead) => r.location ?? '(none)';
  return [
    line('all', 'all leads', rows),
    ...groups((r) => r.source).map((source) =>
      line(
        'source',
        source,
        rows.filter((r) => r.source === source),
      ),
    ),
    ...groups(location).map((slug) =>
      line(
        'location',
        slug,
        rows.filter((r) => location(r) === slug),
      ),
    ),
  ];
}

export const reportColumns = [
  'by',
  'value',
  'leads',
  'acknowledged',
  'median_minutes',
  'p90_minutes',
  'escalated_leads',
  'escalations',
  'thread_updates',
] as const;

export function reportCsv(lines: readonly ReportLine[]): string {
  return [csvRow([...reportColumns]), ...lines.map((l) => csvRow(reportColumns.map((c) => l[c])))].join('');
}

const minutes = (n: number | null): string => (n === null ? '–' : n < 120 ? `${n} min` : `${Math.round(n / 6) / 10} h`);

/** The email's words: the week's headline, then one line per source and per location. */
export function reportText(dealerName: string, week: string, lines: readonly ReportLine[]): { subject: string; text: string } {
  const all = lines[0];
  const describe = (l: ReportLine) =>
    `${l.value}: ${l.leads} lead${l.leads === 1 ? '' : 's'}, ${l.acknowledged} acknowledged, median ${minutes(l.median_minutes)}, 90% within ${minutes(l.p90_minutes)}, ${l.escalated_leads} escalated`;
  const section = (by: ReportLine['by'], title: string) => {
    const rows = lines.filter((l) => l.by === by);
    return rows.length > 0 ? [title, ...rows.map((l) => `- ${describe(l)}`), ''] : [];
  };
  const text = [
    `${dealerName}: lead response for ${week}`,
    '',
    all ? describe(all) : 'No leads.',
    all && all.thread_updates > 0 ? `${all.thread_updates} more came from shoppers already in a thread (same car, within a day).` : '',
    '',
    ...section('source', 'By source'),
    ...section('location', 'By location'),
    'The figures are in the attached CSV. Time to first response runs from the lead to its "I\'ve got this".',
  ]
    .filter((l, i, all) => l !== '' || all[i - 1] !== '')
    .join('\n');
  return { subject: `Lead response, ${week}: ${all?.leads ?? 0} leads, median ${minutes(all?.median_minutes ?? null)}`, text: `${text}\n` };
}

/** The week's tracked leads of one dealer, by when they came in (dealer's local week). */
export async function reportLeads(db: LeadDb, dealer: string, week: string, timeZone: string): Promise<ReportLead[]> {
  const { monday, next } = weekDates(week);
  const rows = await db
    .select()
    .from(leadResponses)
    .where(
      and(
        eq(leadResponses.dealer, dealer),
        gte(leadResponses.received_at, new Date(instantAt(monday, 0, timeZone))),
        lt(leadResponses.received_at, new Date(instantAt(next, 0, timeZone))),
      ),
    );
  return rows.map((r) => ({
    source: r.source,
    location: r.location,
    received_at: r.received_at,
    acknowledged_at: r.acknowledged_at,
    escalations: r.escalations,
    update: r.thread_id !== r.lead_id,
  }));
}
