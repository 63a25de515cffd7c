/**
 * npm run alerts:run -- [--dealer <slug>[,<slug>...]]
 *
 * Emails shoppers what changed in a dealer's stock since the last run (price drops and sold cars
 * they saved, new cars matching searches they saved), then records the stock for the next run.
 * `npm run stock:import` runs it after each import; run it by hand for every dealer, or after an
 * import it could not run after. The logic and its tests are in src/accounts/server/alerts.ts
 * and src/accounts/admin/alerts-run.ts.
 */
import { defaultDealersDir, DealerConfigError } from '../src/platform/config/load';
import { CliError } from '../src/leads/admin/cli';
import { parseAlertsArgs, runAlertsCommand } from '../src/accounts/admin/alerts-run';

async function main(argv: string[]): Promise<number> {
  try {
    return (await runAlertsCommand(parseAlertsArgs(argv), { dealersDir: defaultDealersDir() })) ? 0 : 1;
  } catch (error) {
    if (!(error instanceof CliError || error instanceof DealerConfigError)) throw error;
    console.error(error instanceof CliError ? `alerts:run: ${error.message}` : error.message);
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
