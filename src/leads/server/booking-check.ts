/**
 * A test drive books a time at the sales location that has the car: the time must be one that
 * location still offers when the lead arrives (the page's list can be hours old, and a hand-made
 * request can name any time), from the same slots GET /api/appointment-slots answers with.
 */
import type { DealerConfig } from '../../platform/config/schema';
import type { Providers } from '../../providers';
import { bookingLocation } from '../../providers/service-slots';

export const SLOT_GONE = 'That time is no longer available. Please choose another.';
export const NO_SALES_LOCATION = 'Choose one of our sales locations.';
export const NO_CAR = 'Choose the car you would like to test drive.';

export type SlotSource = Pick<Providers, 'serviceSlots'>;

/**
 * The field errors of a test drive's booking, or undefined when it holds (or the lead is no test
 * drive, or does not yet carry its time: the form's schema decides whether it must).
 */
export async function bookingProblems(
  site: DealerConfig,
  lead: Readonly<Record<string, unknown>>,
  now: number,
  slots: SlotSource,
): Promise<Record<string, string> | undefined> {
  if (lead.form !== 'test_drive') return undefined;
  const carId = lead.car_id;
  if ((typeof carId !== 'string' && typeof carId !== 'number') || String(carId) === '') return { 'lead.car_id': NO_CAR };
  const { location_id: locationId, booking_date: date, booking_time: time } = lead;
  if (typeof date !== 'string' || typeof time !== 'string') return undefined;
  if ((typeof locationId !== 'string' && typeof locationId !== 'number') || !bookingLocation(site, locationId, 'appointment')) {
    return { 'lead.location_id': NO_SALES_LOCATION };
  }
  const answer = await slots.serviceSlots(site, String(locationId), now, 'appointment');
  const offered = answer.slots.some((day) => day.date === date && day.times.includes(time));
  return offered ? undefined : { 'lead.booking_time': SLOT_GONE };
}
