/**
 * The export shapes the import reads by name, and how a feed's header is matched to the stock's
 * fields: the preset's columns, then the dealer file's own (`stock_feed.columns`), which win.
 * Why these shapes and columns: docs/decisions/stock-feeds.md.
 */
import { stockFeedFields, type StockFeedField, type StockFeedPreset } from '../../platform/config/schema';

export interface FeedShape {
  /** Header as the export writes it → what the column holds. */
  columns: Readonly<Record<string, StockFeedField>>;
  /** Columns the export has that the site has no use for, or must not publish (cost, invoice): read past without a notice. */
  known: readonly string[];
  /** How the export writes dates such as 14/03/2026. */
  dates: 'dmy' | 'mdy';
}

/**
 * An AU/NZ dealer management system's listing export: one row per car, stock number and VIN,
 * Badge (the variant, "GX") and Series ("MY23") apart, odometer in km, drive-away price, photo URLs
 * `|`-separated in one cell, day-first dates.
 */
const auNzDms: FeedShape = {
  columns: {
    StockNumber: 'stocknum',
    VIN: 'vin',
    Condition: 'condition',
    Status: 'status',
    Make: 'make',
    Model: 'model',
    Badge: 'variant',
    Series: 'series',
    Year: 'year',
    Body: 'body',
    Colour: 'colour',
    Transmission: 'transmission',
    Fuel: 'fuel',
    Drive: 'drive',
    Seats: 'seats',
    EngineSize: 'engine_cc',
    Odometer: 'odometer',
    Price: 'price',
    Description: 'description',
    Features: 'filtered_features',
    Photos: 'images',
    RegoNumber: 'registration_plate',
    RegoExpiry: 'licence_expiry',
    DateInStock: 'date_in_stock',
    Location: 'location',
  },
  known: ['DealerID', 'Doors', 'Cylinders', 'InteriorColour', 'BuildDate', 'ComplianceDate', 'CostPrice', 'NVIC', 'RedbookCode'],
  dates: 'dmy',
};

/**
 * The US inventory syndication CSV (the HomeNet/vAuto style export listing sites take): Type
 * New/Used/Certified, Stock, Trim, Miles, SellingPrice and MSRP, comma-separated ImageList,
 * month-first dates.
 */
const usSyndication: FeedShape = {
  columns: {
    Type: 'condition',
    Stock: 'stocknum',
    VIN: 'vin',
    Year: 'year',
    Make: 'make',
    Model: 'model',
    Trim: 'variant',
    Body: 'body',
    ExteriorColor: 'colour',
    Transmission: 'transmission',
    Drivetrain: 'drive',
    Fuel_Type: 'fuel',
    PassengerCapacity: 'seats',
    Miles: 'miles',
    SellingPrice: 'price',
    MSRP: 'msrp',
    Certified: 'certified',
    DateInStock: 'date_in_stock',
    Description: 'description',
    Options: 'filtered_features',
    ImageList: 'images',
  },
  known: [
    'DealerId',
    'ModelNumber',
    'Doors',
    'InteriorColor',
    'EngineCylinders',
    'EngineDisplacement',
    'BookValue',
    'Invoice',
    'Categorized Options',
    'Dealer Name',
    'Dealer Address',
    'Dealer City',
    'Dealer State',
    'Dealer Zip',
    'Style_Description',
    'Ext_Color_Generic',
    'Int_Color_Generic',
    'CityMPG',
    'HighwayMPG',
  ],
  dates: 'mdy',
};

export const feedPresets: Readonly<Record<StockFeedPreset, FeedShape>> = { au_nz_dms: auNzDms, us_syndication: usSyndication };

/** Header names match without regard to case, spaces or punctuation: "Stock Number" is "StockNumber" is "stock_number". */
export function headerKey(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '');
}

export interface ResolvedHeader {
  /** For each column of the feed, in order: what it holds, or undefined when it is read past. */
  fields: (StockFeedField | undefined)[];
  /** Columns neither the preset nor the dealer file knows, as written: read past, named once. */
  unknown: string[];
  /** Problems that make the header unusable: two columns for one field, a column without a name. */
  problems: string[];
}

/**
 * Matches a header to the stock's fields. `base` is the preset's shape, or, for a dealer file
 * with columns and no preset, every field under its own name. Unknown columns are read past
 * (an export carries dozens the site has no use for); a field fed by two columns is refused,
 * since either could be the right one.
 */
export function resolveHeader(header: readonly string[], shape: FeedShape, own: Readonly<Record<string, StockFeedField>>): ResolvedHeader {
  const lookup = new Map<string, StockFeedField>();
  for (const [name, field] of Object.entries(shape.columns)) lookup.set(headerKey(name), field);
  for (const [name, field] of Object.entries(own)) lookup.set(headerKey(name), field);
  const known = new Set(shape.known.map(headerKey));
  const fields: (StockFeedField | undefined)[] = [];
  const unknown: string[] = [];
  const problems: string[] = [];
  const fedBy = new Map<StockFeedField, string>();
  header.forEach((column, i) => {
    const key = headerKey(column);
    const field = lookup.get(key);
    if (key === '') {
      fields.push(undefined);
      if (column.trim() !== '' || i < header.length - 1) unknown.push(`(column ${i + 1}, no name)`);
      return;
    }
    if (field === undefined || field === 'ignore') {
      fields.push(undefined);
      if (field === undefined && !known.has(key)) unknown.push(column);
      return;
    }
    const other = fedBy.get(field);
    if (other !== undefined)
      problems.push(`columns "${other}" and "${column}" both hold ${field}; map one of them to "ignore" in the dealer file's stock_feed.columns`);
    else fedBy.set(field, column);
    fields.push(field);
  });
  return { fields, unknown, problems };
}

/**
 * For a dealer file with columns and no preset: every field under its own name ("stocknum",
 * "odometer", "condition" …), dates as the region writes them (month first in the US).
 */
export function ownShape(dates: 'dmy' | 'mdy'): FeedShape {
  const columns: Record<string, StockFeedField> = {};
  for (const field of stockFeedFields) if (field !== 'ignore') columns[field] = field;
  return { columns, known: [], dates };
}
