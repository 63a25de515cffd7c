import { existsSync, readFileSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { DealerConfig } from '../../platform/config/schema';
import { demoStockChunks, generateDemoStock } from '../model/demo';
import { vehicleSchema, type Vehicle } from '../model/vehicle';
import { JsonArrayItems } from './json-array-items';

/**
 * Where a dealer's stock comes from: the last feed imported with `npm run stock:import`
 * (`<STOCK_DIR>/<slug>.json`, `.data/stock` by default), else generated demo stock when the
 * dealer asks for it, else none. Builds and the search API read the same file.
 */
export function stockDir(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(env.STOCK_DIR ?? '.data/stock');
}

export function stockFile(slug: string, env: NodeJS.ProcessEnv = process.env): string {
  return path.join(stockDir(env), `${slug}.json`);
}

const stockFileSchema = z.strictObject({
  dealer: z.string(),
  imported_at: z.string(),
  source: z.string(),
  vehicles: z.array(vehicleSchema),
});
export type StockFile = z.output<typeof stockFileSchema>;

export class StockFileError extends Error {}

/** Reads an imported stock file; it was validated on import, but is checked again on load. */
export function readStockFile(file: string): StockFile {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new StockFileError(`${file} is not readable JSON: ${(error as Error).message}`);
  }
  const parsed = stockFileSchema.safeParse(raw);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new StockFileError(`${file} is not a valid stock file: ${first?.path.join('.')}: ${first?.message}`);
  }
  return parsed.data;
}

export function loadStock(site: DealerConfig, env: NodeJS.ProcessEnv = process.env): Vehicle[] {
  const file = stockFile(site.slug, env);
  if (existsSync(file)) return readStockFile(file).vehicles;
  if (site.search.demo_stock) return generateDemoStock(site, site.search.demo_stock);
  return [];
}

/** Some of a dealer's cars, and the bytes of JSON they were read from (what they weigh, roughly). */
export interface StockChunk {
  vehicles: Vehicle[];
  bytes: number;
}

/**
 * The same cars as `loadStock`, at most `size` at a time, for a server that must keep answering
 * while it reads a large stock: the file is read without blocking, then each chunk's cars are
 * parsed and checked when the next chunk is asked for (a whole file at once is tens of
 * milliseconds of JSON.parse and a hundred of validation for 2,000 cars). A broken file throws
 * `StockFileError` once its first problem is reached, after the chunks before it.
 */
export async function* stockChunks(site: DealerConfig, env: NodeJS.ProcessEnv = process.env, size = 100): AsyncGenerator<StockChunk, void, void> {
  const file = stockFile(site.slug, env);
  // Bytes, not text: decoding a whole large file at once would hold the thread (JsonArrayItems).
  let text: Buffer | undefined;
  try {
    text = await readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw new StockFileError(`${file} is not readable: ${(error as Error).message}`);
  }
  if (text === undefined) {
    if (!site.search.demo_stock) return;
    for (const vehicles of demoStockChunks(site, site.search.demo_stock, size)) yield { vehicles, bytes: JSON.stringify(vehicles).length };
    return;
  }
  const notJson = (error: unknown) => new StockFileError(`${file} is not readable JSON: ${(error as Error).message}`);
  const invalid = (issue: z.core.$ZodIssue | undefined, prefix: PropertyKey[] = []) =>
    new StockFileError(`${file} is not a valid stock file: ${[...prefix, ...(issue?.path ?? [])].map(String).join('.')}: ${issue?.message}`);
  let items: JsonArrayItems;
  try {
    items = new JsonArrayItems(text, 'vehicles');
  } catch (error) {
    throw notJson(error);
  }
  while (!items.done) {
    const first = items.count;
    let texts: string[];
    try {
      texts = items.next(size);
    } catch (error) {
      throw notJson(error);
    }
    const vehicles: Vehicle[] = [];
    let bytes = 0;
    for (const [k, item] of texts.entries()) {
      bytes += item.length;
      let raw: unknown;
      try {
        raw = JSON.parse(item);
      } catch (error) {
        throw notJson(error);
      }
      const parsed = vehicleSchema.safeParse(raw);
      if (!parsed.success) throw invalid(parsed.error.issues[0], ['vehicles', first + k]);
      vehicles.push(parsed.data);
    }
    if (vehicles.length > 0) yield { vehicles, bytes };
  }
  // The object around the cars, with the list emptied: its other fields, and nothing else.
  let rest: unknown;
  try {
    rest = JSON.parse(items.rest());
  } catch (error) {
    throw notJson(error);
  }
  const outer = stockFileSchema.safeParse(rest);
  if (!outer.success) throw invalid(outer.error.issues[0]);
}

/**
 * Changes whenever `loadStock(site)` would return something different: the imported file's
 * modification time and size, or for demo stock its size and the UTC day its dates count back
 * from. A long-running reader (the search API) reloads when this changes instead of re-reading
 * on every request.
 */
export function stockVersion(site: DealerConfig, env: NodeJS.ProcessEnv = process.env, now = Date.now()): string {
  const file = stockFile(site.slug, env);
  try {
    const stat = statSync(file);
    return `file:${stat.mtimeMs}:${stat.size}`;
  } catch {
    // No imported feed: demo stock (or none).
  }
  if (site.search.demo_stock) return `demo:${site.search.demo_stock}:${Math.floor(now / 86_400_000)}`;
  return 'none';
}

/**
 * Cars by id from a dealer's current stock, for code that looks one car up at a time (the lead
 * deliveries name the car an enquiry was about). Reading and checking a stock file, or generating
 * demo stock, takes tens of milliseconds for a large dealer, and doing that per lookup stalls
 * every request the process serves; so the stock is kept per dealer and read again only when
 * `stockVersion` changes.
 */
export function createStockLookup(
  env: NodeJS.ProcessEnv = process.env,
  now: () => number = Date.now,
): (site: DealerConfig, carId: string) => Vehicle | undefined {
  const kept = new Map<string, { version: string; byId: Map<string, Vehicle> }>();
  return (site, carId) => {
    const version = stockVersion(site, env, now());
    let entry = kept.get(site.slug);
    if (!entry || entry.version !== version) {
      entry = { version, byId: new Map(loadStock(site, env).map((car) => [String(car.id), car])) };
      kept.set(site.slug, entry);
    }
    return entry.byId.get(carId);
  };
}
