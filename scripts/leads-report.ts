/**
 * npm run leads:report -- --dealer <slug> [--week YYYY-Www] [--out file.csv] [--no-email]
 *
 * The dealer's weekly lead response report: leads, median and p90 time to first response and
 * escalations, by source and location. The logic and its tests are in src/leads/admin/report-tool.ts
 * and src/leads/server/response-report.ts.
 */
import { defaultDealersDir, DealerConfigError } from '../src/platform/config/load';
import { parseReportArgs, runReport } from '../src/leads/admin/report-tool';
import { CliError } from '../src/leads/admin/cli';

async function main(argv: string[]): Promise<number> {
  try {
    for (const line of await runReport(parseReportArgs(argv), { dealersDir: defaultDealersDir() })) console.log(line);
    return 0;
  } catch (error) {
    if (!(error instanceof CliError || error instanceof DealerConfigError)) throw error;
    console.error(error instanceof CliError ? `leads:report: ${error.message}` : error.message);
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
