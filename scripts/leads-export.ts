/**
 * npm run leads:export -- --dealer <slug> [--out file.csv] [--since YYYY-MM-DD]
 *   [--status Complete|Incomplete|all] [--include-quarantined]
 *
 * A dealer's leads as CSV (formula-safe) on stdout or in --out; the summary goes to stderr.
 * Complete leads only unless --status says otherwise; quarantined (spam-flagged) leads only with
 * --include-quarantined. With the embedded database, stop `npm start` first (or use
 * DATABASE_URL). The logic and its tests are in src/leads/admin/export.ts.
 */
import { defaultDealersDir, DealerConfigError } from '../src/platform/config/load';
import { CliError } from '../src/leads/admin/cli';
import { parseExportArgs, runExport } from '../src/leads/admin/export';

async function main(argv: string[]): Promise<number> {
  try {
    console.error(await runExport(parseExportArgs(argv), { dealersDir: defaultDealersDir() }));
    return 0;
  } catch (error) {
    if (!(error instanceof CliError || error instanceof DealerConfigError)) throw error;
    console.error(error instanceof CliError ? `leads:export: ${error.message}` : error.message);
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
