import { describe, expect, it } from 'vitest';
import type { startAuthentication, startRegistration } from '@simplewebauthn/browser';
import { fakeFetch } from '../../../tests/support/fake-fetch';
import { addPasskey, PASSKEY_CANCELLED, PASSKEY_FAILED, readOptions, signInWithPasskey } from './passkey';
import { hasPasskeys } from './has-passkeys';

const options = { challenge: 'c2lnbi1pbg', rpId: 'kingfisher.example', allowCredentials: [] };
const assertion = {
  id: 'cred',
  rawId: 'cred',
  type: 'public-key',
  response: { clientDataJSON: 'x', authenticatorData: 'y', signature: 'z' },
  clientExtensionResults: {},
};

const authenticateWith =
  (outcome: unknown): typeof startAuthentication =>
  () =>
    outcome instanceof Error ? Promise.reject(outcome) : Promise.resolve(outcome as Awaited<ReturnType<typeof startAuthentication>>);

const named = (name: string) => Object.assign(new Error(name), { name });

describe('readOptions', () => {
  it('takes the options as sent, or inside { options }, and nothing without a challenge', () => {
    expect(readOptions(options)).toEqual(options);
    expect(readOptions({ options })).toEqual(options);
    expect(readOptions({ rpId: 'x' })).toBeUndefined();
    expect(readOptions(null)).toBeUndefined();
  });
});

describe('signInWithPasskey', () => {
  it('asks for options, hands them to the browser and sends the signed answer back', async () => {
    const { fetch, calls } = fakeFetch({
      'POST /api/account/passkeys/sign-in/options': { status: 200, body: options },
      'POST /api/account/passkeys/sign-in': { status: 200, body: { redirect: '/my-garage' } },
    });
    let given: unknown;
    const authenticate: typeof startAuthentication = (args) => {
      given = args.optionsJSON;
      return Promise.resolve(assertion as Awaited<ReturnType<typeof startAuthentication>>);
    };
    expect(await signInWithPasskey({ fetch, authenticate })).toEqual({ ok: true, value: '/my-garage' });
    expect(given).toEqual(options);
    expect(calls[1]?.body).toEqual(assertion);
  });

  it('says plainly when the shopper closed the prompt, or the device could not', async () => {
    const routes = { 'POST /api/account/passkeys/sign-in/options': { status: 200, body: options } };
    expect(await signInWithPasskey({ fetch: fakeFetch(routes).fetch, authenticate: authenticateWith(named('NotAllowedError')) })).toEqual({
      ok: false,
      error: PASSKEY_CANCELLED,
      fields: {},
    });
    expect(await signInWithPasskey({ fetch: fakeFetch(routes).fetch, authenticate: authenticateWith(named('SecurityError')) })).toEqual({
      ok: false,
      error: PASSKEY_FAILED,
      fields: {},
    });
  });

  it('passes the server’s refusal of an unknown passkey on, and never prompts without options', async () => {
    const refused = fakeFetch({
      'POST /api/account/passkeys/sign-in/options': { status: 200, body: { options } },
      'POST /api/account/passkeys/sign-in': { status: 400, body: { error: 'This passkey is not known here.' } },
    });
    expect(await signInWithPasskey({ fetch: refused.fetch, authenticate: authenticateWith(assertion) })).toEqual({
      ok: false,
      error: 'This passkey is not known here.',
      fields: {},
    });
    let prompted = false;
    const none = fakeFetch({ 'POST /api/account/passkeys/sign-in/options': { status: 503, body: { error: 'Passkeys are off.' } } });
    const authenticate: typeof startAuthentication = () => {
      prompted = true;
      return Promise.reject(new Error('should not run'));
    };
    expect(await signInWithPasskey({ fetch: none.fetch, authenticate })).toEqual({ ok: false, error: 'Passkeys are off.', fields: {} });
    expect(prompted).toBe(false);
  });
});

describe('addPasskey', () => {
  it('registers a passkey on the signed-in account', async () => {
    const { fetch, calls } = fakeFetch({
      'POST /api/account/passkeys/register/options': { status: 200, body: { challenge: 'abc', rp: { name: 'Kingfisher' }, user: { id: 'u', name: 'jo' } } },
      'POST /api/account/passkeys/register': { status: 200, body: { verified: true } },
    });
    const register: typeof startRegistration = () => Promise.resolve({ id: 'new' } as Awaited<ReturnType<typeof startRegistration>>);
    expect(await addPasskey({ fetch, register })).toEqual({ ok: true, value: true });
    expect(calls.map((call) => call.path)).toEqual(['/api/account/passkeys/register/options', '/api/account/passkeys/register']);
    expect(calls[1]?.body).toEqual({ id: 'new' });
  });
});

describe('hasPasskeys', () => {
  it('offers passkeys only where the browser has WebAuthn', () => {
    expect(hasPasskeys({ PublicKeyCredential: function PublicKeyCredential() {} })).toBe(true);
    expect(hasPasskeys({})).toBe(false);
    expect(hasPasskeys({ PublicKeyCredential: undefined })).toBe(false);
  });
});
