import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import {
  csvBooleanFields,
  csvIdFields,
  csvListFields,
  csvNumberFields,
  FeedError,
  feedFormat,
  importFeed,
  MAX_FEED_BYTES,
  parseFeed,
  parseImportArgs,
  printable,
  readFeed,
  summarise,
  writeStockFile,
} from './import';
import { loadStock, readStockFile, stockFile } from './store';
import { vehicleSchema } from '../model/vehicle';
import { testSite } from '../../../tests/support/test-site';

const fixture = (name: string): string => path.resolve('tests/fixtures/stock', name);
const dealersDir = path.resolve('tests/fixtures/dealers');

/** A valid vehicle row as a JSON feed would carry it. */
const car = (id: number, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  id,
  slug: `2022-toyota-rav4-gx-${id}`,
  name: '2022 Toyota RAV4 GX',
  make: 'Toyota',
  model: 'RAV4',
  make_model: 'Toyota RAV4',
  body: 'SUV',
  car_type: 'used',
  status: 'in_stock',
  price: 35_990,
  km: 40_000,
  year: 2022,
  categories: ['cars'],
  item_type: 'car',
  created_at_timestamp: 1_748_000_000,
  ...extra,
});

const thrownAsync = async (promise: Promise<unknown>): Promise<FeedError> => {
  try {
    await promise;
  } catch (error) {
    if (error instanceof FeedError) return error;
    throw error;
  }
  throw new Error('expected a FeedError');
};

const thrown = (fn: () => unknown): FeedError => {
  try {
    fn();
  } catch (error) {
    if (error instanceof FeedError) return error;
    throw error;
  }
  throw new Error('expected a FeedError');
};

