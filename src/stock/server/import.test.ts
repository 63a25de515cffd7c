import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse as parseCsvSync } from 'csv-parse/sync';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import {
  confirmHeld,
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
  type PhotoStep,
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

  it('keep the good rows and report every bad one by line, id and field, counting multi-line rows and blank lines', () => {
    const feed = readFeed(fixture('bad.csv'));
    expect(feed.vehicles.map((car) => car.id)).toEqual([201, 207]);
    expect(feed.badRows).toBe(6);
    expect(feed.rows).toBe(8);
    expect(feed.problems).toEqual([
      'line 4 (id 202): price: expected a number, got "abc"',
      'line 5 (id 203): car_type: Invalid option: expected one of "new"|"demo"|"used"',
      'line 6 (id 204): sold_date_timestamp: is required when status is sold',
      'line 7 (id 201): id: duplicate id "201": line 2 has it too and is kept (the first good row with it wins)',
      'line 8 (id 205): slug: duplicate slug "2020-kia-cerato-s-201": line 2 has it too and is kept (the first good row with it wins)',
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

  it('report bad rows by position with the label "row", and keep the good ones', () => {
    const feed = parseFeed(JSON.stringify([car(1), car(2, { price: -5, colour: 'Red', bogus: 1 }), 'text', car(1), car(3, { slug: car(1).slug })]), 'json');
    expect(feed.problems).toEqual([
      'row 2 (id 2): price: Too small: expected number to be >=0',
      'row 2 (id 2): bogus: unknown field "bogus"',
      'row 3 (id ?): (row): expected an object with vehicle fields',
      'row 4 (id 1): id: duplicate id "1": row 1 has it too and is kept (the first good row with it wins)',
      'row 4 (id 1): slug: duplicate slug "2022-toyota-rav4-gx-1": row 1 has it too and is kept (the first good row with it wins)',
      'row 5 (id 3): slug: duplicate slug "2022-toyota-rav4-gx-1": row 1 has it too and is kept (the first good row with it wins)',
    ]);
    expect(feed.vehicles.map((car) => car.id)).toEqual([1]);
  });

  it('refuse a second car with the same stock number, whatever its case, and keep the first good one', () => {
    const feed = parseFeed(
      JSON.stringify([car(1, { stocknum: 'AB1', price: -1 }), car(2, { stocknum: 'AB1' }), car(3, { stocknum: 'ab1 ' }), car(4, { stocknum: 'AB2' })]),
      'json',
    );
    expect(feed.vehicles.map((v) => v.id)).toEqual([2, 4]);
    expect(feed.problems).toEqual([
      'row 1 (id 1): price: Too small: expected number to be >=0',
      'row 3 (id 3): stocknum: duplicate stock number "AB1": row 2 has it too and is kept (the first good row with it wins)',
    ]);
  });

  it('refuse files that are not a feed', () => {
    expect(thrown(() => parseFeed('{"cars": []}', 'json')).problems).toEqual(['(file): expected an array of vehicles or an object with a "vehicles" array']);
    expect(thrown(() => parseFeed('[{"id": 1,', 'json')).problems[0]).toMatch(/^\(file\): /);
    expect(() => feedFormat('stock.xml')).toThrow(/must be a \.json or \.csv file/);
    expect(feedFormat('STOCK.CSV')).toBe('csv');
  });
});

describe('hostile feeds', () => {
  it('keep markup in a name as text to be escaped on the page, and turn an HTML description into plain paragraphs', () => {
    const markup = '<script>alert(1)</script> "><img src=x onerror=alert(1)>';
    const [only] = parseFeed(
      JSON.stringify([car(1, { name: markup, description: `<p>Tow bar &amp; roof racks.</p>${markup}<p>Two keys</p>` })]),
      'json',
    ).vehicles;
    expect(only!.name).toBe(markup);
    expect(only!.description).toBe('Tow bar & roof racks.\n\n">\n\nTwo keys');
  });

  it('strip control and bidirectional characters from every text field, and cut an overlong description at a word', () => {
    const feed = parseFeed(
      JSON.stringify([
        car(1, { name: 'Bell\u0007car', filtered_features: ['Tow\u202e bar'] }),
        car(2, { description: 'word '.repeat(1100) }),
        car(3, { make: 'ok\u202eevil', variant: '\u2066GX\u2069', description: 'One\r\n\u0000Two' }),
      ]),
      'json',
    );
    expect(feed.problems).toEqual([]);
    const [bell, long, evil] = feed.vehicles;
    expect(bell).toMatchObject({ name: 'Bellcar', filtered_features: ['Tow bar'] });
    expect(long!.description!.length).toBeLessThanOrEqual(5000);
    expect(long!.description).toMatch(/word…$/);
    expect(evil).toMatchObject({ make: 'okevil', variant: 'GX', description: 'One\nTwo' });
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
  const args = (file: string, dealer = 'fixture-motors') => ({ dealer, file });
  const now = new Date('2025-06-15T10:00:00Z');
  // The export tests check how each column is read, photo URLs included; making the photos the
  // site's own is the photo step's work, tested below and in feed-photos.test.ts.
  const photosAsRead: PhotoStep = (vehicles) => Promise.resolve({ vehicles, problems: [] });
  const thrownAsync = async (promise: Promise<unknown>): Promise<FeedError> => {
    try {
      await promise;
    } catch (error) {
      if (error instanceof FeedError) return error;
      throw error;
    }
    throw new Error('expected a FeedError');
  };
  /** A dealers folder with fixture-motors, its dealer file changed by `edit`. */
  const dealersWith = (edit: (dealer: Record<string, unknown>) => void): string => {
    const folder = path.join(dir, 'dealers');
    mkdirSync(folder, { recursive: true });
    const dealer = JSON.parse(readFileSync(path.join(dealersDir, 'fixture-motors.json'), 'utf8')) as Record<string, unknown>;
    edit(dealer);
    writeFileSync(path.join(folder, 'fixture-motors.json'), JSON.stringify(dealer));
    return folder;
  };
  const writeFeed = (name: string, cars: unknown[]): string => {
    const file = path.join(dir, name);
    writeFileSync(file, JSON.stringify(cars));
    return file;
  };

  it('writes the stock file atomically in the store shape, and the store loads it', async () => {
    const result = await importFeed(args(fixture('good.csv')), { dealersDir, env, now });
    expect(result).toMatchObject({ outcome: 'imported', file: stockFile('fixture-motors', env), replaced: undefined, rows: 4, badRows: 0 });
    const saved = readStockFile(result.file);
    expect(saved).toMatchObject({ dealer: 'fixture-motors', imported_at: '2025-06-15T10:00:00.000Z', source: 'good.csv' });
    expect(saved.vehicles.map((v) => v.id)).toEqual([101, 102, 103, 104]);
    expect(readdirSync(path.dirname(result.file))).toEqual(['fixture-motors.json']); // no temp file left behind
    expect(loadStock(testSite(), env).map((v) => v.id)).toEqual([101, 102, 103, 104]);
    // Imported again: it reports how many cars it replaced.
    expect((await importFeed(args(fixture('good.csv')), { dealersDir, env, now })).replaced).toBe(4);
  });

  it('imports the good rows of an AU/NZ dealer management system export and reports the bad ones by spreadsheet row', async () => {
    const result = await importFeed({ ...args(fixture('au-nz-dms-export.csv')), preset: 'au_nz_dms' }, { dealersDir, env, now, photos: photosAsRead });
    expect(result).toMatchObject({ outcome: 'imported', rows: 50, badRows: 6 });
    expect(result.problems).toEqual([
      'row 6 (stock K24028): Price: "$3O,990" is not a price (write 34990 or $34,990, or POA)',
      'row 13 (stock K24077): Make: is missing',
      'row 19 (stock K24119): Year: "22" is not a year such as 2022',
      'row 25 (stock K24063): StockNumber: duplicate stock number "K24063": row 11 has it too and is kept (the first good row with it wins)',
      'row 32 (stock K24210): Odometer: "unknown" is not a whole number',
      'row 43 (stock K24287): Condition: "Ex-Lease" is not New, Used, Demo or Certified',
    ]);
    expect(result.notices).toEqual([
      "2 columns the site does not read, left out: SalespersonNotes, YardBay (name what they hold in the dealer file's stock_feed.columns to read them)",
      'locations the dealer file does not have: "Fixture Motors Used Cars" (27 cars); these cars show the name but no address, and the ad feeds leave them out: name the location as the dealer file does, or add it there',
    ]);
    const stock = readStockFile(result.file).vehicles;
    expect(stock).toHaveLength(44);
    const byStock = new Map(stock.map((car) => [car.stocknum, car]));
    // Converted as the export writes them: "$17,990", km, day-first dates, Badge and Series, Condition.
    expect(byStock.get('K24000')).toMatchObject({
      name: '2025 Toyota RAV4 GX',
      variant: 'GX AXAH54R',
      make_model: 'Toyota RAV4',
      car_type: 'new',
      km: 0,
      price: 17_990,
      engine_cc: 2487,
      slug: '2025-toyota-rav4-gx-k24000',
      created_at_timestamp: Date.UTC(2026, 9, 28) / 1000, // 28/10/2026
      primary_image_url: 'https://images.dms-export.example/photos/K24000/1.jpg',
      photos_count: 8,
      status: 'in_transit',
      // "Fixture Motors Sales" in the export is the dealer file's "Fixture Motors - Sales".
      location_id: 1,
      location_name: 'Fixture Motors - Sales',
    });
    expect(byStock.get('K24063')?.vin).toBe(parseFeedRows('au-nz-dms-export.csv', 'StockNumber', 'K24063')[0]!.VIN);
    expect(byStock.get('K24091')?.price).toBe(0); // POA: price on application
    expect(byStock.get('K24014')?.variant).toBe('GX Hybrid MZEA12R'); // the right-to-left override is gone
    expect(byStock.get('K24042')?.colour).toBe('Eclipse Black'); // the control character is gone
    expect(byStock.get('K24056')?.description).toBe('Low kms & one owner.\n\nSee our offers.'); // the script and the link's target are gone
    // The same export tomorrow: every car keeps its id and page.
    const again = await importFeed(
      { ...args(fixture('au-nz-dms-export.csv')), preset: 'au_nz_dms' },
      { dealersDir, env, now: new Date(), photos: photosAsRead },
    );
    expect(readStockFile(again.file).vehicles.map((car) => [car.id, car.slug, car.created_at_timestamp])).toEqual(
      stock.map((car) => [car.id, car.slug, car.created_at_timestamp]),
    );
  });

  it('imports the good rows of a US syndication export, miles as km and the MSRP when no selling price, and reports the bad ones', async () => {
    const result = await importFeed(
      { ...args(fixture('us-syndication-export.csv')), preset: 'us_syndication' },
      { dealersDir, env, now, photos: photosAsRead },
    );
    expect(result).toMatchObject({ outcome: 'imported', rows: 50, badRows: 6 });
    expect(result.problems).toEqual([
      'row 9 (stock N7221): Miles: "45k" is not a whole number',
      'row 14 (stock P5136): VIN: must be 11 to 17 letters and digits without I, O or Q',
      'row 21 (stock ?): Stock: is missing: every car needs one, it is how the car is known from one feed to the next',
      'row 28 (stock P5178): Type: "Wholesale" is not New, Used, Demo or Certified',
      'row 35 (stock p5115): Stock: duplicate stock number "P5115": row 7 has it too and is kept (the first good row with it wins)',
      'row 40 (stock P5214): Year: "1899" is not a year such as 2022',
    ]);
    expect(result.notices).toEqual([
      "2 columns the site does not read, left out: Comment1, VideoURL (name what they hold in the dealer file's stock_feed.columns to read them)",
    ]);
    const byStock = new Map(readStockFile(result.file).vehicles.map((car) => [car.stocknum, car]));
    expect(byStock.size).toBe(44);
    expect(byStock.get('N7200')).toMatchObject({ car_type: 'new', km: 48, price: 42_995, variant: 'XLT', created_at_timestamp: Date.UTC(2026, 6, 18) / 1000 });
    expect(byStock.get('N7200')?.images).toHaveLength(8);
    expect(byStock.get('N7263')).toMatchObject({ price: 58_995 }); // SellingPrice empty: the MSRP
    expect(byStock.get('P5109')?.price).toBe(0); // "call": price on application
    expect(byStock.get('P5130')?.variant).toBe('DETIMIL'); // the override that turned it around is gone
    expect(byStock.get('N7245')?.description).toBe('Loaded & ready\n\nAsk for Dana');
    const certified = [...byStock.values()].filter((car) => car.certified);
    expect(certified.length).toBeGreaterThan(0);
    expect(certified.every((car) => car.car_type === 'used')).toBe(true);
  });

  it('reads a CSV in the columns the dealer file names, on top of the platform fields', async () => {
    const dealers = dealersWith((dealer) => {
      dealer.stock_feed = { columns: { 'Stock No': 'stocknum', Kms: 'odometer', Cond: 'condition', 'Drive-away': 'price', Notes: 'ignore' } };
    });
    const file = path.join(dir, 'own.csv');
    writeFileSync(
      file,
      'Stock No,year,make,model,variant,body,Cond,Kms,Drive-away,Notes,Colour code\n' +
        'A1,2021,Mazda,CX-5,Touring,SUV,Used,"52,000",$31990,keep inside,41W\n' +
        'A2,2024,Kia,Sportage,S,SUV,New,,"$36,490",,\n' +
        'A3,2020,Kia,Cerato,S,Hatch,Used,"61,000",lots,,\n',
    );
    const result = await importFeed(args(file), { dealersDir: dealers, env, now });
    expect(result.problems).toEqual(['row 4 (stock A3): Drive-away: "lots" is not a price (write 34990 or $34,990, or POA)']);
    expect(result.notices).toEqual([
      "1 column the site does not read, left out: Colour code (name what it holds in the dealer file's stock_feed.columns to read it)",
    ]);
    expect(result.vehicles.map((car) => [car.stocknum, car.car_type, car.km, car.price, car.name])).toEqual([
      ['A1', 'used', 52_000, 31_990, '2021 Mazda CX-5 Touring'],
      ['A2', 'new', 0, 36_490, '2024 Kia Sportage S'],
    ]);
    // Without the mapping, the same file is not the platform's format: refused whole, saying what to add.
    const refused = await thrownAsync(importFeed(args(file), { dealersDir, env, now }));
    expect(refused.message).toMatch(/stock_feed\.preset or stock_feed\.columns/);
  });

  it('refuses a file in another shape than the preset whole, rather than every row', async () => {
    const wrong = await thrownAsync(importFeed({ ...args(fixture('us-syndication-export.csv')), preset: 'au_nz_dms' }, { dealersDir, env, now }));
    expect(wrong.message).toBe('the CSV header has no stock number column: is this the right file, and the right stock_feed.preset for it?');
    expect(wrong.problems[0]).toMatch(/^row 1 \(header\): expected a column "StockNumber"; found "DealerId", "Type", "Stock", /);
    const json = await thrownAsync(importFeed({ ...args(writeFeed('cars.json', [car(1)])), preset: 'au_nz_dms' }, { dealersDir, env, now }));
    expect(json.message).toMatch(/cars\.json is JSON, which is always the platform's own fields/);
    expect(existsSync(stockFile('fixture-motors', env))).toBe(false);
  });

  it('reads the preset the dealer file names', async () => {
    const dealers = dealersWith((dealer) => {
      dealer.stock_feed = { preset: 'us_syndication' };
    });
    const result = await importFeed(args(fixture('us-syndication-export.csv')), { dealersDir: dealers, env, now });
    expect(result).toMatchObject({ outcome: 'imported', rows: 50, badRows: 6 });
  });

  it('holds a feed that would take too many listed cars off the site, then applies it when confirmed', async () => {
    const first = await importFeed({ ...args(fixture('au-nz-dms-export.csv')), preset: 'au_nz_dms' }, { dealersDir, env, now, photos: photosAsRead });
    const before = readFileSync(first.file, 'utf8');
    const cars = readStockFile(first.file).vehicles;
    const listed = cars.filter((car) => car.status !== 'sold').length;
    // Over 30 % of the listed cars gone: held (the fixture dealer keeps the default 30 %).
    const removed = Math.ceil(listed * 0.31);
    const keep = cars.slice(0, cars.length - removed);
    const held = await importFeed(args(writeFeed('short.json', keep)), { dealersDir, env, now: new Date('2025-06-16T10:00:00Z') });
    expect(held.outcome).toBe('held');
    expect(held.heldBecause).toBe(
      `it would take ${removed} of the ${listed} cars listed now off the site (${Math.round((removed / listed) * 100)} %; the dealer file allows 30 % (stock_feed.max_removed_share))`,
    );
    expect(held.file).toBe(path.join(dir, 'stock', 'fixture-motors.held.json'));
    expect(readFileSync(first.file, 'utf8')).toBe(before);

    const confirmed = confirmHeld('fixture-motors', { dealersDir, env, now: new Date('2025-06-16T11:00:00Z') });
    expect(confirmed).toMatchObject({ outcome: 'imported', replaced: 44 });
    expect(readStockFile(first.file).vehicles.map((car) => car.id)).toEqual(keep.map((car) => car.id));
    expect(existsSync(held.file)).toBe(false);
    expect(() => confirmHeld('fixture-motors', { dealersDir, env })).toThrow(/no feed is held for fixture-motors/);

    // Under the share, a feed goes straight in; the dealer file can set its own share.
    const lenient = dealersWith((dealer) => {
      dealer.stock_feed = { max_removed_share: 0.9 };
    });
    expect((await importFeed(args(writeFeed('few.json', keep.slice(0, 5))), { dealersDir: lenient, env, now })).outcome).toBe('imported');
  });

  it('counts bad rows as taken off: a feed of mostly bad rows is held even with no stock before it', async () => {
    const result = await importFeed(args(fixture('bad.csv')), { dealersDir, env, now });
    expect(result).toMatchObject({ outcome: 'held', rows: 8, badRows: 6 });
    expect(result.heldBecause).toBe('6 of its 8 rows are bad and would be left out (75 %; the dealer file allows 30 % (stock_feed.max_removed_share))');
    expect(existsSync(stockFile('fixture-motors', env))).toBe(false);
  });

  it('holds an empty feed, and drops a held feed once a newer one is imported or the stock changed', async () => {
    await importFeed(args(fixture('good.csv')), { dealersDir, env, now });
    const empty = await importFeed(args(writeFeed('empty.json', [])), { dealersDir, env, now });
    expect(empty).toMatchObject({ outcome: 'held', heldBecause: 'the feed has no cars: it would empty the site' });
    // A newer good feed goes in, and the held one is dropped: confirming it later would go back in time.
    const newer = await importFeed(args(fixture('good.csv')), { dealersDir, env, now });
    expect(newer).toMatchObject({ outcome: 'imported', droppedHeld: true });
    expect(() => confirmHeld('fixture-motors', { dealersDir, env })).toThrow(/no feed is held/);
    // Held, then the stock changes behind it: confirming is refused.
    await importFeed(args(writeFeed('empty.json', [])), { dealersDir, env, now });
    writeStockFile('fixture-motors', [], 'other.json', env, new Date('2025-06-17T00:00:00Z'));
    expect(() => confirmHeld('fixture-motors', { dealersDir, env })).toThrow(/the stock changed since empty\.json was held/);
    // On demo stock, an empty feed is held too: it would take every demo car away.
    rmSync(stockFile('fixture-motors', env));
    expect((await importFeed(args(writeFeed('empty.json', [])), { dealersDir, env, now })).outcome).toBe('held');
  });

  it('replaces a broken stock file rather than being blocked by it', async () => {
    mkdirSync(path.dirname(stockFile('fixture-motors', env)), { recursive: true });
    writeFileSync(stockFile('fixture-motors', env), '{"vehicles": [');
    const result = await importFeed(args(fixture('good.csv')), { dealersDir, env, now });
    expect(result).toMatchObject({ outcome: 'imported', replaced: 0 });
    expect(readStockFile(result.file).vehicles).toHaveLength(4);
  });

  it('runs the photo step over the good rows before writing, reporting its problems without dropping a car', async () => {
    const seen: number[] = [];
    const result = await importFeed(args(fixture('good.csv')), {
      dealersDir,
      env,
      now,
      photos: (vehicles) => {
        seen.push(...vehicles.map((car) => car.id));
        return Promise.resolve({
          vehicles: vehicles.map((car) => ({ ...car, images: car.images.map((_, i) => ({ image_url: `/feed-photos/${car.id}-${i}.webp` })) })),
          problems: ['stock 102: photo 1 could not be fetched (404)'],
        });
      },
    });
    expect(seen).toEqual([101, 102, 103, 104]);
    expect(result.photoProblems).toEqual(['stock 102: photo 1 could not be fetched (404)']);
    expect(readStockFile(result.file).vehicles[0]!.images).toEqual([{ image_url: '/feed-photos/101-0.webp' }, { image_url: '/feed-photos/101-1.webp' }]);
    const losing = await thrownAsync(
      importFeed(args(writeFeed('one.json', [car(1)])), { dealersDir, env, now, photos: () => Promise.resolve({ vehicles: [], problems: [] }) }),
    );
    expect(losing.message).toMatch(/the photo step returned other cars than it was given/);
    expect(readStockFile(result.file).vehicles).toHaveLength(4);
  });

  it('refuses unknown dealers, including path tricks', async () => {
    expect((await thrownAsync(importFeed(args(fixture('good.csv'), 'nobody'), { dealersDir, env }))).message).toBe(
      'unknown dealer "nobody"; known dealers: fixture-motors, hostile-motors, opt-in-motors',
    );
    await expect(importFeed(args(fixture('good.csv'), '../dealers/fixture-motors'), { dealersDir, env })).rejects.toThrow(/unknown dealer/);
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

/** Rows of a fixture CSV as objects, to compare the import with the file. */
function parseFeedRows(name: string, column: string, value: string): Record<string, string>[] {
  const [header, ...rows] = parseCsvSync(readFileSync(fixture(name), 'utf8'), { bom: true });
  return rows.map((cells) => Object.fromEntries(header!.map((h, i) => [h, cells[i] ?? '']))).filter((row) => row[column] === value);
}

describe('parseImportArgs', () => {
  it('reads the dealer, one file, --preset, --confirm and --no-alerts', () => {
    expect(parseImportArgs(['--dealer', 'a', 'feed.csv'])).toEqual({ dealer: 'a', file: 'feed.csv', confirm: false, alerts: true });
    expect(parseImportArgs(['feed.csv', '--dealer=a', '--preset', 'au_nz_dms'])).toEqual({
      dealer: 'a',
      file: 'feed.csv',
      confirm: false,
      preset: 'au_nz_dms',
      alerts: true,
    });
    expect(parseImportArgs(['feed.json', '--dealer=a', '--no-alerts'])).toEqual({ dealer: 'a', file: 'feed.json', confirm: false, alerts: false });
    expect(parseImportArgs(['--dealer=a', '--confirm'])).toEqual({ dealer: 'a', confirm: true, alerts: true });
  });

  it('points --allow-empty to the hold, and refuses a file with --confirm or an unknown preset', () => {
    expect(() => parseImportArgs(['--dealer', 'a', 'x.json', '--allow-empty'])).toThrow(/an empty feed is held for confirmation.*--dealer a --confirm/);
    expect(() => parseImportArgs(['--dealer', 'a', 'x.json', '--confirm'])).toThrow(/give no feed file/);
    expect(() => parseImportArgs(['--dealer', 'a', 'x.csv', '--preset', 'dms'])).toThrow(/--preset must be one of au_nz_dms, us_syndication/);
  });

  it('explains what is missing', () => {
    expect(() => parseImportArgs(['feed.csv'])).toThrow(/--dealer <slug> is required/);
    expect(() => parseImportArgs(['--dealer', 'a'])).toThrow(/exactly one feed file/);
    expect(() => parseImportArgs(['--dealer', 'a', 'x.csv', 'y.csv'])).toThrow(/exactly one feed file/);
    expect(() => parseImportArgs(['--dealer', 'a', '--force', 'x.csv'])).toThrow(/unknown option --force/);
  });
});
