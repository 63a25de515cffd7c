/**
 * npm run stock:import -- --dealer <slug> <file.json|file.csv> [--preset <name>] [--no-alerts]
 * npm run stock:import -- --dealer <slug> --confirm [--no-alerts]
 *
 * Reads a stock feed (the platform's own format, or the dealer's export as its dealer file's
 * `stock_feed` says) and replaces `<STOCK_DIR>/<slug>.json` (default .data/stock) with its good
 * rows; each bad row is printed by row number with the reason. A feed that would take more than
 * the dealer's set share of its listed cars off the site is held in `<slug>.held.json` instead,
 * and `--confirm` applies it. The cars' photos are made the site's own before anything is written
 * (FEED_PHOTOS: files beside the feed in `photos/`, or `http`; src/stock/server/feed-photos.ts); a
 * photo that cannot be used is listed and left out, its car imported. DEALERS_DIR is respected like
 * the other scripts. The logic and its tests are in src/stock/server/import.ts.
 *
 * Exit status: 0 when the stock was replaced (even with bad rows left out), 1 when the feed could
 * not be read at all (nothing changed), 2 when it was held for confirmation (nothing changed).
 *
 * Then, after an import, unless --no-alerts, it runs the alert job for the dealer (npm run
 * alerts:run): shoppers whose saved cars dropped in price or sold, or whose saved searches have
 * new cars, are emailed. The import stands whatever happens to the alerts: when the job cannot run
 * from here (the embedded database is held by `npm start`), the running server sends them itself
 * once it sees the new stock (src/accounts/server/alert-watcher.ts), and this says so.
 */
import path from 'node:path';
import { defaultDealersDir } from '../src/platform/config/load';
import { confirmHeld, FeedError, importFeed, parseImportArgs, summarise } from '../src/stock/server/import';
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

function shown(file: string): string {
  return file.startsWith(process.cwd() + path.sep) ? path.relative(process.cwd(), file) : file;
}

async function main(argv: string[]): Promise<number> {
  try {
    const args = parseImportArgs(argv);
    const started = performance.now();
    const dealersDir = defaultDealersDir();
    const result = args.confirm ? confirmHeld(args.dealer, { dealersDir }) : await importFeed(args, { dealersDir });
    const ms = Math.round(performance.now() - started);
    if (!args.confirm) {
      for (const problem of result.problems) console.error(problem);
      for (const problem of result.photoProblems) console.error(problem);
      for (const notice of result.notices) console.log(`Note: ${notice}`);
    }
    const rows = `${result.rows} rows: ${result.vehicles.length} good, ${result.badRows} bad${result.badRows > 0 ? ' (left out; each is listed above with the reason)' : ''}`;
    if (result.outcome === 'held') {
      console.log(`Held, not imported: ${result.heldBecause}.`);
      console.log(`  ${rows}.`);
      console.log(`  The current stock is unchanged; the feed waits in ${shown(result.file)}.`);
      console.log(`  If it is right, apply it with: npm run stock:import -- --dealer ${args.dealer} --confirm`);
      console.log('  Otherwise fix the feed and import it again (that replaces the held one).');
      return 2;
    }
    const was = result.replaced === undefined ? 'replacing demo stock' : `replacing ${result.replaced} vehicles`;
    const what = args.confirm ? `Applied the held feed: ${result.vehicles.length} vehicles` : `Imported ${result.vehicles.length} vehicles`;
    console.log(`${what} for ${args.dealer} into ${shown(result.file)} (${was}) in ${ms} ms.`);
    console.log(`  ${rows}.`);
    for (const line of summarise(result.vehicles)) console.log(`  ${line}`);
    if (result.photos) {
      const { converted, reused, refused } = result.photos;
      console.log(`  photos: ${converted} new, ${reused} already stored, ${refused} left out${refused > 0 ? ' (each is listed above)' : ''}`);
    }
    if (result.droppedHeld) console.log('  A feed held earlier for confirmation was dropped: this one is newer.');
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
