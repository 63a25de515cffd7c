/**
 * Stands in for instantsearch.js's Algolia Insights middleware in the browser bundle
 * (src/search/browser/bundle-stand-ins.ts). The islands pass `insights={false}`, and InstantSearch
 * adds the middleware on its own only for Algolia answers that carry `_automaticInsights`, which
 * Meilisearch never sends; the real one (about 2.5 KB gzip) would never run. Asked for anyway, it
 * says so instead of quietly sending nothing.
 */
export function createInsightsMiddleware(): never {
  throw new Error('Insights are off: insights={false} (bundle-stand-ins.ts)');
}
