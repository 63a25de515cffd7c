import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DealerConfigInput } from '../platform/config/schema';
import { zonedTime } from '../platform/formats/zoned-time';
import { testSite } from '../../tests/support/test-site';
import type { BackOfficeClient } from './back-office';
import {
  addDays,
  availableServiceSlots,
  LEAD_TIME_MINUTES,
  mapServiceBookings,
  parseFormattedHours,
  serviceSlots,
  SLOT_DAYS,
  weekdayOf,
} from './service-slots';

type LocationInput = DealerConfigInput['locations'][number];

const weekdays = (open: string, close: string) => [1, 2, 3, 4, 5].map((weekday) => ({ weekday, status: 'Open', open, close }));

const sales: LocationInput = {
  id: 1,
  name: 'Fixture Motors - Sales',
  slug: 'sales',
  primary: true,
  address: { street: '1 Test St', city: 'Brisbane', state: 'QLD', postcode: '4000' },
  contact_detail: { opening_hours: weekdays('08:30', '17:30') },
};

function service(overrides: Partial<LocationInput> = {}): LocationInput {
  return {
    id: 7,
    name: 'Fixture Motors - Service',
    slug: 'service',
    location_type: 'service',
    address: { street: '2 Test St', city: 'Brisbane', state: 'QLD', postcode: '4000' },
    contact_detail: {
      opening_hours: [...weekdays('08:00', '17:00'), { weekday: 6, status: 'Open', open: '08:00', close: '12:00' }, { weekday: 0, status: 'Closed' }],
    },
    ...overrides,
  };
}

function site(overrides: Partial<DealerConfigInput> = {}) {
  return testSite({ time_zone: 'Australia/Brisbane', locations: [sales, service()], special_hours: [], ...overrides });
}

/** Brisbane is UTC+10 all year: local wall time to an instant. */
const brisbane = (local: string) => Date.parse(`${local}+10:00`);

const allDay = [
  '08:00',
  '08:30',
  '09:00',
  '09:30',
  '10:00',
  '10:30',
  '11:00',
  '11:30',
  '12:00',
  '12:30',
  '13:00',
  '13:30',
  '14:00',
  '14:30',
  '15:00',
  '15:30',
  '16:00',
];

