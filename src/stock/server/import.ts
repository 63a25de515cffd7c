/**
 * `npm run stock:import -- --dealer <slug> <file.json|file.csv>`: reads a stock feed, in the
 * platform's own format or in the shape the dealer's system exports (a preset or the dealer file's
 * columns, `stock_feed` in the dealer file), and replaces the dealer's stock file in one atomic
 * rename with the rows that are good.
 *
 * Per row: a bad row is reported by its row number and the reason, and left out; the good rows go
 * in. A feed that would take more than the dealer's set share of its listed cars off the site (bad
 * rows count as taken off) is held beside the stock instead, until confirmed with `--confirm`:
 * one broken export must not empty a site, and one bad car must not hold back the rest.
 */
import { existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import type { z } from 'zod';
import { readCommandLine } from '../../platform/cli/arguments';
import { DealerConfigError, formatIssues, formatPath, listDealerSlugs, loadDealer } from '../../platform/config/load';
import { DEFAULT_MAX_REMOVED_SHARE, stockFeedPresets, type DealerConfig, type StockFeedField, type StockFeedPreset } from '../../platform/config/schema';
import { readStockFile, stockFile, StockFileError } from './store';
import { carTypes, vehicleSchema, vehicleStatuses, type Vehicle } from '../model/vehicle';
import { feedPresets, ownShape, resolveHeader, type FeedShape } from './feed-presets';
import { mapRow } from './feed-rows';
import { cleanRowText } from './feed-text';
import { storeFeedPhotos, type PhotoStats } from './feed-photos';
import { heldFile, holdDecision, NoHeldFeedError, readHeldFile, writeHeldFile, writeJsonFile, type HeldFeed } from './feed-hold';

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
  /** CSV line (own format) or spreadsheet row (an export's shape) of the row, or 1-based position in a JSON array. */
  at: number;
  /** How the row is named in reports, as written: `id 17` or `stock AB123`, even when not valid. */
  key: string;
  raw: unknown;
  /** Problems found while reading the row (cell conversion), reported with the schema's; `column` is the feed's name for `field`. */
  problems: { field: string; reason: string; column?: string }[];
  /** For an export's shape: vehicle field → the feed column it came from, so reports name the dealer's column. */
  columnOf?: Record<string, string>;
}

