/**
 * Service booking availability: the days and times a shopper can pick on the service form.
 *
 * Offline default (no back-office, or the back-office failed): slots from the service location's
 * opening hours and holiday hours, in the dealer's time zone, for the next 21 days, today
 * included: every 30 minutes from opening until one hour before closing; none on closed days or
 * holiday closures; none sooner than 2 hours from now. Days without a slot are left out.
 *
 * With `back_office` configured, `available_service_bookings.json` is read instead (shape below)
 * and the same window, lead time and form apply; the offline slots stand in when it answers false.
 */
import type { DealerConfig, Location, OpeningHour, SpecialHours } from '../platform/config/schema';
import { isRecord } from '../platform/formats/records';
import { zonedTime } from '../platform/formats/zoned-time';
import type { BackOfficeClient } from './back-office';
import { locationKind } from '../dealer/model/locations';

export interface DaySlots {
  /** "YYYY-MM-DD" in the dealer's time zone. */
  date: string;
  /** "HH:MM" (24-hour) local times, earliest first. */
  times: string[];
}

export const SLOT_DAYS = 21;
export const SLOT_INTERVAL_MINUTES = 30;
/** The last slot starts this long before closing, so the work fits in the day. */
export const LAST_SLOT_BEFORE_CLOSE_MINUTES = 60;
/** The workshop needs this much notice. */
export const LEAD_TIME_MINUTES = 120;

export type SlotSite = Pick<DealerConfig, 'locations' | 'special_hours' | 'time_zone'>;

// ---------------------------------------------------------------------------
// Calendar dates and times of day (the dealer's zone is read with zonedTime)
// ---------------------------------------------------------------------------

