/**
 * npm run stock:import -- --dealer <slug> <file.json|file.csv> [--allow-empty] [--no-alerts]
 *
 * Validates a stock feed and replaces `<STOCK_DIR>/<slug>.json` (default .data/stock) only when
 * every row is valid; otherwise prints every bad row by line and field and exits 1 with the
 * current stock untouched. The cars' photos are made the site's own first (FEED_PHOTOS: files
 * beside the feed in `photos/`, or `http`; src/stock/server/feed-photos.ts); a photo that cannot
 * be used is listed and left out, its car imported. DEALERS_DIR is respected like the other
 * scripts. The logic and its tests are in src/stock/server/import.ts.
 *
 * Then, unless --no-alerts, it runs the alert job for the dealer (npm run alerts:run): shoppers
 * whose saved cars dropped in price or sold, or whose saved searches have new cars, are emailed.
 * The import stands whatever happens to the alerts: when the job cannot run from here (the
 * embedded database is held by `npm start`), the running server sends them itself once it sees
 * the new stock (src/accounts/server/alert-watcher.ts), and this says so.
 */
import path from 'node:path';
import { defaultDealersDir } from '../src/platform/config/load';
import { FeedError, importFeed, parseImportArgs, summarise } from '../src/stock/server/import';
import { CliError } from '../src/leads/admin/cli';
import { runAlertsCommand } from '../src/accounts/admin/alerts-run';

async function alertsAfterImport(dealer: string, dealersDir: string): Promise<void> {
  const later = `Otherwise run: npm run alerts:run -- --dealer ${dealer}`;
  try {
    const ok = await runAlertsCommand({ dealers: [dealer] }, { dealersDir, log: (line) => console.log(`  ${line}`) });
    if (!ok) console.error(`  Alerts did not finish; the next run starts over. ${later}`);
  } catch (error) {
    if (!(error instanceof CliError)) throw error;
    console.error(`  Alerts not sent from here: ${error.message}`);
    console.error(`  A running server (npm start) sends them itself within a minute of seeing the new stock. ${later}`);
  }
}

async function main(argv: string[]): Promise<number> {
  try {
    const args = parseImportArgs(argv);
    const started = performance.now();
    const dealersDir = defaultDealersDir();
    const result = await importFeed(args, { dealersDir });
    const was = result.replaced === undefined ? 'replacing demo stock' : `replacing ${result.replaced} vehicles`;
    const shown = result.file.startsWith(process.cwd() + path.sep) ? path.relative(process.cwd(), result.file) : result.file;
    console.log(`Imported ${result.vehicles.length} vehicles for ${args.dealer} into ${shown} (${was}) in ${Math.round(performance.now() - started)} ms.`);
    for (const line of summarise(result.vehicles)) console.log(`  ${line}`);
    const { converted, reused, refused } = result.photos;
    console.log(`  photos: ${converted} new, ${reused} already stored, ${refused} left out`);
    for (const problem of result.photoProblems) console.error(`  ${problem}`);
    console.log('The search API serves the new stock now.');
    if (args.alerts) {
      console.log('Shoppers’ alerts (saved cars and searches):');
      await alertsAfterImport(args.dealer, dealersDir);
    }
    console.log('Next, to publish it:');
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

process.exitCode = await main(process.argv.slice(2));
