/**
 * Stands in for instantsearch.js's metadata middleware in the browser bundle
 * (src/search/browser/bundle-stand-ins.ts). InstantSearch adds it only for Algolia's own crawler
 * (by its user agent), to describe the widgets to Algolia's site search setup; the dealer sites
 * search Meilisearch, so it stays off for every visitor.
 */
export function isMetadataEnabled(): boolean {
  return false;
}

export function createMetadataMiddleware(): never {
  throw new Error('Widget metadata is for Algolia’s crawler (bundle-stand-ins.ts)');
}