/** "YYYY-MM-DD" + n calendar days. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + days)).toISOString().slice(0, 10);
}

/** 0 Sunday … 6 Saturday, for a calendar date (no time zone involved). */
export function weekdayOf(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

const HHMM = /^([01]?\d|2[0-3]):([0-5]\d)$/;

export function toMinutes(time: string): number | undefined {
  const match = HHMM.exec(time.trim());
  return match ? Number(match[1]) * 60 + Number(match[2]) : undefined;
}

export function toTime(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

const CLOCK = /^(\d{1,2})(?:[:.](\d{2}))?\s*(?:([ap])\.?\s*m\.?)?$/i;

function clockMinutes(text: string): number | undefined {
  const match = CLOCK.exec(text.trim());
  if (!match) return undefined;
  let hours = Number(match[1]);
  const minutes = Number(match[2] ?? '0');
  const half = match[3]?.toLowerCase();
  if (minutes > 59) return undefined;
  if (half) {
    if (hours < 1 || hours > 12) return undefined;
    hours = (hours % 12) + (half === 'p' ? 12 : 0);
  } else if (hours > 23 || match[2] === undefined) return undefined;
  return hours * 60 + minutes;
}

/**
 * Opening and closing minutes from the back-office's formatted hours: "8:30am - 5:00pm",
 * "8am–5pm", "08:30 - 17:30". Undefined when the text is not a plain range.
 */
export function parseFormattedHours(text: string): { open: number; close: number } | undefined {
  const sides = text.split(/\s*[-–—]\s*|\s+to\s+/i);
  if (sides.length !== 2) return undefined;
  const open = clockMinutes(sides[0] ?? '');
  const close = clockMinutes(sides[1] ?? '');
  return open !== undefined && close !== undefined ? { open, close } : undefined;
}

// ---------------------------------------------------------------------------
// Hours of one day
// ---------------------------------------------------------------------------

export interface DayHours {
  open: number;
  close: number;
}

const isOpen = (status: string) => status.trim().toLowerCase() === 'open';

function regularHours(entry: OpeningHour | undefined): DayHours | undefined {
  if (!entry || !isOpen(entry.status)) return undefined;
  const open = entry.open !== undefined ? toMinutes(entry.open) : undefined;
  const close = entry.close !== undefined ? toMinutes(entry.close) : undefined;
  if (open !== undefined && close !== undefined) return { open, close };
  return entry.formated_hours ? parseFormattedHours(entry.formated_hours) : undefined;
}

const specialLocation = (entry: SpecialHours) => entry.location_id ?? entry.location?.id;

/**
 * The holiday entry for a date at a location: one naming the location wins over one for every
 * location (no location given).
 */
function specialFor(entries: readonly SpecialHours[], date: string, locationId: string): SpecialHours | undefined {
  const onDate = entries.filter((e) => e.date === date);
  return (
    onDate.find((e) => specialLocation(e) !== undefined && String(specialLocation(e)) === locationId) ?? onDate.find((e) => specialLocation(e) === undefined)
  );
}

/**
 * A day's hours at a location, or undefined when it takes no bookings: a holiday entry decides
 * the day (open with its own hours, open with no hours meaning the usual ones, anything else
 * closed); otherwise the weekday's regular entry, where only "Open" takes bookings.
 */
export function hoursOn(location: Location, specials: readonly SpecialHours[], date: string): DayHours | undefined {
  const regular = () => regularHours(location.contact_detail.opening_hours.find((e) => e.weekday === weekdayOf(date)));
  const special = specialFor(specials, date, String(location.id));
  if (!special) return regular();
  if (!isOpen(special.status)) return undefined;
  const begin = special.start_hour ?? special.hours?.begin;
  const end = special.end_hour ?? special.hours?.end;
  const open = begin !== undefined ? toMinutes(begin) : undefined;
  const close = end !== undefined ? toMinutes(end) : undefined;
  return open !== undefined && close !== undefined ? { open, close } : regular();
}

function dayTimes(hours: DayHours): number[] {
  const times: number[] = [];
  for (let t = hours.open; t <= hours.close - LAST_SLOT_BEFORE_CLOSE_MINUTES; t += SLOT_INTERVAL_MINUTES) times.push(t);
  return times;
}

/** The earliest bookable moment as local date and minutes: now plus the lead time, up to the whole minute. */
function cutoff(now: number, timeZone: string): { date: string; minutes: number } {
  const { date, minutes } = zonedTime(Math.ceil((now + LEAD_TIME_MINUTES * 60_000) / 60_000) * 60_000, timeZone);
  return { date, minutes };
}

/**
 * Slot times on or after the cutoff. Compared on the wall clock, which is exact except within
 * the hour a daylight-saving change moves, at night when no workshop is open.
 */
function afterCutoff(date: string, minutes: number, limit: { date: string; minutes: number }): boolean {
  return date > limit.date || (date === limit.date && minutes >= limit.minutes);
}

/** The dates of the booking window: today (dealer time) and the 20 days after it. */
export function slotWindow(now: number, timeZone: string): string[] {
  const today = zonedTime(now, timeZone).date;
  return Array.from({ length: SLOT_DAYS }, (_, i) => addDays(today, i));
}

/** The service location with this id, or undefined when the dealer has none by that id. */
export function serviceLocation(site: Pick<DealerConfig, 'locations'>, locationId: string | number): Location | undefined {
  return site.locations.find((l) => String(l.id) === String(locationId) && l.location_type === 'service');
}

/** What a shopper books: a workshop service, or an appointment with sales (a test drive, a viewing). */
export type BookingKind = 'service' | 'appointment';

/** The location that takes this kind of booking, by id: service locations for a service, sales locations for an appointment. */
export function bookingLocation(site: Pick<DealerConfig, 'locations'>, locationId: string | number, kind: BookingKind): Location | undefined {
  if (kind === 'service') return serviceLocation(site, locationId);
  return site.locations.find((l) => String(l.id) === String(locationId) && locationKind(l) === 'sales');
}

/**
 * Offline service slots for a service location (empty for any other location), from its opening
 * hours and the dealer's holiday hours.
 */
export function availableServiceSlots(site: SlotSite, locationId: string | number, now: number | Date, kind: BookingKind = 'service'): DaySlots[] {
  const location = bookingLocation(site, locationId, kind);
  if (!location) return [];
  const instant = typeof now === 'number' ? now : now.getTime();
  const limit = cutoff(instant, site.time_zone);
  const days: DaySlots[] = [];
  for (const date of slotWindow(instant, site.time_zone)) {
    const hours = hoursOn(location, site.special_hours, date);
    if (!hours) continue;
    const times = dayTimes(hours)
      .filter((t) => afterCutoff(date, t, limit))
      .map(toTime);
    if (times.length > 0) days.push({ date, times });
  }
  return days;
}

// ---------------------------------------------------------------------------
// From the back-office
// ---------------------------------------------------------------------------

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Reads `available_service_bookings.json`. The back-office's shape is not documented; this
 * assumes a list of days, bare or under `available_service_bookings` (or `data`):
 *
 *   { "available_service_bookings": [
 *       { "date": "2025-06-02", "times": ["08:00", "08:30"], "location_id": 12 },
 *       { "date": "2025-06-03", "time": "09:00" } ] }
 *
 * An entry has `times` (a list) or `time` (one); `location_id`, when present, must be the
 * location asked about. Entries with a malformed date or time are skipped; times are kept only
 * inside the 21-day window and after the lead time, merged per date and sorted. Answers undefined
 * when the body is not such a list (the caller then falls back to opening hours).
 */
export function mapServiceBookings(body: unknown, locationId: string | number, now: number, timeZone: string): DaySlots[] | undefined {
  const record = isRecord(body) ? body : undefined;
  const list = Array.isArray(body) ? body : (record?.available_service_bookings ?? record?.available_appointment_bookings ?? record?.data);
  if (!Array.isArray(list)) return undefined;

  const window = new Set(slotWindow(now, timeZone));
  const limit = cutoff(now, timeZone);
  const byDate = new Map<string, Set<number>>();
  for (const entry of list as unknown[]) {
    if (!isRecord(entry)) continue;
    const { date } = entry;
    if (typeof date !== 'string' || !ISO_DATE.test(date) || !window.has(date)) continue;
    const at = entry.location_id;
    if (at !== undefined && at !== null && !((typeof at === 'string' || typeof at === 'number') && String(at) === String(locationId))) continue;
    const raw = Array.isArray(entry.times) ? (entry.times as unknown[]) : [entry.time];
    for (const time of raw) {
      const minutes = typeof time === 'string' ? toMinutes(time) : undefined;
      if (minutes === undefined || !afterCutoff(date, minutes, limit)) continue;
      const set = byDate.get(date) ?? new Set<number>();
      set.add(minutes);
      byDate.set(date, set);
    }
  }
  return [...byDate.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([date, set]) => ({ date, times: [...set].sort((a, b) => a - b).map(toTime) }));
}

export interface ServiceSlotsAnswer {
  slots: DaySlots[];
  /** Where they came from: the dealer's back-office, or its published opening hours. */
  source: 'back_office' | 'opening_hours';
}

/**
 * Slots for a service location: from the back-office when the dealer has one and it answers
 * with a usable list, else from opening hours. `backOffice` is the dealer's client (see
 * `createBackOfficeClient`), undefined when the dealer file has no `back_office`. An appointment
 * with sales reads `available_appointment_bookings.json` the same way, for a sales location.
 */
export async function serviceSlots(
  site: SlotSite,
  locationId: string | number,
  now: number,
  backOffice: BackOfficeClient | undefined,
  log: (message: string) => void = console.error,
  kind: BookingKind = 'service',
): Promise<ServiceSlotsAnswer> {
  if (backOffice && bookingLocation(site, locationId, kind)) {
    const body = await (kind === 'service' ? backOffice.availableServiceBookings() : backOffice.availableAppointmentBookings());
    if (body !== false) {
      const slots = mapServiceBookings(body, locationId, now, site.time_zone);
      if (slots) return { slots, source: 'back_office' };
      log(`back-office: available_${kind}_bookings.json is not a list of days; using opening hours`);
    }
  }
  return { slots: availableServiceSlots(site, locationId, now, kind), source: 'opening_hours' };
}
