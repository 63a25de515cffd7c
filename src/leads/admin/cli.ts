/**
 * What the lead command-line tools (leads:export, leads:purge, leads:outbox) share: opening the
 * lead database without fighting the server for it, and reading their options.
 *
 * PGlite is one process's database. A tool first looks for a live holder of the folder (the
 * server writes its pid there) and refuses, naming it; otherwise it takes the lock itself for
 * as long as it runs, so `npm start` cannot open the folder underneath it.
 */
import { readCommandLine } from '../../platform/cli/arguments';
import { listDealerSlugs } from '../../platform/config/load';
import { acquireDatabaseLock, databaseLockHolder, DatabaseLockedError, type LockHolder } from '../../platform/db/lock';
import { openDatabase, type Database } from '../../platform/db/open';

export class CliError extends Error {
  override name = 'CliError';
}

export function lockedMessage(holder: LockHolder): string {
  return (
    `the lead database is in use by ${holder.holder} (pid ${holder.pid}, since ${holder.since}). ` +
    'The embedded database (PGlite) can be open in one process only: stop `npm start` (or that process) and run this again, ' +
    'or set DATABASE_URL so the server and these tools share a Postgres database.'
  );
}

export interface CliDatabase {
  database: Database;
  close(): Promise<void>;
}

export async function openDatabaseForCli(
  tool: string,
  { env = process.env, root = process.cwd() }: { env?: NodeJS.ProcessEnv; root?: string } = {},
): Promise<CliDatabase> {
  const holder = databaseLockHolder({ env, root });
  if (holder) throw new CliError(lockedMessage(holder));
  let lock;
  try {
    lock = acquireDatabaseLock({ env, root, holder: tool });
  } catch (error) {
    if (error instanceof DatabaseLockedError) throw new CliError(lockedMessage(error.holder));
    throw error;
  }
  try {
    const database = await openDatabase({ env, root, poolSize: 2 });
    return {
      database,
      async close() {
        try {
          await database.close();
        } finally {
          lock?.release();
        }
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}

/** `--name value` and `--name=value` options, plus bare flags (node:util parseArgs); anything else is refused. */
export function parseOptions(
  argv: readonly string[],
  spec: { values: readonly string[]; flags: readonly string[] },
  usage: string,
): { values: Map<string, string>; flags: Set<string> } {
  const options: Record<string, { type: 'string' | 'boolean' }> = {};
  for (const name of spec.values) options[name.replace(/^--/, '')] = { type: 'string' };
  for (const name of spec.flags) options[name.replace(/^--/, '')] = { type: 'boolean' };
  const { tokens } = readCommandLine(argv, options, (problem) =>
    problem.kind === 'needs-value'
      ? new CliError(`${problem.option} needs a value\n${usage}`)
      : new CliError(`unknown option ${JSON.stringify(problem.arg.slice(0, 40))}\n${usage}`),
  );
  const values = new Map<string, string>();
  const flags = new Set<string>();
  for (const token of tokens) {
    if (token.kind !== 'option') continue;
    if (token.value === undefined) flags.add(`--${token.name}`);
    else values.set(`--${token.name}`, token.value);
  }
  return { values, flags };
}

/** The dealer slug, checked against the dealer files; an unknown one lists the known ones. */
export function knownDealer(slug: string, dealersDir: string): string {
  const known = listDealerSlugs(dealersDir);
  if (!known.includes(slug)) throw new CliError(`unknown dealer ${JSON.stringify(slug.slice(0, 60))}; known dealers: ${known.join(', ') || '(none)'}`);
  return slug;
}

/** A write function for a stream that waits when the stream asks it to (large exports). */
export function streamWriter(stream: NodeJS.WritableStream): (chunk: string) => Promise<void> {
  return (chunk) =>
    new Promise<void>((resolve, reject) => {
      if (stream.write(chunk)) resolve();
      else {
        const onDrain = (): void => {
          stream.off('error', onError);
          resolve();
        };
        const onError = (error: Error): void => {
          stream.off('drain', onDrain);
          reject(error);
        };
        stream.once('drain', onDrain);
        stream.once('error', onError);
      }
    });
}

/** How a tool gets its database: the real opener, or a test's own. */
export type OpenForCli = (tool: string) => Promise<CliDatabase>;
