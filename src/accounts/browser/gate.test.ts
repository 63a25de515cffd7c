import { describe, expect, it } from 'vitest';
import { fakeFetch } from '../../../tests/support/fake-fetch';
import { checkGate, sameSiteReferrer, type GateView } from './gate';

const ORIGIN = 'https://kingfisher.example';

function setup(route: Parameters<typeof fakeFetch>[0], referrer = '') {
  const shown: { part: string; message?: string }[] = [];
  const view: GateView = { show: (part, message) => shown.push(message === undefined ? { part } : { part, message }) };
  const replaced: string[] = [];
  const location = { pathname: '/my-garage', search: '?tab=1', hash: '', origin: ORIGIN, replace: (to: string) => void replaced.push(to) };
  const { fetch } = fakeFetch(route);
  return { shown, replaced, deps: { fetch, location, referrer }, view };
}

describe('checkGate', () => {
  it('shows the content only once the session says who is signed in', async () => {
    const account = { email: 'jo@example.com', since: '2026-01-01', passkeys: 0 };
    const { shown, replaced, deps, view } = setup({ 'GET /api/account/session': { status: 200, body: { signedIn: true, account } } });
    expect(await checkGate('my_garage', view, deps)).toEqual({ signedIn: true, account });
    expect(shown).toEqual([{ part: 'loading' }, { part: 'content' }]);
    expect(replaced).toEqual([]);
  });

  it('sends a signed-out shopper to sign-in, back here afterwards, Back to the page before', async () => {
    const { shown, replaced, deps, view } = setup(
      { 'GET /api/account/session': { status: 200, body: { signedIn: false } } },
      `${ORIGIN}/search/used-cars?make=toyota`,
    );
    expect(await checkGate('my_garage', view, deps)).toBeUndefined();
    expect(replaced).toEqual(['/sign-in?type=my-garage&redirect=%2Fmy-garage%3Ftab%3D1&back=%2Fsearch%2Fused-cars%3Fmake%3Dtoyota']);
    expect(shown).toEqual([{ part: 'loading' }]);
  });

  it('treats an expired session (401) the same way, with Back home when the page before was elsewhere', async () => {
    const { replaced, deps, view } = setup({ 'GET /api/account/session': { status: 401, body: { error: 'no' } } }, 'https://other.example/');
    await checkGate('my_garage', view, deps);
    expect(replaced).toEqual(['/sign-in?type=my-garage&redirect=%2Fmy-garage%3Ftab%3D1&back=%2F']);
  });

  it('never shows the content when the session cannot be asked: a message to try again', async () => {
    const offline = setup({ 'GET /api/account/session': new TypeError('Failed to fetch') });
    expect(await checkGate('my_garage', offline.view, offline.deps)).toBeUndefined();
    expect(offline.shown).toEqual([
      { part: 'loading' },
      { part: 'error', message: 'We could not check whether you are signed in. Check your connection and try again.' },
    ]);
    expect(offline.replaced).toEqual([]);

    const broken = setup({ 'GET /api/account/session': { status: 500, body: { error: 'Something went wrong' } } });
    await checkGate('my_garage', broken.view, broken.deps);
    expect(broken.shown.at(-1)).toEqual({ part: 'error', message: 'We could not check whether you are signed in just now. Please try again.' });

    const garbled = setup({ 'GET /api/account/session': { status: 200, body: { signedIn: 'yes' } } });
    await checkGate('my_garage', garbled.view, garbled.deps);
    expect(garbled.shown.at(-1)?.part).toBe('error');
  });

  it('asks again when retried, and lets the shopper in once it answers', async () => {
    const account = { email: 'jo@example.com', since: '', passkeys: 0 };
    const { shown, deps, view } = setup({ 'GET /api/account/session': [new TypeError('offline'), { status: 200, body: { signedIn: true, account } }] });
    expect(await checkGate('my_garage', view, deps)).toBeUndefined();
    expect(await checkGate('my_garage', view, deps)).toEqual({ signedIn: true, account });
    expect(shown.map((s) => s.part)).toEqual(['loading', 'error', 'loading', 'content']);
  });
});

describe('sameSiteReferrer', () => {
  it('keeps a page of this site, not another site, not sign-in itself', () => {
    expect(sameSiteReferrer(`${ORIGIN}/cars/a-1#photos`, ORIGIN)).toBe('/cars/a-1#photos');
    expect(sameSiteReferrer('https://evil.example/cars', ORIGIN)).toBeUndefined();
    expect(sameSiteReferrer(`${ORIGIN}/sign-in?type=my-garage`, ORIGIN)).toBeUndefined();
    expect(sameSiteReferrer(`${ORIGIN}/api/account/session`, ORIGIN)).toBeUndefined();
    expect(sameSiteReferrer('', ORIGIN)).toBeUndefined();
    expect(sameSiteReferrer('not a url', ORIGIN)).toBeUndefined();
  });
});