export interface ParsedFeed {
  /** The good rows. */
  vehicles: Vehicle[];
  /** `row 4 (stock AB123): Price: "abc" is not a price …` — one per bad field of a bad row. */
  problems: string[];
  /** About the feed as a whole, not a row: columns read past, locations the dealer file does not have. */
  notices: string[];
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

interface CsvRecord {
  cells: string[];
  /** The text line the record starts on. */
  line: number;
  /** The row a spreadsheet shows it on: a cell's line breaks do not start a new row there, blank lines do. */
  row: number;
}

/** Reads CSV text into records; unreadable CSV throws, since no row can be trusted then. */
function readCsvRecords(text: string): CsvRecord[] {
  const ends: { lines: number; emptyLines: number }[] = [];
  let cells: string[][];
  try {
    cells = parseCsv(text, {
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
      // Where each record ends, to report rows by the line a spreadsheet shows them on.
      on_record: (record: string[], context) => {
        ends.push({ lines: context.lines, emptyLines: context.empty_lines });
        return record;
      },
    });
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw new FeedError('the CSV cannot be read', [`line ${line ?? '?'}: ${printable(error instanceof Error ? error.message : String(error))}`]);
  }
  let previousEnd = 0;
  let previousEmpty = 0;
  return cells.map((record, i) => {
    const end = ends[i] ?? { lines: previousEnd + 1, emptyLines: previousEmpty };
    const line = previousEnd + 1 + (end.emptyLines - previousEmpty);
    previousEnd = end.lines;
    previousEmpty = end.emptyLines;
    return { cells: record, line, row: i + 1 + end.emptyLines };
  });
}

/** Reads CSV text in the platform's own columns; header problems throw, since no row can be trusted then. */
export function readCsvRows(text: string): FeedRow[] {
  const [header, ...body] = readCsvRecords(text);
  if (!header) return [];
  const columns = header.cells.map((c) => c.trim());
  const headerProblems: string[] = [];
  const seen = new Set<string>();
  columns.forEach((column, i) => {
    if (column === '') headerProblems.push(`line ${header.line} (header): column ${i + 1}: has no name`);
    else if (!vehicleFields.has(column)) headerProblems.push(`line ${header.line} (header): ${printable(column, 60)}: unknown column`);
    else if (seen.has(column)) headerProblems.push(`line ${header.line} (header): ${column}: column appears twice`);
    seen.add(column);
  });
  if (headerProblems.length > 0) {
    throw new FeedError(
      "the CSV header is not usable: these are not the platform's own columns (a dealer's own export needs stock_feed.preset or stock_feed.columns in its dealer file)",
      headerProblems,
    );
  }
  return body.map(({ cells, line }) => {
    const idCell = cells[columns.indexOf('id')]?.trim();
    const row: FeedRow = { at: line, key: `id ${idCell ? printable(idCell, 40) : '?'}`, raw: {}, problems: [] };
    if (cells.length !== columns.length) {
      row.problems.push({ field: '(row)', reason: `has ${cells.length} cells; the header has ${columns.length}` });
    }
    const raw: Record<string, unknown> = {};
    columns.forEach((column, i) => {
      const cell = (cells[i] ?? '').trim();
      if (cell === '') return; // empty cells are absent fields: optional ones stay unset, required ones are reported
      const { value, reason } = coerceCell(column, cell);
      if (reason) row.problems.push({ field: column, reason });
      else raw[column] = value;
    });
    row.raw = raw;
    return row;
  });
}

/** How a feed in the shape of a dealer's export is read: its shape, the dealer's own columns, and what rows derive from. */
export interface FeedReading {
  shape: FeedShape;
  columns: Readonly<Record<string, StockFeedField>>;
  units: 'km' | 'miles';
  /** Import time, seconds. */
  now: number;
  previous: ReadonlyMap<number, Vehicle>;
  /** The dealer file's locations, which a Location column names. */
  locations?: readonly { id: number | string; name: string; slug: string }[];
}

/** Reads CSV text in the shape of a dealer's export; columns it does not know are read past with one notice. */
export function readExportRows(text: string, reading: FeedReading): { rows: FeedRow[]; notices: string[] } {
  const [header, ...body] = readCsvRecords(text);
  if (!header) return { rows: [], notices: [] };
  const columns = header.cells.map((c) => c.trim());
  const resolved = resolveHeader(columns, reading.shape, reading.columns);
  if (resolved.problems.length > 0)
    throw new FeedError(
      'the CSV header is not usable',
      resolved.problems.map((p) => `row ${header.row} (header): ${printable(p, 300)}`),
    );
  if (!resolved.fields.includes('stocknum')) {
    // Every row would be refused for want of a stock number: the file or the shape is the wrong one.
    const expected = Object.entries({ ...reading.shape.columns, ...reading.columns })
      .filter(([, field]) => field === 'stocknum')
      .map(([name]) => name);
    const found = columns.slice(0, 12).map((c) => `"${printable(c, 40)}"`);
    throw new FeedError('the CSV header has no stock number column: is this the right file, and the right stock_feed.preset for it?', [
      `row ${header.row} (header): expected a column ${expected.map((name) => `"${printable(name, 40)}"`).join(' or ')}; found ${found.join(', ')}${columns.length > 12 ? ', …' : ''}`,
    ]);
  }
  const notices =
    resolved.unknown.length > 0
      ? [
          `${resolved.unknown.length} column${resolved.unknown.length === 1 ? '' : 's'} the site does not read, left out: ${resolved.unknown.map((c) => printable(c, 60)).join(', ')} (name what ${resolved.unknown.length === 1 ? 'it holds' : 'they hold'} in the dealer file's stock_feed.columns to read ${resolved.unknown.length === 1 ? 'it' : 'them'})`,
        ]
      : [];
  const context = { dates: reading.shape.dates, units: reading.units, now: reading.now, previous: reading.previous, locations: reading.locations };
  const unknownLocations = new Map<string, number>();
  const rows = body.map(({ cells, row }): FeedRow => {
    const mapped = mapRow(cells, resolved.fields, columns, context);
    if (mapped.unknownLocation) unknownLocations.set(mapped.unknownLocation, (unknownLocations.get(mapped.unknownLocation) ?? 0) + 1);
    const problems: FeedRow['problems'] = [...mapped.problems];
    if (cells.length !== columns.length) problems.unshift({ field: '(row)', reason: `has ${cells.length} cells; the header has ${columns.length}` });
    return { at: row, key: `stock ${mapped.stocknum ? printable(mapped.stocknum, 40) : '?'}`, raw: mapped.raw, problems, columnOf: mapped.columnOf };
  });
  if (unknownLocations.size > 0) {
    const names = [...unknownLocations].map(([name, cars]) => `"${printable(name, 60)}" (${cars} car${cars === 1 ? '' : 's'})`);
    notices.push(
      `locations the dealer file does not have: ${names.join(', ')}; these cars show the name but no address, and the ad feeds leave them out: name the location as the dealer file does, or add it there`,
    );
  }
  return { rows, notices };
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
    return { at: i + 1, key: `id ${typeof id === 'number' || typeof id === 'string' ? printable(String(id), 40) : '?'}`, raw, problems: [] };
  });
}

