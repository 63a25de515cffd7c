/**
 * `npm run alerts:run -- [--dealer <slug>[,<slug>...]]`: the alert job for one dealer, several,
 * or every dealer file, as `npm run stock:import` runs it after an import. Prints one summary
 * line per dealer. A dealer whose run fails is reported and the others still run.
 *
 * With the embedded database (PGlite) the server must be stopped first, as for the lead tools;
 * with Postgres (DATABASE_URL) the job runs alongside it.
 */
import { readCommandLine, commaLists } from '../../platform/cli/arguments';
import { listDealerSlugs, loadDealer } from '../../platform/config/load';
import { CliError, knownDealer, openDatabaseForCli, type OpenForCli } from '../../leads/admin/cli';
import { formatAlertSummary, runAlerts, type AlertRunOptions } from '../server/alerts';

export const ALERTS_USAGE = 'usage: npm run alerts:run -- [--dealer <slug>[,<slug>...]]';

export interface AlertsArgs {
  /** undefined: every dealer file. */
  dealers?: string[];
}

export function parseAlertsArgs(argv: readonly string[]): AlertsArgs {
  const { tokens } = readCommandLine(argv, { dealer: { type: 'string', multiple: true } }, (problem) =>
    problem.kind === 'needs-value'
      ? new CliError(`${problem.option} needs a dealer slug\n${ALERTS_USAGE}`)
      : new CliError(`unknown option ${JSON.stringify(problem.arg.slice(0, 40))}\n${ALERTS_USAGE}`),
  );
  const dealers = commaLists(tokens, ['dealer']).flatMap((list) => list.items);
  return dealers.length > 0 ? { dealers: [...new Set(dealers)] } : {};
}

export interface AlertsContext {
  dealersDir: string;
  env?: NodeJS.ProcessEnv;
  root?: string;
  now?: Date;
  open?: OpenForCli;
  /** Where lines go as they happen (a failed email, a dealer's summary). */
  log?: (line: string) => void;
  /** Tests' own mail sender. */
  send?: AlertRunOptions['send'];
}

/** Runs the job for the dealers asked for; resolves to whether every dealer's run completed. */
export async function runAlertsCommand(args: AlertsArgs, context: AlertsContext): Promise<boolean> {
  const { dealersDir, env = process.env, root = process.cwd(), log = console.log } = context;
  const slugs = args.dealers ? args.dealers.map((slug) => knownDealer(slug, dealersDir)) : listDealerSlugs(dealersDir);
  if (slugs.length === 0) throw new CliError(`no dealer files in ${dealersDir}`);
  const cli = await (context.open ?? ((tool: string) => openDatabaseForCli(tool, { env, root })))('alerts:run');
  let ok = true;
  try {
    for (const slug of slugs) {
      try {
        const summary = await runAlerts({
          database: cli.database,
          site: loadDealer(slug, dealersDir),
          env,
          root,
          log: (line) => log(line),
          ...(context.now ? { now: context.now } : {}),
          ...(context.send ? { send: context.send } : {}),
        });
        log(formatAlertSummary(summary));
      } catch (error) {
        ok = false;
        log(`alerts ${slug}: the run stopped and will start over next time: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  } finally {
    await cli.close();
  }
  return ok;
}
