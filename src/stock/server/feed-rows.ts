/**
 * One row of a dealer's export (a preset's shape or the dealer file's columns) made into the
 * stock's fields: cells converted by what their column holds, and what an export does not carry
 * derived the same way for every car (id and page address from the stock number, name from year,
 * make, model and variant), so a car keeps its id, page and shoppers' saves from feed to feed.
 */
import { createHash } from 'node:crypto';
import type { StockFeedField } from '../../platform/config/schema';
import type { Vehicle } from '../model/vehicle';
import {
  milesToKm,
  readBoolean,
  readCondition,
  readDate,
  readList,
  readPrice,
  readStatus,
  readUrls,
  readWholeNumber,
  readYear,
  type Read,
} from './feed-values';
import { cleanLine } from './feed-text';

export interface MappedRowContext {
  /** How the export writes dates such as 14/03/2026. */
  dates: 'dmy' | 'mdy';
  /** The site's distance units: what an `odometer` column is in. */
  units: 'km' | 'miles';
  /** Import time in seconds: when a new car came into stock if the export does not say. */
  now: number;
  /** The stock as imported last, by id: a car's first-seen and sold dates carry over. */
  previous: ReadonlyMap<number, Vehicle>;
  /** The dealer file's locations, for a Location column naming one by name, slug or id. */
  locations?: readonly { id: number | string; name: string; slug: string }[];
}

export interface MappedRow {
  raw: Record<string, unknown>;
  stocknum: string | undefined;
  /** `field` is the stock's field the cell was for, `column` the feed's column it came from. */
  problems: { field: string; column: string; reason: string }[];
  /** Vehicle field → the feed column it came from, to name the dealer's column in reports. */
  columnOf: Record<string, string>;
  /** A Location cell that names none of the dealer file's locations, as written. */
  unknownLocation?: string;
}

/**
 * The car's id, from its stock number: the first 40 bits of its SHA-256 (under 13 digits),
 * the same in every feed. Two of a dealer's stock numbers meet on one id with a chance of about
 * one in two million for 1,000 cars; if they do, the later row is reported as a duplicate id.
 */
export function stockNumberId(stocknum: string): number {
  const digest = createHash('sha256').update(stocknum.trim().toUpperCase()).digest();
  return digest.readUIntBE(0, 5) || 1;
}

