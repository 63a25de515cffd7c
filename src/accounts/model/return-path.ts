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
  if (url.pathname === '/api' || url.pathname.startsWith('/api/')) return undefined;
  return url.pathname + url.search + url.hash;
}
