/**
 * Where sign-in sends the shopper afterwards (`redirect`) and where its Back link goes (`back`).
 * Both come from the query string, so anyone can write them: only a path on this same site is
 * accepted, never another site (an open redirect would let a phishing mail borrow the dealer's
 * domain). Anything else reads as undefined and the caller falls back to a page of its own.
 */

/** Longer than any path of the site with its filters. */
export const MAX_RETURN_PATH = 2000;

/**
 * `value` when it is a same-site path: starts with one `/`, not `//` or `/\` (browsers read both
 * as another host), no backslash, no control or space characters, within MAX_RETURN_PATH, and
 * not an API route. Otherwise undefined.
 */
export function safeReturnPath(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  if (value.length === 0 || value.length > MAX_RETURN_PATH) return undefined;
  if (value[0] !== '/' || value[1] === '/' || value.includes('\\')) return undefined;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0020\u007f-\u009f\u2028\u2029]/.test(value)) return undefined;
  let url: URL;
  try {
    url = new URL(value, 'https://same.site.invalid');
  } catch {
    return undefined;
  }
  if (url.host !== 'same.site.invalid') return undefined;
  // Dot segments collapse when the URL is read: `/a/..//evil.com` becomes `//evil.com`, which a
  // browser sends to evil.com. What is handed back must itself pass the rule above.
  if (url.pathname.startsWith('//')) return undefined;
  if (isApiPath(url.pathname)) return undefined;
  return url.pathname + url.search + url.hash;
}

/** Whether the server would route `pathname` to the API: it decodes escapes first, so `/%61pi/` is `/api/`. */
function isApiPath(pathname: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURI(pathname);
  } catch {
    // Not decodable: the server would not read it as an API path either, but there is no reason to keep it.
    return true;
  }
  return decoded === '/api' || decoded.startsWith('/api/');
}
