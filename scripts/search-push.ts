/**
 * MEILISEARCH_HOST=… MEILISEARCH_ADMIN_KEY=… npm run search:push -- [--dealer a,b] [--create-read-key]
 *
 * For each dealer (all of them by default; DEALERS_DIR and STOCK_DIR respected): builds index
 * `search.index_uid ?? slug` from its current stock (the imported feed, else demo stock; only the
 * cars the site lists now) with the shared index settings, swaps it in atomically, and prints the
 * counts. With --create-read-key it also prints a search-only key and its uid for the dealer file
 * (`search.read_only_key`, `search.read_only_key_uid`): the build signs the pages' tenant token
 * with it. The logic and its tests are in src/search/server/meilisearch-push.ts.
 */
import { Meilisearch } from 'meilisearch';
import { defaultDealersDir, listDealerSlugs, loadDealer } from '../src/platform/config/load';
import { searchEndpoint } from '../src/platform/config/search-endpoint';
import { dealerSearchConfig, ensureSearchKey, meilisearchAdmin, parsePushArgs, PushError, pushConfig, pushDealer } from '../src/search/server/meilisearch-push';
import { loadStock } from '../src/stock/server/store';

async function main(argv: string[]): Promise<number> {
  const args = parsePushArgs(argv);
  const config = pushConfig();
  const dealersDir = defaultDealersDir();
  const all = listDealerSlugs(dealersDir);
  const slugs = args.dealers ?? all;
  const unknown = slugs.filter((s) => !all.includes(s));
  if (unknown.length > 0)
    throw new PushError(`unknown dealer${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}; known dealers: ${all.join(', ') || '(none)'}`);

  const admin = meilisearchAdmin(new Meilisearch({ host: config.host, ...(config.apiKey ? { apiKey: config.apiKey } : {}) }));
  console.log(`Pushing stock for ${slugs.length} dealer${slugs.length === 1 ? '' : 's'} to ${config.host}.`);
  let failed = 0;
  for (const slug of slugs) {
    const started = performance.now();
    try {
      const site = loadDealer(slug, dealersDir);
      const { indexUid } = searchEndpoint(site);
      const result = await pushDealer(admin, site, loadStock(site), { nowSeconds: Math.floor(Date.now() / 1000), log: (line) => console.log(line) });
      const was = result.previous === undefined ? 'new index' : `replaced ${result.previous}`;
      console.log(
        `✓ ${slug}: ${result.documents} vehicles in index "${indexUid}" (${was}; ${result.left} the site does not list left out) in ${((performance.now() - started) / 1000).toFixed(1)}s`,
      );
      if (args.createReadKey) {
        const key = await ensureSearchKey(admin, indexUid);
        console.log(
          `  search-only key for ${slug}; add to its dealer file (host as browsers reach it):\n  ${dealerSearchConfig(config.host, key, indexUid, slug)}`,
        );
      }
    } catch (error) {
      failed++;
      console.error(`✗ ${slug}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  if (failed > 0) console.error(`\n${failed} of ${slugs.length} dealers failed; their live indexes are unchanged.`);
  return failed > 0 ? 1 : 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(`search:push: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  },
);
