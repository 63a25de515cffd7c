import { mkdtempSync, rmSync, utimesSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testSite } from '../../../tests/support/test-site';
import { createStockLookup, loadStock, StockFileError, stockFile, stockVersion } from './store';

let dir: string;
let env: NodeJS.ProcessEnv;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'stock-store-'));
  env = { STOCK_DIR: dir };
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const DAY_MS = 86_400_000;
const NOW = Date.UTC(2025, 5, 15, 10);

describe('loadStock', () => {
  it('gives demo stock when no feed was imported, and none when the dealer asks for none', () => {
    expect(loadStock(testSite(), env)).toHaveLength(40);
    expect(loadStock(testSite({ search: {} }), env)).toEqual([]);
  });

  it('prefers the imported file, and refuses a broken one rather than falling back to demo cars', () => {
    mkdirSync(dir, { recursive: true });
    writeFileSync(stockFile('fixture-motors', env), JSON.stringify({ dealer: 'fixture-motors', imported_at: 'x', source: 'y', vehicles: [] }));
    expect(loadStock(testSite(), env)).toEqual([]);
    writeFileSync(stockFile('fixture-motors', env), '{"vehicles": [{"id": -1}]}');
    expect(() => loadStock(testSite(), env)).toThrow(StockFileError);
  });
});

describe('stockVersion', () => {
  it('changes with the demo day, not within it', () => {
    const site = testSite();
    expect(stockVersion(site, env, NOW)).toBe(stockVersion(site, env, NOW + 3_600_000));
    expect(stockVersion(site, env, NOW + DAY_MS)).not.toBe(stockVersion(site, env, NOW));
    expect(stockVersion(testSite({ search: {} }), env, NOW)).toBe('none');
  });

  it('changes when a feed is imported or rewritten', () => {
    const site = testSite();
    const demo = stockVersion(site, env, NOW);
    const file = stockFile('fixture-motors', env);
    writeFileSync(file, '{"a":1}');
    utimesSync(file, new Date(NOW), new Date(NOW));
    const first = stockVersion(site, env, NOW);
    expect(first).not.toBe(demo);
    writeFileSync(file, '{"a":12}');
    utimesSync(file, new Date(NOW + 1000), new Date(NOW + 1000));
    expect(stockVersion(site, env, NOW)).not.toBe(first);
  });
});

describe('createStockLookup', () => {
  it('finds a car by id from the stock it read once, and reads again after an import', () => {
    const site = testSite();
    const lookUp = createStockLookup(env, () => NOW);
    const demo = loadStock(site, env)[3];
    expect(lookUp(site, String(demo?.id))?.name).toBe(demo?.name);
    expect(lookUp(site, '999999999')).toBeUndefined();
    const file = stockFile('fixture-motors', env);
    writeFileSync(file, JSON.stringify({ dealer: 'fixture-motors', imported_at: 'x', source: 'y', vehicles: [] }));
    expect(lookUp(site, String(demo?.id))).toBeUndefined();
  });
});
