import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DealerConfigInput, SpecialHours } from '../../platform/config/schema';
import { zonedTime } from '../../platform/formats/zoned-time';
import { testSite } from '../../../tests/support/test-site';
import { responseDueAt, type ResponseHours } from './response-due';
import { showroom } from '../../../tests/support/showroom';

function hours(timeZone: string, special_hours: DealerConfigInput['special_hours'] = []): ResponseHours {
  const site = testSite({ time_zone: timeZone, locations: [showroom], special_hours });
  return { timeZone, location: site.locations[0], specials: site.special_hours };
}

const sydney = hours('Australia/Sydney');
const iso = (ms: number) => new Date(ms).toISOString();

describe('responseDueAt', () => {
  it('is the promise later when the showroom stays open that long', () => {
    // Tuesday 10:00 AEST.
    expect(iso(responseDueAt(Date.parse('2026-06-16T10:00:00+10:00'), 30, sydney))).toBe('2026-06-16T00:30:00.000Z');
  });

  it('counts 10 minutes on Friday before a 6 pm close and the other 20 from the next opening', () => {
    const due = responseDueAt(Date.parse('2026-06-19T17:50:00+10:00'), 30, sydney);
    expect(iso(due)).toBe(iso(Date.parse('2026-06-20T08:20:00+10:00')));
  });

  it('counts a Saturday lead into Saturday hours, then Monday', () => {
    const due = responseDueAt(Date.parse('2026-06-20T11:45:00+10:00'), 60, sydney);
    expect(iso(due)).toBe(iso(Date.parse('2026-06-22T08:45:00+10:00')));
  });

  it('starts a lead sent at night or on a Sunday at the next opening', () => {
    expect(iso(responseDueAt(Date.parse('2026-06-16T23:10:00+10:00'), 30, sydney))).toBe(iso(Date.parse('2026-06-17T08:30:00+10:00')));
    expect(iso(responseDueAt(Date.parse('2026-06-21T09:00:00+10:00'), 15, sydney))).toBe(iso(Date.parse('2026-06-22T08:15:00+10:00')));
  });

  it('skips a holiday closure and uses a holiday day’s own hours', () => {
    const holiday = hours('Australia/Sydney', [
      { date: '2026-06-20', name: 'Closed for stocktake', status: 'Closed' },
      { date: '2026-06-22', name: 'Short day', status: 'Open', start_hour: '10:00', end_hour: '11:00' },
    ] as SpecialHours[]);
    // Friday 17:50: 10 minutes Friday, Saturday closed, Sunday closed, Monday opens at 10:00 for an hour.
    expect(iso(responseDueAt(Date.parse('2026-06-19T17:50:00+10:00'), 30, holiday))).toBe(iso(Date.parse('2026-06-22T10:20:00+10:00')));
    // 90 minutes: 10 Friday, 60 in Monday's short day, 20 from Tuesday's opening.
    expect(iso(responseDueAt(Date.parse('2026-06-19T17:50:00+10:00'), 90, holiday))).toBe(iso(Date.parse('2026-06-23T08:20:00+10:00')));
  });

  it('follows daylight saving starting over the weekend (Sydney, 4 October 2026)', () => {
    // Saturday 11:50 AEST (+10); clocks go forward on Sunday; Monday opens at 08:00 AEDT (+11).
    const due = responseDueAt(Date.parse('2026-10-03T11:50:00+10:00'), 30, sydney);
    expect(iso(due)).toBe('2026-10-04T21:20:00.000Z');
    expect(zonedTime(due, 'Australia/Sydney').time).toBe('08:20:00');
  });

  it('follows daylight saving ending over the weekend (Sydney, 5 April 2026)', () => {
    const due = responseDueAt(Date.parse('2026-04-04T11:50:00+11:00'), 30, sydney);
    expect(iso(due)).toBe('2026-04-05T22:20:00.000Z');
    expect(zonedTime(due, 'Australia/Sydney').time).toBe('08:20:00');
  });

  it('reads the hours in the dealer’s time zone, not the server’s', () => {
    const auckland = hours('Pacific/Auckland');
    // Friday 17:50 in Auckland (NZST, +12) is 05:50 UTC, Friday afternoon in Sydney too.
    expect(iso(responseDueAt(Date.parse('2026-06-19T17:50:00+12:00'), 30, auckland))).toBe(iso(Date.parse('2026-06-20T08:20:00+12:00')));
  });

  it('runs on the clock for a dealer with no location', () => {
    const received = Date.parse('2026-06-21T03:00:00Z');
    expect(responseDueAt(received, 45, { timeZone: 'Australia/Sydney', location: undefined, specials: [] })).toBe(received + 45 * 60_000);
  });

  it('is never sooner than the promise, and always falls inside opening hours', () => {
    const start = Date.parse('2026-01-01T00:00:00Z');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 365 * 24 * 60 }), fc.integer({ min: 1, max: 2000 }), (minute, promise) => {
        const received = start + minute * 60_000;
        const due = responseDueAt(received, promise, sydney);
        expect(due - received).toBeGreaterThanOrEqual(promise * 60_000);
        const local = zonedTime(due, 'Australia/Sydney');
        const weekday = new Date(`${local.date}T00:00:00Z`).getUTCDay();
        const close = weekday === 6 ? 12 * 60 : 18 * 60;
        expect(weekday).not.toBe(0);
        expect(local.minutes).toBeGreaterThanOrEqual(8 * 60);
        expect(local.minutes).toBeLessThanOrEqual(close);
      }),
    );
  });
});

describe('leads.response_promise in the dealer file', () => {
  it('takes per-location minutes only for a location the dealer has, and contacts with a way to reach them', () => {
    const promise =
      (locations: { location_slug: string; minutes: number }[], escalation: Record<string, string>[] = [{ name: 'Sam', email: 'sam@example.com' }]) =>
      () =>
        testSite({ locations: [showroom], leads: { response_promise: { minutes: 30, locations, escalation } } as DealerConfigInput['leads'] });
    expect(promise([{ location_slug: 'sales', minutes: 15 }])().leads.response_promise?.locations).toEqual([{ location_slug: 'sales', minutes: 15 }]);
    expect(promise([{ location_slug: 'nowhere', minutes: 15 }])).toThrow('no location has slug');
    expect(promise([], [{ name: 'Sam' }])).toThrow('an escalation contact needs an email or a phone');
  });
});
