import { describe, expect, it } from 'vitest';
import { fakeFetch } from '../../../tests/support/fake-fetch';
import { NOT_A_SEARCH } from '../model/account-fields';
import { REQUIRED } from '../model/sign-in-target';
import { OFFLINE_ERROR } from './account-api';
import { saveSearch, startSaveSearch } from './save-search';

const location = (pathname: string, search = '') => {
  const went: string[] = [];
  return { went, location: { pathname, search, assign: (to: string | URL) => void went.push(String(to)) } };
};

describe('startSaveSearch', () => {
  it('sends a signed-out shopper to sign-in, coming back to this very search', async () => {
    const { fetch } = fakeFetch({ 'GET /api/account/session': { status: 200, body: { signedIn: false } } });
    const { went, location: here } = location('/search/used-cars', '?make=toyota&price=0-20000');
    expect(await startSaveSearch({ fetch, location: here })).toBe('sign-in');
    expect(went).toEqual([
      '/sign-in?type=my-garage&redirect=%2Fsearch%2Fused-cars%3Fmake%3Dtoyota%26price%3D0-20000&back=%2Fsearch%2Fused-cars%3Fmake%3Dtoyota%26price%3D0-20000',
    ]);
  });

  it('opens the form for a signed-in shopper, and says why when the session cannot be asked', async () => {
    const signedIn = fakeFetch({ 'GET /api/account/session': { status: 200, body: { signedIn: true, account: { email: 'jo@example.com' } } } });
    expect(await startSaveSearch({ fetch: signedIn.fetch, location: location('/search/ute').location })).toBe('open');
    const offline = fakeFetch({ 'GET /api/account/session': new TypeError('offline') });
    expect(await startSaveSearch({ fetch: offline.fetch, location: location('/search/ute').location })).toEqual({ error: OFFLINE_ERROR, fields: {} });
  });
});

describe('saveSearch', () => {
  it('checks the name in the browser, and saves the address with its filters', async () => {
    const { fetch, calls } = fakeFetch({
      'POST /api/account/saved-searches': (call) => ({ status: 201, body: { id: 's1', ...(call.body as object), created_at: '2026-01-01T00:00:00Z' } }),
    });
    expect(await saveSearch('  ', '/search/ute', fetch)).toEqual({ ok: false, error: '', fields: { name: REQUIRED } });
    expect(calls).toEqual([]);
    expect(await saveSearch(' Utes ', '/search/ute?price=0-20000', fetch)).toEqual({ ok: true, name: 'Utes' });
    expect(calls[0]?.body).toEqual({ name: 'Utes', path: '/search/ute?price=0-20000', alerts: false });
  });

  it('refuses an address that is not a search in the form’s alert, not beside the name', async () => {
    const { fetch, calls } = fakeFetch();
    expect(await saveSearch('Mine', '/cars/x', fetch)).toEqual({ ok: false, error: NOT_A_SEARCH, fields: {} });
    expect(calls).toEqual([]);
  });

  it('passes the server’s refusal on (too many saved searches)', async () => {
    const { fetch } = fakeFetch({ 'POST /api/account/saved-searches': { status: 409, body: { error: 'You have 20 saved searches: delete one first.' } } });
    expect(await saveSearch('Mine', '/search/ute', fetch)).toEqual({ ok: false, error: 'You have 20 saved searches: delete one first.', fields: {} });
  });
});
