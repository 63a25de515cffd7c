/**
 * Secrets a link carries in its query (a guest's payment key, an emailed token) leave the
 * address bar as soon as the page has read them: analytics report the page's address (GA4's
 * page location, and the next page's referrer), and so do history, bookmarks and shared screens.
 * The page keeps the value in its history entry's state, which no analytics reads, so a reload
 * still has it. Analytics are sent addresses without these parameters in any case (asc-page.ts).
 */

/** The query parameters that carry a secret on this site's pages. */
export const SECRET_PARAMS = ['key', 'token'] as const;
export type SecretParam = (typeof SECRET_PARAMS)[number];

/** The address without its secret parameters: absolute stays absolute, a path stays a path. */
export function withoutSecrets(address: string): string {
  const absolute = /^https?:\/\//i.test(address);
  if (!absolute && !address.startsWith('/')) return address;
  const url = new URL(address, 'http://relative.invalid');
  for (const name of SECRET_PARAMS) url.searchParams.delete(name);
  // A URL without parameters prints no lone '?'.
  const search = url.searchParams.toString();
  const rest = `${url.pathname}${search ? `?${search}` : ''}${url.hash}`;
  return absolute ? `${url.origin}${rest}` : rest;
}

type AddressWindow = { location: Pick<Location, 'search' | 'pathname' | 'hash'>; history: Pick<History, 'state' | 'replaceState'> };

const stateKey = (name: SecretParam): string => `address-secret:${name}`;

/**
 * The secret parameter `name` of this page's link, taken out of the address bar (kept in the
 * history entry's state instead), or the one kept there on an earlier load of this entry.
 */
export function takeFromAddress(win: AddressWindow, name: SecretParam): string | undefined {
  const state: unknown = win.history.state;
  const kept = typeof state === 'object' && state !== null ? (state as Record<string, unknown>)[stateKey(name)] : undefined;
  const given = new URLSearchParams(win.location.search).get(name);
  if (given === null) return typeof kept === 'string' ? kept : undefined;
  const keptState = { ...(typeof state === 'object' && state !== null ? state : {}), [stateKey(name)]: given };
  const params = new URLSearchParams(win.location.search);
  params.delete(name);
  const search = params.toString();
  win.history.replaceState(keptState, '', `${win.location.pathname}${search ? `?${search}` : ''}${win.location.hash}`);
  return given;
}
