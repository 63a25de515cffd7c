/**
 * npm run leads:outbox -- [--dealer <slug>] [--dead] [--retry <id> | --retry-dead]
 *
 * Lists deliveries still owed to dealers (pending, or with --dead those that failed for 72
 * hours) with their attempts and last error, or queues dead ones again. The running server's
 * outbox worker does the delivering. With the embedded database, stop `npm start` first (or use
 * DATABASE_URL). The logic and its tests are in src/leads/admin/outbox-tool.ts.
 */
import { defaultDealersDir, DealerConfigError } from '../src/platform/config/load';
import { parseOutboxArgs, runOutbox } from '../src/leads/admin/outbox-tool';
import { CliError } from '../src/leads/admin/cli';

async function main(argv: string[]): Promise<number> {
  try {
    for (const line of await runOutbox(parseOutboxArgs(argv), { dealersDir: defaultDealersDir() })) console.log(line);
    return 0;
  } catch (error) {
    if (!(error instanceof CliError || error instanceof DealerConfigError)) throw error;
    console.error(error instanceof CliError ? `leads:outbox: ${error.message}` : error.message);
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
