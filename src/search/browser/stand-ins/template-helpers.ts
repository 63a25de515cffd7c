/**
 * Stands in for instantsearch.js's template helpers (highlight, snippet, insights and number
 * formatting for the string templates of its DOM widgets) in the browser bundle
 * (src/search/browser/bundle-stand-ins.ts). The islands render with React components and use no
 * instantsearch.js widget templates, so InstantSearch keeps an empty set.
 */
export default function templateHelpers(): Record<string, never> {
  return {};
}
