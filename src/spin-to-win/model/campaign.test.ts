import { describe, expect, it } from 'vitest';
import { campaignState, stateOnDay } from './campaign';

const campaign = { starts: '2026-12-01', ends: '2027-12-31' };

describe('campaign state', () => {
  it('runs from its first day to its last, both included', () => {
    expect(stateOnDay(campaign, '2026-11-30')).toBe('not-started');
    expect(stateOnDay(campaign, '2026-12-01')).toBe('running');
    expect(stateOnDay(campaign, '2027-12-31')).toBe('running');
    expect(stateOnDay(campaign, '2028-01-01')).toBe('ended');
  });

  it('reads the day on the dealer’s calendar, not the server’s', () => {
    // 14:30 UTC on 30 November is already 1 December in Brisbane (UTC+10) but not in New York.
    const at = new Date(Date.UTC(2026, 10, 30, 14, 30));
    expect(campaignState(campaign, at, 'Australia/Brisbane')).toBe('running');
    expect(campaignState(campaign, at, 'America/New_York')).toBe('not-started');
    // 1 January 2028, 02:00 in Auckland is still 31 December in UTC.
    const late = new Date(Date.UTC(2027, 11, 31, 13, 0));
    expect(campaignState(campaign, late, 'Pacific/Auckland')).toBe('ended');
    expect(campaignState(campaign, late, 'UTC')).toBe('running');
  });
});