function rawField(raw: unknown, field: string): unknown {
  return typeof raw === 'object' && raw !== null && field in raw ? (raw as Record<string, unknown>)[field] : undefined;
}

/** Fields an export's row derives from others; when one is missing, the field it comes from is reported instead. */
const DERIVED_FIELDS = new Set(['id', 'slug', 'name', 'make_model']);

/** A schema issue in plain words, naming the dealer's column when the value came from one. */
function describeExportIssue(issue: z.core.$ZodIssue, columnOf: Record<string, string>): string | undefined {
  const [first, ...rest] = issue.path;
  const missing = issue.code === 'invalid_type' && /received undefined/.test(issue.message);
  if (missing && typeof first === 'string' && DERIVED_FIELDS.has(first)) return undefined;
  const column = typeof first === 'string' ? columnOf[first] : undefined;
  const where = column === undefined ? formatPath(issue.path) : `${column}${rest.length > 0 ? formatPath(rest).replace(/^([^[])/, '.$1') : ''}`;
  if (missing) return `${where}: is missing`;
  return formatIssues([issue]).map((line) => `${where}: ${line.slice(line.indexOf(': ') + 2)}`)[0];
}

/** The keys no two cars of a stock may share, with how reports name them. */
const UNIQUE_KEYS = [
  // Stock numbers are compared as dealers read them: "ab123 " is "AB123".
  {
    field: 'stocknum',
    name: 'stock number',
    value: (raw: unknown) =>
      typeof rawField(raw, 'stocknum') === 'string' ? (rawField(raw, 'stocknum') as string).trim().toUpperCase() || undefined : undefined,
  },
  { field: 'id', name: 'id', value: (raw: unknown) => (typeof rawField(raw, 'id') === 'number' ? String(rawField(raw, 'id')) : undefined) },
  { field: 'slug', name: 'slug', value: (raw: unknown) => (typeof rawField(raw, 'slug') === 'string' ? (rawField(raw, 'slug') as string) : undefined) },
] as const;

/**
 * Schema and cross-row checks over every row; every problem, never just the first. Text is cleaned
 * first (feed-text.ts). No two cars may share an id, a page address or a stock number: the first
 * good row with one is kept, and each later row with it is refused, naming the row kept.
 */
