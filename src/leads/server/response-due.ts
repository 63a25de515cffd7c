/**
 * When a lead's answer is due: the dealer's promise (say 30 minutes) counted in the location's
 * opening hours only, in its time zone, with holiday hours deciding the days they name. A lead at
 * 5:50 pm on a Friday with a 30-minute promise and a 6 pm close has 10 minutes counted that day
 * and is due 20 minutes after Monday's opening (Saturday and Sunday closed), or after the first
 * open day past a holiday. Counting runs on real instants, so a daylight-saving change overnight
 * moves the due time with the clock the dealer reads.
 */
import type { Location, SpecialHours } from '../../platform/config/schema';
import { instantAt, zonedTime } from '../../platform/formats/zoned-time';
import { addDays, hoursOn } from '../../providers/service-slots';

export interface ResponseHours {
  /** The dealer's IANA time zone. */
  timeZone: string;
  /** The location whose opening hours count; undefined when the dealer has none (the promise then runs on the clock). */
  location: Location | undefined;
  /** The dealer's holiday hours. */
  specials: readonly SpecialHours[];
}

/** How far ahead open hours are looked for; a location closed that long runs the promise on the clock. */
export const SEARCH_DAYS = 60;

/** The instant (ms) a lead received at `receivedAt` is due an answer, `promiseMinutes` of opening hours later. */
export function responseDueAt(receivedAt: number, promiseMinutes: number, hours: ResponseHours): number {
  const promise = promiseMinutes * 60_000;
  const { location } = hours;
  if (!location) return receivedAt + promise;
  let remaining = promise;
  const firstDay = zonedTime(receivedAt, hours.timeZone).date;
  for (let day = 0; day < SEARCH_DAYS; day++) {
    const date = addDays(firstDay, day);
    const open = hoursOn(location, hours.specials, date);
    if (!open || open.close <= open.open) continue;
    const start = instantAt(date, open.open, hours.timeZone);
    const end = instantAt(date, open.close, hours.timeZone);
    const from = Math.max(start, receivedAt);
    if (from >= end) continue;
    if (end - from >= remaining) return from + remaining;
    remaining -= end - from;
  }
  // No opening hours on record (or none for two months): the promise is kept on the clock.
  return receivedAt + promise;
}
