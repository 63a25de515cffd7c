/**
 * The site bundle: the site's code built once per code version by Astro (astro.config.mjs, an
 * Astro server build whose entry exports the renderer; src/publish/adapter.ts) and shared by every
 * dealer. `dist/.bundle/<version>/` holds `server/` (what renders pages) and `client/` (the
 * browser's scripts and styles under `_astro/`, and the public files), where the version is the
 * hash of every file a site's build reads (src/build/site-inputs.ts). A dealer's build is then its
 * pages' work only.
 *
 * A bundle is built in a folder of its own and renamed into place, so a build killed halfway
 * leaves nothing that looks finished, and two builders of one version cannot mix their files.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sharedInputsHash } from '../build/stamps';

export interface SiteBundle {
  version: string;
  dir: string;
  /** The module whose `renderer` export renders pages. */
  entry: string;
  /** Shared by every dealer's build: `_astro/` and the public files. */
  clientDir: string;
}

/**
 * Bundles live in the project's own dist/, whatever folder the sites are written to: the demo
 * sites and the test fixtures' sites are rendered from the same bundle.
 */
export const bundlesDir = (root: string): string => path.join(root, 'dist', '.bundle');

export function siteBundle(root: string, version: string): SiteBundle {
  const dir = path.join(bundlesDir(root), version.slice(0, 16));
  return { version, dir, entry: path.join(dir, 'server', 'entry.mjs'), clientDir: path.join(dir, 'client') };
}

export class BundleError extends Error {
  constructor(
    message: string,
    readonly output: string,
  ) {
    super(message);
    this.name = 'BundleError';
  }
}

export interface EnsureBundleOptions {
  root: string;
  /** The code version; by default the hash of the site inputs now. */
  version?: string;
  log?: (line: string) => void;
  signal?: AbortSignal;
}

// A runaway build could print megabytes; the end of the log is where the error is.
const MAX_CAPTURE = 2 * 1024 * 1024;

/** How long a bundle build may hold the lock before another builder takes it over as abandoned. */
const LOCK_STALE_MS = 15 * 60_000;

/**
 * The bundle for the code as it is now: the one on disk, or a new one built by Astro. One builder
 * at a time builds a version (a lock folder beside it); another that wants the same version
 * waits for it rather than building it twice, as npm test's two site builds would.
 */
export async function ensureBundle(options: EnsureBundleOptions): Promise<SiteBundle & { built: boolean; seconds: number }> {
  const started = performance.now();
  const version = options.version ?? sharedInputsHash(options.root);
  const bundle = siteBundle(options.root, version);
  mkdirSync(bundlesDir(options.root), { recursive: true });
  const lock = `${bundle.dir}.lock`;
  for (;;) {
    if (existsSync(bundle.entry)) return { ...bundle, built: false, seconds: (performance.now() - started) / 1000 };
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (Date.now() - statTime(lock) > LOCK_STALE_MS) rmSync(lock, { recursive: true, force: true });
      if (options.signal?.aborted) throw new BundleError('the site bundle build was stopped', '');
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  try {
    if (existsSync(bundle.entry)) return { ...bundle, built: false, seconds: (performance.now() - started) / 1000 };
    options.log?.(`… bundling the site code once for every dealer (version ${version.slice(0, 12)})`);
    const staging = `${bundle.dir}.building-${randomBytes(4).toString('hex')}`;
    const output = await runAstroBuild(options.root, staging, options.signal);
    if (output.code !== 0 || !existsSync(path.join(staging, 'server', 'entry.mjs'))) {
      rmSync(staging, { recursive: true, force: true });
      throw new BundleError(
        output.signal ? `the site bundle build was stopped (${output.signal})` : `the site bundle build failed (exit code ${output.code})`,
        output.text,
      );
    }
    rmSync(bundle.dir, { recursive: true, force: true });
    renameSync(staging, bundle.dir);
    pruneBundles(options.root, path.basename(bundle.dir));
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
  const seconds = (performance.now() - started) / 1000;
  options.log?.(`✓ site code bundled in ${seconds.toFixed(1)}s`);
  return { ...bundle, built: true, seconds };
}

/** Keeps the newest few bundles (a server still rendering with the previous code) and removes the rest. */
function pruneBundles(root: string, keep: string, count = 3): void {
  const dir = bundlesDir(root);
  const others = readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== keep && !/\.(building-|lock)/.test(entry.name))
    .map((entry) => ({ name: entry.name, time: statTime(path.join(dir, entry.name)) }))
    .sort((a, b) => b.time - a.time);
  for (const old of others.slice(count - 1)) rmSync(path.join(dir, old.name), { recursive: true, force: true });
}

function statTime(dir: string): number {
  try {
    return statSync(dir).mtimeMs;
  } catch {
    return 0;
  }
}

function runAstroBuild(root: string, outDir: string, signal?: AbortSignal): Promise<{ code: number | null; signal: NodeJS.Signals | null; text: string }> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const keep = (chunk: Buffer): void => {
      chunks.push(chunk);
      size += chunk.length;
      while (size > MAX_CAPTURE && chunks.length > 1) size -= chunks.shift()?.length ?? 0;
    };
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      SITE_BUNDLE_DIR: outDir,
      // A build started from the test runner inherits NODE_ENV=test and would ship React's
      // development bundle; every bundle is a production bundle.
      NODE_ENV: 'production',
      ASTRO_TELEMETRY_DISABLED: '1',
    };
    delete env.DEALER;
    const child = spawn(process.execPath, [path.join(root, 'node_modules', 'astro', 'astro.js'), 'build'], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      signal,
    });
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('error', (error) => keep(Buffer.from(`\n${error.message}\n`)));
    child.on('close', (code, sig) => resolve({ code, signal: sig, text: Buffer.concat(chunks).toString('utf8') }));
  });
}