export function validateRows(rows: readonly FeedRow[], label: 'line' | 'row'): ParsedFeed {
  const problems: string[] = [];
  const vehicles: Vehicle[] = [];
  const kept = UNIQUE_KEYS.map(() => new Map<string, number>());
  let badRows = 0;
  for (const row of rows) {
    const where = `${label} ${row.at} (${row.key})`;
    const rowProblems = row.problems.map((p) => `${p.column ?? p.field}: ${p.reason}`);
    let vehicle: Vehicle | undefined;
    let raw = row.raw;
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) rowProblems.push('(row): expected an object with vehicle fields');
    else {
      raw = cleanRowText(raw as Record<string, unknown>);
      const parsed = vehicleSchema.safeParse(raw);
      if (parsed.success) vehicle = parsed.data;
      else {
        // A cell that could not be read is reported once, not again as "missing".
        const unread = new Set(row.problems.map((p) => p.field));
        const issues = parsed.error.issues.filter((issue) => !unread.has(String(issue.path[0])));
        const columnOf = row.columnOf;
        const described = columnOf
          ? issues.map((issue) => describeExportIssue(issue, columnOf)).filter((line): line is string => line !== undefined)
          : formatIssues(issues);
        rowProblems.push(...described.map((p) => printable(p)));
      }
    }
    // Duplicates are checked on the raw values, so they show up even while a row has other problems.
    const keys = UNIQUE_KEYS.map((key) => key.value(raw));
    let duplicates = 0;
    UNIQUE_KEYS.forEach((key, k) => {
      const value = keys[k];
      const first = value === undefined ? undefined : kept[k]!.get(value);
      if (value === undefined || first === undefined) return;
      // An export's id and page address come from its stock number: one duplicate says it all.
      if (row.columnOf && duplicates > 0) return;
      duplicates++;
      const shown = row.columnOf?.[key.field] ?? key.field;
      rowProblems.push(`${shown}: duplicate ${key.name} "${printable(value, 80)}": ${label} ${first} has it too and is kept (the first good row with it wins)`);
    });
    if (rowProblems.length > 0 || !vehicle) {
      badRows++;
      problems.push(...rowProblems.map((p) => `${where}: ${p}`));
      continue;
    }
    vehicles.push(vehicle);
    keys.forEach((value, k) => {
      if (value !== undefined) kept[k]!.set(value, row.at);
    });
  }
  return { vehicles, problems, notices: [], rows: rows.length, badRows };
}

/** The shape a CSV feed is read in: the preset's, or the platform's own fields when the dealer file only names columns. */
export function feedReading(
  site: Pick<DealerConfig, 'stock_feed' | 'units' | 'locations'>,
  previous: readonly Vehicle[],
  now: Date,
  preset?: StockFeedPreset,
): FeedReading | undefined {
  const settings = site.stock_feed;
  const chosen = preset ?? settings?.preset;
  const columns = settings?.columns ?? {};
  if (chosen === undefined && Object.keys(columns).length === 0) return undefined;
  return {
    shape: chosen === undefined ? ownShape(site.units === 'miles' ? 'mdy' : 'dmy') : feedPresets[chosen],
    columns,
    units: site.units,
    now: Math.floor(now.getTime() / 1000),
    previous: new Map(previous.map((car) => [car.id, car])),
    locations: site.locations.map(({ id, name, slug }) => ({ id, name, slug })),
  };
}

/**
 * Reads a feed's text. JSON, and CSV without a `reading`, are the platform's own format (rows
 * named by CSV line or JSON position and id); CSV with a `reading` is a dealer's export (rows named
 * by spreadsheet row and stock number).
 */
export function parseFeed(text: string, format: FeedFormat, reading?: FeedReading): ParsedFeed {
  if (format === 'json') return validateRows(readJsonRows(text), 'row');
  if (!reading) return validateRows(readCsvRows(text), 'line');
  const { rows, notices } = readExportRows(text, reading);
  return { ...validateRows(rows, 'row'), notices };
}

