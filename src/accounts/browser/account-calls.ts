/**
 * One function per account API call a page makes, each answering `ApiResult` with the answer
 * already read. Page scripts import the few they use; the rest are left out of their bundles.
 */
import {
  readAlertSettings,
  readAnything,
  readDeletedAccount,
  readEnquiries,
  readLeadId,
  readRedirect,
  readSavedSearch,
  readSavedSearches,
  readSession,
  readSignedOut,
} from '../model/answers';
import { accountPaths, type AlertSettings, type Session } from '../model/paths';
import { callAccountApi, type ApiResult, type Fetch } from './account-api';

/** The session; a 401 reads as signed out, whatever its body says. */
export async function getSession(fetcher?: Fetch): Promise<ApiResult<Session>> {
  const result = await callAccountApi(accountPaths.session, {}, readSession, fetcher);
  return !result.ok && result.status === 401 ? { ok: true, status: 401, value: { signedIn: false } } : result;
}

export const requestSignInCode = (body: { email: string; type?: string; redirect?: string }, fetcher?: Fetch) =>
  callAccountApi(accountPaths.signIn, { method: 'POST', body }, readAnything, fetcher);

/** Code or link: the answer is where to go next ('' when the server names nowhere this site has). */
export const verifySignIn = (body: { email: string; code: string } | { token: string }, fetcher?: Fetch) =>
  callAccountApi(accountPaths.verify, { method: 'POST', body }, (answer) => readRedirect(answer) ?? '', fetcher);

export const signOut = (everywhere: boolean, fetcher?: Fetch) =>
  callAccountApi(everywhere ? accountPaths.signOutEverywhere : accountPaths.signOut, { method: 'POST' }, readSignedOut, fetcher);

export const listSavedSearches = (fetcher?: Fetch) => callAccountApi(accountPaths.savedSearches, {}, readSavedSearches, fetcher);

export const createSavedSearch = (body: { name: string; path: string; alerts: boolean }, fetcher?: Fetch) =>
  callAccountApi(accountPaths.savedSearches, { method: 'POST', body }, readSavedSearch, fetcher);

const savedSearchPath = (id: string): string => `${accountPaths.savedSearches}/${encodeURIComponent(id)}`;

export const changeSavedSearch = (id: string, body: { name?: string; alerts?: boolean }, fetcher?: Fetch) =>
  callAccountApi(savedSearchPath(id), { method: 'PATCH', body }, readSavedSearch, fetcher);

export const deleteSavedSearch = (id: string, fetcher?: Fetch) => callAccountApi(savedSearchPath(id), { method: 'DELETE' }, readAnything, fetcher);

export const getAlertSettings = (fetcher?: Fetch) => callAccountApi(accountPaths.alerts, {}, readAlertSettings, fetcher);

export const changeAlertSettings = (body: { car_alerts: boolean; wording?: string; page?: string }, fetcher?: Fetch): Promise<ApiResult<AlertSettings>> =>
  callAccountApi(accountPaths.alerts, { method: 'PUT', body }, readAlertSettings, fetcher);

export const listEnquiries = (fetcher?: Fetch) => callAccountApi(accountPaths.enquiries, {}, readEnquiries, fetcher);

export const sendInterest = (body: { car_id: string; opt_in: true; phone?: string; message?: string }, fetcher?: Fetch) =>
  callAccountApi(accountPaths.interest, { method: 'POST', body }, readLeadId, fetcher);

export const deleteAccount = (fetcher?: Fetch) => callAccountApi(accountPaths.account, { method: 'DELETE' }, readDeletedAccount, fetcher);

/** The emailed unsubscribe link's token goes in the query, as the one-click POST mail programs send carries it. */
export const unsubscribe = (token: string, fetcher?: Fetch) =>
  callAccountApi(`${accountPaths.unsubscribe}?token=${encodeURIComponent(token)}`, { method: 'POST' }, readAnything, fetcher);
