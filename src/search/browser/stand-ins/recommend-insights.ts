/**
 * Stands in for instantsearch.js's forwarding of Algolia Insights parameters to Recommend
 * queries in the browser bundle (src/search/browser/bundle-stand-ins.ts). Each index asks it for
 * its Recommend parameters; the library returns them unchanged unless the Insights middleware set
 * a user token or click analytics on the search, which the islands (insights={false}) never do.
 */
interface InsightsParameters {
  userToken?: unknown;
  clickAnalytics?: unknown;
}

export function addInsightsToRecommendParameters<T>(recommendParameters: T, search: InsightsParameters): T {
  if (search.userToken !== undefined || search.clickAnalytics !== undefined)
    throw new Error('Insights parameters on a search: the islands run with insights={false} (bundle-stand-ins.ts)');
  return recommendParameters;
}
