/**
 * Service booking times as the Date & Time step shows them: GET /api/service-slots answers
 * `{ location_id, slots: [{ date: 'YYYY-MM-DD', times: ['08:00', …] }], source }`. The answer is
 * read defensively (anything malformed is left out) and labelled in the site's locale.
 */

export interface DaySlots {
  date: string;
  times: string[];
}

const DATE = /^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])$/;
const TIME = /^(?:[01]\d|2[0-3]):[0-5]\d$/;
const MAX_DAYS = 62;
const MAX_TIMES = 96;

/** The days with at least one well-formed time, in date order, from either the object answer or a bare list. */
export function readSlots(body: unknown): DaySlots[] {
  const list: unknown = Array.isArray(body) ? body : body && typeof body === 'object' ? (body as { slots?: unknown }).slots : undefined;
  if (!Array.isArray(list)) return [];
  const days = new Map<string, string[]>();
  for (const entry of list.slice(0, MAX_DAYS)) {
    if (!entry || typeof entry !== 'object') continue;
    const { date, times } = entry as { date?: unknown; times?: unknown };
    if (typeof date !== 'string' || !DATE.test(date) || !Array.isArray(times)) continue;
    const good = [...new Set(times.slice(0, MAX_TIMES).filter((t): t is string => typeof t === 'string' && TIME.test(t)))].sort();
    if (good.length > 0) days.set(date, good);
  }
  return [...days].sort(([a], [b]) => a.localeCompare(b)).map(([date, times]) => ({ date, times }));
}

/** 'Mon, 24 Nov' (en-AU) or 'Mon, Nov 24' (en-US) for a calendar date, whatever the browser's zone. */
export function dayLabel(date: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
}

/** '8:00 am' (en-AU) or '8:00 AM' (en-US) for '08:00'. */
export function timeLabel(time: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(new Date(`2000-01-01T${time}:00Z`));
}
