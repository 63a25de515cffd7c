import { describe, expect, it } from 'vitest';
import { loadDealer } from '../../platform/config/load';
import { availableServiceSlots, serviceSlots, type BookingKind, type DaySlots } from '../../providers/service-slots';
import { DEALER, NOW } from '../../../tests/support/lead-api';
import { DEALER_FILES_DIR } from '../../../tests/support/test-site';
import { bookingProblems, NO_CAR, NO_SALES_LOCATION, NO_SERVICE_LOCATION, SLOT_GONE, type SlotSource } from './booking-check';

// Kingfisher Toyota: sales yard 31001 (weekdays 08:00–17:30), workshop 31002 (weekdays 07:00–17:00,
// Saturday mornings), parts 31003. At the test clock it is Friday 13:00 in Brisbane.
const site = loadDealer(DEALER, DEALER_FILES_DIR);
const SALES = '31001';
const WORKSHOP = '31002';
const PARTS = '31003';

/** The offline slots (opening hours), noting which kind of slots each check asked for. */
function openingHours(): SlotSource & { asked: BookingKind[] } {
  const asked: BookingKind[] = [];
  return {
    asked,
    serviceSlots: (dealer, locationId, now, kind = 'service') => {
      asked.push(kind);
      return serviceSlots(dealer, locationId, now, undefined, () => undefined, kind);
    },
  };
}

/** A slot source that offers just these days, as a dealer's back-office would. */
const backOffice = (slots: DaySlots[]): SlotSource => ({ serviceSlots: () => Promise.resolve({ slots, source: 'back_office' }) });

const workshopDays = availableServiceSlots(site, WORKSHOP, NOW, 'service');
const salesDays = availableServiceSlots(site, SALES, NOW, 'appointment');
const firstWorkshopDay = workshopDays[0];

const serviceBooking = (extra: Record<string, unknown> = {}) => ({
  form: 'service',
  make: 'Toyota',
  model: 'RAV4',
  location_id: WORKSHOP,
  service_type: 'Logbook service',
  booking_date: firstWorkshopDay?.date,
  booking_time: firstWorkshopDay?.times[0],
  ...extra,
});

describe('service bookings', () => {
  it('accepts a time the workshop offers, asking for the workshop’s slots', async () => {
    expect(firstWorkshopDay).toBeDefined();
    const slots = openingHours();
    expect(await bookingProblems(site, serviceBooking(), NOW, slots)).toBeUndefined();
    expect(slots.asked).toEqual(['service']);
  });

  it('accepts the workshop’s early start, which the sales yard does not open for', async () => {
    const monday = workshopDays.find((d) => d.times.includes('07:00'));
    expect(monday).toBeDefined();
    expect(await bookingProblems(site, serviceBooking({ booking_date: monday?.date, booking_time: '07:00' }), NOW, openingHours())).toBeUndefined();
  });

  it('refuses a time the workshop does not offer: in the night, on a closed Sunday, in the past, within its notice', async () => {
    const refusals = [
      { booking_time: '03:00' },
      { booking_date: '2025-11-23', booking_time: '09:00' },
      { booking_date: '2020-01-06', booking_time: '09:00' },
      // Friday 13:30 at the test clock's 13:00: the workshop asks for two hours' notice.
      { booking_date: '2025-11-21', booking_time: '13:30' },
    ];
    for (const refusal of refusals) {
      expect(await bookingProblems(site, serviceBooking(refusal), NOW, openingHours()), JSON.stringify(refusal)).toEqual({ 'lead.booking_time': SLOT_GONE });
    }
  });

  it('refuses a time the sales yard offers but the workshop does not', async () => {
    const late = salesDays.find((d) => d.times.includes('16:30') && workshopDays.some((w) => w.date === d.date));
    expect(late).toBeDefined();
    expect(await bookingProblems(site, serviceBooking({ booking_date: late?.date, booking_time: '16:30' }), NOW, openingHours())).toEqual({
      'lead.booking_time': SLOT_GONE,
    });
  });

  it('refuses a location that is not a service location: the sales yard, the parts counter, an unknown one, none', async () => {
    for (const location_id of [SALES, PARTS, '99999', '', undefined, { id: WORKSHOP }]) {
      expect(await bookingProblems(site, serviceBooking({ location_id }), NOW, openingHours()), JSON.stringify(location_id)).toEqual({
        'lead.location_id': NO_SERVICE_LOCATION,
      });
    }
  });

  it('takes the times from the slot source, as GET /api/service-slots does', async () => {
    const offered = backOffice([{ date: '2025-11-25', times: ['10:15'] }]);
    expect(await bookingProblems(site, serviceBooking({ booking_date: '2025-11-25', booking_time: '10:15' }), NOW, offered)).toBeUndefined();
    // A time the opening hours would give, but the back-office does not.
    expect(await bookingProblems(site, serviceBooking(), NOW, offered)).toEqual({ 'lead.booking_time': SLOT_GONE });
  });

  it('leaves a save from before Date & Time alone: it carries no time yet', async () => {
    const slots = openingHours();
    expect(await bookingProblems(site, serviceBooking({ booking_date: undefined, booking_time: undefined, location_id: SALES }), NOW, slots)).toBeUndefined();
    expect(slots.asked).toEqual([]);
  });
});

describe('test drives', () => {
  const [day] = salesDays;
  const testDrive = (extra: Record<string, unknown> = {}) => ({
    form: 'test_drive',
    car_id: '5001',
    location_id: SALES,
    booking_date: day?.date,
    booking_time: day?.times[0],
    ...extra,
  });

  it('accepts a time the sales yard offers, asking for its appointment slots', async () => {
    const slots = openingHours();
    expect(await bookingProblems(site, testDrive(), NOW, slots)).toBeUndefined();
    expect(slots.asked).toEqual(['appointment']);
  });

  it('refuses an unoffered time, the workshop, and no car', async () => {
    expect(await bookingProblems(site, testDrive({ booking_time: '03:00' }), NOW, openingHours())).toEqual({ 'lead.booking_time': SLOT_GONE });
    expect(await bookingProblems(site, testDrive({ location_id: WORKSHOP }), NOW, openingHours())).toEqual({ 'lead.location_id': NO_SALES_LOCATION });
    expect(await bookingProblems(site, testDrive({ car_id: '' }), NOW, openingHours())).toEqual({ 'lead.car_id': NO_CAR });
  });
});

describe('other forms', () => {
  it('books nothing, so nothing is checked', async () => {
    const slots = openingHours();
    for (const form of ['enquiry', 'finance', 'trade_in', 'constructor', '__proto__', undefined]) {
      expect(await bookingProblems(site, { form, location_id: SALES, booking_date: '2020-01-06', booking_time: '03:00' }, NOW, slots)).toBeUndefined();
    }
    expect(slots.asked).toEqual([]);
  });
});
