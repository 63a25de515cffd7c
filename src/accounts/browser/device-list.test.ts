import { beforeEach, describe, expect, it } from 'vitest';
import { fakeFetch } from '../../../tests/support/fake-fetch';
import { MemoryStorage } from '../../../tests/support/memory-storage';
import { accountLinkKey } from '../../saved-cars/model/account-sync';
import { ACCOUNT_SAVED_CARS_PATH, setAccountLink } from '../../saved-cars/browser/account-sync';
import { isAccountLinked } from '../../saved-cars/browser/account-link';
import { replaceSavedCars, savedCars } from '../../saved-cars/browser/saved-cars';
import { accountPaths } from '../model/paths';
import { leaveDevice, mergeDeviceList, readSavedCars } from './device-list';

const SLUG = 'device-list-motors';
const car = (id: number) => ({ id: String(id), name: `Car ${id}`, slug: `car-${id}`, make: 'Toyota', model: 'Corolla' });

describe('the device list and the account', () => {
  let storage: MemoryStorage;
  beforeEach(() => {
    storage = new MemoryStorage();
    replaceSavedCars(SLUG, [car(1)]);
  });

  it('syncs to the account API’s own saved-cars path (the store sits a floor below and cannot import it)', () => {
    expect(ACCOUNT_SAVED_CARS_PATH).toBe(accountPaths.savedCars);
  });

  it('reads the account’s list as the device reads its own: bad entries dropped', () => {
    expect(readSavedCars({ cars: [car(1), { id: 'x' }, car(1), '<b>'] })).toEqual([car(1)]);
    expect(readSavedCars({ cars: 'all' })).toBeUndefined();
  });

  it('keeps the union after a merge and links this browser', async () => {
    const { fetch } = fakeFetch({ 'POST /api/account/saved-cars/merge': { status: 200, body: { cars: [car(1), car(9)] } } });
    const result = await mergeDeviceList(SLUG, { fetch, storage });
    expect(result.ok).toBe(true);
    expect(savedCars(SLUG).get()).toEqual([car(1), car(9)]);
    expect(isAccountLinked(SLUG, storage)).toBe(true);
  });

  it('changes nothing when the merge is refused (a 401: signed out meanwhile)', async () => {
    const { fetch } = fakeFetch({ 'POST /api/account/saved-cars/merge': { status: 401, body: { error: 'Sign in again' } } });
    expect(await mergeDeviceList(SLUG, { fetch, storage })).toMatchObject({ ok: false, status: 401 });
    expect(savedCars(SLUG).get()).toEqual([car(1)]);
    expect(isAccountLinked(SLUG, storage)).toBe(false);
  });

  it('leaving the account takes its list and the link off this device', () => {
    setAccountLink(accountLinkKey(SLUG), true, storage);
    leaveDevice(SLUG, { storage });
    expect(savedCars(SLUG).get()).toEqual([]);
    expect(isAccountLinked(SLUG, storage)).toBe(false);
  });
});
