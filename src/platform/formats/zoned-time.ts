/**
 * The calendar date and time of day in a dealer's time zone at a given instant. Opening hours,
 * holiday hours, service slots and lead timestamps are all in the dealer's local time, while the
 * build machine, the API server and the shopper's browser may each sit in another zone.
 *
 * Runs in Node and in the browser: it needs only `Intl.DateTimeFormat` with IANA zone names.
 */

export interface ZonedTime {
  /** The local calendar date, "YYYY-MM-DD". */
  date: string;
  /** The local time of day, "HH:MM:SS" on a 24-hour clock. */
  time: string;
  /** Minutes since local midnight (0–1439). */
  minutes: number;
  /** How far the zone's clock is ahead of UTC at that instant, in minutes: 600 in Brisbane, -240 in a New York summer. */
  offsetMinutes: number;
  /** The same offset as ISO 8601 writes it: "+10:00", "-04:00", "+00:00". */
  offset: string;
}

// Building a formatter is slow next to using one, and slot and export code asks per instant.
const formats = new Map<string, Intl.DateTimeFormat>();

function zoneFormat(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    // en-US with h23 gives plain digits and hours 00–23 (never "24" at midnight).
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(timeZone, format);
  }
  return format;
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

function offsetText(offsetMinutes: number): string {
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/**
 * The date and time of day in `timeZone` at `instant` (milliseconds since the epoch, or a Date).
 * Throws a RangeError for a zone name `Intl` does not know.
 */
export function zonedTime(instant: number | Date, timeZone: string): ZonedTime {
  const at = typeof instant === 'number' ? instant : instant.getTime();
  const parts = zoneFormat(timeZone).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes): number => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const [year, month, day, hour, minute, second] = [part('year'), part('month'), part('day'), part('hour'), part('minute'), part('second')];
  // The local wall clock read as if it were UTC, minus the instant (to the whole second, as the
  // clock shows it), is the zone's offset at that instant.
  const wallAsUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  const offsetMinutes = Math.round((wallAsUtc - Math.floor(at / 1000) * 1000) / 60_000);
  return {
    date: `${pad(year, 4)}-${pad(month)}-${pad(day)}`,
    time: `${pad(hour)}:${pad(minute)}:${pad(second)}`,
    minutes: hour * 60 + minute,
    offsetMinutes,
    offset: offsetText(offsetMinutes),
  };
}

/** Today's calendar date, "YYYY-MM-DD", in the dealer's time zone rather than the machine's. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return zonedTime(now, timeZone).date;
}

/**
 * The instant (ms since the epoch) when the wall clock in `timeZone` reads `minutes` past midnight
 * on `date` ("YYYY-MM-DD"), on either side of a daylight-saving change. A wall time the change
 * skips or repeats (the small hours, when no dealership is open) comes out within an hour of it.
 */
export function instantAt(date: string, minutes: number, timeZone: string): number {
  const [y, m, d] = date.split('-').map(Number);
  const wallAsUtc = Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1, 0, minutes);
  // The offset at the wall time read as UTC can be the other side of a change; a second guess,
  // from the first one's offset, settles it.
  const first = wallAsUtc - zonedTime(wallAsUtc, timeZone).offsetMinutes * 60_000;
  const second = wallAsUtc - zonedTime(first, timeZone).offsetMinutes * 60_000;
  return Math.min(first, second);
}
