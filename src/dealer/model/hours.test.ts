import { describe, expect, it } from 'vitest';
import type { OpeningHour, SpecialHours } from '../../platform/config/schema';
import { dayHoursText, formatTime, groupOpeningHours, openingHoursSpecification, upcomingSpecialHours, enquireOnRow } from './hours';

const open = (weekday: number, openAt = '08:30', closeAt = '17:00'): OpeningHour => ({
  weekday,
  status: 'Open',
  open: openAt,
  close: closeAt,
});
const closed = (weekday: number): OpeningHour => ({ weekday, status: 'Closed' });
const week = (): OpeningHour[] => [1, 2, 3, 4, 5].map((d) => open(d));

describe('formatTime', () => {
  it.each([
    ['17:30', '5:30pm'],
    ['08:30', '8:30am'],
    ['17:00', '5pm'],
    ['00:00', '12am'],
    ['12:00', '12pm'],
    ['12:45', '12:45pm'],
    ['23:59', '11:59pm'],
  ])('%s → %s', (time, text) => {
    expect(formatTime(time)).toBe(text);
  });

  it.each(['en-AU', 'en-NZ', 'en-US'])('%s uses 12-hour time with lowercase am/pm', (locale) => {
    expect(formatTime('17:30', locale)).toBe('5:30pm');
    expect(formatTime('09:00', locale)).toBe('9am');
  });

  it('rejects text that is not a 24-hour time, each time it is asked', () => {
    expect(formatTime('17:30')).toBe('5:30pm');
    expect(() => formatTime('25:00')).toThrow(RangeError);
    expect(() => formatTime('25:00')).toThrow(RangeError);
    expect(() => formatTime('5pm')).toThrow(RangeError);
  });
});

describe('dayHoursText: Open shows hours; Closed or other status shows the status text', () => {
  it('shows formated_hours as is when set', () => {
    const entry = { ...open(1), formated_hours: '8:30am - 5:00pm' };
    expect(dayHoursText(entry)).toBe('8:30am - 5:00pm');
  });

  it('formats open and close when formated_hours is absent', () => {
    expect(dayHoursText(open(1, '08:30', '17:00'))).toBe('8:30am - 5pm');
  });

  it('matches the Open status case-insensitively', () => {
    expect(dayHoursText({ ...open(1), status: 'OPEN' })).toBe('8:30am - 5pm');
    expect(dayHoursText({ ...open(1), status: ' open ' })).toBe('8:30am - 5pm');
  });

  it("reads 'Open' when open without any times", () => {
    expect(dayHoursText({ weekday: 1, status: 'Open' })).toBe('Open');
  });

  it("shows 'Closed' for status Closed, even with stray times", () => {
    expect(dayHoursText(closed(0))).toBe('Closed');
    expect(dayHoursText({ ...open(0), status: 'closed' })).toBe('Closed');
  });

  it('shows other status text as written', () => {
    expect(dayHoursText({ weekday: 6, status: 'Phone for hours' })).toBe('Phone for hours');
  });

  it("shows 'By appointment only' only where the site allows it", () => {
    // Arrange
    const entry: OpeningHour = { weekday: 6, status: 'By Appointment Only' };
    // Act / Assert
    expect(dayHoursText(entry, { allowByAppointment: true })).toBe('By Appointment Only');
    expect(dayHoursText(entry, { allowByAppointment: false })).toBe('Closed');
    expect(dayHoursText(entry)).toBe('Closed');
  });
});

