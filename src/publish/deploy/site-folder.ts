/**
 * A dealer's built site as a list of files with their content hashes, read once at the start
 * of a deploy.
 *
 * `dist/<slug>` may be a symlink to the build being served, repointed when a new build is
 * swapped in. The link is resolved once, here, and every later read goes to the folder it
 * pointed at then: a build swapped in mid-deploy is never mixed with the one being deployed.
 */
import { createHash } from 'node:crypto';
import { readFile, readdir, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { eachLimited } from './limited';

/** Not part of the site: nginx and Caddy config examples for whoever sets up the server. */
export const NOT_PUBLISHED = ['_deploy/'];

export interface SiteFile {
  /** Relative to the site's root, forward slashes: `cars/x/index.html`. */
  path: string;
  size: number;
  sha256: string;
}

export interface SiteSnapshot {
  /** The real folder read, symlinks resolved. */
  root: string;
  files: SiteFile[];
}

export function sha256Hex(body: Uint8Array): string {
  return createHash('sha256').update(body).digest('hex');
}

export function isPublished(sitePath: string): boolean {
  return !NOT_PUBLISHED.some((prefix) => sitePath.startsWith(prefix));
}

async function listFiles(root: string): Promise<string[]> {
  const found: string[] = [];
  const seen = new Set<string>();
  const walk = async (dir: string, relative: string): Promise<void> => {
    const real = await realpath(dir);
    // A symlink back up the tree would otherwise be walked for ever.
    if (seen.has(real)) return;
    seen.add(real);
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const sitePath = relative ? `${relative}/${entry.name}` : entry.name;
      const full = path.join(dir, entry.name);
      const isDirectory = entry.isSymbolicLink() ? (await stat(full)).isDirectory() : entry.isDirectory();
      if (isDirectory) {
        if (isPublished(`${sitePath}/`)) await walk(full, sitePath);
      } else if (isPublished(sitePath)) {
        found.push(sitePath);
      }
    }
  };
  await walk(root, '');
  return found.sort();
}

/** Throws when `siteDir` is missing or not a folder, naming it. */
export async function readSiteFolder(siteDir: string, { concurrency = 8 }: { concurrency?: number } = {}): Promise<SiteSnapshot> {
  let root: string;
  try {
    root = await realpath(siteDir);
    if (!(await stat(root)).isDirectory()) throw new Error('not a folder');
  } catch (error) {
    throw new Error(`no built site at ${siteDir} (${error instanceof Error ? error.message : String(error)})`);
  }
  const paths = await listFiles(root);
  const files: SiteFile[] = new Array<SiteFile>(paths.length);
  const failures = await eachLimited(paths, concurrency, async (sitePath, index) => {
    const body = await readFile(path.join(root, sitePath));
    files[index] = { path: sitePath, size: body.byteLength, sha256: sha256Hex(body) };
  });
  const first = failures[0];
  if (first) throw new Error(`could not read ${first.item} in ${root}: ${first.message}`);
  return { root, files };
}

/**
 * The bytes of one file of the snapshot, checked against the hash it was planned with: a
 * folder rewritten under a running deploy fails it rather than publishing a mix of two builds.
 */
export async function readSnapshotFile(snapshot: SiteSnapshot, file: SiteFile): Promise<Uint8Array> {
  const body = await readFile(path.join(snapshot.root, file.path));
  if (sha256Hex(body) !== file.sha256) throw new Error(`${file.path} changed in ${snapshot.root} while it was being deployed`);
  return body;
}
