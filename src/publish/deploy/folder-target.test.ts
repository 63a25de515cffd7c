import { createHash } from 'node:crypto';
import { closeSync, existsSync, openSync, readdirSync, readFileSync, readSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { temporaryFolder, writeSite } from './fixtures/site';
import { folderTarget } from './folder-target';
import type { FileToPublish } from './target';

const sha = (text: string): string => createHash('sha256').update(text).digest('hex');
const toPublish = (sitePath: string, text: string): FileToPublish => ({
  path: sitePath,
  body: Buffer.from(text),
  sha256: sha(text),
  contentType: 'text/html; charset=utf-8',
  cacheControl: 'public, max-age=60, must-revalidate',
});

describe('the folder target', () => {
  const cleanups: (() => void)[] = [];
  afterEach(() => cleanups.splice(0).forEach((remove) => remove()));
  const folder = (): string => {
    const { dir, remove } = temporaryFolder('folder-target-');
    cleanups.push(remove);
    return dir;
  };

  it('lists nothing for a dealer not yet deployed', async () => {
    expect((await folderTarget(path.join(folder(), 'acme-motors')).list()).size).toBe(0);
  });

  it('writes a file in place, making its folders, and lists it by content hash', async () => {
    const root = path.join(folder(), 'acme-motors');
    const target = folderTarget(root);
    await target.put(toPublish('cars/x/index.html', 'car page'));
    expect(readFileSync(path.join(root, 'cars/x/index.html'), 'utf8')).toBe('car page');
    expect(await target.list()).toEqual(new Map([['cars/x/index.html', { sha256: sha('car page') }]]));
    // No temporary file is left beside it.
    expect(readdirSync(path.join(root, 'cars/x'))).toEqual(['index.html']);
  });

  it('replaces a file by rename: a reader holding the old file keeps reading the old content', async () => {
    const root = writeSite(path.join(folder(), 'acme-motors'), { 'index.html': 'old home' });
    const target = folderTarget(root);
    // A rename swaps the directory entry; a write in place would change what an open reader sees.
    const fd = openSync(path.join(root, 'index.html'), 'r');
    await target.put(toPublish('index.html', 'new home, longer than the old one'));
    const buffer = Buffer.alloc(64);
    const read = readSync(fd, buffer, 0, 64, 0);
    closeSync(fd);
    expect(buffer.subarray(0, read).toString()).toBe('old home');
    expect(readFileSync(path.join(root, 'index.html'), 'utf8')).toBe('new home, longer than the old one');
  });

  it('removes files and the folders they leave empty, and never the dealer folder itself', async () => {
    const root = writeSite(path.join(folder(), 'acme-motors'), { 'cars/sold/index.html': 'sold', 'cars/kept/index.html': 'kept', 'robots.txt': 'r' });
    const target = folderTarget(root);
    await target.remove(['cars/sold/index.html', 'robots.txt', 'already/gone.html']);
    expect(existsSync(path.join(root, 'cars/sold'))).toBe(false);
    expect(existsSync(path.join(root, 'cars/kept/index.html'))).toBe(true);
    await target.remove(['cars/kept/index.html']);
    expect(readdirSync(root)).toEqual([]);
  });

  it('lists a temporary file left by a deploy that died, with no hash, so the next deploy removes it', async () => {
    const root = writeSite(path.join(folder(), 'acme-motors'), { 'index.html': 'home' });
    writeFileSync(path.join(root, '.deploy-0a1b2c3d4e5f.tmp'), 'half a fi');
    const listed = await folderTarget(root).list();
    expect(listed.get('.deploy-0a1b2c3d4e5f.tmp')).toEqual({ sha256: undefined });
    expect(listed.get('index.html')).toEqual({ sha256: sha('home') });
  });

  it('refuses a path that climbs out of the dealer folder', async () => {
    const root = path.join(folder(), 'acme-motors');
    await expect(folderTarget(root).put(toPublish('../other-dealer/index.html', 'x'))).rejects.toThrow(/outside/);
    await expect(folderTarget(root).remove(['../other-dealer/index.html'])).rejects.toThrow(/outside/);
  });
});
