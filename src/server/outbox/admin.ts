/**
 * `npm run leads:outbox`: what is still owed to dealers, and putting dead deliveries back in
 * the queue. Requeued rows are tried on the worker's next run; a row already past its
 * 72 hours gets that one try and is dead again if it fails (and can be requeued again).
 */
import { and, asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Database } from '../db/open';
import { outbox } from '../db/schema';
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
  if (retry !== undefined && !/^\d{1,15}$/.test(retry)) throw new CliError(`--retry takes a delivery id (the number at the start of a listed line), not ${JSON.stringify(retry.slice(0, 40))}`);
  if (retry !== undefined && flags.has('--retry-dead')) throw new CliError(`give --retry <id> or --retry-dead, not both\n${OUTBOX_USAGE}`);
  return { dealer: values.get('--dealer'), dead: flags.has('--dead'), retry: retry === undefined ? undefined : Number(retry), retryDead: flags.has('--retry-dead') };
}

export interface DeliveryListing {
  id: number;
  lead_id: string;
  dealer: string;
  destination: string;
  status: string;
  attempts: number;
  last_error: string | null;
  created_at: Date;
  next_attempt_at: Date;
}

export async function listDeliveries(database: Pick<Database, 'db'>, { dealer, dead }: { dealer?: string; dead: boolean }): Promise<DeliveryListing[]> {
  const where: SQL[] = [eq(outbox.status, dead ? 'dead' : 'pending')];
  if (dealer) where.push(eq(outbox.dealer, dealer));
  return database.db
    .select({
      id: outbox.id,
      lead_id: outbox.lead_id,
      dealer: outbox.dealer,
      destination: outbox.destination,
      status: outbox.status,
      attempts: outbox.attempts,
      last_error: outbox.last_error,
      created_at: outbox.created_at,
      next_attempt_at: outbox.next_attempt_at,
    })
    .from(outbox)
    .where(and(...where))
    .orderBy(dead ? desc(outbox.created_at) : asc(outbox.next_attempt_at), asc(outbox.id));
}

/**
 * Puts one row (pending or dead) back to be tried now. Delivered rows are left alone: sending a
 * lead twice on purpose is not what a retry is for. Returns the row's status before, or
 * undefined when there is no such row (for that dealer).
 */
export async function requeueDelivery(database: Pick<Database, 'db'>, id: number, { dealer, now = new Date() }: { dealer?: string; now?: Date } = {}): Promise<string | undefined> {
  const where = dealer ? and(eq(outbox.id, id), eq(outbox.dealer, dealer)) : eq(outbox.id, id);
  const [row] = await database.db.select({ status: outbox.status }).from(outbox).where(where);
  if (!row) return undefined;
  if (row.status !== 'delivered') {
    await database.db.update(outbox).set({ status: 'pending', next_attempt_at: now }).where(and(where, inArray(outbox.status, ['pending', 'dead'])));
  }
  return row.status;
}

/** Every dead row (of one dealer, or all) back to pending; returns how many. */
export async function requeueDead(database: Pick<Database, 'db'>, { dealer, now = new Date() }: { dealer?: string; now?: Date } = {}): Promise<number> {
  const where = dealer ? and(eq(outbox.status, 'dead'), eq(outbox.dealer, dealer)) : eq(outbox.status, 'dead');
  const rows = await database.db.update(outbox).set({ status: 'pending', next_attempt_at: now }).where(where).returning({ id: outbox.id });
  return rows.length;
}

/** The listing as aligned text lines for the terminal. */
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
  const footer = dead ? `${rows.length} dead. Retry one with --retry <id>, or all with --retry-dead.` : `${rows.length} pending; the server's outbox worker delivers them.`;
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
export async function runOutbox(args: OutboxArgs, { dealersDir, env = process.env, root = process.cwd(), now = new Date(), open }: OutboxContext): Promise<string[]> {
  if (args.dealer) knownDealer(args.dealer, dealersDir);
  const cli = await (open ?? ((tool: string) => openDatabaseForCli(tool, { env, root })))('leads:outbox');
  const later = 'The server\'s outbox worker tries it on its next round (within seconds while `npm start` runs).';
  try {
    if (args.retry !== undefined) {
      const before = await requeueDelivery(cli.database, args.retry, { dealer: args.dealer, now });
      if (before === undefined) throw new CliError(`there is no delivery ${args.retry}${args.dealer ? ` for ${args.dealer}` : ''}; list them with npm run leads:outbox -- --dead`);
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
