/**
 * Runs per-dealer Astro builds. Each dealer is a separate `astro build` child process because the
 * dealer is chosen when astro.config.mjs is evaluated (DEALER=<slug>), and a child per dealer means
 * one dealer's crash or broken config cannot take the others down.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { DealerConfigError, dealerFile, readDealerFile } from '../platform/config/load';
import type { DealerConfig } from '../platform/config/schema';
import { BUILD_SEARCH_KEY } from '../platform/config/search-endpoint';
import { FEED_REPORT_PATH, formatFeedReport, type FeedReport } from '../feeds/model/feeds';
import { buildSearchToken } from '../search/server/tenant-token';
import { mapLimit, type DealerResult } from './plan';
import { dealerInputHash, projectPaths, removeStamp, sharedInputsHash, writeStamp, type ProjectPaths } from './stamps';

export interface BuildOptions extends Partial<ProjectPaths> {
  /** Builds in flight at once; defaults to os.availableParallelism(). */
  concurrency?: number;
  /** Print every dealer's captured output, not only failures'. */
  verbose?: boolean;
  /** Where progress lines go; defaults to console.log. */
  log?: (text: string) => void;
  /** Aborting kills running builds and fails the dealers not yet started. */
  signal?: AbortSignal;
  /**
   * The command that builds one dealer; defaults to Astro. Tests pass a stand-in so the runner's
   * bookkeeping (validation, stamps, failures, summary) is exercised without a real build.
   */
  command?: (slug: string, paths: ProjectPaths) => { cmd: string; args: string[] };
  /**
   * Checks a dealer file before its build, throwing DealerConfigError when invalid; defaults to
   * readDealerFile. Tests replace it so their fixtures need not track the whole dealer schema.
   */
  validate?: (file: string) => DealerConfig | void;
  /** Told as each dealer's build ends (npm start serves a site as soon as its own build is done). */
  onBuilt?: (result: DealerResult) => void;
  /**
   * Leaves out the car pages, which the car shell then serves (it serves any car without its own
   * page): on two cores the site is built in about two thirds of the time. No stamp is written,
   * so the dealer still needs its full build. npm start uses this for a newcomer's first site.
   */
  firstLook?: boolean;
}

/** What a first-look build tells the site's build (read by firstLookBuild, src/stock/server/site-stock.ts). */
export const FIRST_LOOK_ENV = { SITE_BUILD: 'first-look' } as const;

const astroCommand = (_slug: string, paths: ProjectPaths): { cmd: string; args: string[] } => ({
  // The JS entry under node rather than node_modules/.bin/astro: no shell, same on every OS.
  cmd: process.execPath,
  args: [path.join(paths.root, 'node_modules', 'astro', 'astro.js'), 'build'],
});

// A runaway build could print megabytes; the end of the log is where the error is.
const MAX_CAPTURE = 2 * 1024 * 1024;

function countHtml(dir: string): number {
  if (!existsSync(dir)) return 0;
  let count = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) count += countHtml(path.join(dir, entry.name));
    else if (entry.name.endsWith('.html')) count += 1;
  }
  return count;
}

/** What the inventory feeds took and left out, from the report the build wrote beside them; nothing when there is none. */
function feedReportLines(outDir: string): string[] {
  const file = path.join(outDir, FEED_REPORT_PATH);
  if (!existsSync(file)) return [];
  try {
    return formatFeedReport(JSON.parse(readFileSync(file, 'utf8')) as FeedReport);
  } catch (error) {
    return [`  feeds report unreadable: ${error instanceof Error ? error.message : String(error)}`];
  }
}

interface ChildOutcome {
  code: number | null;
  signal: NodeJS.Signals | null;
  output: string;
  spawnError?: Error;
}

function runChild(cmd: string, args: string[], cwd: string, env: NodeJS.ProcessEnv, signal?: AbortSignal): Promise<ChildOutcome> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const keep = (chunk: Buffer): void => {
      chunks.push(chunk);
      size += chunk.length;
      while (size > MAX_CAPTURE && chunks.length > 1) size -= chunks.shift()?.length ?? 0;
    };
    // stdout and stderr share one buffer so the captured log keeps Astro's own ordering.
    const child = spawn(cmd, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], signal });
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    let spawnError: Error | undefined;
    child.on('error', (error) => {
      spawnError = error;
    });
    child.on('close', (code, sig) => resolve({ code, signal: sig, output: Buffer.concat(chunks).toString('utf8'), spawnError }));
  });
}

const indent = (text: string): string =>
  text
    .trimEnd()
    .split('\n')
    .map((line) => `    ${line}`)
    .join('\n');

/**
 * Builds `slugs` into `<distDir>/<slug>/`, at most `concurrency` at a time. Never throws for a
 * failing dealer: each gets a result, so callers decide what a failure means (build exits 1, start
 * serves the rest). A successful build writes the dealer's stamp; a failed one removes it.
 */
