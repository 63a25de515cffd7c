/**
 * The stock index settings, declared once: `npm run search:push` applies them to a real
 * Meilisearch and the embedded engine reads them, so both answer the same way.
 */
export const indexSettings = {
  primaryKey: 'id',
  searchableAttributes: ['name', 'make_model', 'make', 'model', 'variant', 'stocknum', 'vin', 'body', 'colour', 'fuel', 'badge', 'tag', 'location_name', 'city'],
  filterableAttributes: [
    'id',
    'slug',
    'make',
    'model',
    'make_model',
    'body',
    'simple_body',
    'drive',
    'simple_drive',
    'fuel',
    'transmission',
    'car_type',
    'status',
    'price',
    'subscription_price',
    'km',
    'year',
    'seats',
    'colour',
    'state',
    'city',
    'tag',
    'badge',
    'categories',
    'item_type',
    'certified',
    'created_at_timestamp',
    'sold_date_timestamp',
    'show_on_dealer_website',
    'dealership_name',
    'dealership_slug',
    'location_name',
    'location_id',
    'stocknum',
    'vin',
  ],
  sortableAttributes: ['price', 'subscription_price', 'km', 'year', 'created_at_timestamp', 'custom_rank', 'name'],
  rankingRules: ['words', 'typo', 'proximity', 'attribute', 'sort', 'exactness', 'custom_rank:desc'],
  // The model dropdown asks for up to 250 values; Meilisearch's default of 100 would cut it.
  faceting: { maxValuesPerFacet: 300 },
  // Above 1,999 hits the page shows the sum of facet counts, so totals must reach past it.
  pagination: { maxTotalHits: 10_000 },
} as const;

export type IndexSettings = typeof indexSettings;
