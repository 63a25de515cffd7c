/**
 * Stands in for algoliasearch-helper's merging of Recommend answers in the search island's
 * browser bundle (src/search/browser/bundle-stand-ins.ts; CommonJS, as the helper requires it).
 * The helper calls it only with the answers of Recommend queries, which the dealer sites never
 * ask: the search islands have no Recommend widgets.
 */
'use strict';

module.exports = function sortAndMergeRecommendations() {
  throw new Error('No Recommend queries on the dealer sites (bundle-stand-ins.ts)');
};