let dir: string;
let env: NodeJS.ProcessEnv;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'stock-import-'));
  env = { STOCK_DIR: path.join(dir, 'stock'), STOCK_PHOTOS_DIR: path.join(dir, 'stock-photos') };
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('CSV feeds', () => {
  it('read a good feed: quoting, embedded quotes and line breaks, lists, booleans, empty cells', () => {
    const feed = readFeed(fixture('good.csv'));
    expect(feed.problems).toEqual([]);
    expect(feed.vehicles.map((v) => v.id)).toEqual([101, 102, 103, 104]);
    const [rav4, ranger, cx5, hilux] = feed.vehicles;
    expect(rav4).toMatchObject({
      name: '2022 Toyota RAV4 GX Hybrid',
      price: 38_990,
      certified: true,
      price_range: '$30,000 - $40,000',
      filtered_features: ['Reversing Camera', 'Apple CarPlay', 'Adaptive Cruise Control'],
      images: [{ image_url: '/stock-images/suv-white-1.svg' }, { image_url: '/stock-images/suv-white-2.svg' }],
      location_id: 1,
      sold_date_timestamp: null,
      description: 'One owner, full service history.',
    });
    expect(ranger).toMatchObject({
      name: '2019 Ford Ranger XLT "Hi-Rider"',
      variant: 'XLT "Hi-Rider"',
      description: 'Tradie special.\nTow bar, tub liner, roof racks.',
      images: [],
    });
    expect(ranger!.weekly_price).toBeUndefined();
    expect(cx5).toMatchObject({ status: 'sold', sold_date_timestamp: 1_748_500_000, location_id: 'LOC-7', certified: false });
    expect(hilux).toMatchObject({ price: 0, status: 'coming_soon', filtered_features: [] });
    expect(hilux!.vin).toBeUndefined();
  });

  it('report every bad row by line, id and field, counting multi-line rows and blank lines', () => {
    const feed = readFeed(fixture('bad.csv'));
    expect(feed.vehicles).toEqual([]);
    expect(feed.badRows).toBe(6);
    expect(feed.rows).toBe(8);
    expect(feed.problems).toEqual([
      'line 4 (id 202): price: expected a number, got "abc"',
      'line 5 (id 203): car_type: Invalid option: expected one of "new"|"demo"|"used"',
      'line 6 (id 204): sold_date_timestamp: is required when status is sold',
      'line 7 (id 201): id: duplicate id 201 (also line 2)',
      'line 8 (id 205): slug: duplicate slug "2020-kia-cerato-s-201" (also line 2)',
      'line 9 (id 206): categories[1]: Invalid option: expected one of "cars"|"trucks"|"caravans"|"motorcycles"|"rental"|"subscription"',
      'line 9 (id 206): vin: must be 11 to 17 letters and digits without I, O or Q',
    ]);
  });

  it('count lines after blank lines and quoted line breaks', () => {
    const text = 'id,slug\n1,"a\nb"\n\n\n2,x\n';
    const feed = parseFeed(text, 'csv');
    expect(feed.problems.filter((p) => p.startsWith('line 6 '))).not.toEqual([]);
    expect(feed.problems.filter((p) => p.startsWith('line 2 '))).not.toEqual([]);
  });

  it('refuse unknown, unnamed and repeated columns before reading any row', () => {
    const error = thrown(() => parseFeed('id,colour,,price,colour,<b>x</b>\n1,Red,,2,Red,\n', 'csv'));
    expect(error.problems).toEqual([
      'line 1 (header): column 3: has no name',
      'line 1 (header): colour: column appears twice',
      'line 1 (header): <b>x</b>: unknown column',
    ]);
  });

  it('report rows with the wrong number of cells, and unreadable CSV', () => {
    const header = Object.keys(car(1)).join(',');
    const row = (values: string): string => `${header}\n${values}\n`;
    const good = '1,2022-toyota-rav4-gx-1,2022 Toyota RAV4 GX,Toyota,RAV4,Toyota RAV4,SUV,used,in_stock,35990,40000,2022,cars,car,1748000000';
    expect(parseFeed(row(good), 'csv').problems).toEqual([]);
    expect(parseFeed(row(`${good},extra`), 'csv').problems).toEqual(['line 2 (id 1): (row): has 16 cells; the header has 15']);
    expect(thrown(() => parseFeed(row('1,"unclosed'), 'csv')).problems).toEqual([expect.stringMatching(/^line \d+: Quote Not Closed/)]);
  });

  it('coerce numbers and booleans strictly, so a shifted column is caught rather than guessed', () => {
    const header = 'id,slug,name,make,model,make_model,body,car_type,status,price,km,year,categories,item_type,created_at_timestamp,certified';
    const base = '1,s-1,N,Toyota,RAV4,Toyota RAV4,SUV,used,in_stock';
    const problems = (tail: string): string[] => parseFeed(`${header}\n${base},${tail}\n`, 'csv').problems;
    expect(problems('35990,40000,2022,cars,car,1748000000,yes')).toEqual([]);
    expect(problems('"35,990",40000,2022,cars,car,1748000000,yes')).toEqual(['line 2 (id 1): price: expected a number, got "35,990"']);
    expect(problems('$35990,40000,2022,cars,car,1748000000,maybe')).toEqual([
      'line 2 (id 1): price: expected a number, got "$35990"',
      'line 2 (id 1): certified: expected true or false, got "maybe"',
    ]);
    expect(problems('35990,40000,2022,,car,1748000000,')).toEqual(['line 2 (id 1): categories: Invalid input: expected array, received undefined']);
  });

  it('classify every vehicle field for CSV exactly once', () => {
    const special = [...csvNumberFields, ...csvBooleanFields, ...csvListFields, ...csvIdFields] as string[];
    expect(new Set(special).size).toBe(special.length);
    for (const field of special) expect(Object.keys(vehicleSchema.shape), field).toContain(field);
    // The rest are text: none of them may take a number, a boolean or a list.
    const shape = vehicleSchema.shape as Record<string, { safeParse: (v: unknown) => { success: boolean } }>;
    for (const field of Object.keys(shape).filter((f) => !special.includes(f))) {
      for (const value of [1, true, ['x']]) expect(shape[field]!.safeParse(value).success, `${field} takes ${JSON.stringify(value)}: classify it`).toBe(false);
    }
  });
});