describe('availableServiceSlots', () => {
  it('offers every 30 minutes from opening to one hour before closing', () => {
    const days = availableServiceSlots(site(), 7, brisbane('2025-06-02T05:00:00'));
    expect(days[0]).toEqual({ date: '2025-06-02', times: allDay });
    // Saturday 08:00–12:00: last slot 11:00.
    expect(days.find((d) => d.date === '2025-06-07')?.times).toEqual(['08:00', '08:30', '09:00', '09:30', '10:00', '10:30', '11:00']);
  });

  it('covers 21 days from today and leaves out closed days', () => {
    const days = availableServiceSlots(site(), 7, brisbane('2025-06-02T05:00:00'));
    const dates = days.map((d) => d.date);
    // The window's last day, 2025-06-22, is a Sunday.
    expect(addDays('2025-06-02', SLOT_DAYS - 1)).toBe('2025-06-22');
    expect(dates[dates.length - 1]).toBe('2025-06-21');
    expect(dates.some((d) => weekdayOf(d) === 0)).toBe(false);
    // 21 days from a Monday: 3 weeks of Mon–Sat.
    expect(days).toHaveLength(18);
  });

  it('keeps two hours of notice', () => {
    const days = availableServiceSlots(site(), 7, brisbane('2025-06-02T10:10:00'));
    expect(days[0]?.times[0]).toBe('12:30');
    expect(availableServiceSlots(site(), 7, brisbane('2025-06-02T10:30:00'))[0]?.times[0]).toBe('12:30');
    expect(availableServiceSlots(site(), 7, brisbane('2025-06-02T10:30:01'))[0]?.times[0]).toBe('13:00');
    const late = availableServiceSlots(site(), 7, brisbane('2025-06-02T15:00:00'));
    expect(late[0]?.date).toBe('2025-06-03');
    expect(LEAD_TIME_MINUTES).toBe(120);
  });

  it('closes for a holiday of every location or of this one, not of another', () => {
    const days = availableServiceSlots(
      site({
        special_hours: [
          { date: '2025-06-09', name: "King's Birthday", status: 'Closed' },
          { date: '2025-06-10', status: 'Closed', location_id: 7 },
          { date: '2025-06-11', status: 'Closed', location: { id: 1 } },
        ],
      }),
      7,
      brisbane('2025-06-02T05:00:00'),
    );
    const dates = days.map((d) => d.date);
    expect(dates).not.toContain('2025-06-09');
    expect(dates).not.toContain('2025-06-10');
    expect(dates).toContain('2025-06-11');
  });

  it('uses a holiday entry’s own hours, and the usual hours for "Open" without any', () => {
    const days = availableServiceSlots(
      site({
        special_hours: [
          { date: '2025-06-08', status: 'Open', start_hour: '09:00', end_hour: '11:00', location_id: 7 },
          { date: '2025-06-12', status: 'Open', hours: { begin: '10:00', end: '12:00' } },
          { date: '2025-06-13', status: 'Open' },
        ],
      }),
      7,
      brisbane('2025-06-02T05:00:00'),
    );
    expect(days.find((d) => d.date === '2025-06-08')?.times).toEqual(['09:00', '09:30', '10:00']);
    expect(days.find((d) => d.date === '2025-06-12')?.times).toEqual(['10:00', '10:30', '11:00']);
    expect(days.find((d) => d.date === '2025-06-13')?.times).toEqual(allDay);
  });

  it('a location-specific holiday entry wins over one for every location', () => {
    const days = availableServiceSlots(
      site({
        special_hours: [
          { date: '2025-06-09', status: 'Closed' },
          { date: '2025-06-09', status: 'Open', start_hour: '09:00', end_hour: '10:00', location_id: 7 },
        ],
      }),
      7,
      brisbane('2025-06-02T05:00:00'),
    );
    expect(days.find((d) => d.date === '2025-06-09')?.times).toEqual(['09:00']);
  });

  it('books no slot on "By appointment only" or unparseable days', () => {
    const location = service({
      contact_detail: {
        opening_hours: [
          { weekday: 1, status: 'By appointment only' },
          { weekday: 2, status: 'Open', formated_hours: '8:15am - 11:45am' },
          { weekday: 3, status: 'Open', formated_hours: 'Call us' },
        ],
      },
    });
    const days = availableServiceSlots(site({ locations: [sales, location] }), 7, brisbane('2025-06-02T05:00:00'));
    expect(days.map((d) => weekdayOf(d.date))).toEqual([2, 2, 2]);
    expect(days[0]?.times).toEqual(['08:15', '08:45', '09:15', '09:45', '10:15', '10:45']);
  });

  it('offers nothing for a sales location or an unknown id', () => {
    expect(availableServiceSlots(site(), 1, brisbane('2025-06-02T05:00:00'))).toEqual([]);
    expect(availableServiceSlots(site(), 'nope', brisbane('2025-06-02T05:00:00'))).toEqual([]);
  });

  it('counts days in the dealer’s zone, across daylight saving', () => {
    const sydney = site({ time_zone: 'Australia/Sydney' });
    // 2025-10-05 02:00 AEST becomes 03:00 AEDT; Friday 3 Oct 23:00 UTC is Saturday 09:00 AEST.
    const days = availableServiceSlots(sydney, 7, Date.parse('2025-10-03T23:00:00Z'));
    expect(days[0]).toEqual({ date: '2025-10-04', times: ['11:00'] });
    expect(days[1]).toEqual({ date: '2025-10-06', times: allDay });
    expect(zonedTime(Date.parse('2025-10-06T00:00:00Z'), 'Australia/Sydney')).toMatchObject({ date: '2025-10-06', minutes: 11 * 60 });
  });

  it('every slot is on the grid, inside opening hours and at least two hours ahead', () => {
    const base = site();
    fc.assert(
      fc.property(
        fc.integer({ min: Date.parse('2025-01-01T00:00:00Z'), max: Date.parse('2027-12-31T00:00:00Z') }),
        fc.integer({ min: 0, max: 22 * 2 }),
        fc.integer({ min: 1, max: 20 }),
        (now, openHalfHours, lengthHalfHours) => {
          const open = openHalfHours * 30;
          const close = Math.min(23 * 60 + 59, open + lengthHalfHours * 30);
          const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
          // The parsed site is reused (parsing per run is slow); only the hours change.
          const opening_hours = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, status: 'Open', open: hhmm(open), close: hhmm(close) }));
          const locations = base.locations.map((l) => (l.id === 7 ? { ...l, contact_detail: { ...l.contact_detail, opening_hours } } : l));
          const days = availableServiceSlots({ ...base, locations }, 7, now);
          const today = zonedTime(now, 'Australia/Brisbane').date;
          // Plain checks, one expect per run: thousands of expect calls would dominate the time.
          const problems: string[] = [];
          const last = addDays(today, SLOT_DAYS - 1);
          let previous = '';
          for (const day of days) {
            if (!(day.date > previous)) problems.push(`${day.date} out of order`);
            if (day.date < today || day.date > last) problems.push(`${day.date} outside the window`);
            previous = day.date;
            for (const time of day.times) {
              const [h, m] = time.split(':').map(Number);
              const minutes = (h ?? 0) * 60 + (m ?? 0);
              if ((minutes - open) % 30 !== 0) problems.push(`${time} off the grid`);
              if (minutes < open || minutes > close - 60) problems.push(`${time} outside hours`);
              if (brisbane(`${day.date}T${time}:00`) - now < LEAD_TIME_MINUTES * 60_000) problems.push(`${day.date} ${time} too soon`);
            }
          }
          expect(problems).toEqual([]);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('parseFormattedHours', () => {
  it('reads the back-office’s formatted hours', () => {
    expect(parseFormattedHours('8:30am - 5:00pm')).toEqual({ open: 510, close: 1020 });
    expect(parseFormattedHours('8am–5pm')).toEqual({ open: 480, close: 1020 });
    expect(parseFormattedHours('08:30 - 17:30')).toEqual({ open: 510, close: 1050 });
    expect(parseFormattedHours('12pm - 4:30 PM')).toEqual({ open: 720, close: 990 });
    expect(parseFormattedHours('Closed')).toBeUndefined();
    expect(parseFormattedHours('8 - 5')).toBeUndefined();
    expect(parseFormattedHours('13pm - 5pm')).toBeUndefined();
  });
});

describe('mapServiceBookings', () => {
  const now = brisbane('2025-06-02T05:00:00');

  it('reads a wrapped or bare list of days, merged per date and sorted', () => {
    const body = {
      available_service_bookings: [
        { date: '2025-06-03', times: ['10:00', '08:30'] },
        { date: '2025-06-03', time: '09:00' },
        { date: '2025-06-02', times: ['09:00'], location_id: 7 },
      ],
    };
    const expected = [
      { date: '2025-06-02', times: ['09:00'] },
      { date: '2025-06-03', times: ['08:30', '09:00', '10:00'] },
    ];
    expect(mapServiceBookings(body, 7, now, 'Australia/Brisbane')).toEqual(expected);
    expect(mapServiceBookings(body.available_service_bookings, '7', now, 'Australia/Brisbane')).toEqual(expected);
  });

  it('skips other locations, malformed entries, the past and days beyond the window', () => {
    const body = [
      { date: '2025-06-03', times: ['09:00'], location_id: 99 },
      { date: '2025-06-03', times: ['25:00', '9am', 42, null] },
      { date: '03/06/2025', times: ['09:00'] },
      { date: '2025-06-02', times: ['06:30'] },
      { date: '2025-06-01', times: ['09:00'] },
      { date: '2025-06-23', times: ['09:00'] },
      null,
      'x',
      { date: '2025-06-22', times: ['<script>', '09:00'] },
    ];
    expect(mapServiceBookings(body, 7, now, 'Australia/Brisbane')).toEqual([{ date: '2025-06-22', times: ['09:00'] }]);
  });

  it('answers undefined when the body is not a list', () => {
    expect(mapServiceBookings({ bookings: 'soon' }, 7, now, 'Australia/Brisbane')).toBeUndefined();
    expect(mapServiceBookings('nope', 7, now, 'Australia/Brisbane')).toBeUndefined();
  });
});

describe('serviceSlots', () => {
  const now = brisbane('2025-06-02T05:00:00');
  const backOffice = (answer: unknown): BackOfficeClient & { calls: number } => {
    const client = {
      calls: 0,
      manufacturer: () => Promise.resolve(false),
      availableAppointmentBookings: () => Promise.resolve(false),
      availableServiceBookings: () => {
        client.calls++;
        return Promise.resolve(answer);
      },
    };
    return client;
  };

  it('uses opening hours without a back-office', async () => {
    const answer = await serviceSlots(site(), '7', now, undefined);
    expect(answer.source).toBe('opening_hours');
    expect(answer.slots[0]?.times).toEqual(allDay);
  });

  it('uses the back-office’s list when it answers one, even an empty one', async () => {
    await expect(serviceSlots(site(), '7', now, backOffice([{ date: '2025-06-04', times: ['13:00'] }]))).resolves.toEqual({
      slots: [{ date: '2025-06-04', times: ['13:00'] }],
      source: 'back_office',
    });
    await expect(serviceSlots(site(), '7', now, backOffice([]))).resolves.toEqual({ slots: [], source: 'back_office' });
  });

  it('falls back to opening hours when the back-office answers false or nonsense', async () => {
    const logs: string[] = [];
    const failed = await serviceSlots(site(), '7', now, backOffice(false), (m) => logs.push(m));
    expect(failed.source).toBe('opening_hours');
    expect(failed.slots.length).toBeGreaterThan(0);
    const odd = await serviceSlots(site(), '7', now, backOffice({ weird: true }), (m) => logs.push(m));
    expect(odd.source).toBe('opening_hours');
    expect(logs).toHaveLength(1);
  });

  it('does not ask the back-office about a location that is not a service location', async () => {
    const client = backOffice([{ date: '2025-06-04', times: ['13:00'] }]);
    await expect(serviceSlots(site(), '1', now, client)).resolves.toEqual({ slots: [], source: 'opening_hours' });
    expect(client.calls).toBe(0);
  });
});
