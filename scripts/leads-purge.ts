/**
 * npm run leads:purge -- [--dealer <slug>] [--dry-run]
 *
 * Removes leads older than each dealer's leads.retention_days (default 730), with their outbox
 * rows, file records, valuations and the files under LEADS_FILES_DIR. --dry-run only counts.
 * With the embedded database, stop `npm start` first (or use DATABASE_URL). The logic and its
 * tests are in src/leads/admin/purge.ts.
 */
import { defaultDealersDir, DealerConfigError } from '../src/platform/config/load';
import { CliError } from '../src/leads/admin/cli';
import { parsePurgeArgs, runPurge } from '../src/leads/admin/purge';

async function main(argv: string[]): Promise<number> {
  try {
    for (const line of await runPurge(parsePurgeArgs(argv), { dealersDir: defaultDealersDir() })) console.log(line);
    return 0;
  } catch (error) {
    if (!(error instanceof CliError || error instanceof DealerConfigError)) throw error;
    console.error(error instanceof CliError ? `leads:purge: ${error.message}` : error.message);
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
