/**
 * Stands in for instantsearch.js's default history router in the browser bundle
 * (src/search/browser/bundle-stand-ins.ts): InstantSearch builds it only when routing is given no
 * router, and the search islands always give theirs (src/search/browser/router.ts).
 */
export default function historyRouter(): never {
  throw new Error('Pass the router from router.ts (bundle-stand-ins.ts)');
}
