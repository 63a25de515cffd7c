/**
 * npm run spin:audit -- --dealer <slug> [--campaign <id>]
 *
 * Per prize of a spin-to-win campaign (the dealer file's current one unless --campaign names
 * another): the draws, the share observed against the share the recorded odds expected, and a
 * chi-square p-value. With the embedded database, stop `npm start` first (or use DATABASE_URL).
 * The logic and its tests are in src/spin-to-win/admin/audit.ts.
 */
import { defaultDealersDir, DealerConfigError } from '../src/platform/config/load';
import { CliError } from '../src/leads/admin/cli';
import { parseAuditArgs, runAudit } from '../src/spin-to-win/admin/audit';

async function main(argv: string[]): Promise<number> {
  try {
    console.log(await runAudit(parseAuditArgs(argv), { dealersDir: defaultDealersDir() }));
    return 0;
  } catch (error) {
    if (!(error instanceof CliError || error instanceof DealerConfigError)) throw error;
    console.error(error instanceof CliError ? `spin:audit: ${error.message}` : error.message);
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
