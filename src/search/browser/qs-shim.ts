/**
 * Stands in for the `qs` package in the browser bundle (astro.config.mjs aliases it here).
 * instantsearch.js imports qs only for its default history router; the search islands route
 * through src/search/browser/router.ts instead, so qs and its six dependencies (about 12 KB gzip)
 * would be dead weight on every search page. This covers what that router would ask of qs for
 * flat keys, should anything ever use it.
 */
export function parse(search: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(search));
}

export function stringify(value: unknown): string {
  if (typeof value !== 'object' || value === null) return '';
  const params = new URLSearchParams();
  for (const [key, item] of Object.entries(value)) {
    if (typeof item === 'string' || typeof item === 'number' || typeof item === 'boolean') params.append(key, String(item));
  }
  return params.toString();
}

export default { parse, stringify };
