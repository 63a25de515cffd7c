import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { multiSearch } from '@dealer-sites/search-engine';
import type { VehicleInput } from '../../stock/model/vehicle';
import { createStockIndexes, INDEX_BYTES_PER_CAR, indexMemoryLimit, type StockIndexes, type StockIndexOptions } from './search-indexes';

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
function writeStock(vehicles: VehicleInput[], slug = 'shop'): void {
  const file = path.join(stockDir, `${slug}.json`);
  writeFileSync(file, JSON.stringify({ dealer: slug, imported_at: '2025-01-01T00:00:00Z', source: 'test', vehicles }));
  version += 1;
  utimesSync(file, new Date(NOW * 1000 + version * 1000), new Date(NOW * 1000 + version * 1000));
}

beforeAll(() => {
  work = mkdtempSync(path.join(tmpdir(), 'search-indexes-'));
  dealersDir = path.join(work, 'dealers');
  stockDir = path.join(work, 'stock');
  for (const dir of [dealersDir, stockDir]) mkdirSync(dir, { recursive: true });
  const fixture = JSON.parse(readFileSync('tests/fixtures/dealers/fixture-motors.json', 'utf8')) as Record<string, unknown>;
  for (const slug of ['shop', 'north', 'south', 'east']) {
    writeFileSync(path.join(dealersDir, `${slug}.json`), JSON.stringify({ ...fixture, slug, search: { include_sold_cars_days: 3 } }));
  }
});

afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Every provider a test made, closed after it (no background checks left running). */
const made: StockIndexes[] = [];
afterEach(() => {
  for (const provider of made.splice(0)) provider.close();
});

function create(options: Partial<StockIndexOptions> = {}): StockIndexes {
  const provider = createStockIndexes({ dealers: ['shop'], dealersDir, env: { STOCK_DIR: stockDir }, now: () => NOW * 1000, log: () => undefined, ...options });
  made.push(provider);
  return provider;
}

function indexes(clock: { seconds: number }, recheckMs = 0): StockIndexes {
  return create({ now: () => clock.seconds * 1000, recheckMs });
}

const query = (indexUid: string) => ({ queries: [{ indexUid, q: '', limit: 10, facets: ['status'] }] });
const body = query('shop');
const ids = async (provider: StockIndexes, uid = 'shop') => (await multiSearch((u) => provider.get(u), query(uid))).results[0]!.hits.map((h) => h.id);
const total = async (provider: StockIndexes, uid = 'shop') => (await multiSearch((u) => provider.get(u), query(uid))).results[0]!.estimatedTotalHits;
const cars = (count: number, from = 1) => Array.from({ length: count }, (_, i) => car(from + i));
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

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
    await provider.get('shop');
    await provider.settled();
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
    await provider.settled();
    expect(await ids(provider)).toEqual([1]);
  });
});

