/**
 * The compact postcode tables the offline geocoder looks up, derived from the dataset packages
 * into POSTCODE_TABLES_DIR (default .data/postcode-tables, never committed: the data stays in
 * its packages, docs/decisions/distance.md).
 *
 * Parsing a package blocks for hundreds of milliseconds (AU is one 25 MB JSON file); on the API's
 * thread that would stall every dealer's requests. So a child process parses it (derive-postcode-table.ts),
 * writes the table, and the API reads the table: about a millisecond, asynchronously.
 * - At start the API warms the tables of the countries it serves: derived one at a time, at the
 *   lowest CPU priority, so a site building alongside is not slowed; on later starts the file is
 *   there and only read.
 * - A lookup arriving before its table is there waits for it without blocking: a low-priority
 *   derivation could starve behind a build, so it is stopped and the table derived at normal
 *   priority.
 * - A table is named by its package's version (datasetKey), so an upgraded package is derived again.
 */
import { spawn } from 'node:child_process';
import { readdirSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { constants, setPriority } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Region } from '../platform/config/regions';
import { DATASETS, datasetKey, type Dataset, type PostcodeTable } from './postcode-datasets';
import { decodeTable, tableFileName } from './postcode-table-file';

/** POSTCODE_TABLES_DIR (default .data/postcode-tables), resolved from the project root. */
export function postcodeTablesDir(env: NodeJS.ProcessEnv = process.env, root = process.cwd()): string {
  return path.resolve(root, env.POSTCODE_TABLES_DIR?.trim() || '.data/postcode-tables');
}

export interface DeriveOptions {
  /** Background work: the child runs at the lowest CPU priority. */
  lowPriority: boolean;
  /** Aborting kills the child. */
  signal: AbortSignal;
}

/** Writes `country`'s table into `dir`; resolves once it is there. */
export type Derive = (country: Region, dir: string, options: DeriveOptions) => Promise<void>;

const require = createRequire(import.meta.url);
const SCRIPT = fileURLToPath(new URL('./derive-postcode-table.ts', import.meta.url));

/** Runs derive-postcode-table.ts in a child process (TypeScript through tsx, which `npm start` runs on too). */
export const deriveInChild: Derive = (country, dir, { lowPriority, signal }) =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', pathToFileURL(require.resolve('tsx')).href, SCRIPT, country, dir], {
      stdio: ['ignore', 'ignore', 'pipe'],
      signal,
    });
    if (lowPriority && child.pid !== undefined) {
      try {
        setPriority(child.pid, constants.priority.PRIORITY_LOW);
      } catch {
        // Not allowed here: it still runs off the API's thread, at normal priority.
      }
    }
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-2000)));
    child.once('error', reject);
    child.once('close', (code, by) => {
      if (code === 0) return resolve();
      // A child stopped mid-write leaves its partial file, named by its pid.
      const pid = child.pid;
      if (pid !== undefined) for (const name of safeList(dir)) if (name.endsWith(`.${pid}.tmp`)) rmSync(path.join(dir, name), { force: true });
      reject(new Error(`deriving the ${country} postcode table failed (${by ?? `exit ${code}`}): ${errors.trim().split('\n').slice(-3).join(' ')}`));
    });
  });

const safeList = (dir: string): string[] => {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
};

export interface PostcodeTables {
  /** The country's table, read from its file, or derived first (off this thread) and then read; rejects when that fails. */
  table(country: Region): Promise<PostcodeTable>;
  /** Starts deriving, in the background, the tables of `countries` not yet on disk; returns at once. */
  warm(countries: readonly Region[], log?: (line: string) => void): void;
  /** Stops derivations under way (the server is closing). */
  stop(): void;
}

export interface PostcodeTablesOptions {
  dir: string;
  datasets?: Partial<Record<Region, Dataset>>;
  derive?: Derive;
}

export function createPostcodeTables({ dir, datasets = DATASETS, derive = deriveInChild }: PostcodeTablesOptions): PostcodeTables {
  const tables = new Map<Region, Promise<PostcodeTable>>();
  /** Low-priority derivations queued or under way, by country. */
  const background = new Map<Region, AbortController>();
  const running = new Set<AbortController>();
  let queue: Promise<void> = Promise.resolve();
  const keys = new Map<Region, string>();

  const datasetOf = (country: Region): Dataset => {
    const dataset = datasets[country];
    if (!dataset) throw new Error(`no offline postcode dataset for ${country}`);
    return dataset;
  };

  async function read(country: Region): Promise<PostcodeTable | undefined> {
    const dataset = datasetOf(country);
    let key = keys.get(country);
    if (key === undefined) keys.set(country, (key = datasetKey(dataset)));
    let file: Buffer;
    try {
      file = await readFile(path.join(dir, tableFileName(country, key)));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
    return decodeTable(file, key);
  }

  async function run(country: Region, lowPriority: boolean, controller = new AbortController()): Promise<void> {
    running.add(controller);
    try {
      await derive(country, dir, { lowPriority, signal: controller.signal });
    } finally {
      running.delete(controller);
    }
  }

  async function load(country: Region): Promise<PostcodeTable> {
    const found = await read(country);
    if (found) return found;
    // A shopper is waiting: a low-priority derivation could crawl behind a build, so derive now.
    background.get(country)?.abort();
    await run(country, false);
    const derived = await read(country);
    if (!derived) throw new Error(`the ${country} postcode table was derived but does not read back`);
    return derived;
  }

  function table(country: Region): Promise<PostcodeTable> {
    let loading = tables.get(country);
    if (!loading) {
      loading = load(country);
      tables.set(country, loading);
      // The next lookup tries again rather than repeating a failure for the life of the process.
      loading.catch(() => tables.delete(country));
    }
    return loading;
  }

  function warm(countries: readonly Region[], log: (line: string) => void = console.error): void {
    for (const country of new Set(countries)) {
      if (!datasets[country] || tables.has(country) || background.has(country)) continue;
      const controller = new AbortController();
      background.set(country, controller);
      // One at a time: background work takes one core at most.
      queue = queue
        .then(async () => {
          if (controller.signal.aborted || tables.has(country)) return;
          const found = await read(country);
          // A lookup that came meanwhile derives it itself, at normal priority.
          if (!found && !tables.has(country)) await run(country, true, controller);
          if (!controller.signal.aborted && !tables.has(country)) void table(country).catch(() => undefined);
        })
        .catch((error: unknown) => {
          if (!controller.signal.aborted)
            log(`geocoding: could not prepare the ${country} postcode table: ${error instanceof Error ? error.message : String(error)}`);
        })
        .finally(() => {
          if (background.get(country) === controller) background.delete(country);
        });
    }
  }

  function stop(): void {
    for (const controller of [...background.values(), ...running]) controller.abort();
  }

  return { table, warm, stop };
}

const shared = new Map<string, PostcodeTables>();

/** One set of tables per folder in this process: the server's warm-up and every app's geocoder share it. */
export function postcodeTables(dir: string): PostcodeTables {
  let tables = shared.get(dir);
  if (!tables) shared.set(dir, (tables = createPostcodeTables({ dir })));
  return tables;
}
