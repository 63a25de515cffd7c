import { describe, expect, it } from 'vitest';
import {
  readAlertSettings,
  readDeletedAccount,
  readEnquiries,
  readLeadId,
  readRedirect,
  readSavedSearch,
  readSavedSearches,
  readSession,
  readSignedOut,
} from './answers';

describe('readSession', () => {
  it('reads a signed-in session and a signed-out one', () => {
    expect(readSession({ signedIn: true, account: { email: 'jo@example.com', since: '2026-01-02T00:00:00Z', passkeys: 2 } })).toEqual({
      signedIn: true,
      account: { email: 'jo@example.com', since: '2026-01-02T00:00:00Z', passkeys: 2 },
    });
    expect(readSession({ signedIn: false })).toEqual({ signedIn: false });
  });

  it('refuses what is not a session: no email, wrong types, not an object', () => {
    expect(readSession({ signedIn: true })).toBeUndefined();
    expect(readSession({ signedIn: true, account: { email: 42 } })).toBeUndefined();
    expect(readSession({ signedIn: 'yes' })).toBeUndefined();
    expect(readSession(null)).toBeUndefined();
    expect(readSession('<html>')).toBeUndefined();
    expect(readSession({ signedIn: true, account: { email: 'x'.repeat(300) } })).toBeUndefined();
  });

  it('fills what it can do without: no passkey count reads as none', () => {
    expect(readSession({ signedIn: true, account: { email: 'jo@example.com', passkeys: -1 } })).toEqual({
      signedIn: true,
      account: { email: 'jo@example.com', since: '', passkeys: 0 },
    });
  });
});

describe('readRedirect', () => {
  it('keeps a path on this site and nothing else', () => {
    expect(readRedirect({ redirect: '/cars/2021-toyota-rav4-1/checkout' })).toBe('/cars/2021-toyota-rav4-1/checkout');
    expect(readRedirect({ redirect: 'https://evil.example/' })).toBeUndefined();
    expect(readRedirect({ redirect: '//evil.example/' })).toBeUndefined();
    expect(readRedirect({ redirect: '/api/account' })).toBeUndefined();
    expect(readRedirect({})).toBeUndefined();
  });
});

describe('saved searches', () => {
  const search = { id: 's1', name: 'Cheap utes', path: '/search/ute?price=0-20000', alerts: true, created_at: '2026-01-01T00:00:00Z' };

  it('reads a saved search, and a list leaving out entries that do not read', () => {
    expect(readSavedSearch(search)).toEqual(search);
    expect(readSavedSearch({ ...search, id: 7 })).toEqual({ ...search, id: '7' });
    expect(readSavedSearches({ searches: [search, { ...search, path: 'https://evil.example/' }, null, { ...search, alerts: 'on' }] })).toEqual([search]);
    expect(readSavedSearches({ searches: 'no' })).toBeUndefined();
  });
});

describe('readAlertSettings', () => {
  it('reads the switch and the consent record, or no consent', () => {
    const consent = { wording: 'Email me…', page: '/my-garage', at: '2026-02-03T04:05:06Z' };
    expect(readAlertSettings({ car_alerts: true, consent })).toEqual({ car_alerts: true, consent });
    expect(readAlertSettings({ car_alerts: false, consent: null })).toEqual({ car_alerts: false, consent: null });
    expect(readAlertSettings({ car_alerts: false, consent: { wording: 'x' } })).toEqual({ car_alerts: false, consent: null });
    expect(readAlertSettings({ consent })).toBeUndefined();
  });
});

describe('readEnquiries', () => {
  it('reads each enquiry with the car it named, leaving out broken entries', () => {
    expect(
      readEnquiries({
        enquiries: [
          { id: 'l1', form: 'enquiry', category: 'Used Vehicle Enquiry', created_at: '2026-03-01T00:00:00Z', car: { id: 12, name: 'RAV4', slug: 'rav4-12' } },
          { id: 'l2', form: 'finance', category: '', created_at: '2026-03-02T00:00:00Z', car: {} },
          { id: 'l3', form: 'x' },
        ],
      }),
    ).toEqual([
      { id: 'l1', form: 'enquiry', category: 'Used Vehicle Enquiry', created_at: '2026-03-01T00:00:00Z', car: { id: '12', name: 'RAV4', slug: 'rav4-12' } },
      { id: 'l2', form: 'finance', category: '', created_at: '2026-03-02T00:00:00Z' },
    ]);
  });
});

describe('readDeletedAccount', () => {
  it('reads what was deleted and what is kept', () => {
    expect(
      readDeletedAccount({ deleted: { account: true, sessions: 2, saved_cars: 3, saved_searches: 1, passkeys: 0 }, kept: 'Enquiries stay with the dealer.' }),
    ).toEqual({
      deleted: { account: true, sessions: 2, saved_cars: 3, saved_searches: 1, passkeys: 0 },
      kept: 'Enquiries stay with the dealer.',
    });
    expect(readDeletedAccount({ deleted: { account: false } })).toBeUndefined();
  });
});

describe('small answers', () => {
  it('reads a lead id and a sign-out', () => {
    expect(readLeadId({ lead_id: 'abc' })).toBe('abc');
    expect(readLeadId({ lead_id: 5 })).toBe('5');
    expect(readLeadId({})).toBeUndefined();
    expect(readSignedOut({ signedOut: true })).toBe(1);
    expect(readSignedOut({ signedOut: true, sessions: 3 })).toBe(3);
    expect(readSignedOut({ signedOut: false })).toBeUndefined();
  });
});