/** Lowercase words joined by hyphens, for the car's page address. */
export function slugWords(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The stock field each feed field fills, where the names differ. */
const TARGET: Partial<Record<StockFeedField, string>> = {
  condition: 'car_type',
  odometer: 'km',
  miles: 'km',
  msrp: 'price',
  series: 'variant',
  date_in_stock: 'created_at_timestamp',
  location: 'location_name',
};

const TEXT_FIELDS = new Set<StockFeedField>([
  'make',
  'model',
  'body',
  'colour',
  'transmission',
  'fuel',
  'drive',
  'registration_plate',
  'item_type',
  'name',
  'slug',
]);

const locationKey = (text: string): string => text.toLowerCase().replace(/[^a-z0-9]/g, '');

function midnight(isoDate: string): number {
  return Math.floor(Date.parse(`${isoDate}T00:00:00Z`) / 1000);
}

/** "2.5L" or "2494": an engine size in cc. */
function readEngine(cell: string): Read<number> {
  const litres = /^(\d{1,2}(?:\.\d{1,2})?)\s?l(itres?)?$/i.exec(cell.trim());
  if (litres) return { value: Math.round(Number(litres[1]) * 1000) };
  const cc = readWholeNumber(cell.replace(/\s?cc$/i, ''));
  return cc.reason === undefined ? cc : { reason: `"${cell}" is not an engine size (2494 or 2.5L)` };
}

export function mapRow(
  cells: readonly string[],
  fields: readonly (StockFeedField | undefined)[],
  columns: readonly string[],
  context: MappedRowContext,
): MappedRow {
  const problems: MappedRow['problems'] = [];
  const columnOf: Record<string, string> = {};
  const raw: Record<string, unknown> = {};
  const cell: Partial<Record<StockFeedField, string>> = {};
  const column: Partial<Record<StockFeedField, string>> = {};
  fields.forEach((field, i) => {
    if (field === undefined) return;
    // Every stock field is named by the dealer's column that fills it, even when empty ("Make: is missing").
    const target = TARGET[field] ?? field;
    if (columnOf[target] === undefined || field === target) columnOf[target] = columns[i]!;
    const value = cells[i]?.trim() ?? '';
    if (value === '') return;
    cell[field] = value;
    column[field] = columns[i]!;
  });
  const read = <T>(field: StockFeedField, reader: (value: string) => Read<T>, target: string = field): T | undefined => {
    const value = cell[field];
    if (value === undefined) return undefined;
    columnOf[target] = column[field]!;
    const result = reader(value);
    if (result.reason !== undefined) {
      problems.push({ field: target, column: column[field]!, reason: result.reason });
      return undefined;
    }
    return result.value;
  };
  const put = (field: string, value: unknown): void => {
    if (value !== undefined) raw[field] = value;
  };

  for (const field of TEXT_FIELDS) {
    if (cell[field] !== undefined) {
      raw[field] = cell[field];
      columnOf[field] = column[field]!;
    }
  }
  const stocknum = cell.stocknum === undefined ? undefined : cleanLine(cell.stocknum);
  if (stocknum) {
    raw.stocknum = stocknum;
    columnOf.stocknum = column.stocknum!;
  } else {
    problems.push({
      field: 'stocknum',
      column: columnOf.stocknum ?? 'stock number',
      reason: 'is missing: every car needs one, it is how the car is known from one feed to the next',
    });
  }
  if (cell.vin !== undefined) {
    raw.vin = cell.vin.replace(/[\s-]/g, '').toUpperCase();
    columnOf.vin = column.vin!;
  }
  const variant = [cell.variant, cell.series].filter((part): part is string => part !== undefined).join(' ');
  if (variant) {
    raw.variant = variant;
    columnOf.variant = column.variant ?? column.series!;
  }
  if (cell.description !== undefined) {
    raw.description = cell.description;
    columnOf.description = column.description!;
  }
  let unknownLocation: string | undefined;
  if (cell.location !== undefined) {
    // "Kingfisher Toyota Sales", "kingfisher-toyota-sales" or "31001" all name the location
    // "Kingfisher Toyota - Sales": the car then shows at it, and the ad feeds find its address.
    const key = locationKey(cell.location);
    const location = context.locations?.find((l) => locationKey(l.name) === key || locationKey(l.slug) === key || String(l.id) === cell.location);
    if (location) {
      raw.location_id = location.id;
      raw.location_name = location.name;
    } else {
      raw.location_name = cell.location;
      if (context.locations) unknownLocation = cleanLine(cell.location);
    }
    columnOf.location_name = column.location!;
    columnOf.location_id = column.location!;
  }

  put('year', read('year', readYear));
  const condition = read('condition', readCondition, 'car_type') ?? read('car_type', readCondition);
  if (condition) {
    raw.car_type = condition.car_type;
    if (condition.certified) raw.certified = true;
  }
  const certified = read('certified', readBoolean);
  if (certified !== undefined && raw.certified === undefined) raw.certified = certified;
  put('status', read('status', readStatus));
  const km = read('km', readWholeNumber) ?? mapOptional(read('odometer', readWholeNumber, 'km'), (n) => (context.units === 'miles' ? milesToKm(n) : n));
  const miles = read('miles', readWholeNumber, 'km');
  put('km', km ?? (miles === undefined ? undefined : milesToKm(miles)));
  put('seats', read('seats', readWholeNumber));
  put('engine_cc', read('engine_cc', readEngine));
  put('price', read('price', readPrice));
  // The MSRP is read only when there is no selling price: a new car listed at its sticker price.
  if (cell.price === undefined) put('price', read('msrp', readPrice, 'price'));
  put('weekly_price', read('weekly_price', readPrice));
  const features = cell.filtered_features;
  if (features !== undefined) {
    raw.filtered_features = readList(features);
    columnOf.filtered_features = column.filtered_features!;
  }
  if (cell.images !== undefined) {
    const urls = readUrls(cell.images);
    raw.images = urls.map((image_url) => ({ image_url }));
    if (urls[0] !== undefined) raw.primary_image_url = urls[0];
    raw.photos_count = urls.length;
    columnOf.images = column.images!;
    columnOf.primary_image_url = column.images!;
  }
  if (cell.categories !== undefined) {
    raw.categories = readList(cell.categories).map((c) => c.toLowerCase());
    columnOf.categories = column.categories!;
  }
  const date = (value: string): Read<string> => readDate(value, context.dates);
  put('licence_expiry', read('licence_expiry', date));
  put('wof_expiry', read('wof_expiry', date));
  put('arrival_date', read('arrival_date', date));
  const inStock = read('date_in_stock', date, 'created_at_timestamp');
  put('id', read('id', readWholeNumber));

  // What the export does not carry, derived the same way for every car.
  if (raw.id === undefined && stocknum) raw.id = stockNumberId(stocknum);
  const previous = typeof raw.id === 'number' ? context.previous.get(raw.id) : undefined;
  const make = typeof raw.make === 'string' ? cleanLine(raw.make) : '';
  const model = typeof raw.model === 'string' ? cleanLine(raw.model) : '';
  if (make && model) raw.make_model = `${make} ${model}`;
  if (raw.name === undefined && typeof raw.year === 'number' && make && model) {
    // The variant as a shopper reads it ("GX"), without the series or chassis code ("AXAH54R").
    raw.name = [String(raw.year), make, model, cell.variant === undefined ? '' : cleanLine(cell.variant)].filter(Boolean).join(' ');
  }
  if (raw.slug === undefined && typeof raw.name === 'string' && stocknum) raw.slug = slugWords(`${raw.name} ${stocknum}`).slice(0, 200).replace(/-+$/, '');
  else if (typeof raw.slug === 'string') raw.slug = slugWords(raw.slug);
  raw.status ??= 'in_stock';
  raw.categories ??= ['cars'];
  raw.item_type ??= 'car';
  // A new car's export often leaves its odometer empty.
  if (raw.km === undefined && cell.km === undefined && cell.odometer === undefined && cell.miles === undefined && raw.car_type === 'new') raw.km = 0;
  raw.created_at_timestamp = inStock !== undefined ? midnight(inStock) : (previous?.created_at_timestamp ?? context.now);
  if (raw.status === 'sold') raw.sold_date_timestamp = previous?.sold_date_timestamp ?? context.now;
  return { raw, stocknum: stocknum || undefined, problems, columnOf, ...(unknownLocation ? { unknownLocation } : {}) };
}

function mapOptional<T, U>(value: T | undefined, fn: (value: T) => U): U | undefined {
  return value === undefined ? undefined : fn(value);
}