/** Reads and validates a feed file; refuses oversized files before reading them. */
export function readFeed(file: string, reading?: FeedReading, maxBytes = MAX_FEED_BYTES): ParsedFeed {
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
  return parseFeed(readFileSync(file, 'utf8'), format, reading);
}

/**
 * Writes `<STOCK_DIR>/<slug>.json` through a temporary file and a rename, so the search API and a
 * build running at the same moment read either the old stock or the new, never half a file.
 */
export function writeStockFile(slug: string, vehicles: Vehicle[], source: string, env: NodeJS.ProcessEnv = process.env, now = new Date()): string {
  const file = stockFile(slug, env);
  writeJsonFile(file, { dealer: slug, imported_at: now.toISOString(), source, vehicles }, now);
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
  /** The feed; absent with `confirm`. */
  file?: string;
  /** Apply the feed held for this dealer. */
  confirm: boolean;
  /** Read a CSV feed in this export shape, whatever the dealer file says. */
  preset?: StockFeedPreset;
  /** Email shoppers' alerts after the import (false with --no-alerts). */
  alerts: boolean;
}

export const IMPORT_USAGE =
  'usage: npm run stock:import -- --dealer <slug> <file.json|file.csv> [--preset au_nz_dms|us_syndication] [--no-alerts]\n' +
  '       npm run stock:import -- --dealer <slug> --confirm [--no-alerts]   (applies the feed held for confirmation)';

export function parseImportArgs(argv: readonly string[]): ImportArgs {
  const { values, positionals } = readCommandLine(
    argv,
    {
      dealer: { type: 'string' },
      preset: { type: 'string' },
      confirm: { type: 'boolean' },
      'allow-empty': { type: 'boolean' },
      'no-alerts': { type: 'boolean' },
    },
    (problem) =>
      problem.kind === 'needs-value'
        ? new FeedError(`${problem.option} needs a value\n${IMPORT_USAGE}`)
        : new FeedError(`unknown option ${printable(problem.arg, 40)}\n${IMPORT_USAGE}`),
    { allowPositionals: true },
  );
  if (!values.dealer) throw new FeedError(`--dealer <slug> is required\n${IMPORT_USAGE}`);
  if (values['allow-empty']) {
    throw new FeedError(
      `--allow-empty is no longer needed: an empty feed is held for confirmation like any feed that takes cars off the site. Import it, then confirm with npm run stock:import -- --dealer ${values.dealer} --confirm`,
    );
  }
  const preset = values.preset;
  if (preset !== undefined && !(stockFeedPresets as readonly string[]).includes(preset)) {
    throw new FeedError(`--preset must be one of ${stockFeedPresets.join(', ')}, not "${printable(preset, 40)}"`);
  }
  const confirm = values.confirm ?? false;
  const [file, ...more] = positionals;
  if (confirm) {
    if (file !== undefined || preset !== undefined)
      throw new FeedError(`--confirm applies the held feed: give no feed file or preset with it\n${IMPORT_USAGE}`);
    return { dealer: values.dealer, confirm, alerts: !(values['no-alerts'] ?? false) };
  }
  if (file === undefined || more.length > 0) throw new FeedError(`give exactly one feed file\n${IMPORT_USAGE}`);
  return {
    dealer: values.dealer,
    file,
    confirm,
    ...(preset === undefined ? {} : { preset: preset as StockFeedPreset }),
    alerts: !(values['no-alerts'] ?? false),
  };
}

/** What a photo step makes of the good rows: the same cars (photo URLs rewritten), and each photo problem named by car. */
export type PhotoStep = (vehicles: Vehicle[]) => Promise<{ vehicles: Vehicle[]; problems: string[]; stats?: PhotoStats }>;

