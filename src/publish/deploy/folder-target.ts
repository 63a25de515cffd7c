/**
 * A folder a web server serves (nginx, Caddy, the platform's own server): `<DEPLOY_DIR>/<slug>/`.
 *
 * Each file is written under a temporary name beside its place and renamed over it, and a
 * rename within one folder is atomic, so a reader gets the old file or the new one, never part
 * of either. The folder keeps no headers: the server in front decides them (the `_deploy/`
 * examples of the build, or the platform's server).
 */
import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, readdir, rename, rm, rmdir } from 'node:fs/promises';
import path from 'node:path';
import { eachLimited } from './limited';
import { sha256Hex } from './site-folder';
import type { DeployTarget, FileToPublish, PublishedFile } from './target';

/** Temporary files are named so; one left by a deploy that died is listed and so removed by the next. */
const TEMPORARY = /^\.deploy-.*\.tmp$/;

async function listFolder(root: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (dir: string, relative: string): Promise<void> => {
    let entries;
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT' && relative === '') return;
      throw error;
    }
    for (const entry of entries) {
      const sitePath = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walk(path.join(dir, entry.name), sitePath);
      else if (entry.isFile() || entry.isSymbolicLink()) found.push(sitePath);
    }
  };
  await walk(root, '');
  return found.sort();
}

/** Removes `dir` and its empty parents up to, not including, `root`. */
async function removeEmptyFolders(root: string, dir: string): Promise<void> {
  while (dir !== root && dir.startsWith(root + path.sep)) {
    try {
      await rmdir(dir);
    } catch {
      return;
    }
    dir = path.dirname(dir);
  }
}

export function folderTarget(root: string): DeployTarget {
  const resolvedRoot = path.resolve(root);
  const placeOf = (sitePath: string): string => {
    const full = path.resolve(resolvedRoot, sitePath);
    // Site paths come from a folder walk, but a path that climbed out would write anywhere.
    if (!full.startsWith(resolvedRoot + path.sep)) throw new Error(`${sitePath} is outside ${resolvedRoot}`);
    return full;
  };
  return {
    description: root,
    concurrency: 8,
    async list() {
      const published = new Map<string, PublishedFile>();
      const paths = await listFolder(resolvedRoot);
      const failures = await eachLimited(paths, 8, async (sitePath) => {
        const name = sitePath.slice(sitePath.lastIndexOf('/') + 1);
        const sha256 = TEMPORARY.test(name) ? undefined : sha256Hex(await readFile(placeOf(sitePath)));
        published.set(sitePath, { sha256 });
      });
      if (failures[0]) throw new Error(`could not read ${failures[0].item} in ${root}: ${failures[0].message}`);
      return published;
    },
    async put(file: FileToPublish) {
      const destination = placeOf(file.path);
      await mkdir(path.dirname(destination), { recursive: true });
      const temporary = path.join(path.dirname(destination), `.deploy-${randomBytes(6).toString('hex')}.tmp`);
      const handle = await open(temporary, 'wx', 0o644);
      try {
        await handle.writeFile(file.body);
        // On disk before the rename makes it visible, so a crash cannot leave a named but empty file.
        await handle.sync();
      } catch (error) {
        await handle.close();
        await rm(temporary, { force: true });
        throw error;
      }
      await handle.close();
      try {
        await rename(temporary, destination);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    async remove(paths) {
      for (const sitePath of paths) {
        const place = placeOf(sitePath);
        await rm(place, { force: true });
        await removeEmptyFolders(resolvedRoot, path.dirname(place));
      }
    },
  };
}
