/**
 * `npm run leads:outbox`: what is still owed to dealers, and putting dead deliveries back in
 * the queue. Requeued rows are tried on the worker's next run; a row already past its
 * 72 hours gets that one try and is dead again if it fails (and can be requeued again).
 */
import { listDeliveries, requeueDead, requeueDelivery, type DeliveryListing } from '../delivery/outbox/queue';
import { CliError, knownDealer, openDatabaseForCli, parseOptions, type OpenForCli } from './cli';

export interface OutboxArgs {
  dealer?: string;
  /** List dead rows instead of pending ones. */
  dead: boolean;
  retry?: number;
  retryDead: boolean;
}

export const OUTBOX_USAGE = 'usage: npm run leads:outbox -- [--dealer <slug>] [--dead] [--retry <id> | --retry-dead]';

export function parseOutboxArgs(argv: readonly string[]): OutboxArgs {
  const { values, flags } = parseOptions(argv, { values: ['--dealer', '--retry'], flags: ['--dead', '--retry-dead'] }, OUTBOX_USAGE);
  const retry = values.get('--retry');
  if (retry !== undefined && !/^\d{1,15}$/.test(retry))
    throw new CliError(`--retry takes a delivery id (the number at the start of a listed line), not ${JSON.stringify(retry.slice(0, 40))}`);
  if (retry !== undefined && flags.has('--retry-dead')) throw new CliError(`give --retry <id> or --retry-dead, not both\n${OUTBOX_USAGE}`);
  return {
    dealer: values.get('--dealer'),
    dead: flags.has('--dead'),
    retry: retry === undefined ? undefined : Number(retry),
    retryDead: flags.has('--retry-dead'),
  };
}

export function formatDeliveries(rows: readonly DeliveryListing[], { dead }: { dead: boolean }): string[] {
  if (rows.length === 0) return [dead ? 'No dead deliveries.' : 'No pending deliveries: everything owed has been delivered.'];
  const clean = (text: string): string => text.replace(/\p{Cc}+/gu, ' ');
  const lines = rows.map((r) =>
    [
      String(r.id).padStart(6),
      r.dealer,
      r.destination.padEnd(12),
      `lead ${r.lead_id}`,
      `${r.attempts} attempt${r.attempts === 1 ? '' : 's'}`,
      dead ? `created ${r.created_at.toISOString()}` : `next ${r.next_attempt_at.toISOString()}`,
      r.last_error ? `last error: ${clean(r.last_error)}` : '',
    ]
      .filter(Boolean)
      .join('  '),
  );
  const footer = dead
    ? `${rows.length} dead. Retry one with --retry <id>, or all with --retry-dead.`
    : `${rows.length} pending; the server's outbox worker delivers them.`;
  return [...lines, footer];
}

export interface OutboxContext {
  dealersDir: string;
  env?: NodeJS.ProcessEnv;
  root?: string;
  now?: Date;
  open?: OpenForCli;
}

/** The whole command: a listing, or a requeue and what became of it. Returns the lines to print. */
export async function runOutbox(
  args: OutboxArgs,
  { dealersDir, env = process.env, root = process.cwd(), now = new Date(), open }: OutboxContext,
): Promise<string[]> {
  if (args.dealer) knownDealer(args.dealer, dealersDir);
  const cli = await (open ?? ((tool: string) => openDatabaseForCli(tool, { env, root })))('leads:outbox');
  const later = "The server's outbox worker tries it on its next round (within seconds while `npm start` runs).";
  try {
    if (args.retry !== undefined) {
      const before = await requeueDelivery(cli.database, args.retry, { dealer: args.dealer, now });
      if (before === undefined)
        throw new CliError(`there is no delivery ${args.retry}${args.dealer ? ` for ${args.dealer}` : ''}; list them with npm run leads:outbox -- --dead`);
      if (before === 'delivered') return [`Delivery ${args.retry} was delivered already; nothing to do.`];
      return [`Delivery ${args.retry} (was ${before}) is queued again. ${later}`];
    }
    if (args.retryDead) {
      const n = await requeueDead(cli.database, { dealer: args.dealer, now });
      return [n === 0 ? 'No dead deliveries to retry.' : `${n} dead deliver${n === 1 ? 'y is' : 'ies are'} queued again. ${later}`];
    }
    return formatDeliveries(await listDeliveries(cli.database, args), args);
  } finally {
    await cli.close();
  }
}
