import { describe, expect, it } from 'vitest';
import { PHONE_AU_MESSAGE, PHONE_AU_MOBILE_MESSAGE, PHONE_NZ_MESSAGE, PHONE_TOO_LONG_MESSAGE, PHONE_US_MESSAGE, REQUIRED_MESSAGE } from './messages';
import { TEST_PHONE_NUMBER, checkPhone, formatPhone, normalisePhone, type PhoneRule } from './phone';

describe('normalisePhone', () => {
  it.each([
    ['0412 345 678', 'au', '0412345678'],
    ['(02) 9876-5432', 'au', '0298765432'],
    ['02.9876.5432', 'au', '0298765432'],
    ['+61 412 345 678', 'au', '0412345678'],
    ['61412345678', 'au', '0412345678'],
    ['0061 412 345 678', 'au', '0412345678'],
    ['+61 (0)412 345 678', 'au', '0412345678'],
    ['+64 21 123 4567', 'nz', '0211234567'],
    ['0064 9 123 4567', 'nz', '091234567'],
    ['6491234567', 'nz', '091234567'],
    ['+44 20 7946 0958', 'au_nz_uk', '02079460958'],
    ['0044 7700 900123', 'au_nz_uk', '07700900123'],
    // 44 is only a country code where UK numbers are taken.
    ['+44 20 7946 0958', 'au', '442079460958'],
    // US digits stay as typed: 612 and 646 are US area codes.
    ['(612) 555-0123', 'us', '6125550123'],
    ['+1 646 555 0123', 'us', '16465550123'],
  ] as const)('%s under %s → %s', (raw, rule, expected) => {
    expect(normalisePhone(raw, rule)).toBe(expected);
  });
});

type Case = readonly [raw: string, expected: string];

const valid: Record<PhoneRule, readonly Case[]> = {
  au: [
    ['0412 345 678', '0412345678'],
    ['(02) 9876 5432', '0298765432'],
    ['03 9876 5432', '0398765432'],
    ['07-3123-4567', '0731234567'],
    ['08 8123 4567', '0881234567'],
    ['0512345678', '0512345678'],
    ['+61 2 9876 5432', '0298765432'],
    ['61412345678', '0412345678'],
    ['0061412345678', '0412345678'],
    ['+614 1234 5678', '0412345678'],
    // Both 61 and 64 prefixes normalise to a leading 0: an NZ-looking entry is judged by its digits.
    ['+64 2 9876 5432', '0298765432'],
  ],
  au_mobile: [
    ['0412 345 678', '0412345678'],
    ['+61412345678', '0412345678'],
    ['+614 1234 5678', '0412345678'],
    ['0061 412 345 678', '0412345678'],
    ['(0412) 345-678', '0412345678'],
  ],
  au_nz_uk: [
    ['(02) 9876 5432', '0298765432'],
    ['0412 345 678', '0412345678'],
    ['+64 21 123 4567', '0211234567'],
    ['09 123 4567', '091234567'],
    ['0064 27 123 45678', '02712345678'],
    ['+44 20 7946 0958', '02079460958'],
    ['0044 7700 900123', '07700900123'],
    ['01632 960983', '01632960983'],
  ],
  nz: [
    ['021 123 4567', '0211234567'],
    ['(09) 123 4567', '091234567'],
    ['03 123 4567', '031234567'],
    ['022 1234 5678', '02212345678'],
    ['+64 21 123 456', '021123456'],
    ['0064211234567', '0211234567'],
    ['6421123456', '021123456'],
  ],
  us: [
    ['(555) 123-4567', '5551234567'],
    ['555.123.4567', '5551234567'],
    ['+1 555 123 4567', '15551234567'],
    ['1-555-123-4567', '15551234567'],
    ['6125550123', '6125550123'],
    ['64655501234', '64655501234'],
  ],
};

