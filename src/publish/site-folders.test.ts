import { existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { linkTree, newBuildFolder, servedBuild, sitesDir, swapInBuild, takePreviousBuild } from './site-folders';

let dist: string;
beforeEach(() => {
  dist = mkdtempSync(path.join(tmpdir(), 'site-folders-'));
});
afterEach(() => rmSync(dist, { recursive: true, force: true }));

function build(text: string, at: Date): string {
  const folder = newBuildFolder(dist, 'alpha', at);
  writeFileSync(path.join(folder, 'index.html'), text);
  return folder;
}

describe('swapInBuild', () => {
  it('serves each new build through the dealer link, keeping the one before it and removing older ones', () => {
    const first = build('one', new Date('2026-11-01T00:00:00Z'));
    swapInBuild(dist, 'alpha', first);
    expect(readFileSync(path.join(dist, 'alpha', 'index.html'), 'utf8')).toBe('one');
    expect(lstatSync(path.join(dist, 'alpha')).isSymbolicLink()).toBe(true);

    const second = build('two', new Date('2026-11-02T00:00:00Z'));
    swapInBuild(dist, 'alpha', second);
    const third = build('three', new Date('2026-11-03T00:00:00Z'));
    swapInBuild(dist, 'alpha', third);
    expect(readFileSync(path.join(dist, 'alpha', 'index.html'), 'utf8')).toBe('three');
    expect(servedBuild(dist, 'alpha')).toBe(third);
    expect(existsSync(second)).toBe(true);
    expect(existsSync(first)).toBe(false);
  });

  it("keeps each kept build's record beside it and removes the others' with them", () => {
    const builds: string[] = [];
    for (const day of ['2026-11-01', '2026-11-02', '2026-11-03']) {
      const folder = build(day, new Date(`${day}T00:00:00Z`));
      writeFileSync(`${folder}.record.json`, '{}');
      swapInBuild(dist, 'alpha', folder);
      builds.push(folder);
    }
    expect(builds.map((folder) => existsSync(`${folder}.record.json`))).toEqual([false, true, true]);
  });

  it('refuses a build without index.html and leaves the served site as it was', () => {
    swapInBuild(dist, 'alpha', build('one', new Date('2026-11-01T00:00:00Z')));
    const empty = newBuildFolder(dist, 'alpha', new Date('2026-11-02T00:00:00Z'));
    expect(() => swapInBuild(dist, 'alpha', empty)).toThrow(/no index\.html/);
    expect(readFileSync(path.join(dist, 'alpha', 'index.html'), 'utf8')).toBe('one');
  });

  it('removes a build a killed publish left behind, newer than the one served', () => {
    swapInBuild(dist, 'alpha', build('one', new Date('2026-11-01T00:00:00Z')));
    const abandoned = newBuildFolder(dist, 'alpha', new Date('2026-11-05T00:00:00Z'));
    swapInBuild(dist, 'alpha', build('two', new Date('2026-11-02T00:00:00Z')));
    expect(existsSync(abandoned)).toBe(false);
    expect(readFileSync(path.join(dist, 'alpha', 'index.html'), 'utf8')).toBe('two');
  });

  it('takes over a site folder an earlier version wrote in place of the link', () => {
    mkdirSync(path.join(dist, 'alpha'));
    writeFileSync(path.join(dist, 'alpha', 'index.html'), 'old');
    swapInBuild(dist, 'alpha', build('new', new Date('2026-11-01T00:00:00Z')));
    expect(lstatSync(path.join(dist, 'alpha')).isSymbolicLink()).toBe(true);
    expect(readFileSync(path.join(dist, 'alpha', 'index.html'), 'utf8')).toBe('new');
    expect(readdirSync(path.join(sitesDir(dist), 'alpha')).length).toBeLessThanOrEqual(2);
  });
});

describe('takePreviousBuild', () => {
  it('renames the build served before the served one as the next build, which then sorts after it, and leaves the served site alone', () => {
    const first = build('one', new Date('2026-11-01T00:00:00Z'));
    swapInBuild(dist, 'alpha', first);
    expect(takePreviousBuild(dist, 'alpha')).toBeUndefined();
    const second = build('two', new Date('2026-11-02T00:00:00Z'));
    swapInBuild(dist, 'alpha', second);

    const taken = takePreviousBuild(dist, 'alpha', new Date('2026-11-03T00:00:00Z'));
    expect(taken?.was).toBe(first);
    expect(existsSync(first)).toBe(false);
    expect(readFileSync(path.join(taken!.folder, 'index.html'), 'utf8')).toBe('one');
    expect(path.basename(taken!.folder) > path.basename(second)).toBe(true);
    expect(readFileSync(path.join(dist, 'alpha', 'index.html'), 'utf8')).toBe('two');

    writeFileSync(path.join(taken!.folder, 'index.html'), 'three');
    swapInBuild(dist, 'alpha', taken!.folder);
    expect(servedBuild(dist, 'alpha')).toBe(taken!.folder);
    expect(existsSync(second)).toBe(true);
  });
});

describe('linkTree', () => {
  it('links every file of a tree, sharing its bytes', () => {
    const from = path.join(dist, 'from');
    mkdirSync(path.join(from, '_astro'), { recursive: true });
    writeFileSync(path.join(from, '_astro', 'a.js'), 'a');
    writeFileSync(path.join(from, 'favicon.svg'), 'f');
    const to = path.join(dist, 'to');
    linkTree(from, to);
    expect(readFileSync(path.join(to, '_astro', 'a.js'), 'utf8')).toBe('a');
    expect(statSync(path.join(to, 'favicon.svg')).ino).toBe(statSync(path.join(from, 'favicon.svg')).ino);
  });
});
