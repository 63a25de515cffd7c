/**
 * `npm run stock:import -- --dealer <slug> <file.json|file.csv>`: validates a stock feed and, only
 * if every row is good, replaces the dealer's stock file in one atomic rename.
 *
 * The rule is all-or-nothing: one bad row rejects the whole feed, every bad row is reported by
 * line and field, and the current stock stays as it was. A feed that silently lost rows would
 * take cars off a dealer's site without anyone noticing; a rejected feed is noticed and fixed.
 */
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import { readCommandLine } from '../../platform/cli/arguments';
import { formatIssues, listDealerSlugs } from '../../platform/config/load';
import { readStockFile, stockFile, type StockFile } from './store';
import { storeFeedPhotos, type PhotoStats } from './feed-photos';
import { carTypes, vehicleSchema, vehicleStatuses, type Vehicle } from '../model/vehicle';

/** Bigger than any real dealer's feed by an order of magnitude; refusing early keeps memory bounded. */
export const MAX_FEED_BYTES = 50 * 1024 * 1024;

export class FeedError extends Error {
  constructor(
    message: string,
    readonly problems: readonly string[] = [],
  ) {
    super(message);
    this.name = 'FeedError';
  }
}

export type FeedFormat = 'csv' | 'json';

export function feedFormat(file: string): FeedFormat {
  const ext = path.extname(file).toLowerCase();
  if (ext === '.csv') return 'csv';
  if (ext === '.json') return 'json';
  throw new FeedError(`${path.basename(file)}: the feed must be a .json or .csv file`);
}

// How CSV cells become document values. Every vehicle field is listed in exactly one place here
// (import.test.ts checks that against vehicleSchema), so a new field cannot be imported as text by accident.
export const csvNumberFields = [
  'id',
  'price',
  'subscription_price',
  'weekly_price',
  'km',
  'year',
  'seats',
  'created_at_timestamp',
  'sold_date_timestamp',
  'photos_count',
  'custom_rank',
  'engine_cc',
  'first_registered_nz',
  'first_registered_overseas',
] as const;
export const csvBooleanFields = ['certified', 'show_on_dealer_website', 'has_nvic', 'imported_damaged', 'security_interest', 'road_user_charges'] as const;
/** `|`-separated lists; `images` holds image URLs and becomes `[{ image_url }]`. */
export const csvListFields = ['categories', 'filtered_features', 'thumbnails', 'images'] as const;
/** Integer ids stay numbers, anything else stays text (back-office ids come in both kinds). */
export const csvIdFields = ['location_id'] as const;

const vehicleFields = new Set(Object.keys(vehicleSchema.shape));
const numberFields = new Set<string>(csvNumberFields);
const booleanFields = new Set<string>(csvBooleanFields);
const listFields = new Set<string>(csvListFields);
const idFields = new Set<string>(csvIdFields);

/** Terminal-safe: control and bidirectional-override characters in feed text become '?'. */
export function printable(text: string, max = 200): string {
  // eslint-disable-next-line no-control-regex
  const safe = text.replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '?');
  return safe.length > max ? `${safe.slice(0, max)}…` : safe;
}

/** One row as read, before validation: where it came from and its raw fields. */
interface FeedRow {
  /** CSV line number of the row's first line, or 1-based position in a JSON array. */
  at: number;
  /** The id as written, for the report even when it is not a valid id. */
  id: string | undefined;
  raw: unknown;
  /** Problems found while reading the row (cell coercion), reported with the schema's. */
  problems: { field: string; reason: string }[];
}

export interface ParsedFeed {
  /** Every row validated; empty whenever `problems` is not. */
  vehicles: Vehicle[];
  /** `line 4 (id 17): price: expected a number, got "abc"` — one per bad field. */
  problems: string[];
  rows: number;
  badRows: number;
}

