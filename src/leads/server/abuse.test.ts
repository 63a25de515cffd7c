import { describe, expect, it } from 'vitest';
import { quarantineReason } from './abuse';

const now = 1_763_700_000_000;

describe('quarantineReason', () => {
  it('passes a form filled in at human speed with the honeypot empty', () => {
    expect(quarantineReason({ company_website: '', form_started_at: now - 45_000 }, now)).toBeNull();
    expect(quarantineReason({ form_started_at: String(now - 3_000) }, now)).toBeNull();
  });

  it('catches a filled honeypot, whatever its value', () => {
    for (const value of ['https://spam.example', ' ', 0, false, ['x']]) {
      expect(quarantineReason({ company_website: value, form_started_at: now - 60_000 }, now)).toMatch(/^honeypot/);
    }
  });

  it('catches a form sent within 3 seconds of opening', () => {
    expect(quarantineReason({ form_started_at: now - 2_999 }, now)).toBe('time trap: sent 2999 ms after the form opened');
    expect(quarantineReason({ form_started_at: now }, now)).toMatch(/^time trap/);
  });

  it('leaves the time trap to the last step of a multi-step form, but not the honeypot', () => {
    expect(quarantineReason({ form_started_at: now - 1_000, lead_status: 'Incomplete' }, now)).toBeNull();
    expect(quarantineReason({ form_started_at: now - 1_000, lead_status: 'Complete' }, now)).toMatch(/^time trap/);
    expect(quarantineReason({ company_website: 'x', form_started_at: now - 60_000, lead_status: 'Incomplete' }, now)).toMatch(/^honeypot/);
  });

  it('forgives a shopper clock running up to a minute fast, but not more', () => {
    expect(quarantineReason({ form_started_at: now + 30_000 }, now)).toBeNull();
    expect(quarantineReason({ form_started_at: now + 60_001 }, now)).toMatch(/in the future/);
  });

  it('does not hold a missing or unreadable start time against the lead', () => {
    expect(quarantineReason({}, now)).toBeNull();
    expect(quarantineReason({ form_started_at: 'yesterday' }, now)).toBeNull();
  });
});
