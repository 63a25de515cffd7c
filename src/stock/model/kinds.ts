/**
 * The closed lists of stock values. Kept free of zod so browser code (search paths, islands) can
 * import them without pulling the validation library into the bundle.
 */
export const carTypes = ['new', 'demo', 'used'] as const;
export type CarType = (typeof carTypes)[number];

/**
 * Where a car stands, in the order a shopper reads availability: on the lot, being bought by
 * someone else (sale pending), on its way (in transit from the port or another yard, in
 * production at the factory, coming soon), gone. Every status but sold is listed by the search;
 * an arriving car may carry an `arrival_date`.
 */
export const vehicleStatuses = ['in_stock', 'sale_pending', 'in_transit', 'in_production', 'coming_soon', 'sold'] as const;
export type VehicleStatus = (typeof vehicleStatuses)[number];

/** The statuses a listing shows without conditions (sold cars only within the sold window). */
export const listedStatuses = vehicleStatuses.filter((status): status is Exclude<VehicleStatus, 'sold'> => status !== 'sold');

/** Statuses of a car not yet at the dealer: the ones an arrival date belongs to. */
export const arrivingStatuses = ['in_transit', 'in_production', 'coming_soon'] as const satisfies readonly VehicleStatus[];

export const stockCategories = ['cars', 'trucks', 'caravans', 'motorcycles', 'rental', 'subscription'] as const;
export type StockCategory = (typeof stockCategories)[number];
