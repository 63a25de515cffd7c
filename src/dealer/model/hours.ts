/**
 * Opening hours and holiday hours: an open day shows its hours, a closed one its status text;
 * days group as Mon-Fri, Sat and Sun; holiday hours show from today on.
 */
import type { OpeningHour, SpecialHours } from '../../platform/config/schema';
import { calendarDate } from '../../platform/formats/region';

export interface HoursTextOptions {
  /** features.allow_by_appointment: show 'By appointment only' rather than 'Closed'. */
  allowByAppointment?: boolean;
  locale?: string;
}

export interface HoursRow {
  label: string;
  text: string;
}

export interface OpeningHoursSpecification {
  '@type': 'OpeningHoursSpecification';
  dayOfWeek: string[];
  opens: string;
  closes: string;
}

export interface UpcomingSpecialHours {
  date: string;
  label: string;
  name: string | undefined;
  text: string;
}

const DEFAULT_LOCALE = 'en-AU';
const SHORT_DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const SCHEMA_DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
const WEEKDAYS = [1, 2, 3, 4, 5] as const;
const DISPLAY_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;
const HHMM = /^(\d{1,2}):(\d{2})$/;

const timeFormats = new Map<string, Intl.DateTimeFormat>();
function timeFormat(locale: string): Intl.DateTimeFormat {
  let format = timeFormats.get(locale);
  if (!format) {
    // h12, not hour12: some locales map hour12 to h11 and would print "0:30am".
    format = new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', hourCycle: 'h12', timeZone: 'UTC' });
    timeFormats.set(locale, format);
  }
  return format;
}

/** "17:30" → "5:30pm", "17:00" → "5pm": the compact style dealers print on their signage. */
export function formatTime(time: string, locale: string = DEFAULT_LOCALE): string {
  // Every page prints the same opening hours: each time is formatted once per locale.
  const key = `${locale} ${time}`;
  let text = timeTexts.get(key);
  if (text === undefined) {
    text = formatTimeAfresh(time, locale);
    timeTexts.set(key, text);
  }
  return text;
}

// At most a day's minutes per locale, whatever the dealers write.
const timeTexts = new Map<string, string>();

function formatTimeAfresh(time: string, locale: string): string {
  const match = HHMM.exec(time.trim());
  const hours = Number(match?.[1]);
  const minutes = Number(match?.[2]);
  if (!match || hours > 23 || minutes > 59) throw new RangeError(`not a 24-hour time "HH:MM": "${time}"`);
  const parts = timeFormat(locale).formatToParts(Date.UTC(2000, 0, 1, hours, minutes));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const minute = part('minute');
  return `${part('hour')}${minute === '00' ? '' : `:${minute}`}${part('dayPeriod').toLowerCase()}`;
}

function statusText(status: string, openText: () => string | undefined, { allowByAppointment = false }: HoursTextOptions): string {
  const text = status.trim();
  const key = text.toLowerCase();
  if (key === 'open') return openText() ?? 'Open';
  if (key === 'closed') return 'Closed';
  if (key === 'by appointment only' && !allowByAppointment) return 'Closed';
  return text;
}

function rangeText(open: string | undefined, close: string | undefined, locale: string): string | undefined {
  return open && close ? `${formatTime(open, locale)} - ${formatTime(close, locale)}` : undefined;
}

/**
 * Open → the back-office's formatted hours, else "8:30am - 5pm"; Closed → 'Closed'; any other
 * status is shown as written, except 'By appointment only' on sites that do not allow it.
 */
export function dayHoursText(entry: OpeningHour, opts: HoursTextOptions = {}): string {
  const locale = opts.locale ?? DEFAULT_LOCALE;
  return statusText(entry.status, () => entry.formated_hours?.trim() || rangeText(entry.open, entry.close, locale), opts);
}

/** First entry per weekday: a duplicated day in the back-office should not produce two rows. */
function byWeekday<T extends { weekday: number }>(entries: readonly T[]): Map<number, T> {
  const days = new Map<number, T>();
  for (const entry of entries) if (!days.has(entry.weekday)) days.set(entry.weekday, entry);
  return days;
}

