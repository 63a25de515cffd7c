/**
 * PGlite is one process's database: a second process opening the same folder would corrupt it.
 * Whoever opens it (the server, or a command-line tool) first takes a lock file in the folder,
 * `<LEADS_DB_DIR>/.server.pid`, holding its pid; others see the holder and refuse with a
 * message naming it. A lock left by a process that no longer runs is taken over. Postgres
 * (DATABASE_URL) serves many processes, so no lock is taken there.
 */
import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const LOCK_FILE_NAME = '.server.pid';

export interface LockOptions {
  env?: NodeJS.ProcessEnv;
  /** Project root that a relative LEADS_DB_DIR is resolved from (default: the working directory). */
  root?: string;
  /** Who holds it, for the message others get: "the server", "leads:export"... */
  holder?: string;
  /** Tests pretend to be another process. */
  pid?: number;
}

export interface LockHolder {
  pid: number;
  holder: string;
  since: string;
  file: string;
}

export interface DatabaseLock {
  file: string;
  release(): void;
}

export class DatabaseLockedError extends Error {
  constructor(readonly holder: LockHolder) {
    super(
      `The lead database in ${path.dirname(holder.file)} is in use by ${holder.holder} (pid ${holder.pid}, since ${holder.since}). ` +
        'PGlite allows one process at a time: stop it first, or use Postgres (DATABASE_URL) to share the database.',
    );
    this.name = 'DatabaseLockedError';
  }
}

/** The PGlite folder openDatabase uses for this environment, and where its lock file goes. */
export function leadsDbDir(env: NodeJS.ProcessEnv = process.env, root = process.cwd()): string {
  return path.resolve(root, env.LEADS_DB_DIR?.trim() || '.data/leads-db');
}

const usesPostgres = (env: NodeJS.ProcessEnv): boolean => Boolean(env.DATABASE_URL?.trim());

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readHolder(file: string): LockHolder | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  try {
    const parsed = JSON.parse(text) as Partial<LockHolder>;
    if (typeof parsed.pid === 'number' && Number.isInteger(parsed.pid) && parsed.pid > 0) {
      return { pid: parsed.pid, holder: String(parsed.holder ?? 'another process'), since: String(parsed.since ?? 'unknown'), file };
    }
  } catch {
    // A bare pid, as other tools write it.
  }
  const pid = Number(text.trim());
  return Number.isInteger(pid) && pid > 0 ? { pid, holder: 'another process', since: 'unknown', file } : undefined;
}

/**
 * The live process holding the PGlite folder, or undefined when it is free (or the database is
 * Postgres). Command-line tools call this and refuse to open the database while the server runs.
 */
export function databaseLockHolder({ env = process.env, root, pid = process.pid }: LockOptions = {}): LockHolder | undefined {
  if (usesPostgres(env)) return undefined;
  const holder = readHolder(path.join(leadsDbDir(env, root), LOCK_FILE_NAME));
  return holder && holder.pid !== pid && isRunning(holder.pid) ? holder : undefined;
}

/**
 * Takes the PGlite folder for this process, or throws DatabaseLockedError naming the live
 * holder. Returns undefined on Postgres, where there is nothing to lock.
 */
export function acquireDatabaseLock({ env = process.env, root, holder = 'the server', pid = process.pid }: LockOptions = {}): DatabaseLock | undefined {
  if (usesPostgres(env)) return undefined;
  const dir = leadsDbDir(env, root);
  const file = path.join(dir, LOCK_FILE_NAME);
  mkdirSync(dir, { recursive: true });
  const content = `${JSON.stringify({ pid, holder, since: new Date().toISOString() })}\n`;

  // Two tries: the second after clearing a lock whose process is gone.
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, content, { flag: 'wx' });
      return {
        file,
        release: () => {
          if (readHolder(file)?.pid === pid) unlinkSync(file);
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const current = readHolder(file);
      if (current && current.pid !== pid && isRunning(current.pid)) throw new DatabaseLockedError(current);
      try {
        unlinkSync(file);
      } catch {
        // Someone else cleared it first; the next try settles who gets it.
      }
    }
  }
  const current = readHolder(file);
  throw current ? new DatabaseLockedError(current) : new Error(`Could not take the lead database lock ${file}`);
}