export async function buildDealers(slugs: readonly string[], opts: BuildOptions = {}): Promise<DealerResult[]> {
  const paths = projectPaths(opts);
  const log = opts.log ?? ((text: string) => console.log(text));
  const command = opts.command ?? astroCommand;
  const validate = opts.validate ?? readDealerFile;
  let concurrency = Math.max(1, opts.concurrency ?? os.availableParallelism());
  if (!opts.command && !paths.distDir.startsWith(paths.root + path.sep) && concurrency > 1) {
    // With outDir outside the project, Astro stages its server build in <root>/.astro/ instead of
    // the dealer's own outDir (getOutDirWithinCwd), so parallel builds would clobber each other.
    log(`note: ${paths.distDir} is outside ${paths.root}; building one dealer at a time`);
    concurrency = 1;
  }
  // Hashed before any build starts: an edit made while building then leaves the stamp stale
  // instead of being recorded as built.
  const shared = slugs.length > 0 ? sharedInputsHash(paths.root) : '';

  const buildOne = async (slug: string): Promise<DealerResult> => {
    const started = performance.now();
    const seconds = (): number => (performance.now() - started) / 1000;
    const fail = (error: string, output: string): DealerResult => {
      log(`✗ ${slug} FAILED after ${seconds().toFixed(1)}s: ${error}`);
      if (output.trim()) log(indent(output));
      return { slug, ok: false, seconds: seconds(), error, output };
    };

    // Until this build succeeds the old output no longer matches its inputs.
    removeStamp(slug, paths.distDir);
    if (opts.signal?.aborted) return fail('cancelled', '');

    let inputHash: string;
    let searchToken: string | undefined;
    try {
      const config = validate(dealerFile(slug, paths.dealersDir));
      inputHash = dealerInputHash(slug, paths, shared);
      searchToken = config ? buildSearchToken(config, Math.floor(Date.now() / 1000)) : undefined;
    } catch (error) {
      // Validation runs before Astro so a bad file costs milliseconds and reads the same as in check:dealers.
      if (error instanceof DealerConfigError) return fail('invalid dealer file', error.message);
      return fail('cannot read dealer file', error instanceof Error ? error.message : String(error));
    }

    log(`… ${slug} building`);
    const { cmd, args } = command(slug, paths);
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DEALER: slug,
      DEALERS_DIR: paths.dealersDir,
      DIST_DIR: paths.distDir,
      STOCK_DIR: paths.stockDir,
      // A build started from the test runner inherits NODE_ENV=test and would ship React's
      // development bundle; every build here is a production build.
      NODE_ENV: 'production',
      ASTRO_TELEMETRY_DISABLED: '1',
      ...(opts.firstLook ? FIRST_LOOK_ENV : {}),
    };
    if (!opts.firstLook) delete env.SITE_BUILD;
    // The tenant token the pages carry instead of the dealer's search key (src/platform/config/current.ts); never one meant for another dealer.
    delete env[BUILD_SEARCH_KEY];
    if (searchToken) env[BUILD_SEARCH_KEY] = searchToken;
    // Output is captured, not a terminal, so keep colours only when it will be shown on one.
    if (process.stdout.isTTY && env.FORCE_COLOR === undefined && env.NO_COLOR === undefined) env.FORCE_COLOR = '1';
    const child = await runChild(cmd, args, paths.root, env, opts.signal);

    if (child.spawnError) {
      const cancelled = child.spawnError.name === 'AbortError';
      return fail(cancelled ? 'cancelled' : `could not start: ${child.spawnError.message}`, child.output);
    }
    if (child.code !== 0) return fail(child.signal ? `killed by ${child.signal}` : `exited with code ${child.code}`, child.output);
    const outDir = path.join(paths.distDir, slug);
    if (!existsSync(path.join(outDir, 'index.html'))) return fail(`finished but ${slug}/index.html was not written`, child.output);

    const pages = countHtml(outDir);
    if (!opts.firstLook) writeStamp({ slug, inputHash, builtAt: new Date().toISOString(), pages }, paths.distDir);
    const note = opts.firstLook ? '; its car pages and all but one search page come from the shells until its full build' : '';
    log(`✓ ${slug} built in ${seconds().toFixed(1)}s (${pages} page${pages === 1 ? '' : 's'}${note})`);
    for (const line of feedReportLines(outDir)) log(line);
    if (opts.verbose && child.output.trim()) log(indent(child.output));
    return { slug, ok: true, seconds: seconds(), pages, output: child.output };
  };

  return mapLimit(slugs, concurrency, async (slug) => {
    const result = await buildOne(slug);
    opts.onBuilt?.(result);
    return result;
  });
}
