import { beforeEach, describe, expect, it } from 'vitest';
import { fakeFetch } from '../../../tests/support/fake-fetch';
import { MemoryStorage } from '../../../tests/support/memory-storage';
import { accountLinkKey } from '../../saved-cars/model/account-sync';
import { replaceSavedCars, savedCars } from '../../saved-cars/browser/saved-cars';
import * as fields from '../model/account-fields';
import { INVALID_CODE, INVALID_EMAIL, REQUIRED } from '../model/sign-in-target';
import { finishSignIn } from './device-list';
import { askForCode, checkCode, checkLink, destination, INVALID_LINK } from './sign-in-flow';
import { withoutToken } from './sign-in-page';

const SLUG = 'flow-test-motors';
const car = (id: number) => ({ id: String(id), name: `Car ${id}`, slug: `car-${id}`, make: 'Toyota', model: 'Corolla' });

describe('askForCode', () => {
  it('checks the address in the browser first: nothing is sent for one that cannot be right', async () => {
    const { fetch, calls } = fakeFetch();
    expect(await askForCode('', {}, { fetch, fields })).toEqual({ ok: false, error: '', fields: { email: REQUIRED } });
    expect(await askForCode('jo@', {}, { fetch, fields })).toEqual({ ok: false, error: '', fields: { email: INVALID_EMAIL } });
    expect(calls).toEqual([]);
  });

  it('sends the address as the API keeps it, with why and where to go after', async () => {
    const { fetch, calls } = fakeFetch({ 'POST /api/account/sign-in': { status: 202, body: { sent: true } } });
    expect(await askForCode(' Jo@Example.com ', { type: 'checkout', redirect: '/cars/a-1/checkout' }, { fetch, fields })).toEqual({
      ok: true,
      value: 'jo@example.com',
    });
    expect(calls[0]?.body).toEqual({ email: 'jo@example.com', type: 'checkout', redirect: '/cars/a-1/checkout' });
  });

  it('shows the server’s refusal as it came', async () => {
    const { fetch } = fakeFetch({ 'POST /api/account/sign-in': { status: 429, body: { error: 'Too many codes asked for. Try again in a minute.' } } });
    expect(await askForCode('jo@example.com', {}, { fetch, fields })).toEqual({
      ok: false,
      error: 'Too many codes asked for. Try again in a minute.',
      fields: {},
    });
  });
});

describe('checkCode and checkLink', () => {
  it('refuses a code that is not six digits without asking the server', async () => {
    const { fetch, calls } = fakeFetch();
    expect(await checkCode('jo@example.com', '12 34', { fetch, fields })).toEqual({ ok: false, error: '', fields: { code: INVALID_CODE } });
    expect(calls).toEqual([]);
  });

  it('sends the code without the spaces typed and answers where the server says to go', async () => {
    const { fetch, calls } = fakeFetch({ 'POST /api/account/verify': { status: 200, body: { redirect: '/my-garage' } } });
    expect(await checkCode('jo@example.com', '123 456', { fetch, fields })).toEqual({ ok: true, value: '/my-garage' });
    expect(calls[0]?.body).toEqual({ email: 'jo@example.com', code: '123456' });
  });

  it('passes a wrong or spent code’s refusal on, beside the field', async () => {
    const { fetch } = fakeFetch({
      'POST /api/account/verify': { status: 400, body: { error: 'That code is not right.', fields: { code: 'That code is not right.' } } },
    });
    expect(await checkCode('jo@example.com', '000000', { fetch, fields })).toEqual({
      ok: false,
      error: 'That code is not right.',
      fields: { code: 'That code is not right.' },
    });
  });

  it('verifies the emailed link’s token, and refuses a token that cannot be one', async () => {
    const token = 'a'.repeat(43);
    const { fetch, calls } = fakeFetch({ 'POST /api/account/verify': { status: 200, body: { redirect: 'https://evil.example/' } } });
    expect(await checkLink(token, { fetch, fields })).toEqual({ ok: true, value: '' });
    expect(calls[0]?.body).toEqual({ token });
    expect(await checkLink('<script>', { fetch, fields })).toEqual({ ok: false, error: INVALID_LINK, fields: {} });
    expect(calls).toHaveLength(1);
  });
});

describe('where sign-in leads', () => {
  it('goes where the server says, else where the page was asked to, else My Garage; never off this site', () => {
    expect(destination('/cars/a-1/checkout', { redirect: '/finance' })).toBe('/cars/a-1/checkout');
    expect(destination('', { redirect: '/finance' })).toBe('/finance');
    expect(destination('https://evil.example/', { redirect: '//evil.example' })).toBe('/my-garage');
    expect(destination(undefined, {})).toBe('/my-garage');
  });

  it('drops the spent token from the address and keeps the rest', () => {
    expect(withoutToken('?token=abc&type=checkout&redirect=%2Fx')).toBe('?type=checkout&redirect=%2Fx');
    expect(withoutToken('?token=abc')).toBe('');
  });
});

describe('finishSignIn', () => {
  let storage: MemoryStorage;
  beforeEach(() => {
    storage = new MemoryStorage();
    replaceSavedCars(SLUG, [car(1), car(2)]);
  });

  it('merges the device’s saved cars into the account, keeps the union here and links this browser', async () => {
    const { fetch, calls } = fakeFetch({ 'POST /api/account/saved-cars/merge': { status: 200, body: { cars: [car(1), car(2), car(3)] } } });
    expect(await finishSignIn(SLUG, '/cars/a-1', {}, { fetch, storage })).toBe('/cars/a-1');
    expect(calls[0]?.body).toEqual({ cars: [car(1), car(2)] });
    expect(
      savedCars(SLUG)
        .get()
        .map((c) => c.id),
    ).toEqual(['1', '2', '3']);
    expect(storage.getItem(accountLinkKey(SLUG))).not.toBeNull();
  });

  it('still signs the shopper in when the merge fails: My Garage merges again', async () => {
    const { fetch } = fakeFetch({ 'POST /api/account/saved-cars/merge': { status: 500, body: { error: 'down' } } });
    expect(await finishSignIn(SLUG, '', { redirect: '/finance' }, { fetch, storage })).toBe('/finance');
    expect(
      savedCars(SLUG)
        .get()
        .map((c) => c.id),
    ).toEqual(['1', '2']);
    expect(storage.getItem(accountLinkKey(SLUG))).toBeNull();
  });
});
