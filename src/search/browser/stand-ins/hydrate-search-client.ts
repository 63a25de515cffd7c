/**
 * Stands in for instantsearch.js's seeding of an Algolia client's cache with the prerendered
 * results, in the browser bundle (src/search/browser/bundle-stand-ins.ts). InstantSearch seeds
 * only Algolia's own clients (with a `transporter` or `_useCache`); the islands' client
 * (client.ts, with its own result cache) is never one, so the real function returns at once.
 */
export function hydrateSearchClient(client: object, results: unknown): void {
  if (results && ('transporter' in client || '_useCache' in client))
    throw new Error('Only the dealer sites search client is bundled for (bundle-stand-ins.ts).');
}
