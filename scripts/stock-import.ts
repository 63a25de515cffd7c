/**
 * npm run stock:import -- --dealer <slug> <file.json|file.csv> [--allow-empty]
 *
 * Validates a stock feed and replaces `<STOCK_DIR>/<slug>.json` (default .data/stock) only when
 * every row is valid; otherwise prints every bad row by line and field and exits 1 with the
 * current stock untouched. DEALERS_DIR is respected like the other scripts. The logic and its
 * tests are in src/stock/server/import.ts.
 */
import path from 'node:path';
import { defaultDealersDir } from '../src/platform/config/load';
import { FeedError, importFeed, parseImportArgs, summarise } from '../src/stock/server/import';

function main(argv: string[]): number {
  try {
    const args = parseImportArgs(argv);
    const started = performance.now();
    const result = importFeed(args, { dealersDir: defaultDealersDir() });
    const was = result.replaced === undefined ? 'replacing demo stock' : `replacing ${result.replaced} vehicles`;
    const shown = result.file.startsWith(process.cwd() + path.sep) ? path.relative(process.cwd(), result.file) : result.file;
    console.log(`Imported ${result.vehicles.length} vehicles for ${args.dealer} into ${shown} (${was}) in ${Math.round(performance.now() - started)} ms.`);
    for (const line of summarise(result.vehicles)) console.log(`  ${line}`);
    console.log('The search API serves the new stock now. Next, to publish it:');
    console.log(`  npm run search:push -- --dealer ${args.dealer}   (only when the site uses Meilisearch)`);
    console.log(`  npm run build -- --dealer ${args.dealer}         (rebuilds its car pages; npm start does this by itself)`);
    return 0;
  } catch (error) {
    if (!(error instanceof FeedError)) throw error;
    for (const problem of error.problems) console.error(problem);
    console.error(`${error.problems.length > 0 ? '\n' : ''}stock:import: ${error.message}`);
    return 1;
  }
}

process.exitCode = main(process.argv.slice(2));