function coerceCell(field: string, cell: string): { value?: unknown; reason?: string } {
  if (numberFields.has(field)) {
    // Plain decimal numbers only: "1,000" or "$5" are more likely a wrong column than a price.
    if (!/^-?\d+(\.\d+)?$/.test(cell)) return { reason: `expected a number, got "${printable(cell, 40)}"` };
    return { value: Number(cell) };
  }
  if (booleanFields.has(field)) {
    const lower = cell.toLowerCase();
    if (['true', 'yes', '1', 'y'].includes(lower)) return { value: true };
    if (['false', 'no', '0', 'n'].includes(lower)) return { value: false };
    return { reason: `expected true or false, got "${printable(cell, 40)}"` };
  }
  if (listFields.has(field)) {
    const items = cell
      .split('|')
      .map((s) => s.trim())
      .filter((s) => s !== '');
    return { value: field === 'images' ? items.map((image_url) => ({ image_url })) : items };
  }
  if (idFields.has(field)) return { value: /^\d{1,15}$/.test(cell) ? Number(cell) : cell };
  return { value: cell };
}

/** Reads CSV text into rows; header problems and unreadable CSV throw, since no row can be trusted then. */
export function readCsvRows(text: string): FeedRow[] {
  const records: { record: string[]; lines: number; emptyLines: number }[] = [];
  try {
    const cells = parseCsv(text, {
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
      // Where each record ends, to report rows by the line a spreadsheet shows them on.
      on_record: (record, context) => {
        records.push({ record: [], lines: context.lines, emptyLines: context.empty_lines });
        return record;
      },
    });
    cells.forEach((record, i) => {
      const entry = records[i];
      if (entry) entry.record = record;
    });
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw new FeedError('the CSV cannot be read', [`line ${line ?? '?'}: ${printable(error instanceof Error ? error.message : String(error))}`]);
  }
  const [header, ...body] = records;
  if (!header) return [];
  const columns = header.record.map((c) => c.trim());
  const headerLine = header.lines;
  const headerProblems: string[] = [];
  const seen = new Set<string>();
  columns.forEach((column, i) => {
    if (column === '') headerProblems.push(`line ${headerLine} (header): column ${i + 1}: has no name`);
    else if (!vehicleFields.has(column)) headerProblems.push(`line ${headerLine} (header): ${printable(column, 60)}: unknown column`);
    else if (seen.has(column)) headerProblems.push(`line ${headerLine} (header): ${column}: column appears twice`);
    seen.add(column);
  });
  if (headerProblems.length > 0) throw new FeedError('the CSV header is not usable', headerProblems);

  let previousEnd = header.lines;
  let previousEmpty = header.emptyLines;
  return body.map(({ record, lines, emptyLines }) => {
    const at = previousEnd + 1 + (emptyLines - previousEmpty);
    previousEnd = lines;
    previousEmpty = emptyLines;
    const idCell = record[columns.indexOf('id')]?.trim();
    const row: FeedRow = { at, id: idCell || undefined, raw: {}, problems: [] };
    if (record.length !== columns.length) {
      row.problems.push({ field: '(row)', reason: `has ${record.length} cells; the header has ${columns.length}` });
    }
    const raw: Record<string, unknown> = {};
    columns.forEach((column, i) => {
      const cell = (record[i] ?? '').trim();
      if (cell === '') return; // empty cells are absent fields: optional ones stay unset, required ones are reported
      const { value, reason } = coerceCell(column, cell);
      if (reason) row.problems.push({ field: column, reason });
      else raw[column] = value;
    });
    row.raw = raw;
    return row;
  });
}

/** Reads JSON text: an array of vehicles, or an object with a `vehicles` array (a stock file). */
export function readJsonRows(text: string): FeedRow[] {
  let data: unknown;
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new FeedError('the JSON cannot be read', [`(file): ${printable(error instanceof Error ? error.message : String(error))}`]);
  }
  const list: unknown[] | undefined = Array.isArray(data)
    ? (data as unknown[])
    : typeof data === 'object' && data !== null && 'vehicles' in data && Array.isArray(data.vehicles)
      ? (data.vehicles as unknown[])
      : undefined;
  if (!list) throw new FeedError('the JSON is not a feed', ['(file): expected an array of vehicles or an object with a "vehicles" array']);
  return list.map((raw, i) => {
    const id = rawField(raw, 'id');
    return { at: i + 1, id: typeof id === 'number' || typeof id === 'string' ? String(id) : undefined, raw, problems: [] };
  });
}

