/**
 * `npm run stock:import` as a feed job runs it: what it prints and its exit status (0 imported,
 * 1 not readable, 2 held), which a job checks to know whether the stock changed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readStockFile } from '../src/stock/server/store';

let root: string;
beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'stock-import-cli-'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const importStock = (...args: string[]) => {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/stock-import.ts', '--dealer', 'fixture-motors', '--no-alerts', ...args], {
    env: { ...process.env, DEALERS_DIR: path.resolve('tests/fixtures/dealers'), STOCK_DIR: path.join(root, 'stock') },
    encoding: 'utf8',
  });
  return { status: run.status, out: run.stdout, err: run.stderr };
};

describe('npm run stock:import', () => {
  it('imports the good rows of an export and lists the bad ones, holds an empty feed with exit 2, and applies it on --confirm', () => {
    const imported = importStock('tests/fixtures/stock/us-syndication-export.csv', '--preset', 'us_syndication');
    expect(imported.status).toBe(0);
    expect(imported.err).toContain('row 9 (stock N7221): Miles: "45k" is not a whole number');
    expect(imported.out).toMatch(/^Note: 2 columns the site does not read, left out: Comment1, VideoURL/m);
    expect(imported.out).toMatch(/Imported 44 vehicles for fixture-motors into .*fixture-motors\.json \(replacing demo stock\)/);
    expect(imported.out).toContain('50 rows: 44 good, 6 bad (left out; each is listed above with the reason).');

    const empty = path.join(root, 'empty.json');
    writeFileSync(empty, '[]');
    const held = importStock(empty);
    expect(held.status).toBe(2);
    expect(held.out).toContain('Held, not imported: the feed has no cars: it would empty the site.');
    expect(held.out).toContain('apply it with: npm run stock:import -- --dealer fixture-motors --confirm');
    expect(readStockFile(path.join(root, 'stock', 'fixture-motors.json')).vehicles).toHaveLength(44);

    const confirmed = importStock('--confirm');
    expect(confirmed.status).toBe(0);
    expect(confirmed.out).toContain('Applied the held feed: 0 vehicles for fixture-motors');
    expect(readStockFile(path.join(root, 'stock', 'fixture-motors.json')).vehicles).toEqual([]);
    expect(existsSync(path.join(root, 'stock', 'fixture-motors.held.json'))).toBe(false);

    const unreadable = importStock('tests/fixtures/stock/us-syndication-export.csv');
    expect(unreadable.status).toBe(1);
    expect(unreadable.err).toContain('stock:import: the CSV header is not usable');
  }, 60_000);
});
