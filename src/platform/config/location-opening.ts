/**
 * Whether a location trades today. A location still to open carries its opening day (`opens_on`)
 * rather than a promise in words, so nothing says "coming early 2026" once 2026 is gone: from
 * that day it is simply open. Here, below every module that lists trading locations (demo stock,
 * the lead forms, service booking, the location cards).
 */
import type { Location } from './schema';

/** Today as "YYYY-MM-DD" (UTC; a day either side only moves an opening by a day). */
export function isoToday(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** Whether a location has a configured opening day still to come. */
export function notYetOpen(location: Pick<Location, 'opens_on'>, today: string = isoToday()): boolean {
  return location.opens_on !== undefined && location.opens_on > today;
}

/**
 * Whether shoppers can deal with this location today: not one still to open, nor one whose card
 * carries a status label in place of trading (e.g. "BY APPOINTMENT").
 */
export function isTrading(location: Pick<Location, 'opens_on' | 'status_label'>, today: string = isoToday()): boolean {
  return !location.status_label && !notYetOpen(location, today);
}