export interface ImportResult {
  /** Imported into the stock file, or held beside it for confirmation. */
  outcome: 'imported' | 'held';
  /** The stock file, or the held feed's file. */
  file: string;
  /** The good rows' cars: now the stock, or what confirming would make it. */
  vehicles: Vehicle[];
  /** How many vehicles the replaced stock file held; undefined when there was none (demo stock). */
  replaced: number | undefined;
  rows: number;
  badRows: number;
  /** One line per bad field of a bad row; the rows were left out. */
  problems: string[];
  /** About the feed as a whole (columns read past, unknown locations). */
  notices: string[];
  /** From the photo step, per car; never a reason to leave a car out. */
  photoProblems: string[];
  /** What the photo step stored, reused and left out; absent when it ran no photo. */
  photos?: PhotoStats;
  /** Why the feed is held, when it is. */
  heldBecause?: string;
  /** A feed held earlier and now superseded by this import. */
  droppedHeld: boolean;
}

export interface ImportOptions {
  dealersDir: string;
  env?: NodeJS.ProcessEnv;
  now?: Date;
  /**
   * Run over the good rows before anything is written. Default: the feed's photos are made the
   * site's own (src/stock/server/feed-photos.ts), so no car reaches a page hot-linking the feed's
   * photo host whoever calls the import.
   */
  photos?: PhotoStep;
}

function loadImportDealer(slug: string, dealersDir: string): DealerConfig {
  const known = listDealerSlugs(dealersDir);
  if (!known.includes(slug)) throw new FeedError(`unknown dealer "${printable(slug, 60)}"; known dealers: ${known.join(', ') || '(none)'}`);
  try {
    return loadDealer(slug, dealersDir);
  } catch (error) {
    if (!(error instanceof DealerConfigError)) throw error;
    throw new FeedError(`the dealer file ${path.basename(error.file)} has problems; fix them first (npm run check:dealers)`, error.problems);
  }
}

/**
 * The stock file as it is. A broken one (no reader can use it anyway) counts as an empty stock:
 * the next good feed is what repairs it, so it must not be blocked by it.
 */
function currentStock(slug: string, env: NodeJS.ProcessEnv): StockFileState {
  const file = stockFile(slug, env);
  if (!existsSync(file)) return { vehicles: [], exists: false, importedAt: null };
  try {
    const stock = readStockFile(file);
    return { vehicles: stock.vehicles, exists: true, importedAt: stock.imported_at };
  } catch (error) {
    if (!(error instanceof StockFileError)) throw error;
    return { vehicles: [], exists: true, importedAt: null };
  }
}

interface StockFileState {
  vehicles: Vehicle[];
  exists: boolean;
  importedAt: string | null;
}

/** Runs the photo step; it may rewrite photo URLs and report problems, never drop or add a car. */
async function withPhotos(vehicles: Vehicle[], photos: PhotoStep): Promise<{ vehicles: Vehicle[]; problems: string[]; stats?: PhotoStats }> {
  if (vehicles.length === 0) return { vehicles, problems: [] };
  let result: Awaited<ReturnType<PhotoStep>>;
  try {
    result = await photos(vehicles);
  } catch (error) {
    // Not one photo's problem (a bad FEED_PHOTOS, an unwritable photo folder): nothing is imported.
    throw new FeedError(
      `the photos could not be stored: ${printable(error instanceof Error ? error.message : String(error))}; nothing was imported and the current stock is unchanged`,
    );
  }
  const before = vehicles.map((car) => car.id).join(',');
  if (result.vehicles.map((car) => car.id).join(',') !== before) {
    throw new FeedError('the photo step returned other cars than it was given; nothing was imported and the current stock is unchanged');
  }
  return result;
}

/**
 * The whole import: known dealer, readable feed, the good rows (through the photo step), then
 * either the atomic write of the stock file or, when the feed would take too much off the site,
 * the feed written aside to be confirmed. Throws FeedError when the feed cannot be read at all;
 * the stock file is then untouched.
 */
