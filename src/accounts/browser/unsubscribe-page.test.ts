import { describe, expect, it } from 'vitest';
import { fakeFetch } from '../../../tests/support/fake-fetch';
import { turnAlertsOff, UNSUBSCRIBED, unsubscribeToken } from './unsubscribe-page';

describe('unsubscribe', () => {
  it('reads the token from the link, and nothing from a link without one', () => {
    expect(unsubscribeToken('?token=abc.def-123')).toBe('abc.def-123');
    expect(unsubscribeToken('?token=')).toBeUndefined();
    expect(unsubscribeToken('')).toBeUndefined();
    expect(unsubscribeToken(`?token=${'a'.repeat(1001)}`)).toBeUndefined();
    expect(unsubscribeToken('?token=a%20b')).toBeUndefined();
  });

  it('POSTs the token and says what is now off', async () => {
    const { fetch, calls } = fakeFetch({ 'POST /api/account/unsubscribe': { status: 200, body: { unsubscribed: true } } });
    expect(await turnAlertsOff('tok', fetch)).toEqual({ ok: true, message: UNSUBSCRIBED });
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/api/account/unsubscribe?token=tok' });
  });

  it('says why when the link has expired or is not known', async () => {
    const { fetch } = fakeFetch({ 'POST /api/account/unsubscribe': { status: 400, body: { error: 'This unsubscribe link is not valid.' } } });
    expect(await turnAlertsOff('tok', fetch)).toEqual({ ok: false, message: 'This unsubscribe link is not valid.' });
  });
});
