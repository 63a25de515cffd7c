import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readStamp, stampPath, writeStamp } from './stamps';
import { stagingDir, swapInBuild } from './swap';

let dist: string;

const page = (dir: string, rel: string, text: string): void => {
  mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
  writeFileSync(path.join(dir, rel), text);
};

beforeEach(() => {
  dist = mkdtempSync(path.join(tmpdir(), 'dealer-swap-'));
});
afterEach(() => rmSync(dist, { recursive: true, force: true }));

describe('swapInBuild', () => {
  it('replaces the served site with the staged one, its stamp with it, and leaves nothing of the old site', () => {
    page(path.join(dist, 'alpha'), 'index.html', 'first look');
    page(path.join(dist, 'alpha'), 'shell/car/index.html', 'shell');
    const staging = stagingDir(dist);
    page(path.join(staging, 'alpha'), 'index.html', 'full');
    page(path.join(staging, 'alpha'), 'cars/a-car/index.html', 'a car');
    writeStamp({ slug: 'alpha', inputHash: 'h', builtAt: '2026-11-24T00:00:00.000Z', pages: 2 }, staging);

    swapInBuild('alpha', dist);

    expect(readFileSync(path.join(dist, 'alpha/index.html'), 'utf8')).toBe('full');
    expect(readFileSync(path.join(dist, 'alpha/cars/a-car/index.html'), 'utf8')).toBe('a car');
    expect(existsSync(path.join(dist, 'alpha/shell/car/index.html'))).toBe(false);
    expect(readStamp('alpha', dist)?.pages).toBe(2);
    expect(existsSync(stampPath('alpha', staging))).toBe(false);
    expect(existsSync(path.join(staging, 'alpha'))).toBe(false);
    expect(existsSync(path.join(staging, 'alpha.old'))).toBe(false);
  });

  it('puts a staged site in place where none was served', () => {
    page(path.join(stagingDir(dist), 'beta'), 'index.html', 'full');
    swapInBuild('beta', dist);
    expect(readFileSync(path.join(dist, 'beta/index.html'), 'utf8')).toBe('full');
  });

  it('refuses a staging folder without a built site and keeps the served one', () => {
    page(path.join(dist, 'alpha'), 'index.html', 'first look');
    mkdirSync(path.join(stagingDir(dist), 'alpha'), { recursive: true });
    expect(() => swapInBuild('alpha', dist)).toThrow(/holds no built site/);
    expect(readFileSync(path.join(dist, 'alpha/index.html'), 'utf8')).toBe('first look');
  });
});
