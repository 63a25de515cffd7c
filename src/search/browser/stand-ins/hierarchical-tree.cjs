/**
 * Stands in for algoliasearch-helper's hierarchical facet tree builder in the browser bundle
 * (src/search/browser/bundle-stand-ins.ts; CommonJS, as the helper requires it). The search islands
 * declare no hierarchical facets, so the helper maps an empty list with it and never calls what
 * it returns.
 */
'use strict';

module.exports = function generateTrees() {
  return function generateTree() {
    throw new Error('No hierarchical facets (bundle-stand-ins.ts)');
  };
};