describe('groupOpeningHours: grouped Mon-Fri, Sat, Sun; five identical weekdays shown as Mon-Fri', () => {
  it("groups five identical weekdays into one 'Mon-Fri' row, then Sat and Sun", () => {
    // Arrange
    const entries = [...week(), open(6, '09:00', '12:00'), closed(0)];
    // Act
    const rows = groupOpeningHours(entries);
    // Assert
    expect(rows).toEqual([
      { label: 'Mon-Fri', text: '8:30am - 5pm' },
      { label: 'Sat', text: '9am - 12pm' },
      { label: 'Sun', text: 'Closed' },
    ]);
  });

  it('lists weekdays one by one, Mon to Fri, when one differs', () => {
    const entries = [open(5, '08:30', '16:00'), ...week().slice(0, 4), closed(6), closed(0)];
    expect(groupOpeningHours(entries)).toEqual([
      { label: 'Mon', text: '8:30am - 5pm' },
      { label: 'Tue', text: '8:30am - 5pm' },
      { label: 'Wed', text: '8:30am - 5pm' },
      { label: 'Thu', text: '8:30am - 5pm' },
      { label: 'Fri', text: '8:30am - 4pm' },
      { label: 'Sat', text: 'Closed' },
      { label: 'Sun', text: 'Closed' },
    ]);
  });

  it("shows 'Closed' for missing days and does not group when a weekday is missing", () => {
    const rows = groupOpeningHours(week().filter((e) => e.weekday !== 3));
    expect(rows.map((r) => r.label)).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    expect(rows.find((r) => r.label === 'Wed')?.text).toBe('Closed');
    expect(rows.find((r) => r.label === 'Sat')?.text).toBe('Closed');
    expect(rows.find((r) => r.label === 'Sun')?.text).toBe('Closed');
  });

  it('compares the displayed text, so formatted and computed hours that read the same group', () => {
    const entries = [...week().slice(1), { ...closed(1), status: 'Open', formated_hours: '8:30am - 5pm' }];
    expect(groupOpeningHours(entries)[0]).toEqual({ label: 'Mon-Fri', text: '8:30am - 5pm' });
  });

  it("applies the 'By appointment only' rule to Saturday", () => {
    const entries = [...week(), { weekday: 6, status: 'By appointment only' }];
    expect(groupOpeningHours(entries, { allowByAppointment: true })[1]).toEqual({ label: 'Sat', text: 'By appointment only' });
    expect(groupOpeningHours(entries)[1]).toEqual({ label: 'Sat', text: 'Closed' });
  });

  it('uses the first entry when a weekday appears twice', () => {
    const rows = groupOpeningHours([...week(), open(1, '06:00', '07:00')]);
    expect(rows[0]).toEqual({ label: 'Mon-Fri', text: '8:30am - 5pm' });
  });

  it('returns no rows for no entries', () => {
    expect(groupOpeningHours([])).toEqual([]);
  });
});

describe('openingHoursSpecification', () => {
  it('merges days with identical hours, Open days only', () => {
    // Arrange
    const entries = [closed(0), open(6, '09:00', '12:00'), ...week()];
    // Act
    const specs = openingHoursSpecification(entries);
    // Assert
    expect(specs).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
        opens: '08:30',
        closes: '17:00',
      },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Saturday'], opens: '09:00', closes: '12:00' },
    ]);
  });

  it('merges non-adjacent days with the same hours', () => {
    const specs = openingHoursSpecification([open(1), open(2, '09:00', '17:00'), open(3)]);
    expect(specs.map((s) => s.dayOfWeek)).toEqual([['Monday', 'Wednesday'], ['Tuesday']]);
  });

  it('leaves out Closed, other statuses, and Open days without both times', () => {
    const entries: OpeningHour[] = [
      closed(1),
      { weekday: 2, status: 'By appointment only', open: '09:00', close: '17:00' },
      { weekday: 3, status: 'Open', formated_hours: '9am - 5pm' },
      { weekday: 4, status: 'Open', open: '09:00' },
    ];
    expect(openingHoursSpecification(entries)).toEqual([]);
  });

  it('is empty for no entries', () => {
    expect(openingHoursSpecification([])).toEqual([]);
  });
});

