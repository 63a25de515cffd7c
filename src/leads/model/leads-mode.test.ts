import { describe, expect, it } from 'vitest';
import { leadsModeOf } from './leads-mode';

describe('leadsModeOf', () => {
  it('makes a test build only when LEADS_MODE is mock', () => {
    expect(leadsModeOf({ LEADS_MODE: 'mock' })).toBe('mock');
    expect(leadsModeOf({ LEADS_MODE: ' mock ' })).toBe('mock');
    expect(leadsModeOf({})).toBe('live');
    expect(leadsModeOf({ LEADS_MODE: '' })).toBe('live');
    expect(leadsModeOf({ LEADS_MODE: 'live' })).toBe('live');
  });

  it('refuses a misspelt mode rather than building a site that sends real leads', () => {
    expect(() => leadsModeOf({ LEADS_MODE: 'Mock' })).toThrow(/LEADS_MODE must be "mock"/);
    expect(() => leadsModeOf({ LEADS_MODE: 'test' })).toThrow(/not "test"/);
  });
});
