import { createHash } from 'node:crypto';
import { mkdirSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SMALL_SITE, temporaryFolder, writeSite } from './fixtures/site';
import { readSiteFolder, readSnapshotFile } from './site-folder';

const sha = (text: string): string => createHash('sha256').update(text).digest('hex');

describe('reading a built site', () => {
  const cleanups: (() => void)[] = [];
  afterEach(() => cleanups.splice(0).forEach((remove) => remove()));
  const folder = (): string => {
    const { dir, remove } = temporaryFolder('site-folder-');
    cleanups.push(remove);
    return dir;
  };

  it('lists every file with its size and sha256, leaving out _deploy/', async () => {
    const dir = writeSite(folder(), SMALL_SITE);
    const { files } = await readSiteFolder(dir);
    const expected = Object.keys(SMALL_SITE)
      .filter((p) => !p.startsWith('_deploy/'))
      .sort();
    expect(files.map((f) => f.path)).toEqual(expected);
    expect(files.find((f) => f.path === 'robots.txt')).toEqual({
      path: 'robots.txt',
      size: Buffer.byteLength(SMALL_SITE['robots.txt']!),
      sha256: sha(SMALL_SITE['robots.txt']!),
    });
    // Only the top-level _deploy/ is the config examples' folder.
    writeSite(dir, { 'assets/_deploy/plan.pdf': 'a dealer asset' });
    expect((await readSiteFolder(dir)).files.map((f) => f.path)).toContain('assets/_deploy/plan.pdf');
  });

  it('follows dist/<slug> as a symlink once: a build swapped in later is not mixed in', async () => {
    const root = folder();
    const first = writeSite(path.join(root, 'builds', 'one'), { 'index.html': 'first build', 'old.html': 'only in the first' });
    const second = writeSite(path.join(root, 'builds', 'two'), { 'index.html': 'second build' });
    const link = path.join(root, 'acme-motors');
    symlinkSync(first, link);

    const snapshot = await readSiteFolder(link);
    expect(snapshot.root).toBe(realpathSync(first));
    expect(snapshot.files.map((f) => f.path)).toEqual(['index.html', 'old.html']);

    // The server swaps the next build in under the running deploy.
    rmSync(link);
    symlinkSync(second, link);
    const index = snapshot.files.find((f) => f.path === 'index.html')!;
    expect(Buffer.from(await readSnapshotFile(snapshot, index)).toString()).toBe('first build');
  });

  it('refuses a file rewritten after it was hashed', async () => {
    const dir = writeSite(folder(), { 'index.html': 'as planned' });
    const snapshot = await readSiteFolder(dir);
    writeFileSync(path.join(dir, 'index.html'), 'rewritten');
    await expect(readSnapshotFile(snapshot, snapshot.files[0]!)).rejects.toThrow(/index\.html changed in .* while it was being deployed/);
  });

  it('follows symlinked folders inside the site, and is not caught by a loop', async () => {
    const root = folder();
    const shared = writeSite(path.join(root, 'shared-photos'), { 'ute.jpg': 'jpeg' });
    const site = writeSite(path.join(root, 'site'), { 'index.html': 'home' });
    symlinkSync(shared, path.join(site, 'stock-photos'));
    mkdirSync(path.join(site, 'loop'));
    symlinkSync(site, path.join(site, 'loop', 'back'));
    const { files } = await readSiteFolder(site);
    expect(files.map((f) => f.path)).toEqual(['index.html', 'stock-photos/ute.jpg']);
  });

  it('names a missing site folder', async () => {
    await expect(readSiteFolder(path.join(folder(), 'nope'))).rejects.toThrow(/^no built site at .*nope/);
  });
});
