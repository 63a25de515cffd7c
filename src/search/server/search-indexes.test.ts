import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multiSearch } from '@dealer-sites/search-engine';
import type { VehicleInput } from '../../stock/model/vehicle';
import { createStockIndexes, type SearchIndexProvider } from './search-indexes';

const DAY = 86_400;
const NOW = 1_760_000_000;

function car(id: number, fields: Partial<VehicleInput> = {}): VehicleInput {
  return {
    id,
    slug: `car-${id}`,
    name: `2022 Toyota Corolla ${id}`,
    make: 'Toyota',
    model: 'Corolla',
    make_model: 'Toyota Corolla',
    body: 'Hatchback',
    car_type: 'used',
    status: 'in_stock',
    price: 20_000 + id,
    km: 1000 * id,
    year: 2022,
    categories: ['cars'],
    item_type: 'car',
    created_at_timestamp: NOW - 30 * DAY,
    custom_rank: id,
    ...fields,
  };
}

let work: string;
let dealersDir: string;
let stockDir: string;
let version = 0;

/** Writes the stock feed with a new mtime each time, as an import would. */
function writeStock(vehicles: VehicleInput[]): void {
  const file = path.join(stockDir, 'shop.json');
  writeFileSync(file, JSON.stringify({ dealer: 'shop', imported_at: '2025-01-01T00:00:00Z', source: 'test', vehicles }));
  version += 1;
  utimesSync(file, new Date(NOW * 1000 + version * 1000), new Date(NOW * 1000 + version * 1000));
}

beforeAll(() => {
  work = mkdtempSync(path.join(tmpdir(), 'search-indexes-'));
  dealersDir = path.join(work, 'dealers');
  stockDir = path.join(work, 'stock');
  for (const dir of [dealersDir, stockDir]) mkdirSync(dir, { recursive: true });
  const fixture = JSON.parse(readFileSync('tests/fixtures/dealers/fixture-motors.json', 'utf8')) as Record<string, unknown>;
  writeFileSync(path.join(dealersDir, 'shop.json'), JSON.stringify({ ...fixture, slug: 'shop', search: { include_sold_cars_days: 3 } }));
});

afterAll(() => rmSync(work, { recursive: true, force: true }));

function indexes(clock: { seconds: number }, recheckMs = 0): SearchIndexProvider {
  return createStockIndexes({ dealers: ['shop'], dealersDir, env: { STOCK_DIR: stockDir }, now: () => clock.seconds * 1000, recheckMs, log: () => undefined });
}

const body = { queries: [{ indexUid: 'shop', q: '', limit: 10, facets: ['status'] }] };
const ids = async (provider: SearchIndexProvider) => (await multiSearch((uid) => provider.get(uid), body)).results[0]!.hits.map((h) => h.id);

describe('answers cache', () => {
  it('replays the answer to a query asked again, from one entry', async () => {
    writeStock([car(1), car(2)]);
    const provider = indexes({ seconds: NOW });
    expect(await ids(provider)).toEqual([2, 1]);
    const index = await provider.get('shop');
    expect(index?.answers?.size).toBe(1);
    const [a, b] = [await multiSearch((uid) => provider.get(uid), body), await multiSearch((uid) => provider.get(uid), body)];
    expect(b).toEqual(a);
    expect(index?.answers?.size).toBe(1);
  });

  it('is dropped with the engine when the stock is reloaded', async () => {
    writeStock([car(1), car(2)]);
    const provider = indexes({ seconds: NOW });
    expect(await ids(provider)).toEqual([2, 1]);
    const before = (await provider.get('shop'))?.answers;
    writeStock([car(1), car(2), car(3)]);
    expect(await ids(provider)).toEqual([3, 2, 1]);
    const after = (await provider.get('shop'))?.answers;
    expect(after).not.toBe(before);
    expect(after?.size).toBe(1);
  });

  it('is emptied when the sold window moves a car out, and kept while the listed cars stay the same', async () => {
    // Car 2 was sold (and flagged) 3 days ago less an hour: listed for one more hour.
    writeStock([car(1), car(2, { status: 'sold', sold_date_timestamp: NOW - 3 * DAY + 3600, show_on_dealer_website: true })]);
    const clock = { seconds: NOW };
    const provider = indexes(clock);
    expect(await ids(provider)).toEqual([2, 1]);
    const answers = (await provider.get('shop'))?.answers;
    clock.seconds = NOW + 1800;
    expect(await ids(provider)).toEqual([2, 1]);
    expect(answers?.size).toBe(1);
    clock.seconds = NOW + 3601;
    expect(await ids(provider)).toEqual([1]);
    expect((await provider.get('shop'))?.answers).toBe(answers);
    expect(answers?.size).toBe(1);
  });

  it('compares the files at most once per recheckMs', async () => {
    writeStock([car(1)]);
    const provider = indexes({ seconds: NOW }, 60_000);
    expect(await ids(provider)).toEqual([1]);
    writeStock([car(1), car(2)]);
    expect(await ids(provider)).toEqual([1]);
  });
});

describe('warm', () => {
  it('builds each served dealer’s index before the first search asks for it', async () => {
    writeStock([car(1)]);
    const provider = createStockIndexes({
      dealers: ['shop'],
      dealersDir,
      env: { STOCK_DIR: stockDir },
      now: () => NOW * 1000,
      recheckMs: 60_000,
      log: () => undefined,
    });
    await provider.warm();
    // Within recheckMs the index built by warm() answers: it was built then, not on this search.
    writeStock([car(1), car(2)]);
    expect(await ids(provider)).toEqual([1]);
  });

  it('reports a dealer whose stock cannot be read and goes on', async () => {
    writeFileSync(path.join(stockDir, 'shop.json'), '{ not json');
    const lines: string[] = [];
    const provider = createStockIndexes({ dealers: ['shop'], dealersDir, env: { STOCK_DIR: stockDir }, log: (line) => lines.push(line) });
    await expect(provider.warm()).resolves.toBeUndefined();
    expect(lines.join('\n')).toMatch(/could not build the index of shop at start/);
  });
});

describe('held cars overlay', () => {
  it('marks held cars reserved at once, even within recheckMs, and unmarks them when the hold ends', async () => {
    writeStock([car(1), car(2)]);
    let held = { version: 'none', ids: new Set<string>() };
    const provider = createStockIndexes({
      dealers: ['shop'],
      dealersDir,
      env: { STOCK_DIR: stockDir },
      now: () => NOW * 1000,
      recheckMs: 60_000,
      log: () => undefined,
      held: () => Promise.resolve(held),
    });
    const reserved = async () =>
      (await multiSearch((uid) => provider.get(uid), body)).results[0]!.hits.filter((h) => (h as { reserved?: boolean }).reserved === true).map((h) => h.id);
    expect(await reserved()).toEqual([]);
    held = { version: 'v1', ids: new Set(['2']) };
    expect(await reserved()).toEqual([2]);
    held = { version: 'none', ids: new Set() };
    expect(await reserved()).toEqual([]);
  });
});
