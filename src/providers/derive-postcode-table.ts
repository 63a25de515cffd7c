/**
 * Run as a child process by postcode-tables.ts (`node --import tsx derive-postcode-table.ts AU
 * <dir>`): parses one country's dataset package and writes its compact table into `<dir>`. The
 * parse takes hundreds of milliseconds and a few hundred MB of heap, which this process bears
 * instead of the API's event loop and heap.
 *
 * The table is written beside its final name and renamed into place, so a reader (this API, or
 * another process sharing the folder) sees a whole table or none; the country's tables of other
 * package versions are removed.
 */
import { mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DATASETS, datasetKey } from './postcode-datasets';
import { encodeTable, tableFileName } from './postcode-table-file';

function derive(country: string, dir: string): void {
  const dataset = DATASETS[country as keyof typeof DATASETS];
  if (!dataset) throw new Error(`no offline postcode dataset for ${country}`);
  const key = datasetKey(dataset);
  const file = path.join(dir, tableFileName(country, key));
  mkdirSync(dir, { recursive: true });
  const partial = `${file}.${process.pid}.tmp`;
  writeFileSync(partial, encodeTable(dataset.parse(), key, dataset.digits));
  renameSync(partial, file);
  // The country's tables of earlier package versions or formats are never read again.
  const current = path.basename(file);
  for (const name of readdirSync(dir))
    if (name.startsWith(`${country}-`) && name.endsWith('.postcodes') && name !== current) rmSync(path.join(dir, name), { force: true });
}

const [country, dir] = process.argv.slice(2);
if (!country || !dir) {
  console.error('usage: derive-postcode-table.ts <country> <dir>');
  process.exit(2);
}
try {
  derive(country, dir);
} catch (error) {
  // One line for the API's log, which quotes what this process last said.
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