describe('JSON feeds', () => {
  it('accept an array, or an object with vehicles (a stock file)', () => {
    expect(parseFeed(JSON.stringify([car(1), car(2)]), 'json').vehicles).toHaveLength(2);
    expect(parseFeed(JSON.stringify({ dealer: 'x', vehicles: [car(1)] }), 'json').vehicles).toHaveLength(1);
    expect(parseFeed(`\uFEFF${JSON.stringify([car(1)])}`, 'json').vehicles).toHaveLength(1);
  });

  it('report bad rows by position with the label "row"', () => {
    const feed = parseFeed(JSON.stringify([car(1), car(2, { price: -5, colour: 'Red', bogus: 1 }), 'text', car(1), car(3, { slug: car(1).slug })]), 'json');
    expect(feed.problems).toEqual([
      'row 2 (id 2): price: Too small: expected number to be >=0',
      'row 2 (id 2): bogus: unknown field "bogus"',
      'row 3 (id ?): (row): expected an object with vehicle fields',
      'row 4 (id 1): id: duplicate id 1 (also row 1)',
      'row 4 (id 1): slug: duplicate slug "2022-toyota-rav4-gx-1" (also row 1)',
      'row 5 (id 3): slug: duplicate slug "2022-toyota-rav4-gx-1" (also row 1)',
    ]);
    expect(feed.vehicles).toEqual([]);
  });

  it('refuse files that are not a feed', () => {
    expect(thrown(() => parseFeed('{"cars": []}', 'json')).problems).toEqual(['(file): expected an array of vehicles or an object with a "vehicles" array']);
    expect(thrown(() => parseFeed('[{"id": 1,', 'json')).problems[0]).toMatch(/^\(file\): /);
    expect(() => feedFormat('stock.xml')).toThrow(/must be a \.json or \.csv file/);
    expect(feedFormat('STOCK.CSV')).toBe('csv');
  });
});

describe('hostile feeds', () => {
  it('keep markup as text to be escaped on the page, but refuse control characters and huge strings', () => {
    const markup = '<script>alert(1)</script> "><img src=x onerror=alert(1)>';
    expect(parseFeed(JSON.stringify([car(1, { name: markup, description: markup })]), 'json').vehicles[0]!.name).toBe(markup);
    const feed = parseFeed(
      JSON.stringify([car(1, { name: 'Bell\u0007car' }), car(2, { description: 'x'.repeat(5001) }), car(3, { make: 'ok\u202eevil' })]),
      'json',
    );
    expect(feed.problems).toEqual([
      'row 1 (id 1): name: must not contain control characters',
      'row 2 (id 2): description: Too big: expected string to have <=5000 characters',
    ]);
    expect(feed.badRows).toBe(2);
  });

  it('print nothing that can steer a terminal', () => {
    const feed = parseFeed(JSON.stringify([car(1, { id: 'x\u001b[2J\u202e' })]), 'json');
    expect(feed.problems[0]).toBe('row 1 (id x?[2J?): id: Invalid input: expected number, received string');
    expect(printable('a\u0000b\u202ec')).toBe('a?b?c');
    expect(printable('x'.repeat(300))).toHaveLength(201);
  });

  it('refuse an oversized file before reading it', () => {
    const big = path.join(dir, 'huge.json');
    writeFileSync(big, '');
    truncateSync(big, MAX_FEED_BYTES + 1);
    expect(() => readFeed(big)).toThrow(/huge\.json is 50\.0 MB; feeds over 50 MB are refused/);
    expect(() => readFeed(path.join(dir, 'missing.csv'))).toThrow(/no such file/);
  });
});

