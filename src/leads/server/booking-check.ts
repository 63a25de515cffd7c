/**
 * A booking is a time at a location: a test drive at the sales location that has the car, a
 * service at one of the dealer's service locations. The time must be one that location still
 * offers when the lead arrives (the page's list can be hours old, and a hand-made request can
 * name any time), from the same slots GET /api/appointment-slots and GET /api/service-slots
 * answer with.
 */
import type { DealerConfig } from '../../platform/config/schema';
import type { Providers } from '../../providers';
import { bookingLocation, type BookingKind } from '../../providers/service-slots';

export const SLOT_GONE = 'That time is no longer available. Please choose another.';
export const NO_SALES_LOCATION = 'Choose one of our sales locations.';
export const NO_SERVICE_LOCATION = 'Choose one of our service locations.';
export const NO_CAR = 'Choose the car you would like to test drive.';

export type SlotSource = Pick<Providers, 'serviceSlots'>;

interface Booking {
  /** Whose slots: sales' appointments, or the workshop's. */
  kind: BookingKind;
  /** The field error when the location is not one that takes this booking. */
  wrongLocation: string;
}

/** The forms that book a time, and what they book. */
const BOOKINGS: Readonly<Record<string, Booking>> = {
  test_drive: { kind: 'appointment', wrongLocation: NO_SALES_LOCATION },
  service: { kind: 'service', wrongLocation: NO_SERVICE_LOCATION },
};

const hasValue = (value: unknown): value is string | number => (typeof value === 'string' || typeof value === 'number') && String(value) !== '';

/**
 * The field errors of a booking, or undefined when it holds (or the lead books nothing, or does
 * not yet carry its time: the form's schema decides whether it must, and a multi-step save
 * before Date & Time has none).
 */
export async function bookingProblems(
  site: DealerConfig,
  lead: Readonly<Record<string, unknown>>,
  now: number,
  slots: SlotSource,
): Promise<Record<string, string> | undefined> {
  const booking = typeof lead.form === 'string' && Object.hasOwn(BOOKINGS, lead.form) ? BOOKINGS[lead.form] : undefined;
  if (!booking) return undefined;
  if (lead.form === 'test_drive' && !hasValue(lead.car_id)) return { 'lead.car_id': NO_CAR };
  const { location_id: locationId, booking_date: date, booking_time: time } = lead;
  if (typeof date !== 'string' || typeof time !== 'string') return undefined;
  if (!hasValue(locationId) || !bookingLocation(site, locationId, booking.kind)) return { 'lead.location_id': booking.wrongLocation };
  const answer = await slots.serviceSlots(site, String(locationId), now, booking.kind);
  const offered = answer.slots.some((day) => day.date === date && day.times.includes(time));
  return offered ? undefined : { 'lead.booking_time': SLOT_GONE };
}
