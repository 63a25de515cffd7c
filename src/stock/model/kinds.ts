/**
 * The closed lists of stock values. Kept free of zod so browser code (search paths, islands) can
 * import them without pulling the validation library into the bundle.
 */
export const carTypes = ['new', 'demo', 'used'] as const;
export type CarType = (typeof carTypes)[number];

export const vehicleStatuses = ['in_stock', 'coming_soon', 'sold'] as const;
export type VehicleStatus = (typeof vehicleStatuses)[number];

export const stockCategories = ['cars', 'trucks', 'caravans', 'motorcycles', 'rental', 'subscription'] as const;
export type StockCategory = (typeof stockCategories)[number];
