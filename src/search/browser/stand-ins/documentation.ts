/**
 * Stands in for instantsearch.js's links to Algolia's widget documentation, which it adds to the
 * errors a misused connector throws, in the browser bundle (src/search/browser/bundle-stand-ins.ts):
 * the error keeps its message; the browser bundle carries no Algolia documentation addresses.
 */
export function createDocumentationMessageGenerator(): (message?: string) => string {
  return (message = '') => message;
}

export function createDocumentationLink(): string {
  return '';
}
