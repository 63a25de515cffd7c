import { mkdtempSync, rmSync, utimesSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testSite } from '../../../tests/support/test-site';
import { createStockLookup, loadStock, StockFileError, stockChunks, stockFile, stockVersion } from './store';

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

describe('stockChunks', () => {
  const all = async (chunks: AsyncIterable<{ vehicles: unknown[]; bytes: number }>): Promise<{ sizes: number[]; cars: unknown[]; bytes: number }> => {
    const sizes: number[] = [];
    const cars: unknown[] = [];
    let bytes = 0;
    for await (const chunk of chunks) {
      sizes.push(chunk.vehicles.length);
      cars.push(...chunk.vehicles);
      bytes += chunk.bytes;
    }
    return { sizes, cars, bytes };
  };

  it('gives the demo cars loadStock gives, at most `size` at a time', async () => {
    const { sizes, cars, bytes } = await all(stockChunks(testSite(), env, 7));
    expect(sizes).toEqual([7, 7, 7, 7, 7, 5]);
    expect(cars).toEqual(loadStock(testSite(), env));
    expect(bytes).toBeCloseTo(JSON.stringify(cars).length, -2);
    expect((await all(stockChunks(testSite({ search: {} }), env))).cars).toEqual([]);
  });

  it('gives the imported file’s cars loadStock gives, however the file is laid out', async () => {
    const vehicles = loadStock(testSite(), env).map((car, i) => (i === 3 ? { ...car, variant: 'Say "hi" [to] {all} \\ ,' } : car));
    for (const text of [
      JSON.stringify({ dealer: 'fixture-motors', imported_at: 'x', source: 'y', vehicles }),
      JSON.stringify({ vehicles, dealer: 'fixture-motors', source: 'y', imported_at: 'x' }, null, 2),
    ]) {
      writeFileSync(stockFile('fixture-motors', env), text);
      const { sizes, cars, bytes } = await all(stockChunks(testSite(), env, 16));
      expect(sizes).toEqual([16, 16, 8]);
      // The cars' own text in the file, whatever surrounds it.
      expect(bytes).toBeGreaterThan(JSON.stringify(vehicles).length - 100);
      expect(bytes).toBeLessThan(text.length);
      expect(cars).toEqual(loadStock(testSite(), env));
      expect((cars[3] as { variant: string }).variant).toBe('Say "hi" [to] {all} \\ ,');
    }
  });

  it('refuses what loadStock refuses, naming the file and the first problem', async () => {
    const car = loadStock(testSite(), env)[0]!;
    const feed = (fields: Record<string, unknown>) => JSON.stringify({ dealer: 'fixture-motors', imported_at: 'x', source: 'y', ...fields });
    const cases: [string, RegExp][] = [
      [feed({ vehicles: [car, car] }).slice(0, -30), /is not readable JSON/],
      ['not json', /is not readable JSON/],
      [feed({ vehicles: [car, { ...car, price: -1 }] }), /is not a valid stock file: vehicles\.1\.price:/],
      [feed({ vehicles: [car], extra: true }), /is not a valid stock file/],
      [JSON.stringify({ vehicles: [car] }), /is not a valid stock file: dealer:/],
      [`${feed({ vehicles: [car] })} trailing`, /is not readable JSON/],
      [feed({ vehicles: [car] }).replace('"vehicles":[', '"vehicles":[,'), /is not readable JSON/],
    ];
    for (const [text, message] of cases) {
      writeFileSync(stockFile('fixture-motors', env), text);
      expect(() => loadStock(testSite(), env)).toThrow(StockFileError);
      const read = all(stockChunks(testSite(), env, 1));
      await expect(read).rejects.toThrow(StockFileError);
      await expect(read).rejects.toThrow(message);
    }
  });

  it('gives the cars before a broken one, then throws', async () => {
    const [a, b] = loadStock(testSite(), env);
    writeFileSync(stockFile('fixture-motors', env), JSON.stringify({ dealer: 'fixture-motors', imported_at: 'x', source: 'y', vehicles: [a, b, { id: 0 }] }));
    const chunks = stockChunks(testSite(), env, 2);
    expect((await chunks.next()).value).toMatchObject({ vehicles: [a, b] });
    await expect(chunks.next()).rejects.toThrow(/vehicles\.2\.id/);
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
