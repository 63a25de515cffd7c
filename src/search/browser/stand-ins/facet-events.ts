/**
 * Stands in for instantsearch.js's facet click events for Algolia Insights in the browser bundle
 * (src/search/browser/bundle-stand-ins.ts). The events go to `sendEventToInsights`, which stays a
 * no-op without the Insights middleware (insights={false}), so the stand-in sends nothing either.
 */
export function createSendEventForFacet(): () => void {
  return () => undefined;
}