function rawField(raw: unknown, field: string): unknown {
  return typeof raw === 'object' && raw !== null && field in raw ? (raw as Record<string, unknown>)[field] : undefined;
}

/** Schema and cross-row checks over every row; all problems, never just the first. */
export function validateRows(rows: readonly FeedRow[], label: 'line' | 'row'): ParsedFeed {
  const problems: string[] = [];
  const vehicles: Vehicle[] = [];
  const ids = new Map<string, number>();
  const slugs = new Map<string, number>();
  let badRows = 0;
  for (const row of rows) {
    const id = rawField(row.raw, 'id');
    const where = `${label} ${row.at} (id ${row.id === undefined ? '?' : printable(row.id, 40)})`;
    const rowProblems = row.problems.map((p) => `${p.field}: ${p.reason}`);
    if (typeof row.raw !== 'object' || row.raw === null || Array.isArray(row.raw)) rowProblems.push('(row): expected an object with vehicle fields');
    else {
      const parsed = vehicleSchema.safeParse(row.raw);
      if (parsed.success) vehicles.push(parsed.data);
      else {
        // A cell that could not be read is reported once, not again as "missing".
        const unread = new Set(row.problems.map((p) => p.field));
        const issues = parsed.error.issues.filter((issue) => !unread.has(String(issue.path[0])));
        rowProblems.push(...formatIssues(issues).map((p) => printable(p)));
      }
    }
    // Duplicates are checked on the raw values so they show up even while a row has other problems.
    if (typeof id === 'number') {
      const first = ids.get(String(id));
      if (first !== undefined) rowProblems.push(`id: duplicate id ${id} (also ${label} ${first})`);
      else ids.set(String(id), row.at);
    }
    const slug = rawField(row.raw, 'slug');
    if (typeof slug === 'string') {
      const first = slugs.get(slug);
      if (first !== undefined) rowProblems.push(`slug: duplicate slug "${printable(slug, 80)}" (also ${label} ${first})`);
      else slugs.set(slug, row.at);
    }
    if (rowProblems.length > 0) badRows++;
    problems.push(...rowProblems.map((p) => `${where}: ${p}`));
  }
  return { vehicles: problems.length > 0 ? [] : vehicles, problems, rows: rows.length, badRows };
}

export function parseFeed(text: string, format: FeedFormat): ParsedFeed {
  return format === 'csv' ? validateRows(readCsvRows(text), 'line') : validateRows(readJsonRows(text), 'row');
}

/** Reads and validates a feed file; refuses oversized files before reading them. */
export function readFeed(file: string, maxBytes = MAX_FEED_BYTES): ParsedFeed {
  const format = feedFormat(file);
  let size: number;
  try {
    size = statSync(file).size;
  } catch {
    throw new FeedError(`${file}: no such file`);
  }
  if (size > maxBytes) {
    throw new FeedError(`${path.basename(file)} is ${(size / 1024 / 1024).toFixed(1)} MB; feeds over ${(maxBytes / 1024 / 1024).toFixed(0)} MB are refused`);
  }
  return parseFeed(readFileSync(file, 'utf8'), format);
}

/**
 * Writes `<STOCK_DIR>/<slug>.json` through a temporary file and a rename, so the search API and a
 * build running at the same moment read either the old stock or the new, never half a file.
 */