describe('updates off the request path', () => {
  it('answers searches from the old stock while a 2,000-car import is indexed in slices, then from the new', async () => {
    writeStock(cars(1000));
    const clock = { ms: NOW * 1000 };
    let pauses = 0;
    let update = false;
    /** Searches issued at pauses of the update: what each found, and the pause it was answered by. */
    const during: Promise<{ total: number; issued: number; answered: number }>[] = [];
    const provider = create({
      now: () => clock.ms,
      sliceCars: 100,
      pause: () => {
        if (update) {
          pauses += 1;
          const issued = pauses;
          if (issued % 3 === 1) during.push(total(provider).then((seen) => ({ total: seen, issued, answered: pauses })));
        }
        return nextTurn();
      },
    });
    expect(await total(provider)).toBe(1000);

    writeStock(cars(2000));
    clock.ms += 1000;
    update = true;
    // The search that notices the import is answered at once, from the stock it had.
    expect(await total(provider)).toBe(1000);
    await provider.settled();
    expect(await total(provider)).toBe(2000);

    // Reading and indexing 2,000 cars 100 at a time, then finishing the indexes: a pause after each slice.
    expect(pauses).toBeGreaterThan(2000 / 100);
    const seen = await Promise.all(during);
    expect(seen.length).toBeGreaterThan(6);
    // Each search made meanwhile was answered from the old stock before the update took another step.
    expect(seen).toEqual(seen.map(({ issued }) => ({ total: 1000, issued, answered: issued })));
  });

  it('loads a dealer’s index on its first search, which waits for it', async () => {
    writeStock(cars(30));
    const provider = create({ recheckMs: 60_000 });
    expect(provider.memory().dealers).toEqual([]);
    expect(await total(provider)).toBe(30);
    expect(provider.memory().dealers).toEqual(['shop']);
  });

  it('notices an import without a search, within recheckMs', async () => {
    writeStock(cars(2));
    const provider = create({ now: Date.now, recheckMs: 20 });
    expect(await total(provider)).toBe(2);
    writeStock(cars(3));
    // No search: the background check finds the new file and swaps it in.
    await expect.poll(async () => (await provider.settled(), provider.memory().bytes), { timeout: 10_000 }).toBeGreaterThan(0);
    await expect.poll(() => provider.get('shop').then((index) => index?.engine.size), { timeout: 10_000, interval: 50 }).toBe(3);
  });

  it('builds an update once however many searches notice it, and only the latest stock when it changes again meanwhile', async () => {
    writeStock(cars(5));
    let pauses = 0;
    const provider = create({ recheckMs: 0, sliceCars: 2, pause: () => ((pauses += 1), nextTurn()) });
    expect(await total(provider)).toBe(5);
    const oneBuild = pauses;

    writeStock(cars(6));
    pauses = 0;
    expect(await Promise.all([total(provider), total(provider), total(provider)])).toEqual([5, 5, 5]);
    await provider.settled();
    expect(await total(provider)).toBe(6);
    expect(pauses).toBe(oneBuild);

    writeStock(cars(7));
    pauses = 0;
    expect(await total(provider)).toBe(6);
    writeStock(cars(8));
    expect(await total(provider)).toBe(6);
    await provider.settled();
    expect(await total(provider)).toBe(8);
    // The build of 7 cars stopped when 8 were found: less than two builds' work in all.
    expect(pauses).toBeLessThan(oneBuild * 2);
  });
});

describe('warm', () => {
  it('builds each served dealer’s index before the first search asks for it', async () => {
    writeStock([car(1)]);
    const provider = create({ recheckMs: 60_000 });
    await provider.warm();
    // Within recheckMs the index built by warm() answers: it was built then, not on this search.
    writeStock([car(1), car(2)]);
    expect(await ids(provider)).toEqual([1]);
  });

  it('returns at once and warms in the background; a search for a dealer not warmed yet goes first', async () => {
    for (const slug of ['north', 'south', 'east']) writeStock(cars(300), slug);
    const provider = create({ dealers: ['north', 'south', 'east'], recheckMs: 60_000, sliceCars: 50 });
    let warmed = false;
    const warming = provider.warm().then(() => (warmed = true));
    expect(provider.memory().dealers).toEqual([]);
    expect(await total(provider, 'east')).toBe(300);
    expect(warmed).toBe(false);
    await warming;
    expect(provider.memory().dealers.sort()).toEqual(['east', 'north', 'south']);
  });

  it('warms only as many dealers as fit the memory bound', async () => {
    for (const slug of ['north', 'south', 'east']) writeStock(cars(200), slug);
    const one = create({ dealers: ['north'], recheckMs: 60_000 });
    expect(await total(one, 'north')).toBe(200);
    const size = one.memory().bytes;
    const provider = create({ dealers: ['north', 'south', 'east'], recheckMs: 60_000, memoryLimitBytes: Math.floor(size * 2.5) });
    await provider.warm();
    expect(provider.memory().dealers).toEqual(['north', 'south']);
  });

  it('reports a dealer whose stock cannot be read and goes on', async () => {
    writeFileSync(path.join(stockDir, 'shop.json'), '{ not json');
    const lines: string[] = [];
    const provider = create({ now: Date.now, log: (line) => lines.push(line) });
    await expect(provider.warm()).resolves.toBeUndefined();
    expect(lines.join('\n')).toMatch(/could not build the index of shop at start/);
  });
});

