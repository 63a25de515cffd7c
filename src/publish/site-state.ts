/**
 * Each dealer's site as operators see it in /api/health: the build being served (and when it was
 * published), whether a publish is running, and the last failure with its reason. Kept in a small
 * file per dealer beside its builds, `<distDir>/.sites/<slug>.state.json`, written by whichever
 * process publishes (the server's render worker, `npm run build`, or `npm run worker` on another
 * machine sharing the folder) and read by every API process.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { servedBuild, sitesDir } from './site-folders';

export interface SiteFailure {
  at: string;
  /** The first line of what went wrong, as the build log says it. */
  reason: string;
}

interface StoredState {
  /** When the publish now running started. */
  building?: string;
  /** When the build now served was published, and how much of it that publish rendered. */
  published?: { at: string; build: string; rendered: number; files: number };
  lastFailure?: SiteFailure;
}

export interface SiteState extends StoredState {
  slug: string;
  /** The build being served (its folder's name), or null when the dealer has no site yet. */
  serving: string | null;
  /** Its last publish failed: the site served is an older build, or none. */
  failing: boolean;
}

const stateFile = (distDir: string, slug: string): string => path.join(sitesDir(distDir), `${slug}.state.json`);

function read(distDir: string, slug: string): StoredState {
  try {
    return JSON.parse(readFileSync(stateFile(distDir, slug), 'utf8')) as StoredState;
  } catch {
    return {};
  }
}

/** Written whole under another name and renamed, so a reader never meets half a file. */
function write(distDir: string, slug: string, state: StoredState): void {
  const file = stateFile(distDir, slug);
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(temporary, JSON.stringify(state));
  renameSync(temporary, file);
}

export function markBuilding(distDir: string, slug: string, now = new Date()): void {
  write(distDir, slug, { ...read(distDir, slug), building: now.toISOString() });
}

/** A publish swapped its build in. The last failure stays on record, older than this publish. */
export function markPublished(distDir: string, slug: string, outcome: { build: string; rendered: number; pages: number }, now = new Date()): void {
  const { building: _, ...rest } = read(distDir, slug);
  write(distDir, slug, {
    ...rest,
    published: { at: now.toISOString(), build: path.basename(outcome.build), rendered: outcome.rendered, files: outcome.pages },
  });
}

export function markFailed(distDir: string, slug: string, reason: string, now = new Date()): void {
  const { building: _, ...rest } = read(distDir, slug);
  write(distDir, slug, { ...rest, lastFailure: { at: now.toISOString(), reason: reason.split('\n')[0]!.slice(0, 500) } });
}

/** The state of each dealer's site, for /api/health. */
export function siteStates(distDir: string, slugs: readonly string[]): SiteState[] {
  return slugs.map((slug) => {
    const served = servedBuild(distDir, slug);
    const state = read(distDir, slug);
    const failing = state.lastFailure !== undefined && (!state.published || state.lastFailure.at >= state.published.at);
    return { slug, serving: served ? path.basename(served) : null, failing, ...state };
  });
}