export async function importFeed(args: Pick<ImportArgs, 'dealer' | 'file' | 'preset'>, opts: ImportOptions): Promise<ImportResult> {
  const env = opts.env ?? process.env;
  const now = opts.now ?? new Date();
  const site = loadImportDealer(args.dealer, opts.dealersDir);
  if (args.file === undefined) throw new FeedError(`give a feed file\n${IMPORT_USAGE}`);
  if (args.preset !== undefined && feedFormat(args.file) !== 'csv') {
    throw new FeedError(`--preset reads a dealer's CSV export; ${path.basename(args.file)} is JSON, which is always the platform's own fields`);
  }
  const current = currentStock(args.dealer, env);
  const feed = readFeed(args.file, feedReading(site, current.vehicles, now, args.preset));
  const photoStep = opts.photos ?? ((cars: Vehicle[]) => storeFeedPhotos(cars, { dealer: args.dealer, feedFile: args.file as string, env }));
  const { vehicles, problems: photoProblems, stats: photos } = await withPhotos(feed.vehicles, photoStep);
  const decision = holdDecision({
    listedNow: current.vehicles,
    demoListed: !current.exists && (site.search.demo_stock ?? 0) > 0,
    next: vehicles,
    rows: feed.rows,
    badRows: feed.badRows,
    maxShare: site.stock_feed?.max_removed_share ?? DEFAULT_MAX_REMOVED_SHARE,
  });
  const base = {
    vehicles,
    rows: feed.rows,
    badRows: feed.badRows,
    problems: feed.problems,
    notices: feed.notices,
    photoProblems,
    ...(photos ? { photos } : {}),
  };
  const source = path.basename(args.file);
  if (decision.held) {
    const held: HeldFeed = {
      dealer: args.dealer,
      held_at: now.toISOString(),
      source,
      reason: decision.reason,
      based_on: current.importedAt,
      rows: feed.rows,
      bad_rows: feed.badRows,
      problems: feed.problems,
      vehicles,
    };
    const file = writeHeldFile(held, env, now);
    return { ...base, outcome: 'held', file, replaced: current.exists ? current.vehicles.length : undefined, heldBecause: decision.reason, droppedHeld: false };
  }
  const file = writeStockFile(args.dealer, vehicles, source, env, now);
  const droppedHeld = existsSync(heldFile(args.dealer, env));
  // A feed held before this one is older than the stock now: confirming it later would go back in time.
  if (droppedHeld) rmSync(heldFile(args.dealer, env), { force: true });
  return { ...base, outcome: 'imported', file, replaced: current.exists ? current.vehicles.length : undefined, droppedHeld };
}

/**
 * `--confirm`: applies the feed held for the dealer, as it was checked when held, and removes it.
 * Refused when there is none, or when the stock changed since it was held (an import in between).
 */
export function confirmHeld(dealer: string, opts: { dealersDir: string; env?: NodeJS.ProcessEnv; now?: Date }): ImportResult {
  const env = opts.env ?? process.env;
  loadImportDealer(dealer, opts.dealersDir);
  let held: HeldFeed;
  try {
    held = readHeldFile(dealer, env);
  } catch (error) {
    if (error instanceof NoHeldFeedError) throw new FeedError(error.message);
    throw error;
  }
  const current = currentStock(dealer, env);
  if (held.based_on !== current.importedAt) {
    rmSync(heldFile(dealer, env), { force: true });
    throw new FeedError(
      `the stock changed since ${held.source} was held (imported ${current.importedAt ?? 'never'}); the held feed was dropped. Import the feed again if it is still the one to use.`,
    );
  }
  const file = writeStockFile(dealer, held.vehicles, held.source, env, opts.now);
  rmSync(heldFile(dealer, env), { force: true });
  return {
    outcome: 'imported',
    file,
    vehicles: held.vehicles,
    replaced: current.exists ? current.vehicles.length : undefined,
    rows: held.rows,
    badRows: held.bad_rows,
    problems: held.problems,
    notices: [],
    photoProblems: [],
    droppedHeld: false,
  };
}