describe('upcomingSpecialHours: holiday hours only for dates today or later; today shows Today', () => {
  const christmas: SpecialHours = { date: '2025-12-25', name: 'Christmas Day', status: 'Closed' };
  const boxingDay: SpecialHours = { date: '2025-12-26', name: 'Boxing Day', status: 'Open', start_hour: '09:00', end_hour: '13:00' };
  const christmasEve: SpecialHours = { date: '2025-12-24', name: 'Christmas Eve', status: 'Open', hours: { begin: '08:30', end: '12:00' } };

  it('drops past dates, labels today, and sorts by date', () => {
    // Arrange
    const entries = [boxingDay, christmasEve, christmas];
    // Act
    const upcoming = upcomingSpecialHours(entries, '2025-12-25');
    // Assert
    expect(upcoming).toEqual([
      { date: '2025-12-25', label: 'Today', name: 'Christmas Day', text: 'Closed' },
      { date: '2025-12-26', label: 'Fri 26 Dec', name: 'Boxing Day', text: '9am - 1pm' },
    ]);
  });

  it('labels future dates en-AU style by default and en-US style when asked', () => {
    expect(upcomingSpecialHours([christmas], '2025-12-01')[0]?.label).toBe('Thu 25 Dec');
    expect(upcomingSpecialHours([christmas], '2025-12-01', { locale: 'en-NZ' })[0]?.label).toBe('Thu 25 Dec');
    expect(upcomingSpecialHours([christmas], '2025-12-01', { locale: 'en-US' })[0]?.label).toBe('Thu, Dec 25');
  });

  it('reads hours.begin/end when start_hour/end_hour are absent', () => {
    expect(upcomingSpecialHours([christmasEve], '2025-12-24')[0]?.text).toBe('8:30am - 12pm');
  });

  it('applies the same status rules as regular hours', () => {
    const appointment: SpecialHours = { date: '2025-12-27', status: 'By appointment only' };
    const custom: SpecialHours = { date: '2025-12-28', status: 'Reduced hours' };
    expect(upcomingSpecialHours([appointment], '2025-12-01')[0]?.text).toBe('Closed');
    expect(upcomingSpecialHours([appointment], '2025-12-01', { allowByAppointment: true })[0]?.text).toBe('By appointment only');
    expect(upcomingSpecialHours([custom], '2025-12-01')[0]?.text).toBe('Reduced hours');
  });

  it('keeps entries without a name, and input order for the same date', () => {
    const a: SpecialHours = { date: '2026-01-26', status: 'Closed', location_id: 1 };
    const b: SpecialHours = { date: '2026-01-26', status: 'Open', start_hour: '10:00', end_hour: '14:00', location_id: 2 };
    const upcoming = upcomingSpecialHours([a, b], '2026-01-01');
    expect(upcoming.map((u) => u.text)).toEqual(['Closed', '10am - 2pm']);
    expect(upcoming[0]?.name).toBeUndefined();
  });

  it('is empty when every date has passed, or for no entries', () => {
    expect(upcomingSpecialHours([christmas, christmasEve], '2026-01-01')).toEqual([]);
    expect(upcomingSpecialHours([], '2026-01-01')).toEqual([]);
  });

  it('does not mutate its input', () => {
    const entries = [boxingDay, christmas];
    upcomingSpecialHours(entries, '2025-12-01');
    expect(entries).toEqual([boxingDay, christmas]);
  });
});

// "One named dealer has a fixed contact page, reached by 'Enquire Now' on some weekend hours."
describe('Enquire Now beside the weekend hours', () => {
  it('is offered on a Saturday or Sunday the dealer opens, never on a closed day or a weekday', () => {
    const hours: OpeningHour[] = [
      ...[1, 2, 3, 4, 5].map((weekday) => ({ weekday, status: 'Open', open: '08:00', close: '17:00' })),
      { weekday: 6, status: 'Open', open: '09:00', close: '12:00' },
      { weekday: 0, status: 'Closed' },
    ];
    const offered = groupOpeningHours(hours).map((row) => [row.label, enquireOnRow(row)]);
    expect(offered).toEqual([
      ['Mon-Fri', false],
      ['Sat', true],
      ['Sun', false],
    ]);
    expect(enquireOnRow({ label: 'Sun', text: 'By appointment only' })).toBe(true);
  });
});