describe('importFeed', () => {
  const args = (file: string, dealer = 'fixture-motors') => ({ dealer, file, allowEmpty: false });
  const now = new Date('2025-06-15T10:00:00Z');

  it('writes the stock file atomically in the store shape, and the store loads it', async () => {
    const result = await importFeed(args(fixture('good.csv')), { dealersDir, env, now });
    expect(result.file).toBe(stockFile('fixture-motors', env));
    expect(result.replaced).toBeUndefined();
    const saved = readStockFile(result.file);
    expect(saved).toMatchObject({ dealer: 'fixture-motors', imported_at: '2025-06-15T10:00:00.000Z', source: 'good.csv' });
    expect(saved.vehicles.map((v) => v.id)).toEqual([101, 102, 103, 104]);
    expect(readdirSync(path.dirname(result.file))).toEqual(['fixture-motors.json']); // no temp file left behind
    expect(loadStock(testSite(), env).map((v) => v.id)).toEqual([101, 102, 103, 104]);
    // Imported again: it reports how many cars it replaced.
    expect((await importFeed(args(fixture('good.csv')), { dealersDir, env, now })).replaced).toBe(4);
  });

  it('leaves the current stock untouched when any row is bad', async () => {
    const first = await importFeed(args(fixture('good.csv')), { dealersDir, env, now });
    const before = readFileSync(first.file, 'utf8');
    const error = await thrownAsync(importFeed(args(fixture('bad.csv')), { dealersDir, env, now: new Date() }));
    expect(error.message).toBe('6 of 8 rows are invalid; nothing was imported and the current stock is unchanged');
    expect(error.problems).toHaveLength(7);
    expect(readFileSync(first.file, 'utf8')).toBe(before);
  });

  it('refuses unknown dealers, including path tricks', async () => {
    expect((await thrownAsync(importFeed(args(fixture('good.csv'), 'nobody'), { dealersDir, env }))).message).toBe(
      'unknown dealer "nobody"; known dealers: fixture-motors, hostile-motors, opt-in-motors',
    );
    await expect(importFeed(args(fixture('good.csv'), '../dealers/fixture-motors'), { dealersDir, env })).rejects.toThrow(/unknown dealer/);
  });

  it('refuses an empty feed unless asked to clear the stock', async () => {
    const empty = path.join(dir, 'empty.json');
    writeFileSync(empty, '[]');
    await expect(importFeed(args(empty), { dealersDir, env })).rejects.toThrow(/refusing to replace the stock with nothing/);
    expect((await importFeed({ ...args(empty), allowEmpty: true }, { dealersDir, env })).vehicles).toEqual([]);
  });

  it("imports a car with the site's own copy of its feed photo, and keeps a car whose photo is missing", async () => {
    const feed = path.join(dir, 'feed.json');
    mkdirSync(path.join(dir, 'photos'));
    writeFileSync(
      path.join(dir, 'photos', 'fm101-1.jpg'),
      await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#3060a0' } })
        .jpeg()
        .toBuffer(),
    );
    const cars = readFeed(fixture('good.csv')).vehicles.slice(0, 2);
    cars[0]!.primary_image_url = 'https://photos.dms.example/fm/fm101-1.jpg';
    cars[0]!.images = [{ image_url: 'https://photos.dms.example/fm/fm101-1.jpg' }];
    cars[1]!.images = [{ image_url: 'https://photos.dms.example/fm/fm102-1.jpg' }];
    writeFileSync(feed, JSON.stringify(cars));
    const result = await importFeed(args(feed), { dealersDir, env, now });
    const saved = readStockFile(result.file).vehicles;
    expect(saved.map((v) => v.id)).toEqual([101, 102]);
    expect(saved[0]!.primary_image_url).toMatch(/^\/stock-photos\/feed\/[0-9a-f]{20}-800\.jpg$/);
    expect(saved[0]!.images).toEqual([{ image_url: saved[0]!.primary_image_url }]);
    expect(saved[1]!.images).toEqual([]);
    expect(JSON.stringify(saved)).not.toContain('dms.example');
    expect(result.photoProblems).toEqual([
      'car 102 (stock FM102): photo https://photos.dms.example/fm/fm102-1.jpg: not found beside the feed (looked for photos/fm/fm102-1.jpg, photos/fm102-1.jpg); left out, the car is kept',
    ]);
    expect(result.photos).toEqual({ converted: 1, reused: 0, refused: 1 });
  });

  it('summarises by car type and status', () => {
    expect(summarise(readFeed(fixture('good.csv')).vehicles)).toEqual([
      'car_type: new 1, demo 0, used 3',
      'status: in_stock 2, sale_pending 0, in_transit 0, in_production 0, coming_soon 1, sold 1',
    ]);
  });

  it('writes through a temporary file in the same folder', () => {
    mkdirSync(path.join(dir, 'stock'), { recursive: true });
    const file = writeStockFile('fixture-motors', [], 'x.json', env, now);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ dealer: 'fixture-motors', imported_at: now.toISOString(), source: 'x.json', vehicles: [] });
  });
});

describe('parseImportArgs', () => {
  it('reads the dealer, one file, --allow-empty and --no-alerts', () => {
    expect(parseImportArgs(['--dealer', 'a', 'feed.csv'])).toEqual({ dealer: 'a', file: 'feed.csv', allowEmpty: false, alerts: true });
    expect(parseImportArgs(['feed.json', '--dealer=a', '--allow-empty'])).toEqual({ dealer: 'a', file: 'feed.json', allowEmpty: true, alerts: true });
    expect(parseImportArgs(['feed.json', '--dealer=a', '--no-alerts'])).toEqual({ dealer: 'a', file: 'feed.json', allowEmpty: false, alerts: false });
  });

  it('explains what is missing', () => {
    expect(() => parseImportArgs(['feed.csv'])).toThrow(/--dealer <slug> is required/);
    expect(() => parseImportArgs(['--dealer', 'a'])).toThrow(/exactly one feed file/);
    expect(() => parseImportArgs(['--dealer', 'a', 'x.csv', 'y.csv'])).toThrow(/exactly one feed file/);
    expect(() => parseImportArgs(['--dealer', 'a', '--force', 'x.csv'])).toThrow(/unknown option --force/);
  });
});
