/**
 * The conformance stock: 30 valid stock documents chosen to exercise the filter, facet, sort and
 * text rules both engines must share — several makes and models, a two-word make, an accented
 * one, optional fields present and absent, array categories, sold cars, a zero price, and
 * values full of quotes, brackets and keywords. Every custom_rank is distinct, so orders are fixed.
 */
/** A stock document as the engine indexes it: every field present, as the site's stock store writes them. */
export type ConformanceDocument = Record<string, unknown> & { id: number; custom_rank: number };
type Fields = Record<string, unknown>;

const T0 = 1_700_000_000;

function car(id: number, year: number, make: string, model: string, variant: string, fields: Fields): ConformanceDocument {
  const name = `${year} ${make} ${model} ${variant}`;
  return {
    id,
    slug: `${name}-${id}`
      .toLowerCase()
      .normalize('NFKD')
      .replace(/\p{M}+/gu, '')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, ''),
    name,
    make,
    model,
    make_model: `${make} ${model}`,
    variant,
    body: 'SUV',
    car_type: 'used',
    status: 'in_stock',
    price: 30_000,
    km: 50_000,
    year,
    categories: ['cars'],
    item_type: 'car',
    created_at_timestamp: T0 + id * 3600,
    stocknum: `TK${1000 + id}`,
    custom_rank: 1000 - id * 10,
    // The stock store fills these in when a feed leaves them out; the documents carry them as indexed.
    certified: false,
    sold_date_timestamp: null,
    show_on_dealer_website: false,
    filtered_features: [],
    thumbnails: [],
    images: [],
    photos_count: 0,
    ...fields,
  };
}

/**
 * Three yards, as `_geo` points: North Lakes (north of Brisbane), Southport (Gold Coast) and
 * Penrith (west of Sydney). Cars 11 and 29 carry no `_geo`: a feed may leave a car's location out.
 */
export const conformanceYards = {
  northLakes: { lat: -27.2361, lng: 153.0206 },
  southport: { lat: -27.979, lng: 153.405 },
  penrith: { lat: -33.756, lng: 150.686 },
} as const;

const yardOf = (id: number): { lat: number; lng: number } | undefined => {
  if (id === 11 || id === 29) return undefined;
  return [conformanceYards.northLakes, conformanceYards.southport, conformanceYards.penrith][id % 3];
};

