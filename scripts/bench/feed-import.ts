/**
 * How long `npm run stock:import` takes over a dealer's export of 1,000 cars, per export shape:
 * the AU/NZ dealer management system CSV and the US syndication CSV, each made from its sample in
 * tests/fixtures/stock repeated with new stock numbers and VINs (its bad rows included, about one
 * row in eight), and the platform's own JSON of as many demo cars. Each run is the whole import
 * (read, convert, clean, validate, hold check, atomic write) into a folder of its own.
 *
 * Part of `npm run bench`; alone: `npx tsx scripts/bench/feed-import.ts [rows] [runs]`.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parse as parseCsv } from 'csv-parse/sync';
import { toCsv } from '../../src/platform/formats/csv';
import type { StockFeedPreset } from '../../src/platform/config/schema';
import { loadDealer } from '../../src/platform/config/load';
import { generateDemoStock } from '../../src/stock/model/demo';
import { importFeed } from '../../src/stock/server/import';
import { medianOf } from './demo-stock';

const DEALERS_DIR = path.resolve('tests/fixtures/dealers');
const DEALER = 'fixture-motors';

export interface FeedImportTiming {
  shape: StockFeedPreset | 'platform_json';
  rows: number;
  good: number;
  bad: number;
  /** Milliseconds per run, in the order run. */
  timesMs: number[];
  medianMs: number;
}

/** `rows` rows of an export: its sample's rows over and over, each copy with its own stock numbers and VINs. */
export function repeatExport(sample: string, stockColumn: string, rows: number): string {
  const [header, ...body]: string[][] = parseCsv(sample, { bom: true });
  if (!header || body.length === 0) throw new Error('the sample export has no rows');
  const stock = header.indexOf(stockColumn);
  const vin = header.indexOf('VIN');
  const out: string[][] = [];
  for (let i = 0; out.length < rows; i++) {
    const copy = Math.floor(i / body.length);
    const cells = [...body[i % body.length]!];
    if (cells[stock]) cells[stock] = `${cells[stock]}-${copy}`;
    // A VIN's last characters are its serial number: a new one per copy, from letters a VIN may hold.
    if (cells[vin] && cells[vin].length === 17) cells[vin] = `${cells[vin].slice(0, 13)}${String(copy).padStart(4, '0')}`;
    out.push(cells);
  }
  return toCsv(header, out);
}

async function timeImport(file: string, preset: StockFeedPreset | undefined, runs: number): Promise<Omit<FeedImportTiming, 'shape'>> {
  const timesMs: number[] = [];
  let last: Awaited<ReturnType<typeof importFeed>> | undefined;
  for (let run = 0; run < runs; run++) {
    const stockDir = mkdtempSync(path.join(tmpdir(), 'bench-feed-stock-'));
    try {
      const started = performance.now();
      last = await importFeed({ dealer: DEALER, file, ...(preset ? { preset } : {}) }, { dealersDir: DEALERS_DIR, env: { STOCK_DIR: stockDir } });
      timesMs.push(performance.now() - started);
      // A run that held the feed or dropped cars would look fast; the figure counts only a full import.
      if (last.outcome !== 'imported') throw new Error(`feed import: ${path.basename(file)} was held: ${last.heldBecause}`);
    } finally {
      rmSync(stockDir, { recursive: true, force: true });
    }
  }
  return { rows: last?.rows ?? 0, good: last?.vehicles.length ?? 0, bad: last?.badRows ?? 0, timesMs, medianMs: medianOf(timesMs) };
}

/** Times the import of `rows` rows of each export shape, and of the platform's own JSON, `runs` times each. */
export async function benchFeedImport(rows = 1000, runs = 5): Promise<FeedImportTiming[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-feeds-'));
  try {
    const shapes: { shape: StockFeedPreset; sample: string; stock: string }[] = [
      { shape: 'au_nz_dms', sample: 'au-nz-dms-export.csv', stock: 'StockNumber' },
      { shape: 'us_syndication', sample: 'us-syndication-export.csv', stock: 'Stock' },
    ];
    const results: FeedImportTiming[] = [];
    for (const { shape, sample, stock } of shapes) {
      const file = path.join(dir, `${shape}.csv`);
      writeFileSync(file, repeatExport(readFileSync(path.resolve('tests/fixtures/stock', sample), 'utf8'), stock, rows));
      results.push({ shape, ...(await timeImport(file, shape, runs)) });
    }
    const json = path.join(dir, 'platform.json');
    writeFileSync(json, JSON.stringify(generateDemoStock(loadDealer(DEALER, DEALERS_DIR), rows)));
    results.push({ shape: 'platform_json', ...(await timeImport(json, undefined, runs)) });
    return results;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function formatFeedImport(results: readonly FeedImportTiming[]): string[] {
  return results.map(
    (r) =>
      `${r.shape.padEnd(15)} ${r.rows} rows (${r.good} good, ${r.bad} bad): median ${r.medianMs.toFixed(0)} ms (runs: ${r.timesMs.map((ms) => ms.toFixed(0)).join(', ')} ms)`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [rows = '1000', runs = '5'] = process.argv.slice(2);
  console.log(`Stock feed import: ${rows} rows per shape, ${runs} runs…`);
  for (const line of formatFeedImport(await benchFeedImport(Number(rows), Number(runs)))) console.log(line);
}
