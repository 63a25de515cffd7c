import { describe, expect, it } from 'vitest';
import { todayIn, zonedTime } from './zoned-time';

describe('zonedTime', () => {
  it('reads the wall clock in a zone ahead of UTC', () => {
    expect(zonedTime(Date.parse('2025-11-21T00:00:00Z'), 'Australia/Brisbane')).toEqual({
      date: '2025-11-21',
      time: '10:00:00',
      minutes: 600,
      offsetMinutes: 600,
      offset: '+10:00',
    });
  });

  it('reads the wall clock in a zone behind UTC, where the date is still the day before', () => {
    expect(zonedTime(new Date('2025-07-04T02:30:05Z'), 'America/New_York')).toEqual({
      date: '2025-07-03',
      time: '22:30:05',
      minutes: 22 * 60 + 30,
      offsetMinutes: -240,
      offset: '-04:00',
    });
    // Standard time in winter: five hours behind.
    expect(zonedTime(Date.parse('2025-01-15T12:00:00Z'), 'America/New_York')).toMatchObject({ time: '07:00:00', offset: '-05:00' });
  });

  it('follows the daylight-saving change in Sydney (2025-10-05, 2 am AEST becomes 3 am AEDT)', () => {
    // One second before the change, and the change itself: the clock jumps from 01:59:59 to 03:00:00.
    expect(zonedTime(Date.parse('2025-10-04T15:59:59Z'), 'Australia/Sydney')).toMatchObject({ date: '2025-10-05', time: '01:59:59', offset: '+10:00' });
    expect(zonedTime(Date.parse('2025-10-04T16:00:00Z'), 'Australia/Sydney')).toMatchObject({ date: '2025-10-05', time: '03:00:00', offset: '+11:00' });
    // Local midnight on the change day is still standard time; the next midnight is daylight time.
    expect(zonedTime(Date.parse('2025-10-04T14:00:00Z'), 'Australia/Sydney')).toMatchObject({ date: '2025-10-05', minutes: 0, offsetMinutes: 600 });
    expect(zonedTime(Date.parse('2025-10-05T13:00:00Z'), 'Australia/Sydney')).toMatchObject({ date: '2025-10-06', minutes: 0, offsetMinutes: 660 });
    expect(zonedTime(Date.parse('2025-10-06T00:00:00Z'), 'Australia/Sydney')).toMatchObject({ date: '2025-10-06', minutes: 11 * 60 });
  });

  it('writes midnight as 00, never 24, and UTC as +00:00', () => {
    expect(zonedTime(Date.parse('2025-07-04T00:00:00Z'), 'UTC')).toEqual({
      date: '2025-07-04',
      time: '00:00:00',
      minutes: 0,
      offsetMinutes: 0,
      offset: '+00:00',
    });
  });

  it('keeps half-hour zones to the minute', () => {
    expect(zonedTime(Date.parse('2025-06-01T00:00:00Z'), 'Australia/Adelaide')).toMatchObject({ time: '09:30:00', offset: '+09:30' });
  });

  it('refuses a zone name Intl does not know', () => {
    expect(() => zonedTime(0, 'Mars/Olympus_Mons')).toThrow(RangeError);
  });
});

describe('todayIn', () => {
  it("gives the date in the dealer's time zone, not UTC", () => {
    // Arrange: 2026-12-24 20:00 UTC is already Christmas Day in Sydney and still Christmas Eve in New York.
    const now = new Date('2026-12-24T20:00:00Z');
    // Act / Assert
    expect(todayIn('Australia/Sydney', now)).toBe('2026-12-25');
    expect(todayIn('America/New_York', now)).toBe('2026-12-24');
    expect(todayIn('Pacific/Auckland', now)).toBe('2026-12-25');
  });

  it('defaults to the current time', () => {
    expect(todayIn('UTC')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
