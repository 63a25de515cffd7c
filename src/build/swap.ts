/**
 * Puts a dealer's site built beside the one being served in its place. npm start serves a
 * newcomer's first site from a first-look build (car pages left to the car shell) and builds the
 * full site in `<distDir>/.staging/` meanwhile, so the site never goes missing while it rebuilds.
 */
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { stampPath } from './stamps';

/** Where a site is built while the one in `<distDir>/<slug>/` is served. */
export const stagingDir = (distDir: string): string => path.join(distDir, '.staging');

/**
 * Moves `<stagingDir>/<slug>/` and its stamp to `<distDir>/`. Two renames on one file system: a
 * request that lands between them finds no site for a moment, never half of one.
 */
export function swapInBuild(slug: string, distDir: string, staging = stagingDir(distDir)): void {
  const built = path.join(staging, slug);
  if (!existsSync(path.join(built, 'index.html'))) throw new Error(`${built} holds no built site`);
  const live = path.join(distDir, slug);
  const old = path.join(staging, `${slug}.old`);
  rmSync(old, { recursive: true, force: true });
  if (existsSync(live)) renameSync(live, old);
  renameSync(built, live);
  const stamp = stampPath(slug, staging);
  if (existsSync(stamp)) {
    mkdirSync(path.dirname(stampPath(slug, distDir)), { recursive: true });
    renameSync(stamp, stampPath(slug, distDir));
  }
  rmSync(old, { recursive: true, force: true });
}