export function writeStockFile(slug: string, vehicles: Vehicle[], source: string, env: NodeJS.ProcessEnv = process.env, now = new Date()): string {
  const file = stockFile(slug, env);
  mkdirSync(path.dirname(file), { recursive: true });
  const contents: StockFile = { dealer: slug, imported_at: now.toISOString(), source, vehicles };
  const temp = `${file}.${process.pid}.${now.getTime()}.tmp`;
  try {
    writeFileSync(temp, `${JSON.stringify(contents)}\n`);
    renameSync(temp, file);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
  return file;
}

/** `car_type: new 12, demo 3, used 40` and `status: …` lines for the import log. */
export function summarise(vehicles: readonly Vehicle[]): string[] {
  const count = <T extends string>(field: 'car_type' | 'status', values: readonly T[]): string =>
    `${field}: ${values.map((v) => `${v} ${vehicles.filter((car) => car[field] === v).length}`).join(', ')}`;
  return [count('car_type', carTypes), count('status', vehicleStatuses)];
}

export interface ImportArgs {
  dealer: string;
  file: string;
  allowEmpty: boolean;
  /** Email shoppers' alerts after the import (false with --no-alerts). */
  alerts: boolean;
}

export const IMPORT_USAGE = 'usage: npm run stock:import -- --dealer <slug> <file.json|file.csv> [--allow-empty] [--no-alerts]';

export function parseImportArgs(argv: readonly string[]): ImportArgs {
  const { values, positionals } = readCommandLine(
    argv,
    { dealer: { type: 'string' }, 'allow-empty': { type: 'boolean' }, 'no-alerts': { type: 'boolean' } },
    (problem) =>
      problem.kind === 'needs-value'
        ? new FeedError(`--dealer <slug> is required\n${IMPORT_USAGE}`)
        : new FeedError(`unknown option ${printable(problem.arg, 40)}\n${IMPORT_USAGE}`),
    { allowPositionals: true },
  );
  if (!values.dealer) throw new FeedError(`--dealer <slug> is required\n${IMPORT_USAGE}`);
  const [file, ...more] = positionals;
  if (file === undefined || more.length > 0) throw new FeedError(`give exactly one feed file\n${IMPORT_USAGE}`);
  return { dealer: values.dealer, file, allowEmpty: values['allow-empty'] ?? false, alerts: !(values['no-alerts'] ?? false) };
}

export interface ImportResult {
  file: string;
  vehicles: Vehicle[];
  /** How many vehicles the replaced stock file held; undefined when there was none (demo stock). */
  replaced: number | undefined;
  /** One line per photo left out of its car (src/stock/server/feed-photos.ts); the cars are imported. */
  photoProblems: string[];
  photos: PhotoStats;
}

/**
 * The whole import: known dealer, readable feed, every row valid, the photos made the site's own,
 * then the atomic write. Throws FeedError (with every problem) and leaves the stock file untouched
 * on any failure; a photo that cannot be used only leaves that photo out.
 */
export async function importFeed(args: Omit<ImportArgs, 'alerts'>, opts: { dealersDir: string; env?: NodeJS.ProcessEnv; now?: Date }): Promise<ImportResult> {
  const env = opts.env ?? process.env;
  const known = listDealerSlugs(opts.dealersDir);
  if (!known.includes(args.dealer)) {
    throw new FeedError(`unknown dealer "${printable(args.dealer, 60)}"; known dealers: ${known.join(', ') || '(none)'}`);
  }
  const feed = readFeed(args.file);
  if (feed.problems.length > 0) {
    throw new FeedError(`${feed.badRows} of ${feed.rows} rows are invalid; nothing was imported and the current stock is unchanged`, feed.problems);
  }
  if (feed.vehicles.length === 0 && !args.allowEmpty) {
    throw new FeedError('the feed has no vehicles; refusing to replace the stock with nothing (pass --allow-empty to clear it)');
  }
  let replaced: number | undefined;
  try {
    replaced = readStockFile(stockFile(args.dealer, env)).vehicles.length;
  } catch {
    replaced = undefined;
  }
  let photos: Awaited<ReturnType<typeof storeFeedPhotos>>;
  try {
    photos = await storeFeedPhotos(feed.vehicles, { dealer: args.dealer, feedFile: args.file, env });
  } catch (error) {
    // A setting mistake (FEED_PHOTOS) or a photo folder that cannot be written: nothing is imported.
    throw new FeedError(`the photos could not be stored: ${printable(error instanceof Error ? error.message : String(error))}`);
  }
  const file = writeStockFile(args.dealer, photos.vehicles, path.basename(args.file), env, opts.now);
  return { file, vehicles: photos.vehicles, replaced, photoProblems: photos.problems, photos: photos.stats };
}
