import { describe, expect, it } from 'vitest';
import { isoWeekOf, lastWeek, percentile, reportCsv, reportText, summarise, weekDates, type ReportLead } from './response-report';

const lead = (minutes: number | null, extra: Partial<ReportLead> = {}): ReportLead => {
  const received = new Date('2026-06-15T00:00:00Z');
  return {
    source: 'Website',
    location: 'sales',
    received_at: received,
    acknowledged_at: minutes === null ? null : new Date(received.getTime() + minutes * 60_000),
    escalations: 0,
    update: false,
    ...extra,
  };
};

describe('weeks', () => {
  it('reads ISO weeks, Monday to Monday, across a year end', () => {
    expect(weekDates('2026-W25')).toEqual({ monday: '2026-06-15', next: '2026-06-22' });
    expect(weekDates('2026-W01')).toEqual({ monday: '2025-12-29', next: '2026-01-05' });
    expect(weekDates('2026-W53')).toEqual({ monday: '2026-12-28', next: '2027-01-04' });
    expect(() => weekDates('2025-W53')).toThrow('2025 has no week 53');
    expect(() => weekDates('2026-25')).toThrow('YYYY-Www');
    expect(isoWeekOf('2026-06-21')).toBe('2026-W25');
    expect(isoWeekOf('2027-01-01')).toBe('2026-W53');
  });

  it('takes last week in the dealer’s time zone', () => {
    // Monday 22 June 2026 06:00 in Sydney is still Sunday 21 June in UTC.
    expect(lastWeek(new Date('2026-06-21T20:00:00Z'), 'Australia/Sydney')).toBe('2026-W25');
    expect(lastWeek(new Date('2026-06-21T20:00:00Z'), 'UTC')).toBe('2026-W24');
  });
});

describe('summarise', () => {
  it('gives the median and p90 of acknowledged leads by nearest rank, and counts escalations', () => {
    const rows = [...[1, 2, 3, 4, 5, 6, 7, 8, 9, 100].map((m) => lead(m)), lead(null, { escalations: 2 }), lead(5, { update: true })];
    const [all] = summarise(rows);
    expect(all).toEqual({
      by: 'all',
      value: 'all leads',
      leads: 11,
      acknowledged: 10,
      median_minutes: 5,
      p90_minutes: 9,
      escalated_leads: 1,
      escalations: 2,
      thread_updates: 1,
    });
    expect(percentile([], 50)).toBeNull();
  });

  it('splits by source and by location', () => {
    const lines = summarise([lead(10), lead(20, { source: 'AI assistant', location: 'service' }), lead(30, { location: null })]);
    expect(lines.map((l) => [l.by, l.value, l.leads, l.median_minutes])).toEqual([
      ['all', 'all leads', 3, 20],
      ['source', 'AI assistant', 1, 20],
      ['source', 'Website', 2, 10],
      ['location', '(none)', 1, 30],
      ['location', 'sales', 1, 10],
      ['location', 'service', 1, 20],
    ]);
  });

  it('writes a CSV with a header and neutralises formula-like values', () => {
    const csv = reportCsv(summarise([lead(10, { source: '=HYPERLINK("x")' })]));
    const [header, first, bySource] = csv.trimEnd().split(/\r?\n/);
    expect(header).toBe('by,value,leads,acknowledged,median_minutes,p90_minutes,escalated_leads,escalations,thread_updates');
    expect(first).toBe('all,all leads,1,1,10,10,0,0,0');
    expect(bySource?.startsWith('source,"\'=HYPERLINK')).toBe(true);
  });

  it('words the email with the headline first', () => {
    const { subject, text } = reportText('Fixture Motors', '2026-W25', summarise([lead(10), lead(null)]));
    expect(subject).toBe('Lead response, 2026-W25: 2 leads, median 10 min');
    expect(text).toContain('all leads: 2 leads, 1 acknowledged, median 10 min, 90% within 10 min, 0 escalated');
  });
});