const cars: ConformanceDocument[] = [
  car(1, 2023, 'Toyota', 'RAV4', 'GX Hybrid', { car_type: 'new', price: 45_990, km: 10, fuel: 'Hybrid', colour: 'White', custom_rank: 990, certified: true }),
  car(2, 2019, 'Toyota', 'Corolla', 'Ascent Sport', { body: 'Hatchback', price: 19_990, km: 82_000, fuel: 'Petrol', colour: 'Silver', custom_rank: 500 }),
  car(3, 2021, 'Toyota', 'HiLux', 'SR5', {
    body: 'Ute',
    price: 52_500,
    km: 41_000,
    fuel: 'Diesel',
    badge: 'Low km',
    categories: ['cars', 'trucks'],
    custom_rank: 870,
  }),
  car(4, 2016, 'Toyota', 'LandCruiser', 'GXL', { price: 61_000, km: 160_000, fuel: 'Diesel', colour: 'Grey', custom_rank: 120 }),
  car(5, 2022, 'Toyota', 'Corolla', 'ZR Hybrid', {
    body: 'Hatchback',
    car_type: 'demo',
    price: 33_490,
    km: 4_000,
    fuel: 'Hybrid',
    colour: 'Red',
    custom_rank: 760,
  }),
  car(6, 2021, 'Mazda', 'CX-5', 'Maxx Sport', {
    price: 34_990,
    km: 30_500,
    fuel: 'Petrol',
    colour: 'Blue',
    subscription_price: 189,
    categories: ['cars', 'subscription'],
    custom_rank: 650,
  }),
  car(7, 2018, 'Mazda', 'Mazda3', 'G25 Astina', { body: 'Sedan', price: 21_500, km: 98_000, fuel: 'Petrol', colour: 'Soul Red', custom_rank: 310 }),
  car(8, 2024, 'Mazda', 'BT-50', 'GT', {
    body: 'Ute',
    car_type: 'new',
    price: 64_990,
    km: 5,
    fuel: 'Diesel',
    categories: ['cars', 'trucks'],
    custom_rank: 940,
  }),
  car(9, 2020, 'Ford', 'Ranger', 'Wildtrak', {
    body: 'Ute',
    price: 48_000,
    km: 70_000,
    fuel: 'Diesel',
    badge: "Dealer's pick",
    categories: ['cars', 'trucks'],
    custom_rank: 700,
  }),
  car(10, 2023, 'Ford', 'Ranger', 'XLT', {
    body: 'Ute',
    car_type: 'demo',
    price: 59_990,
    km: 2_500,
    fuel: 'Diesel',
    colour: 'Blue [metallic]',
    categories: ['cars', 'trucks'],
    custom_rank: 880,
  }),
  car(11, 2017, 'Ford', 'Everest', 'Trend', { price: 29_990, km: 120_000, fuel: 'Diesel', tag: '', custom_rank: 150 }),
  car(12, 2022, 'Kia', 'Sportage', 'GT-Line', {
    price: 41_990,
    km: 15_000,
    fuel: 'Petrol',
    subscription_price: 219,
    categories: ['cars', 'subscription'],
    custom_rank: 820,
  }),
  car(13, 2020, 'Kia', 'Picanto', 'S', { body: 'Hatchback', price: 12_990, km: 45_000, fuel: 'Petrol', colour: 'White', custom_rank: 400 }),
  car(14, 2024, 'Kia', 'EV6', 'GT', { car_type: 'new', price: 89_990, km: 10, fuel: 'Electric', custom_rank: 960 }),
  car(15, 2021, 'Hyundai', 'Tucson', 'Highlander', {
    price: 43_500,
    km: 25_000,
    fuel: 'Petrol',
    subscription_price: 199,
    categories: ['cars', 'subscription'],
    custom_rank: 600,
  }),
  car(16, 2015, 'Hyundai', 'i30', 'Active', { body: 'Hatchback', price: 9_990, km: 140_000, fuel: 'Petrol', colour: 'Black', custom_rank: 110 }),
  car(17, 2016, 'Škoda', 'Octavia', 'RS <b>wagon</b>', { body: 'Wagon', price: 18_990, km: 110_000, fuel: 'Petrol', colour: 'Green', custom_rank: 200 }),
  car(18, 2022, 'Land Rover', 'Defender', '110 SE', { price: 99_000, km: 18_000, fuel: 'Diesel', colour: 'Gondwana Stone', custom_rank: 800 }),
  car(19, 2019, 'Land Rover', 'Discovery', 'Sport', { price: 39_990, km: 77_000, fuel: 'Diesel', tag: 'AND OR NOT', custom_rank: 350 }),
  car(20, 2023, 'Mercedes-Benz', 'GLC', '300', {
    car_type: 'demo',
    price: 79_900,
    km: 3_000,
    fuel: 'Petrol',
    colour: 'Black',
    certified: true,
    custom_rank: 910,
  }),
  car(21, 2018, 'Volkswagen', 'Golf', 'GTI', { body: 'Hatchback', price: 27_990, km: 64_000, fuel: 'Petrol', colour: 'White', custom_rank: 450 }),
  car(22, 2021, 'Volkswagen', 'Amarok', 'V6 Core', { body: 'Ute', price: 0, km: 55_000, fuel: 'Diesel', categories: ['cars', 'trucks'], custom_rank: 550 }),
  car(23, 2020, 'Subaru', 'Outback', 'AWD Touring', { body: 'Wagon', price: 31_990, km: 52_000, fuel: 'Petrol', custom_rank: 480 }),
  car(24, 2014, 'Holden', 'Commodore', 'SS-V', { body: 'Sedan', price: 24_990, km: 150_000, fuel: 'Petrol', colour: 'Red', custom_rank: 100 }),
  car(25, 2017, 'Toyota', 'Corolla', 'Ascent', {
    body: 'Sedan',
    status: 'sold',
    sold_date_timestamp: T0 - 86_400,
    show_on_dealer_website: true,
    price: 14_990,
    km: 99_000,
    fuel: 'Petrol',
    custom_rank: 90,
  }),
  car(26, 2019, 'Mazda', 'CX-5', 'Touring', {
    status: 'sold',
    sold_date_timestamp: T0 - 30 * 86_400,
    price: 27_490,
    km: 88_000,
    fuel: 'Petrol',
    custom_rank: 80,
  }),
  car(27, 2024, 'Hyundai', 'Ioniq 5', 'Dynamiq', { car_type: 'new', status: 'coming_soon', price: 72_000, km: 0, fuel: 'Electric', custom_rank: 930 }),
  car(28, 2023, 'Ford', 'Transit', 'Custom 320L', {
    body: 'Van',
    price: 52_990,
    km: 12_000,
    fuel: 'Diesel',
    categories: ['trucks'],
    item_type: 'truck',
    custom_rank: 300,
  }),
  car(29, 2022, 'Jayco', 'Journey', 'Outback 21.66-3', {
    body: 'Caravan',
    price: 84_990,
    km: 0,
    categories: ['caravans'],
    item_type: 'caravan',
    custom_rank: 250,
  }),
  car(30, 2021, 'Toyota', 'Yaris Cross', 'GX "Urban"', { price: 28_490, km: 21_000, fuel: 'Hybrid', badge: '"Best" Buy', custom_rank: 700 - 1 }),
];

export const conformanceDocuments: ConformanceDocument[] = cars.map((doc) => {
  const yard = yardOf(doc.id);
  return yard ? { ...doc, _geo: { ...yard } } : doc;
});
