import { describe, expect, it } from 'vitest';
import { fakeFetch } from '../../../tests/support/fake-fetch';
import { readSession } from '../model/answers';
import { callAccountApi, NO_ANSWER, SERVER_ERROR } from './account-api';
import { getSession, signOut, unsubscribe } from './account-calls';

describe('callAccountApi', () => {
  it('sends JSON with the session cookie and reads the answer', async () => {
    const { fetch, calls } = fakeFetch({ 'POST /api/account/x': { status: 200, body: { signedIn: false } } });
    const result = await callAccountApi('/api/account/x', { method: 'POST', body: { a: 1 } }, readSession, fetch);
    expect(result).toEqual({ ok: true, status: 200, value: { signedIn: false } });
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/api/account/x', body: { a: 1 } });
    expect(calls[0]?.headers.get('content-type')).toBe('application/json');
    expect(calls[0]?.init).toMatchObject({ credentials: 'same-origin', cache: 'no-store' });
  });

  it('sends no body and no content type when there is nothing to send', async () => {
    const { fetch, calls } = fakeFetch({ 'GET /api/account/x': { status: 200, body: { signedIn: false } } });
    await callAccountApi('/api/account/x', {}, readSession, fetch);
    expect(calls[0]?.init?.body).toBeUndefined();
    expect(calls[0]?.headers.get('content-type')).toBeNull();
  });

  it('passes the envelope of a refusal on, fields and all', async () => {
    const { fetch } = fakeFetch({
      'POST /api/account/x': { status: 400, body: { error: 'Please check the highlighted fields', fields: { email: 'invalid email address', bad: 3 } } },
    });
    expect(await callAccountApi('/api/account/x', { method: 'POST', body: {} }, readSession, fetch)).toEqual({
      ok: false,
      status: 400,
      error: 'Please check the highlighted fields',
      fields: { email: 'invalid email address' },
    });
  });

  it('says so in its own words when the answer is not the envelope or not what was promised', async () => {
    const { fetch } = fakeFetch({
      'GET /api/account/html': { status: 502, text: '<html>Bad gateway</html>' },
      'GET /api/account/odd': { status: 200, body: { signedIn: 'maybe' } },
    });
    expect(await callAccountApi('/api/account/html', {}, readSession, fetch)).toEqual({
      ok: false,
      status: 502,
      error: 'Something went wrong on our side. Please try again.',
    });
    expect(await callAccountApi('/api/account/odd', {}, readSession, fetch)).toEqual({ ok: false, status: 200, error: SERVER_ERROR });
  });

  it('never throws: no answer at all is status 0', async () => {
    const { fetch } = fakeFetch({ 'GET /api/account/x': new TypeError('Failed to fetch') });
    expect(await callAccountApi('/api/account/x', {}, readSession, fetch)).toEqual({
      ok: false,
      status: NO_ANSWER,
      error: 'We could not reach the server. Check your connection and try again.',
    });
  });

  it('cuts a refusal sentence that would flood the page', async () => {
    const { fetch } = fakeFetch({ 'GET /api/account/x': { status: 400, body: { error: 'x'.repeat(10_000) } } });
    const result = await callAccountApi('/api/account/x', {}, readSession, fetch);
    expect(!result.ok && result.error.length).toBe(300);
  });
});

describe('account calls', () => {
  it('reads a 401 from the session route as signed out', async () => {
    const { fetch } = fakeFetch({ 'GET /api/account/session': { status: 401, body: { error: 'Sign in first' } } });
    expect(await getSession(fetch)).toEqual({ ok: true, status: 401, value: { signedIn: false } });
  });

  it('signs out here or everywhere', async () => {
    const { fetch, calls } = fakeFetch({
      'POST /api/account/sign-out': { status: 200, body: { signedOut: true } },
      'POST /api/account/sign-out-everywhere': { status: 200, body: { signedOut: true, sessions: 3 } },
    });
    expect(await signOut(false, fetch)).toMatchObject({ ok: true, value: 1 });
    expect(await signOut(true, fetch)).toMatchObject({ ok: true, value: 3 });
    expect(calls.map((call) => call.path)).toEqual(['/api/account/sign-out', '/api/account/sign-out-everywhere']);
  });

  it('puts the unsubscribe token in the query, encoded', async () => {
    const { fetch, calls } = fakeFetch({ 'POST /api/account/unsubscribe': { status: 200, body: { unsubscribed: true } } });
    expect((await unsubscribe('a b&c', fetch)).ok).toBe(true);
    expect(calls[0]?.path).toBe('/api/account/unsubscribe?token=a%20b%26c');
  });
});