const invalid: Record<PhoneRule, readonly Case[]> = {
  au: [
    ['0112345678', PHONE_AU_MESSAGE],
    ['0612345678', PHONE_AU_MESSAGE],
    ['0912345678', PHONE_AU_MESSAGE],
    ['041234567', PHONE_AU_MESSAGE],
    ['04123456789', PHONE_AU_MESSAGE],
    ['412345678', PHONE_AU_MESSAGE],
    ['0412 345 67a', PHONE_AU_MESSAGE],
    ['+44 20 7946 0958', PHONE_AU_MESSAGE],
    ['0412/345/678', PHONE_AU_MESSAGE],
    ['', REQUIRED_MESSAGE],
    ['   ', REQUIRED_MESSAGE],
  ],
  au_mobile: [
    ['(02) 9876 5432', PHONE_AU_MOBILE_MESSAGE],
    ['+61 2 9876 5432', PHONE_AU_MOBILE_MESSAGE],
    ['041234567', PHONE_AU_MOBILE_MESSAGE],
    ['0512345678', PHONE_AU_MOBILE_MESSAGE],
    ['', REQUIRED_MESSAGE],
  ],
  au_nz_uk: [
    ['12345', PHONE_AU_MESSAGE],
    ['0012345678', PHONE_AU_MESSAGE],
    ['0812345', PHONE_AU_MESSAGE],
    ['020794609581234', PHONE_AU_MESSAGE],
    ['', REQUIRED_MESSAGE],
  ],
  nz: [
    ['0512345678', PHONE_NZ_MESSAGE],
    ['081234567', PHONE_NZ_MESSAGE],
    ['02112345', PHONE_NZ_MESSAGE],
    ['021123456789', PHONE_NZ_MESSAGE],
    // Under 15 characters as typed, however valid the digits.
    ['+64 21 123 4567', PHONE_TOO_LONG_MESSAGE],
    ['021 - 123 - 4567', PHONE_TOO_LONG_MESSAGE],
    ['0211234567000000000', PHONE_TOO_LONG_MESSAGE],
    ['', REQUIRED_MESSAGE],
  ],
  us: [
    ['0551234567', PHONE_US_MESSAGE],
    ['555123456', PHONE_US_MESSAGE],
    ['555123456789', PHONE_US_MESSAGE],
    ['555-CALL-NOW', PHONE_US_MESSAGE],
    ['', REQUIRED_MESSAGE],
  ],
};

describe('checkPhone', () => {
  for (const rule of Object.keys(valid) as PhoneRule[]) {
    describe(rule, () => {
      it.each(valid[rule])('accepts %j as %s', (raw, normalised) => {
        expect(checkPhone(raw, rule)).toEqual({ ok: true, normalised });
      });
      it.each(invalid[rule])('refuses %j with %j', (raw, message) => {
        expect(checkPhone(raw, rule)).toEqual({ ok: false, message });
      });
      it.each(['0400000000', '0400 000 000', '+61 400 000 000'])('always accepts the test number as %j', (raw) => {
        // US numbers keep their digits, so only the national form is the test number there.
        if (rule === 'us' && raw.startsWith('+')) return;
        expect(checkPhone(raw, rule)).toEqual({ ok: true, normalised: TEST_PHONE_NUMBER });
      });
    });
  }

  it('counts NZ characters as typed, surrounding spaces aside', () => {
    expect(checkPhone('021 123 45678', 'nz')).toEqual({ ok: true, normalised: '02112345678' });
    expect(checkPhone('  021 123 4567  ', 'nz')).toEqual({ ok: true, normalised: '0211234567' });
    expect(checkPhone('021 123  45678', 'nz')).toEqual({ ok: true, normalised: '02112345678' });
    expect(checkPhone('021   123   4567', 'nz')).toEqual({ ok: false, message: PHONE_TOO_LONG_MESSAGE });
  });

  it('refuses what is not a string', () => {
    expect(checkPhone(412345678, 'au')).toEqual({ ok: false, message: REQUIRED_MESSAGE });
    expect(checkPhone(null, 'nz')).toEqual({ ok: false, message: REQUIRED_MESSAGE });
  });

  it('answers quickly on a megabyte of input', () => {
    const started = Date.now();
    expect(checkPhone('0'.repeat(1_000_000), 'au')).toEqual({ ok: false, message: PHONE_AU_MESSAGE });
    expect(checkPhone('('.repeat(1_000_000), 'nz')).toEqual({ ok: false, message: PHONE_TOO_LONG_MESSAGE });
    expect(Date.now() - started).toBeLessThan(1000);
  });
});

describe('formatPhone', () => {
  it.each([
    ['0412345678', 'au', '0412 345 678'],
    ['0412345678', 'au_mobile', '0412 345 678'],
    ['0298765432', 'au', '(02) 9876 5432'],
    ['0881234567', 'au_nz_uk', '(08) 8123 4567'],
    ['0211234567', 'nz', '021 123 4567'],
    ['021123456', 'nz', '021 123 456'],
    ['02112345678', 'nz', '021 1234 5678'],
    ['091234567', 'nz', '(09) 123 4567'],
    ['091234567', 'au_nz_uk', '(09) 123 4567'],
    ['5551234567', 'us', '(555) 123-4567'],
    ['15551234567', 'us', '1 (555) 123-4567'],
    // Unrecognised numbers (a UK mobile here) are shown as they were stored.
    ['07700900123', 'au_nz_uk', '07700900123'],
    ['55512345678', 'us', '55512345678'],
    ['0412345678', 'us', '0412345678'],
    ['12345', 'au', '12345'],
  ] as const)('%s under %s → %s', (normalised, rule, expected) => {
    expect(formatPhone(normalised, rule)).toBe(expected);
  });
});
