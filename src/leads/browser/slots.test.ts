import { describe, expect, it } from 'vitest';
import { dayLabel, readSlots, timeLabel } from './slots';

describe('readSlots', () => {
  it('reads the API answer in date order', () => {
    const body = {
      location_id: '2',
      slots: [
        { date: '2025-11-25', times: ['09:00', '08:30'] },
        { date: '2025-11-24', times: ['08:00'] },
      ],
      source: 'opening-hours',
    };
    expect(readSlots(body)).toEqual([
      { date: '2025-11-24', times: ['08:00'] },
      { date: '2025-11-25', times: ['08:30', '09:00'] },
    ]);
  });

  it('accepts a bare list', () => {
    expect(readSlots([{ date: '2025-11-24', times: ['08:00'] }])).toEqual([{ date: '2025-11-24', times: ['08:00'] }]);
  });

  it('leaves out malformed days and times, and days left with no time', () => {
    const body = {
      slots: [
        { date: '2025-13-01', times: ['08:00'] },
        { date: '<script>', times: ['08:00'] },
        { date: '2025-11-24', times: ['8:00', '24:00', 7, '"><img>', '10:30', '10:30'] },
        { date: '2025-11-26', times: [] },
        { date: '2025-11-27' },
        null,
        'x',
      ],
    };
    expect(readSlots(body)).toEqual([{ date: '2025-11-24', times: ['10:30'] }]);
  });

  it('is empty for anything else', () => {
    for (const body of [null, undefined, 'slots', 42, {}, { slots: 'x' }, { error: 'Unknown dealer' }]) expect(readSlots(body)).toEqual([]);
  });
});

describe('labels', () => {
  it('names the day in the locale, whatever the zone', () => {
    expect(dayLabel('2025-11-24', 'en-AU')).toBe('Mon, 24 Nov');
    expect(dayLabel('2025-11-24', 'en-US')).toBe('Mon, Nov 24');
  });

  it('names the time in the locale', () => {
    expect(timeLabel('08:00', 'en-AU')).toBe('8:00 am');
    expect(timeLabel('13:30', 'en-US')).toBe('1:30 PM');
  });
});