/**
 * Rows for an hours table: one 'Mon-Fri' row when all five weekdays are present and read the
 * same, otherwise a row per weekday; then Sat and Sun. Days without an entry read 'Closed'.
 */
export function groupOpeningHours(entries: readonly OpeningHour[], opts: HoursTextOptions = {}): HoursRow[] {
  if (entries.length === 0) return [];
  const days = byWeekday(entries);
  const textFor = (weekday: number) => {
    const entry = days.get(weekday);
    return entry ? dayHoursText(entry, opts) : 'Closed';
  };
  const weekdayTexts = WEEKDAYS.map(textFor);
  const groupWeekdays = WEEKDAYS.every((d) => days.has(d)) && new Set(weekdayTexts).size === 1;
  const weekdayRows = groupWeekdays
    ? [{ label: 'Mon-Fri', text: weekdayTexts[0] ?? 'Closed' }]
    : WEEKDAYS.map((d, i) => ({ label: SHORT_DAYS[d], text: weekdayTexts[i] ?? 'Closed' }));
  return [...weekdayRows, { label: 'Sat', text: textFor(6) }, { label: 'Sun', text: textFor(0) }];
}

/**
 * Whether an hours row offers 'Enquire Now' (to the dealer's fixed contact page, where it has
 * one): a Saturday or Sunday the dealer is not simply closed on, so weekend shoppers can still
 * reach the team.
 */
export function enquireOnRow(row: HoursRow): boolean {
  return (row.label === 'Sat' || row.label === 'Sun') && !/^closed$/i.test(row.text.trim());
}

/**
 * schema.org opening hours for days with status Open and both times set (formatted-only hours
 * cannot be expressed). Days sharing hours are merged, in Monday-first order.
 */
export function openingHoursSpecification(entries: readonly OpeningHour[]): OpeningHoursSpecification[] {
  const days = byWeekday(entries);
  const specs: OpeningHoursSpecification[] = [];
  for (const weekday of DISPLAY_ORDER) {
    const entry = days.get(weekday);
    if (!entry || entry.status.trim().toLowerCase() !== 'open' || !entry.open || !entry.close) continue;
    const { open, close } = entry;
    const day = SCHEMA_DAYS[weekday];
    const index = specs.findIndex((s) => s.opens === open && s.closes === close);
    const same = specs[index];
    if (same) specs[index] = { ...same, dayOfWeek: [...same.dayOfWeek, day] };
    else specs.push({ '@type': 'OpeningHoursSpecification', dayOfWeek: [day], opens: open, closes: close });
  }
  return specs;
}

/**
 * "Thu 25 Dec" for day-first locales, "Thu, Dec 25" for en-US. ICU puts a comma after the
 * weekday in en-AU too; the back-office's AU/NZ style has none.
 */
function holidayLabel(isoDate: string, locale: string): string {
  const format = new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
  const parts = format.formatToParts(calendarDate(isoDate));
  const index = (type: Intl.DateTimeFormatPartTypes) => parts.findIndex((p) => p.type === type);
  const value = (type: Intl.DateTimeFormatPartTypes) => parts[index(type)]?.value ?? '';
  return index('day') < index('month') ? `${value('weekday')} ${value('day')} ${value('month')}` : format.format(calendarDate(isoDate));
}

/**
 * Holiday hours still to come (dates today or later; today reads 'Today'), by date.
 * `today` is `todayIn(site.time_zone)` (platform/formats/zoned-time), so a static build and the visitor agree on the dealer's day.
 */
export function upcomingSpecialHours(entries: readonly SpecialHours[], today: string, opts: HoursTextOptions = {}): UpcomingSpecialHours[] {
  const locale = opts.locale ?? DEFAULT_LOCALE;
  return entries
    .filter((entry) => entry.date >= today)
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))
    .map((entry) => ({
      date: entry.date,
      label: entry.date === today ? 'Today' : holidayLabel(entry.date, locale),
      name: entry.name,
      text: statusText(entry.status, () => rangeText(entry.start_hour ?? entry.hours?.begin, entry.end_hour ?? entry.hours?.end, locale), opts),
    }));
}
