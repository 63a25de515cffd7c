/** The fields a result card shows; the search asks Meilisearch for these and nothing more. */
export const CARD_ATTRIBUTES = [
  'id',
  'slug',
  'name',
  // With id, slug, name and the image, what a saved car keeps (src/saved-cars/model/saved-list.ts).
  'make',
  'model',
  'has_nvic',
  'price',
  'km',
  'year',
  'car_type',
  'status',
  'arrival_date',
  'primary_image_url',
  'badge',
  'tag',
  'fuel',
  'transmission',
  // Set by the search API on cars held by a paid deposit: the card says Reserved.
  'reserved',
  'subscription_price',
] as const;