describe('memory bound', () => {
  it('keeps the indexes within the bound, dropping the least recently searched, and loads a dropped one again when asked', async () => {
    for (const slug of ['north', 'south', 'east']) writeStock(cars(200), slug);
    const one = create({ dealers: ['north'], recheckMs: 60_000 });
    await total(one, 'north');
    const size = one.memory().bytes;
    const provider = create({ dealers: ['north', 'south', 'east'], recheckMs: 60_000, memoryLimitBytes: Math.floor(size * 2.5) });
    expect(await total(provider, 'north')).toBe(200);
    expect(await total(provider, 'south')).toBe(200);
    expect(await total(provider, 'north')).toBe(200);
    expect(await total(provider, 'east')).toBe(200);
    // South was searched least recently.
    expect(provider.memory().dealers).toEqual(['north', 'east']);
    expect(provider.memory().bytes).toBeLessThanOrEqual(provider.memory().limitBytes);
    expect(await total(provider, 'south')).toBe(200);
    expect(provider.memory().dealers).toEqual(['east', 'south']);
  });

  it('counts INDEX_BYTES_PER_CAR per car plus its JSON, and the answers the index caches', async () => {
    writeStock(cars(100));
    const provider = create({ recheckMs: 60_000 });
    await total(provider);
    const { bytes } = provider.memory();
    const json = cars(100).reduce((sum, c) => sum + JSON.stringify(c).length, 0);
    expect(bytes).toBeGreaterThan(100 * INDEX_BYTES_PER_CAR + json * 0.9);
    const answers = (await provider.get('shop'))!.answers!.bytes;
    expect(answers).toBeGreaterThan(0);
    expect(bytes).toBeLessThan(100 * INDEX_BYTES_PER_CAR + json * 1.5 + answers);
  });

  it('reads SEARCH_INDEX_MEMORY_MB, 512 by default, and refuses what is not a whole number of mebibytes', () => {
    expect(indexMemoryLimit({})).toBe(512 * 1024 * 1024);
    expect(indexMemoryLimit({ SEARCH_INDEX_MEMORY_MB: ' 64 ' })).toBe(64 * 1024 * 1024);
    for (const raw of ['0', '-1', '1.5', 'lots']) expect(() => indexMemoryLimit({ SEARCH_INDEX_MEMORY_MB: raw })).toThrow(/SEARCH_INDEX_MEMORY_MB/);
  });
});

describe('held cars overlay', () => {
  it('marks held cars reserved at once, even within recheckMs, and unmarks them when the hold ends, without rebuilding', async () => {
    writeStock([car(1), car(2), car(3)]);
    let held = { version: 'none', ids: new Set<string>() };
    let pauses = 0;
    const provider = create({
      recheckMs: 60_000,
      held: () => Promise.resolve(held),
      pause: () => ((pauses += 1), nextTurn()),
    });
    const reserved = async () =>
      (await multiSearch((uid) => provider.get(uid), body)).results[0]!.hits.filter((h) => (h as { reserved?: boolean }).reserved === true).map((h) => h.id);
    const filtered = async () =>
      (await multiSearch((uid) => provider.get(uid), { queries: [{ indexUid: 'shop', filter: 'reserved = true' }] })).results[0]!.hits.map((h) => h.id);
    expect(await reserved()).toEqual([]);
    const built = pauses;
    held = { version: 'v1', ids: new Set(['2', '99']) };
    expect(await reserved()).toEqual([2]);
    expect(await filtered()).toEqual([2]);
    held = { version: 'none', ids: new Set() };
    expect(await reserved()).toEqual([]);
    expect(await filtered()).toEqual([]);
    // No build ran for the holds: the overlay changed the index in place.
    expect(pauses).toBe(built);
  });
});
