/**
 * Where a dealer's builds live and how a new one replaces the one being served.
 *
 * `<distDir>/<slug>` is a symbolic link to the build being served, one of the folders under
 * `<distDir>/.sites/<slug>/`. A build is written in a folder of its own beside the served one
 * and swapped in by replacing the link with one rename, which is atomic: a request meets the
 * old build or the new one, never a missing or half-written site. A killed or failed build
 * leaves its folder unlinked and the served build untouched; the next build removes it. The next
 * build may be the one served before the served one, renamed and brought up to date
 * (`takePreviousBuild`): never the served build itself.
 *
 * The link keeps `<distDir>/<slug>/` readable as the site's folder for everything that reads it
 * (the server, deploys, tests), and a CDN deploy follows it.
 */
import { copyFileSync, existsSync, linkSync, lstatSync, mkdirSync, readdirSync, realpathSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';

/** Every build of every dealer: `<distDir>/.sites/<slug>/<build id>/`. */
export const sitesDir = (distDir: string): string => path.join(distDir, '.sites');

/** The link shoppers' requests go through. */
export const siteLink = (distDir: string, slug: string): string => path.join(distDir, slug);

/** A build id that sorts by time: `20261128T114500123Z-1a2b3c`. */
function buildId(now = new Date()): string {
  return `${now.toISOString().replace(/[-:.]/g, '')}-${randomBytes(3).toString('hex')}`;
}

/** A new, empty folder for a dealer's next build, beside the one being served. */
export function newBuildFolder(distDir: string, slug: string, now = new Date()): string {
  const folder = path.join(sitesDir(distDir), slug, buildId(now));
  mkdirSync(folder, { recursive: true });
  return folder;
}

/**
 * The build served before the one being served, renamed as the dealer's next build so a publish
 * can bring it up to date in place of writing a whole new tree: after a small stock change it
 * differs from the next build in a few files. Undefined when there is no such build. Requests
 * still reading it keep the files they opened; replacing its files is what removing it after the
 * next swap would have done to them anyway.
 */
export function takePreviousBuild(distDir: string, slug: string, now = new Date()): { was: string; folder: string } | undefined {
  const served = servedBuild(distDir, slug);
  if (!served) return undefined;
  const folder = path.join(sitesDir(distDir), slug);
  const previous = buildBefore(folder, path.basename(served));
  if (!previous) return undefined;
  const taken = path.join(folder, buildId(now));
  renameSync(path.join(folder, previous), taken);
  return { was: path.join(folder, previous), folder: taken };
}

/** The folder of the build being served, or undefined when the dealer has no site yet. */
export function servedBuild(distDir: string, slug: string): string | undefined {
  const link = siteLink(distDir, slug);
  try {
    return realpathSync(link);
  } catch {
    return undefined;
  }
}

/**
 * Serves `folder` as the dealer's site from now on. The old link is replaced by renaming a new
 * one over it. A site folder left by an earlier version of the platform (a plain folder, not a
 * link) is moved aside once first: the one moment such a dealer has no site, a few microseconds.
 * Builds older than the one just replaced are removed; the one replaced stays, for requests that
 * started on it.
 */
export function swapInBuild(distDir: string, slug: string, folder: string): void {
  if (!existsSync(path.join(folder, 'index.html'))) throw new Error(`${folder} holds no built site (no index.html)`);
  const link = siteLink(distDir, slug);
  const target = path.relative(distDir, folder);
  const temporary = path.join(distDir, `.${slug}.link-${randomBytes(4).toString('hex')}`);
  symlinkSync(target, temporary, 'dir');
  const existing = lstatOrUndefined(link);
  if (existing && !existing.isSymbolicLink()) renameSync(link, path.join(sitesDir(distDir), slug, `${buildId()}-before-links`));
  renameSync(temporary, link);
  pruneBuilds(distDir, slug);
}

function lstatOrUndefined(file: string): ReturnType<typeof lstatSync> | undefined {
  try {
    return lstatSync(file);
  } catch {
    return undefined;
  }
}

/**
 * Keeps the served build and the newest one before it (requests that started on it may still be
 * reading); removes the rest: older builds, and builds newer than the served one, which a killed
 * or failed publish left behind. Publishing one dealer never runs twice at once, so no other
 * build of this dealer is being written meanwhile.
 */
export function pruneBuilds(distDir: string, slug: string): void {
  const folder = path.join(sitesDir(distDir), slug);
  const served = servedBuild(distDir, slug);
  if (!existsSync(folder) || !served) return;
  const servedName = path.basename(served);
  const previous = buildBefore(folder, servedName);
  for (const name of readdirSync(folder)) {
    // A build's record (`<build id>.record.json`) goes with its build.
    const build = name.split('.')[0];
    if (build === servedName || build === previous) continue;
    rmSync(path.join(folder, name), { recursive: true, force: true });
  }
}

/** The newest build in a dealer's builds folder older than `build` (ids sort by time). */
function buildBefore(folder: string, build: string): string | undefined {
  return readdirSync(folder)
    .filter((name) => !name.includes('.') && name < build)
    .sort()
    .at(-1);
}

/**
 * Copies the tree at `from` into `to` as hard links, so an incremental build starts from the served
 * build without copying its bytes. A file that changes must then be replaced (written to a new
 * name and renamed, or removed first), never written in place, or the served build would change
 * with it. Falls back to copies across file systems.
 */
export function linkTree(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) linkTree(source, target);
    else if (entry.isFile()) {
      try {
        linkSync(source, target);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
        copyFileSync(source, target);
      }
    }
  }
}
