/**
 * The search path patterns in their fixed order (the first that applies wins). One list for the config
 * schema, the path builder and the browser's config check; free of zod for browser bundles.
 */
export const PATH_PATTERNS = [
  'car_type+make',
  'car_type+state+city',
  'car_type+state',
  'car_type',
  'dealership_name',
  'state',
  'city+make',
  'city',
  'location_name+make',
  'location_name',
  'make+model',
  'make',
  'body',
  'drive',
  'fuel',
  'categories',
] as const;
export type PathPattern = (typeof PATH_PATTERNS)[number];
