/**
 * The device's saved list and the account's, brought together. After signing in (and each time
 * My Garage opens) the device's list is merged into the account's, the union is kept on the
 * device, and the account link is set so later saves follow (src/saved-cars/model/account-sync.ts).
 * Leaving the account (signing out, deleting it) takes its list off this device: the account
 * keeps it, and the next person at a shared computer does not see it.
 */
import { isRecord } from '../../platform/formats/records';
import { parseSavedList, type SavedCar } from '../../saved-cars/model/saved-list';
import { accountLinkKey } from '../../saved-cars/model/account-sync';
import { setAccountLink, syncSavedCarsNow, syncWaiting, type SyncTarget } from '../../saved-cars/browser/account-sync';
import { replaceSavedCars, savedCars } from '../../saved-cars/browser/saved-cars';
import { accountPaths } from '../model/paths';
import type { SignInTarget } from '../model/sign-in-target';
import { callAccountApi, type ApiResult, type Fetch } from './account-api';
import { destination } from './sign-in-flow';

/** `{ cars }` of the account's list, read as the device reads its own list. */
export function readSavedCars(body: unknown): SavedCar[] | undefined {
  return isRecord(body) && Array.isArray(body.cars) ? parseSavedList(body.cars) : undefined;
}

/** POSTs the device's list; the answer is the union the account now keeps. */
export const mergeSavedCars = (cars: readonly SavedCar[], fetcher?: Fetch): Promise<ApiResult<SavedCar[]>> =>
  callAccountApi(accountPaths.mergeSavedCars, { method: 'POST', body: { cars } }, readSavedCars, fetcher);

export interface DeviceListDeps {
  fetch?: Fetch;
  storage?: Storage;
}

export async function mergeDeviceList(siteSlug: string, deps: DeviceListDeps = {}): Promise<ApiResult<SavedCar[]>> {
  const result = await mergeSavedCars(savedCars(siteSlug).get(), deps.fetch);
  if (result.ok) {
    replaceSavedCars(siteSlug, result.value);
    setAccountLink(accountLinkKey(siteSlug), true, deps.storage);
  }
  return result;
}

/** This site's list and its account link, for the sync. */
export const syncTarget = (siteSlug: string): SyncTarget => ({ key: accountLinkKey(siteSlug), list: () => savedCars(siteSlug).get() });

/** Sends a change still waiting (before signing out, so it is not lost). */
export async function flushDeviceList(siteSlug: string): Promise<void> {
  const target = syncTarget(siteSlug);
  if (syncWaiting(target.key)) await syncSavedCarsNow(target);
}

export function leaveDevice(siteSlug: string, deps: DeviceListDeps = {}): void {
  setAccountLink(accountLinkKey(siteSlug), false, deps.storage);
  replaceSavedCars(siteSlug, []);
}

/**
 * Signed in: the device's saved cars join the account's (best effort: My Garage merges again if
 * this fails) and the answer is where to go. The sign-in page loads this once the shopper is
 * signed in, so the page itself does not carry the saved-cars store.
 */
export async function finishSignIn(siteSlug: string, serverRedirect: string | undefined, target: SignInTarget, deps: DeviceListDeps = {}): Promise<string> {
  await mergeDeviceList(siteSlug, deps);
  return destination(serverRedirect, target);
}
