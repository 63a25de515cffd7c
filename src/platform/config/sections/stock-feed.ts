/** How the dealer's stock feed is read: its export shape, its own column names, and the hold. */
import { z } from 'zod';

/**
 * The export shapes the import knows by name (docs/decisions/stock-feeds.md):
 * - `au_nz_dms`: the CSV an Australian or New Zealand dealer management system sends to listing
 *   sites (StockNumber, VIN, Make, Model, Badge, Series, Year, Odometer in km, Price, Photos …);
 * - `us_syndication`: the CSV of US inventory syndication tools (VIN, Stock, Type New/Used, Year,
 *   Make, Model, Trim, Miles, SellingPrice, MSRP, ImageList …).
 */
export const stockFeedPresets = ['au_nz_dms', 'us_syndication'] as const;
export type StockFeedPreset = (typeof stockFeedPresets)[number];

/**
 * What a feed column can be read as: the car's own fields (stock number is `stocknum`, features
 * `filtered_features`, photo URLs `images`), plus values the import converts: `condition`
 * (New/Used/Demo/Certified), `odometer` (in the site's units), `miles`, `msrp` (the price when the
 * selling price is empty), `series` (added to the variant), `date_in_stock`, `location`, and
 * `ignore` for a column the dealer's system sends that the site has no use for.
 */
export const stockFeedFields = [
  'stocknum',
  'vin',
  'id',
  'slug',
  'name',
  'make',
  'model',
  'variant',
  'series',
  'body',
  'colour',
  'transmission',
  'fuel',
  'drive',
  'seats',
  'engine_cc',
  'year',
  'condition',
  'car_type',
  'certified',
  'status',
  'odometer',
  'km',
  'miles',
  'price',
  'msrp',
  'weekly_price',
  'description',
  'filtered_features',
  'images',
  'registration_plate',
  'licence_expiry',
  'wof_expiry',
  'date_in_stock',
  'arrival_date',
  'location',
  'categories',
  'item_type',
  'ignore',
] as const;
export type StockFeedField = (typeof stockFeedFields)[number];

export const DEFAULT_MAX_REMOVED_SHARE = 0.3;

export const stockFeedSchema = z
  .strictObject({
    preset: z
      .enum(stockFeedPresets)
      .optional()
      .describe(
        "The shape of the dealer's CSV exports: au_nz_dms (an AU/NZ dealer management system's export) or us_syndication (a US inventory syndication export). Without it CSV feeds use the platform's own columns. JSON feeds always use the platform's own fields.",
      ),
    columns: z
      .record(z.string().trim().min(1).max(80), z.enum(stockFeedFields))
      .refine((columns) => Object.keys(columns).length <= 200, { error: 'at most 200 columns' })
      .default({})
      .describe(
        'The dealer\'s own column names and what each holds, e.g. { "Stock No": "stocknum", "Kms": "odometer", "Internal notes": "ignore" }. Added to the preset\'s columns, and wins over them; names match without regard to case, spaces or punctuation.',
      ),
    max_removed_share: z
      .number()
      .min(0)
      .max(1)
      .default(DEFAULT_MAX_REMOVED_SHARE)
      .describe(
        'A feed that would take more than this share of the listed cars off the site (bad rows count as taken off) is held until confirmed with npm run stock:import -- --dealer <slug> --confirm. Default 0.3 (30 %).',
      ),
  })
  .describe("How this dealer's stock feed is read by npm run stock:import.");

export type StockFeedSettings = z.output<typeof stockFeedSchema>;
