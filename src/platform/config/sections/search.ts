/** Stock search settings. */
import { z } from 'zod';
import { absoluteUrl, text } from './values';
import { PATH_PATTERNS } from '../path-patterns';
import { isBalancedFilter } from '../../formats/filter-syntax';

export const searchSchema = z
  .strictObject({
    default_search_path: z
      .string()
      .regex(/^\/[a-z0-9/-]*$/, { error: 'must be a site path such as "/search/used-cars"' })
      .optional()
      .describe('Overrides the template\'s default search path, e.g. "/pre-owned".'),
    search_filters: z
      .string()
      .max(2000)
      // An unbalanced filter could close the parentheses it is wrapped in and widen every search.
      .refine(isBalancedFilter, { error: 'has unbalanced parentheses or quotes' })
      .optional()
      .describe('Site filter added to every stock search, in Meilisearch filter syntax.'),
    host: absoluteUrl.optional().describe('Meilisearch host for the browser; the embedded search API is used when absent.'),
    read_only_key: z.string().max(200).optional().describe('Meilisearch search-only key for the browser.'),
    read_only_key_uid: z
      .string()
      .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i, { error: "must be the key's uid, a UUID v4" })
      .optional()
      .describe(
        'The uid of read_only_key. With it the pages carry a tenant token signed with that key (this index only, only the cars the site lists, valid 30 days) and never the key itself; build with npm run build, which signs it.',
      ),
    index_uid: z
      .string()
      .regex(/^[A-Za-z0-9_-]+$/)
      .max(100)
      .optional()
      .describe('Stock index name; defaults to the dealer slug.'),
    default_sort: z.string().max(100).optional().describe('Default sort, e.g. "price:asc"; "custom_rank:desc" when absent.'),
    price_asc_requires_price: z.boolean().default(false).describe('Price-ascending sort also filters price > 0.'),
    path_patterns: z
      .array(z.enum(PATH_PATTERNS))
      .default(['car_type', 'make+model', 'make', 'body'])
      .describe('Search path patterns this site allows; tried in a fixed order, the first that applies wins.'),
    body_styles: z.array(text(30)).max(20).default(['SUV', 'Hatchback', 'Ute', 'Coupe', 'Sedan', 'Wagon']).describe('Body styles offered in menus and tiles.'),
    hero_options: z
      .array(z.enum(['all', 'new_demo', 'new', 'used', 'demo']))
      .default(['all', 'new', 'used'])
      .describe('Hero vehicle-type slider options, in order.'),
    categories: z
      .array(z.enum(['cars', 'trucks', 'caravans', 'motorcycles', 'rental', 'subscription']))
      .default(['cars'])
      .describe('Kinds of stock this dealer sells.'),
    include_sold_cars_days: z.number().int().min(0).max(60).default(3).describe('Sold cars flagged for the website stay listed this many days.'),
    demo_stock: z
      .number()
      .int()
      .min(0)
      .max(5000)
      .optional()
      .describe('Generate this many demo vehicles when no stock feed has been imported (demo and test sites only).'),
    synonyms: z
      .record(text(60).min(1), z.array(text(60).min(1)).min(1).max(20))
      .refine((map) => Object.keys(map).length <= 200, { error: 'at most 200 words' })
      .optional()
      .describe(
        'Words a shopper may type for others, e.g. {"bakkie": ["ute"]}: one way, so list both directions for words that mean each other. Added to the platform\'s car words (ute/pickup, 4WD/4x4, auto/automatic, hatch/hatchback, people mover/minivan); a word listed here replaces the platform\'s entry for it.',
      ),
    stop_words: z
      .array(text(30).min(1))
      .max(100)
      .optional()
      .describe(
        'Words left out of shoppers\' searches unless typed last, spelled as shoppers type them (case counts); replaces the platform\'s list ("the", "for", "with", "and").',
      ),
    typo_tolerance: z
      .strictObject({
        one_typo_from: z.number().int().min(1).max(50).optional().describe('Letters a typed word needs before one typo is forgiven; 5 when absent.'),
        two_typos_from: z.number().int().min(1).max(50).optional().describe('Letters a typed word needs before two typos are forgiven; 9 when absent.'),
        no_typos_on_words: z.array(text(60).min(1)).max(100).optional().describe('Words matched only as typed, e.g. model codes one letter apart.'),
        // Which names are searched is the search layer's to say: the dealer-file check refuses others.
        no_typos_on_attributes: z
          .array(
            z
              .string()
              .regex(/^[a-z_]+$/, { error: 'must be a car field name such as "vin"' })
              .max(40),
          )
          .max(20)
          .optional()
          .describe(
            'Searched car fields where a typed word with typos matches nothing (name, make_model, make, model, variant, stocknum, vin, body, colour, fuel, badge, tag, location_name, city); ["vin", "stocknum"] when absent, as a VIN or stock number one character out is another car.',
          ),
      })
      .refine((t) => (t.one_typo_from ?? 5) <= (t.two_typos_from ?? 9), { error: 'one_typo_from must not exceed two_typos_from', path: ['two_typos_from'] })
      .optional()
      .describe('How forgiving search is of typing mistakes.'),
    custom_body_tiles: z.boolean().default(false).describe('Body-type facet shows up to 20 tiles instead of 4.'),
    car_types: z
      .strictObject({
        new: z.number().int().min(0).default(0).describe('New cars in stock.'),
        demo: z.number().int().min(0).default(0).describe('Demo cars in stock.'),
        used: z.number().int().min(0).default(0).describe('Used cars in stock.'),
      })
      .prefault({})
      .describe('Configured stock counts per car type, used when the live count fails.'),
  })
  .describe('Stock search settings.');
