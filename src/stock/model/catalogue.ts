/**
 * Makes, models and trims the demo-stock generator draws from, per market. Prices are new prices
 * in the market's own currency for the cheapest and dearest trim; the generator derives demo and
 * used prices from them. Figures are realistic, not quotes.
 */

export type Market = 'AU' | 'NZ' | 'US';
export type Fuel = 'petrol' | 'diesel' | 'hybrid' | 'electric';
export type Drive = 'FWD' | 'RWD' | 'AWD' | '4WD';
export type ItemType = 'car' | 'caravan' | 'motorcycle';

export interface ModelSpec {
  make: string;
  model: string;
  body: string;
  seats: number;
  /** Cheapest first. */
  trims: readonly string[];
  /** New price of the cheapest and the dearest trim. */
  price: readonly [number, number];
  /** Commonest first; empty for caravans. */
  fuels: readonly Fuel[];
  drives: readonly Drive[];
  /** Popularity within its make. */
  weight: number;
  /** First and last model years sold; open-ended when absent. */
  since?: number;
  until?: number;
  /** First model year each fuel was offered, where later than the model's own: no 2014 ZS EV. */
  fuelSince?: Partial<Record<Fuel, number>>;
  /** Share sold with a manual gearbox. */
  manual?: number;
  /** A heavy-duty pickup: listed under trucks only. */
  heavy?: boolean;
  itemType: ItemType;
}

type Options = Partial<Pick<ModelSpec, 'fuels' | 'drives' | 'weight' | 'since' | 'until' | 'fuelSince' | 'manual' | 'heavy'>>;

const car =
  (make: string) =>
  (model: string, body: string, seats: number, trims: readonly string[], price: readonly [number, number], o: Options = {}): ModelSpec => ({
    make,
    model,
    body,
    seats,
    trims,
    price,
    fuels: o.fuels ?? ['petrol'],
    drives: o.drives ?? ['FWD'],
    weight: o.weight ?? 3,
    itemType: 'car',
    ...(o.since !== undefined ? { since: o.since } : {}),
    ...(o.until !== undefined ? { until: o.until } : {}),
    ...(o.fuelSince ? { fuelSince: o.fuelSince } : {}),
    ...(o.manual !== undefined ? { manual: o.manual } : {}),
    ...(o.heavy ? { heavy: true } : {}),
  });

const other =
  (itemType: 'caravan' | 'motorcycle', make: string) =>
  (model: string, body: string, trims: readonly string[], price: readonly [number, number], weight = 3): ModelSpec => ({
    make,
    model,
    body,
    seats: itemType === 'motorcycle' ? 2 : 4,
    trims,
    price,
    fuels: itemType === 'motorcycle' ? ['petrol'] : [],
    drives: [],
    weight,
    itemType,
    ...(itemType === 'motorcycle' ? { manual: 1 } : {}),
  });

const H: Fuel[] = ['hybrid'];
const EV: Fuel[] = ['electric'];
const D: Fuel[] = ['diesel'];
const AWD: Drive[] = ['AWD'];
const FOUR: Drive[] = ['4WD'];
const UTE: Drive[] = ['4WD', '4WD', 'RWD'];

// ---------------------------------------------------------------------------------- AU and NZ
const toyota = car('Toyota');
const mazda = car('Mazda');
const hyundai = car('Hyundai');
const kia = car('Kia');
const ford = car('Ford');
const mitsubishi = car('Mitsubishi');
const nissan = car('Nissan');
const subaru = car('Subaru');
const vw = car('Volkswagen');
const isuzu = car('Isuzu');
const mg = car('MG');
const byd = car('BYD');
const tesla = car('Tesla');
const holden = car('Holden');
const honda = car('Honda');
const suzuki = car('Suzuki');
const bmw = car('BMW');
const mercedes = car('Mercedes-Benz');
const audi = car('Audi');
const jeep = car('Jeep');

const anzCars: ModelSpec[] = [
  toyota('Corolla', 'Hatchback', 5, ['Ascent Sport', 'SX', 'ZR'], [30_000, 40_000], {
    fuels: ['hybrid', 'petrol'],
    weight: 8,
    manual: 0.05,
    fuelSince: { hybrid: 2018 },
  }),
  toyota('Corolla Cross', 'SUV', 5, ['GX', 'GXL', 'Atmos'], [36_000, 52_000], { fuels: H, drives: ['FWD', 'AWD'], weight: 6, since: 2022 }),
  toyota('Camry', 'Sedan', 5, ['Ascent', 'SL'], [40_000, 52_000], { fuels: H, weight: 4 }),
  toyota('RAV4', 'SUV', 5, ['GX', 'GXL', 'XSE', 'Cruiser', 'Edge'], [40_000, 60_000], {
    fuels: ['hybrid', 'petrol'],
    drives: ['AWD', 'FWD'],
    weight: 12,
    fuelSince: { hybrid: 2019 },
  }),
  toyota('C-HR', 'SUV', 5, ['GXL', 'Koba', 'GR Sport'], [38_000, 50_000], { fuels: H, weight: 3, since: 2020 }),
  toyota('Yaris Cross', 'SUV', 5, ['GX', 'GXL', 'Urban'], [30_000, 40_000], { fuels: ['hybrid', 'petrol'], drives: ['FWD', 'AWD'], weight: 5, since: 2020 }),
  toyota('Yaris', 'Hatchback', 5, ['Ascent Sport', 'SX', 'ZR'], [25_000, 33_000], { fuels: ['petrol', 'hybrid'], weight: 3, fuelSince: { hybrid: 2020 } }),
  toyota('HiLux', 'Ute', 5, ['Workmate', 'SR', 'SR5', 'Rogue', 'Rugged X', 'GR Sport'], [35_000, 75_000], { fuels: D, drives: UTE, weight: 14, manual: 0.15 }),
  toyota('LandCruiser 300', 'SUV', 7, ['GX', 'GXL', 'VX', 'Sahara', 'GR Sport'], [90_000, 150_000], { fuels: D, drives: FOUR, weight: 4, since: 2021 }),
  toyota('LandCruiser 70', 'Ute', 2, ['Workmate', 'GXL'], [80_000, 90_000], { fuels: D, drives: FOUR, weight: 2, manual: 0.5 }),
  toyota('Prado', 'SUV', 7, ['GX', 'GXL', 'VX', 'Kakadu'], [70_000, 100_000], { fuels: D, drives: FOUR, weight: 6 }),
  toyota('Kluger', 'SUV', 7, ['GX', 'GXL', 'Grande'], [55_000, 80_000], { fuels: ['hybrid', 'petrol'], drives: AWD, weight: 4, fuelSince: { hybrid: 2021 } }),
  toyota('Fortuner', 'SUV', 7, ['GX', 'GXL', 'Crusade'], [50_000, 65_000], { fuels: D, drives: FOUR, weight: 2, since: 2015 }),
  toyota('bZ4X', 'SUV', 5, ['FWD', 'AWD'], [66_000, 75_000], { fuels: EV, drives: ['FWD', 'AWD'], weight: 2, since: 2022 }),
  toyota('HiAce', 'Van', 3, ['LWB', 'SLWB', 'Commuter'], [50_000, 70_000], { fuels: D, drives: ['RWD'], weight: 3 }),
  toyota('GR86', 'Coupe', 4, ['GT', 'GTS'], [45_000, 52_000], { drives: ['RWD'], weight: 1, manual: 0.4, since: 2022 }),
  toyota('GR Yaris', 'Hatchback', 4, ['GR', 'Rallye'], [50_000, 65_000], { drives: AWD, weight: 1, manual: 0.7, since: 2020 }),

  mazda('Mazda2', 'Hatchback', 5, ['G15 Pure', 'G15 Evolve', 'G15 GT'], [25_000, 31_000], { weight: 3, manual: 0.1 }),
  mazda('Mazda3', 'Hatchback', 5, ['G20 Pure', 'G20 Evolve', 'G20 Touring', 'G25 Astina'], [32_000, 45_000], { weight: 5, manual: 0.1 }),
  mazda('CX-3', 'SUV', 5, ['Neo Sport', 'Maxx Sport', 'Akari'], [28_000, 38_000], { weight: 4, since: 2015 }),
  mazda('CX-30', 'SUV', 5, ['G20 Pure', 'G20 Evolve', 'G25 Touring', 'G25 Astina'], [35_000, 50_000], { drives: ['FWD', 'AWD'], weight: 5, since: 2019 }),
  mazda('CX-5', 'SUV', 5, ['Maxx', 'Maxx Sport', 'Touring', 'GT SP', 'Akera'], [36_000, 55_000], { drives: ['FWD', 'AWD'], weight: 10 }),
  mazda('CX-60', 'SUV', 5, ['G40e Evolve', 'D50e GT', 'P50e Azami'], [60_000, 80_000], { fuels: ['hybrid', 'diesel'], drives: AWD, weight: 2, since: 2022 }),
  mazda('CX-9', 'SUV', 7, ['Sport', 'Touring', 'GT', 'Azami'], [47_000, 70_000], { drives: ['FWD', 'AWD'], weight: 3, until: 2023 }),
  mazda('CX-90', 'SUV', 7, ['G50e Touring', 'D50e GT', 'G50e Azami'], [75_000, 95_000], { fuels: ['petrol', 'diesel'], drives: AWD, weight: 1, since: 2023 }),
  mazda('BT-50', 'Ute', 5, ['XT', 'XTR', 'GT', 'Thunder'], [40_000, 70_000], { fuels: D, drives: UTE, weight: 5, manual: 0.1 }),
  mazda('MX-5', 'Convertible', 2, ['Roadster', 'Roadster GT', 'RF GT'], [42_000, 53_000], { drives: ['RWD'], weight: 1, manual: 0.5 }),

  hyundai('i30', 'Hatchback', 5, ['Active', 'Elite', 'N Line', 'N Line Premium'], [27_000, 40_000], { weight: 6, manual: 0.05 }),
  hyundai('Venue', 'SUV', 5, ['Active', 'Elite'], [25_000, 32_000], { weight: 3, since: 2019 }),
  hyundai('Kona', 'SUV', 5, ['Base', 'Premium', 'N Line'], [33_000, 50_000], {
    fuels: ['petrol', 'hybrid', 'electric'],
    drives: ['FWD', 'AWD'],
    weight: 5,
    since: 2017,
    fuelSince: { electric: 2019, hybrid: 2023 },
  }),
  hyundai('Tucson', 'SUV', 5, ['Base', 'Elite', 'Highlander', 'N Line'], [35_000, 58_000], {
    fuels: ['petrol', 'diesel', 'hybrid'],
    drives: ['FWD', 'AWD'],
    weight: 8,
  }),
  hyundai('Santa Fe', 'SUV', 7, ['Base', 'Elite', 'Calligraphy'], [50_000, 76_000], {
    fuels: ['hybrid', 'petrol'],
    drives: AWD,
    weight: 4,
    fuelSince: { hybrid: 2021 },
  }),
  hyundai('Ioniq 5', 'SUV', 5, ['Dynamiq', 'Epiq', 'N'], [65_000, 110_000], { fuels: EV, drives: ['RWD', 'AWD'], weight: 2, since: 2021 }),
  hyundai('Staria', 'Van', 8, ['Load', 'Elite', 'Highlander'], [50_000, 75_000], { fuels: D, drives: ['FWD', 'AWD'], weight: 2, since: 2021 }),

  kia('Picanto', 'Hatchback', 5, ['S', 'GT-Line'], [18_000, 22_000], { weight: 3, manual: 0.2 }),
  kia('Cerato', 'Hatchback', 5, ['S', 'Sport', 'Sport+', 'GT'], [27_000, 40_000], { weight: 5, until: 2024 }),
  kia('Seltos', 'SUV', 5, ['S', 'Sport', 'Sport+', 'GT-Line'], [30_000, 45_000], { drives: ['FWD', 'AWD'], weight: 5, since: 2020 }),
  kia('Sportage', 'SUV', 5, ['S', 'SX', 'SX+', 'GT-Line'], [35_000, 56_000], {
    fuels: ['petrol', 'diesel', 'hybrid'],
    drives: ['FWD', 'AWD'],
    weight: 8,
    fuelSince: { hybrid: 2022 },
  }),
  kia('Sorento', 'SUV', 7, ['S', 'Sport', 'Sport+', 'GT-Line'], [50_000, 75_000], {
    fuels: ['diesel', 'hybrid', 'petrol'],
    drives: AWD,
    weight: 4,
    fuelSince: { hybrid: 2021 },
  }),
  kia('Carnival', 'Van', 8, ['S', 'Sport', 'Sport+', 'Platinum'], [50_000, 80_000], { fuels: ['diesel', 'hybrid'], weight: 3, fuelSince: { hybrid: 2024 } }),
  kia('EV6', 'SUV', 5, ['Air', 'GT-Line', 'GT'], [72_000, 100_000], { fuels: EV, drives: ['RWD', 'AWD'], weight: 2, since: 2022 }),
  kia('EV9', 'SUV', 7, ['Air', 'Earth', 'GT-Line'], [97_000, 122_000], { fuels: EV, drives: ['RWD', 'AWD'], weight: 1, since: 2024 }),
  kia('Tasman', 'Ute', 5, ['S', 'SX', 'SX+', 'X-Pro'], [50_000, 77_000], { fuels: D, drives: FOUR, weight: 2, since: 2025 }),

  ford('Ranger', 'Ute', 5, ['XL', 'XLS', 'XLT', 'Sport', 'Wildtrak', 'Raptor'], [35_000, 90_000], { fuels: D, drives: UTE, weight: 16, manual: 0.05 }),
  ford('Everest', 'SUV', 7, ['Ambiente', 'Trend', 'Sport', 'Platinum'], [55_000, 80_000], { fuels: D, drives: FOUR, weight: 6, since: 2015 }),
  ford('Mustang', 'Coupe', 4, ['GT Fastback', 'Dark Horse'], [65_000, 95_000], { drives: ['RWD'], weight: 2, manual: 0.3, since: 2015 }),
  ford('Puma', 'SUV', 5, ['Puma', 'ST-Line', 'ST-Line V'], [32_000, 40_000], { weight: 2, since: 2020 }),
  ford('Escape', 'SUV', 5, ['Escape', 'ST-Line', 'Vignale'], [38_000, 55_000], {
    fuels: ['petrol', 'hybrid'],
    drives: ['FWD', 'AWD'],
    weight: 2,
    fuelSince: { hybrid: 2021 },
  }),
  ford('Transit Custom', 'Van', 3, ['Trend', 'Sport'], [55_000, 70_000], { fuels: D, weight: 2 }),
  ford('Focus', 'Hatchback', 5, ['Trend', 'ST-Line', 'ST'], [30_000, 45_000], { weight: 2, until: 2022, manual: 0.1 }),
  ford('Fiesta', 'Hatchback', 5, ['Ambiente', 'ST'], [20_000, 32_000], { weight: 1, until: 2021, manual: 0.3 }),

  mitsubishi('Triton', 'Ute', 5, ['GLX', 'GLX+', 'GLS', 'GSR'], [35_000, 65_000], { fuels: D, drives: UTE, weight: 10, manual: 0.15 }),
  mitsubishi('Outlander', 'SUV', 7, ['ES', 'LS', 'Aspire', 'Exceed'], [38_000, 70_000], { fuels: ['petrol', 'hybrid'], drives: ['FWD', 'AWD'], weight: 9 }),
  mitsubishi('Eclipse Cross', 'SUV', 5, ['ES', 'LS', 'Aspire', 'Exceed'], [33_000, 55_000], {
    fuels: ['petrol', 'hybrid'],
    drives: ['FWD', 'AWD'],
    weight: 4,
    since: 2018,
    fuelSince: { hybrid: 2021 },
  }),
  mitsubishi('ASX', 'SUV', 5, ['GS', 'ES', 'LS', 'Exceed'], [27_000, 38_000], { weight: 6 }),
  mitsubishi('Pajero Sport', 'SUV', 7, ['GLX', 'GLS', 'Exceed', 'GSR'], [50_000, 65_000], { fuels: D, drives: FOUR, weight: 4, since: 2015 }),
  mitsubishi('Pajero', 'SUV', 7, ['GLX', 'GLS', 'Exceed'], [55_000, 65_000], { fuels: D, drives: FOUR, weight: 1, until: 2021 }),
  mitsubishi('Mirage', 'Hatchback', 5, ['ES', 'LS'], [18_000, 22_000], { weight: 1, until: 2023 }),

  nissan('Navara', 'Ute', 5, ['SL', 'ST', 'ST-X', 'PRO-4X'], [40_000, 70_000], { fuels: D, drives: UTE, weight: 7, manual: 0.1 }),
  nissan('X-Trail', 'SUV', 7, ['ST', 'ST-L', 'Ti', 'Ti-L'], [38_000, 60_000], {
    fuels: ['petrol', 'hybrid'],
    drives: ['FWD', 'AWD'],
    weight: 7,
    fuelSince: { hybrid: 2023 },
  }),
  nissan('Qashqai', 'SUV', 5, ['ST', 'ST+', 'Ti', 'N-Design'], [35_000, 52_000], { fuels: ['petrol', 'hybrid'], weight: 5, fuelSince: { hybrid: 2023 } }),
  nissan('Patrol', 'SUV', 8, ['Ti', 'Ti-L', 'Warrior'], [85_000, 110_000], { drives: FOUR, weight: 3 }),
  nissan('Juke', 'SUV', 5, ['ST', 'ST+', 'Ti'], [30_000, 38_000], { weight: 2, since: 2013 }),
  nissan('Pathfinder', 'SUV', 7, ['ST', 'ST-L', 'Ti', 'Ti-L'], [55_000, 80_000], { drives: ['FWD', 'AWD'], weight: 2 }),
  nissan('Leaf', 'Hatchback', 5, ['Leaf', 'e+'], [50_000, 62_000], { fuels: EV, weight: 1, since: 2012 }),
  nissan('Z', 'Coupe', 2, ['Z', 'Z Nismo'], [75_000, 100_000], { drives: ['RWD'], weight: 1, manual: 0.5, since: 2023 }),

  subaru('Forester', 'SUV', 5, ['2.5i', '2.5i-L', '2.5i Premium', '2.5i-S', 'Hybrid S'], [38_000, 55_000], {
    fuelSince: { hybrid: 2020 },
    fuels: ['petrol', 'hybrid'],
    drives: AWD,
    weight: 8,
  }),
  subaru('Outback', 'Wagon', 5, ['AWD', 'AWD Sport', 'AWD Touring', 'XT Touring'], [45_000, 60_000], { drives: AWD, weight: 6 }),
  subaru('XV', 'SUV', 5, ['2.0i', '2.0i-L', '2.0i Premium', '2.0i-S'], [30_000, 42_000], {
    fuels: ['petrol', 'hybrid'],
    drives: AWD,
    weight: 4,
    until: 2022,
    fuelSince: { hybrid: 2020 },
  }),
  subaru('Crosstrek', 'SUV', 5, ['2.0R', '2.0L', '2.0S', 'Hybrid S'], [36_000, 48_000], { fuels: ['petrol', 'hybrid'], drives: AWD, weight: 4, since: 2023 }),
  subaru('Impreza', 'Hatchback', 5, ['2.0i', '2.0i-L', '2.0i-S'], [30_000, 40_000], { drives: AWD, weight: 2 }),
  subaru('WRX', 'Sedan', 5, ['WRX', 'RS', 'tS'], [50_000, 63_000], { drives: AWD, weight: 2, manual: 0.4 }),
  subaru('BRZ', 'Coupe', 4, ['BRZ', 'S'], [42_000, 47_000], { drives: ['RWD'], weight: 1, manual: 0.5, since: 2012 }),

  vw('Golf', 'Hatchback', 5, ['110TSI Life', '110TSI R-Line', 'GTI', 'R'], [36_000, 70_000], { drives: ['FWD', 'AWD'], weight: 5 }),
  vw('Polo', 'Hatchback', 5, ['85TSI Life', '85TSI Style', 'GTI'], [27_000, 40_000], { weight: 3, manual: 0.1 }),
  vw('T-Cross', 'SUV', 5, ['85TSI Life', '85TSI Style'], [32_000, 38_000], { weight: 2, since: 2020 }),
  vw('T-Roc', 'SUV', 5, ['110TSI Style', 'CityLife', 'R-Line', 'R'], [38_000, 62_000], { drives: ['FWD', 'AWD'], weight: 3, since: 2020 }),
  vw('Tiguan', 'SUV', 5, ['110TSI Life', '162TSI Elegance', 'R-Line', 'Allspace'], [42_000, 65_000], { drives: ['FWD', 'AWD'], weight: 5 }),
  vw('Amarok', 'Ute', 5, ['Core', 'Life', 'Style', 'PanAmericana', 'Aventura'], [52_000, 80_000], { fuels: D, drives: FOUR, weight: 4 }),
  vw('Passat', 'Wagon', 5, ['140TSI Business', '206TSI R-Line'], [50_000, 65_000], { drives: ['FWD', 'AWD'], weight: 1, until: 2023 }),

  isuzu('D-Max', 'Ute', 5, ['SX', 'LS-M', 'LS-U', 'X-Terrain', 'Blade'], [38_000, 75_000], { fuels: D, drives: UTE, weight: 12, manual: 0.2 }),
  isuzu('MU-X', 'SUV', 7, ['LS-M', 'LS-U', 'LS-T'], [50_000, 70_000], { fuels: D, drives: ['4WD', 'RWD'], weight: 6, since: 2013 }),

  mg('MG3', 'Hatchback', 5, ['Core', 'Vibe', 'Excite'], [18_000, 27_000], { fuels: ['petrol', 'hybrid'], weight: 5, fuelSince: { hybrid: 2024 } }),
  mg('ZS', 'SUV', 5, ['Vibe', 'Excite', 'Essence'], [25_000, 35_000], { fuels: ['petrol', 'electric'], weight: 8, since: 2017, fuelSince: { electric: 2020 } }),
  mg('HS', 'SUV', 5, ['Vibe', 'Excite', 'Essence'], [33_000, 50_000], {
    fuels: ['petrol', 'hybrid'],
    drives: ['FWD', 'AWD'],
    weight: 5,
    since: 2019,
    fuelSince: { hybrid: 2021 },
  }),
  mg('MG4', 'Hatchback', 5, ['Excite 51', 'Essence 64', 'XPOWER'], [36_000, 60_000], { fuels: EV, drives: ['RWD', 'AWD'], weight: 3, since: 2023 }),

  byd('Atto 3', 'SUV', 5, ['Standard Range', 'Extended Range'], [45_000, 52_000], { fuels: EV, weight: 6, since: 2022 }),
  byd('Dolphin', 'Hatchback', 5, ['Dynamic', 'Premium'], [38_000, 45_000], { fuels: EV, weight: 3, since: 2023 }),
  byd('Seal', 'Sedan', 5, ['Dynamic', 'Premium', 'Performance'], [50_000, 70_000], { fuels: EV, drives: ['RWD', 'AWD'], weight: 3, since: 2023 }),
  byd('Sealion 6', 'SUV', 5, ['Dynamic', 'Premium'], [48_000, 58_000], { fuels: H, drives: ['FWD', 'AWD'], weight: 3, since: 2024 }),
  byd('Shark 6', 'Ute', 5, ['Premium'], [58_000, 58_000], { fuels: H, drives: FOUR, weight: 3, since: 2024 }),

  tesla('Model 3', 'Sedan', 5, ['RWD', 'Long Range', 'Performance'], [55_000, 80_000], { fuels: EV, drives: ['RWD', 'AWD'], weight: 5, since: 2019 }),
  tesla('Model Y', 'SUV', 5, ['RWD', 'Long Range', 'Performance'], [60_000, 85_000], { fuels: EV, drives: ['RWD', 'AWD'], weight: 6, since: 2022 }),

  holden('Commodore', 'Sedan', 5, ['LT', 'RS', 'Calais', 'VXR'], [36_000, 58_000], { drives: ['FWD', 'AWD'], weight: 6, until: 2020 }),
  holden('Colorado', 'Ute', 5, ['LS', 'LTZ', 'Z71'], [40_000, 55_000], { fuels: D, drives: UTE, weight: 6, until: 2020, manual: 0.2 }),
  holden('Trax', 'SUV', 5, ['LS', 'LTZ'], [24_000, 30_000], { weight: 2, until: 2020 }),
  holden('Astra', 'Hatchback', 5, ['R', 'RS', 'RS-V'], [24_000, 32_000], { weight: 2, until: 2020, manual: 0.1 }),
  holden('Equinox', 'SUV', 5, ['LS', 'LT', 'LTZ'], [32_000, 45_000], { drives: ['FWD', 'AWD'], weight: 2, until: 2020 }),

  honda('CR-V', 'SUV', 5, ['VTi', 'VTi L', 'e:PHEV RS'], [45_000, 70_000], {
    fuels: ['petrol', 'hybrid'],
    drives: ['FWD', 'AWD'],
    weight: 5,
    fuelSince: { hybrid: 2023 },
  }),
  honda('HR-V', 'SUV', 5, ['Vi X', 'e:HEV L'], [36_000, 46_000], { fuels: ['petrol', 'hybrid'], weight: 4, fuelSince: { hybrid: 2022 } }),
  honda('Civic', 'Hatchback', 5, ['VTi LX', 'e:HEV LX', 'Type R'], [48_000, 75_000], {
    fuels: ['petrol', 'hybrid'],
    weight: 3,
    manual: 0.1,
    fuelSince: { hybrid: 2023 },
  }),
  honda('Jazz', 'Hatchback', 5, ['VTi', 'VTi-S', 'VTi-L'], [20_000, 26_000], { weight: 2, until: 2020 }),
  honda('ZR-V', 'SUV', 5, ['Vi', 'VX', 'e:HEV LX'], [42_000, 55_000], { fuels: ['petrol', 'hybrid'], weight: 2, since: 2023 }),

  suzuki('Swift', 'Hatchback', 5, ['GL', 'GLX', 'Hybrid GLX', 'Sport'], [22_000, 32_000], {
    fuels: ['petrol', 'hybrid'],
    weight: 8,
    manual: 0.2,
    fuelSince: { hybrid: 2024 },
  }),
  suzuki('Vitara', 'SUV', 5, ['Vitara', 'Turbo', 'Turbo ALLGRIP'], [32_000, 42_000], { drives: ['FWD', 'AWD'], weight: 5 }),
  suzuki('Jimny', 'SUV', 4, ['Jimny', 'XL'], [34_000, 40_000], { drives: FOUR, weight: 5, manual: 0.4 }),
  suzuki('S-Cross', 'SUV', 5, ['Turbo', 'Turbo Plus', 'Turbo Prestige'], [33_000, 43_000], { drives: ['FWD', 'AWD'], weight: 3, since: 2013 }),
  suzuki('Baleno', 'Hatchback', 5, ['GL', 'GLX'], [20_000, 24_000], { weight: 2, until: 2024 }),

  bmw('X3', 'SUV', 5, ['xDrive20d', 'xDrive30e', 'M40i'], [75_000, 125_000], {
    fuels: ['diesel', 'hybrid', 'petrol'],
    drives: AWD,
    weight: 4,
    fuelSince: { hybrid: 2020 },
  }),
  bmw('X5', 'SUV', 5, ['xDrive30d', 'xDrive50e', 'M60i'], [120_000, 180_000], {
    fuels: ['diesel', 'hybrid', 'petrol'],
    drives: AWD,
    weight: 3,
    fuelSince: { hybrid: 2019 },
  }),
  bmw('3 Series', 'Sedan', 5, ['320i', '330i M Sport', 'M340i'], [72_000, 105_000], { drives: ['RWD', 'AWD'], weight: 4 }),
  mercedes('C-Class', 'Sedan', 5, ['C200', 'C300', 'AMG C43'], [80_000, 130_000], { drives: ['RWD', 'AWD'], weight: 4 }),
  mercedes('GLC', 'SUV', 5, ['GLC 300', 'GLC 300e', 'AMG GLC 43'], [95_000, 140_000], {
    fuels: ['petrol', 'hybrid'],
    drives: AWD,
    weight: 4,
    since: 2015,
    fuelSince: { hybrid: 2023 },
  }),
  mercedes('A-Class', 'Hatchback', 5, ['A180', 'A200', 'AMG A35'], [55_000, 85_000], { weight: 3 }),
  audi('Q5', 'SUV', 5, ['40 TDI', '45 TFSI', 'SQ5'], [75_000, 115_000], { fuels: ['diesel', 'petrol'], drives: AWD, weight: 3 }),
  audi('A3', 'Hatchback', 5, ['35 TFSI', '40 TFSI quattro', 'S3'], [50_000, 80_000], { drives: ['FWD', 'AWD'], weight: 2 }),
  jeep('Grand Cherokee', 'SUV', 5, ['Laredo', 'Limited', 'Overland', 'Summit'], [75_000, 110_000], { drives: FOUR, weight: 3 }),
  jeep('Wrangler', 'SUV', 4, ['Night Eagle', 'Rubicon'], [85_000, 95_000], { drives: FOUR, weight: 2 }),
  jeep('Compass', 'SUV', 5, ['Night Eagle', 'Limited', 'Trailhawk'], [40_000, 55_000], { drives: ['FWD', 'AWD'], weight: 2, since: 2017 }),
];

// ---------------------------------------------------------------------------------------- US
const fordUs = car('Ford');
const chevy = car('Chevrolet');
const ram = car('Ram');
const gmc = car('GMC');
const toyotaUs = car('Toyota');
const hondaUs = car('Honda');
const jeepUs = car('Jeep');
const nissanUs = car('Nissan');
const hyundaiUs = car('Hyundai');
const kiaUs = car('Kia');
const subaruUs = car('Subaru');
const teslaUs = car('Tesla');
const dodge = car('Dodge');
const PICKUP: Drive[] = ['4WD', '4WD', 'RWD'];

const usCars: ModelSpec[] = [
  fordUs('F-150', 'Truck', 5, ['XL', 'XLT', 'Lariat', 'King Ranch', 'Platinum', 'Raptor'], [38_000, 80_000], {
    fuels: ['petrol', 'hybrid'],
    drives: PICKUP,
    weight: 18,
  }),
  fordUs('F-150 Lightning', 'Truck', 5, ['Pro', 'XLT', 'Lariat', 'Platinum'], [50_000, 85_000], { fuels: EV, drives: FOUR, weight: 2, since: 2022 }),
  fordUs('F-250 Super Duty', 'Truck', 6, ['XL', 'XLT', 'Lariat', 'King Ranch'], [48_000, 90_000], {
    fuels: ['diesel', 'petrol'],
    drives: FOUR,
    weight: 5,
    heavy: true,
  }),
  fordUs('Ranger', 'Truck', 5, ['XL', 'XLT', 'Lariat', 'Raptor'], [33_000, 57_000], { drives: PICKUP, weight: 4 }),
  fordUs('Maverick', 'Truck', 5, ['XL', 'XLT', 'Lariat'], [25_000, 38_000], { fuels: ['hybrid', 'petrol'], drives: ['FWD', 'AWD'], weight: 4, since: 2022 }),
  fordUs('Explorer', 'SUV', 7, ['Active', 'ST-Line', 'Platinum', 'ST'], [40_000, 58_000], { drives: ['RWD', '4WD'], weight: 6 }),
  fordUs('Escape', 'SUV', 5, ['Active', 'ST-Line', 'Platinum'], [29_000, 40_000], {
    fuels: ['petrol', 'hybrid'],
    drives: ['FWD', 'AWD'],
    weight: 5,
    fuelSince: { hybrid: 2020 },
  }),
  fordUs('Bronco', 'SUV', 4, ['Big Bend', 'Black Diamond', 'Badlands', 'Wildtrak'], [40_000, 65_000], { drives: FOUR, weight: 4, since: 2021, manual: 0.2 }),
  fordUs('Bronco Sport', 'SUV', 5, ['Big Bend', 'Outer Banks', 'Badlands'], [31_000, 41_000], { drives: ['4WD'], weight: 3, since: 2021 }),
  fordUs('Expedition', 'SUV', 8, ['Active', 'Platinum', 'Tremor'], [62_000, 85_000], { drives: FOUR, weight: 3 }),
  fordUs('Mustang', 'Coupe', 4, ['EcoBoost', 'GT', 'Dark Horse'], [32_000, 62_000], { drives: ['RWD'], weight: 3, manual: 0.3 }),
  fordUs('Mustang Mach-E', 'SUV', 5, ['Select', 'Premium', 'GT'], [40_000, 55_000], { fuels: EV, drives: ['RWD', 'AWD'], weight: 2, since: 2021 }),

  chevy('Silverado 1500', 'Truck', 5, ['WT', 'Custom', 'LT', 'RST', 'LTZ', 'High Country'], [38_000, 70_000], { drives: PICKUP, weight: 16 }),
  chevy('Silverado 2500HD', 'Truck', 6, ['WT', 'LT', 'LTZ', 'High Country'], [46_000, 80_000], {
    fuels: ['diesel', 'petrol'],
    drives: FOUR,
    weight: 5,
    heavy: true,
  }),
  chevy('Colorado', 'Truck', 5, ['WT', 'LT', 'Z71', 'ZR2'], [31_000, 50_000], { drives: PICKUP, weight: 4 }),
  chevy('Equinox', 'SUV', 5, ['LS', 'LT', 'RS', 'Premier'], [28_000, 36_000], { drives: ['FWD', 'AWD'], weight: 7 }),
  chevy('Traverse', 'SUV', 8, ['LS', 'LT', 'Z71', 'High Country'], [39_000, 56_000], { drives: ['FWD', 'AWD'], weight: 4 }),
  chevy('Tahoe', 'SUV', 8, ['LS', 'LT', 'Z71', 'High Country'], [58_000, 80_000], { drives: FOUR, weight: 5 }),
  chevy('Suburban', 'SUV', 8, ['LS', 'LT', 'Premier'], [61_000, 80_000], { drives: FOUR, weight: 2 }),
  chevy('Malibu', 'Sedan', 5, ['LS', 'RS', 'LT', '2LT'], [25_000, 32_000], { weight: 4, until: 2024 }),
  chevy('Trax', 'SUV', 5, ['LS', '1RS', 'ACTIV'], [21_000, 25_000], { weight: 4 }),
  chevy('Blazer', 'SUV', 5, ['LT', 'RS', 'Premier'], [37_000, 47_000], { drives: ['FWD', 'AWD'], weight: 2 }),
  chevy('Camaro', 'Coupe', 4, ['1LT', '2SS', 'ZL1'], [30_000, 70_000], { drives: ['RWD'], weight: 2, until: 2024, manual: 0.3 }),
  chevy('Corvette', 'Coupe', 2, ['Stingray 1LT', 'Stingray 3LT', 'Z06'], [68_000, 120_000], { drives: ['RWD'], weight: 1 }),
  chevy('Bolt EV', 'Hatchback', 5, ['1LT', '2LT'], [27_000, 32_000], { fuels: EV, weight: 2, until: 2023 }),

  ram('1500', 'Truck', 5, ['Tradesman', 'Big Horn', 'Laramie', 'Rebel', 'Limited', 'TRX'], [40_000, 90_000], { drives: PICKUP, weight: 14 }),
  ram('2500', 'Truck', 6, ['Tradesman', 'Big Horn', 'Laramie', 'Power Wagon'], [47_000, 80_000], {
    fuels: ['diesel', 'petrol'],
    drives: FOUR,
    weight: 5,
    heavy: true,
  }),
  ram('ProMaster', 'Van', 2, ['1500 Tradesman', '2500 Tradesman', '3500 SLT'], [45_000, 55_000], { weight: 2 }),

  gmc('Sierra 1500', 'Truck', 5, ['Pro', 'SLE', 'Elevation', 'AT4', 'Denali'], [40_000, 75_000], { drives: PICKUP, weight: 10 }),
  gmc('Sierra 2500HD', 'Truck', 6, ['Pro', 'SLE', 'AT4', 'Denali'], [48_000, 85_000], { fuels: ['diesel', 'petrol'], drives: FOUR, weight: 4, heavy: true }),
  gmc('Canyon', 'Truck', 5, ['Elevation', 'AT4', 'Denali', 'AT4X'], [38_000, 57_000], { drives: PICKUP, weight: 3 }),
  gmc('Yukon', 'SUV', 8, ['SLE', 'SLT', 'AT4', 'Denali'], [60_000, 85_000], { drives: FOUR, weight: 4 }),
  gmc('Acadia', 'SUV', 7, ['Elevation', 'AT4', 'Denali'], [43_000, 56_000], { drives: ['FWD', 'AWD'], weight: 3 }),
  gmc('Terrain', 'SUV', 5, ['SLE', 'SLT', 'AT4', 'Denali'], [30_000, 40_000], { drives: ['FWD', 'AWD'], weight: 3 }),

  toyotaUs('Tacoma', 'Truck', 5, ['SR', 'SR5', 'TRD Sport', 'TRD Off-Road', 'Limited'], [32_000, 52_000], { drives: PICKUP, weight: 10, manual: 0.05 }),
  toyotaUs('Tundra', 'Truck', 5, ['SR', 'SR5', 'Limited', 'Platinum', '1794 Edition'], [40_000, 70_000], {
    fuels: ['petrol', 'hybrid'],
    drives: PICKUP,
    weight: 6,
  }),
  toyotaUs('Camry', 'Sedan', 5, ['LE', 'SE', 'XLE', 'XSE'], [28_000, 36_000], { fuels: ['hybrid', 'petrol'], drives: ['FWD', 'AWD'], weight: 8 }),
  toyotaUs('Corolla', 'Sedan', 5, ['LE', 'SE', 'XSE'], [22_000, 29_000], { fuels: ['petrol', 'hybrid'], weight: 6 }),
  toyotaUs('RAV4', 'SUV', 5, ['LE', 'XLE', 'XLE Premium', 'Adventure', 'Limited'], [29_000, 41_000], {
    fuels: ['petrol', 'hybrid'],
    drives: ['AWD', 'FWD'],
    weight: 10,
  }),
  toyotaUs('Highlander', 'SUV', 8, ['LE', 'XLE', 'Limited', 'Platinum'], [40_000, 53_000], { fuels: ['petrol', 'hybrid'], drives: ['FWD', 'AWD'], weight: 5 }),
  toyotaUs('4Runner', 'SUV', 5, ['SR5', 'TRD Off-Road', 'Limited', 'TRD Pro'], [41_000, 56_000], { drives: FOUR, weight: 4 }),
  toyotaUs('Sienna', 'Van', 8, ['LE', 'XLE', 'Limited', 'Platinum'], [39_000, 57_000], { fuels: H, drives: ['FWD', 'AWD'], weight: 3 }),
  toyotaUs('Prius', 'Hatchback', 5, ['LE', 'XLE', 'Limited'], [28_000, 36_000], { fuels: H, weight: 2 }),

  hondaUs('Civic', 'Sedan', 5, ['LX', 'Sport', 'EX', 'Touring'], [24_000, 32_000], { weight: 8, manual: 0.05 }),
  hondaUs('Accord', 'Sedan', 5, ['LX', 'EX', 'Sport Hybrid', 'Touring Hybrid'], [28_000, 39_000], { fuels: ['petrol', 'hybrid'], weight: 6 }),
  hondaUs('CR-V', 'SUV', 5, ['LX', 'EX', 'EX-L', 'Sport Touring Hybrid'], [30_000, 41_000], { fuels: ['petrol', 'hybrid'], drives: ['AWD', 'FWD'], weight: 9 }),
  hondaUs('HR-V', 'SUV', 5, ['LX', 'Sport', 'EX-L'], [25_000, 30_000], { drives: ['FWD', 'AWD'], weight: 4 }),
  hondaUs('Pilot', 'SUV', 8, ['Sport', 'EX-L', 'TrailSport', 'Elite'], [40_000, 54_000], { drives: ['FWD', 'AWD'], weight: 4 }),
  hondaUs('Odyssey', 'Van', 8, ['EX', 'EX-L', 'Touring', 'Elite'], [39_000, 52_000], { weight: 3 }),
  hondaUs('Ridgeline', 'Truck', 5, ['Sport', 'RTL', 'TrailSport', 'Black Edition'], [40_000, 47_000], { drives: AWD, weight: 2 }),

  jeepUs('Wrangler', 'SUV', 5, ['Sport', 'Sahara', 'Rubicon', 'Rubicon 392'], [33_000, 90_000], {
    fuels: ['petrol', 'hybrid'],
    drives: FOUR,
    weight: 8,
    manual: 0.15,
  }),
  jeepUs('Grand Cherokee', 'SUV', 5, ['Laredo', 'Limited', 'Overland', 'Summit'], [40_000, 65_000], {
    fuels: ['petrol', 'hybrid'],
    drives: FOUR,
    weight: 7,
    fuelSince: { hybrid: 2022 },
  }),
  jeepUs('Cherokee', 'SUV', 5, ['Latitude', 'Limited', 'Trailhawk'], [30_000, 40_000], { drives: ['FWD', '4WD'], weight: 3, until: 2023 }),
  jeepUs('Compass', 'SUV', 5, ['Sport', 'Latitude', 'Limited', 'Trailhawk'], [27_000, 36_000], { drives: FOUR, weight: 4 }),
  jeepUs('Gladiator', 'Truck', 5, ['Sport', 'Mojave', 'Rubicon'], [38_000, 60_000], { drives: FOUR, weight: 3, since: 2020 }),

  nissanUs('Altima', 'Sedan', 5, ['S', 'SV', 'SR', 'SL'], [26_000, 34_000], { drives: ['FWD', 'AWD'], weight: 6 }),
  nissanUs('Rogue', 'SUV', 5, ['S', 'SV', 'SL', 'Platinum'], [29_000, 40_000], { drives: ['FWD', 'AWD'], weight: 8 }),
  nissanUs('Frontier', 'Truck', 5, ['S', 'SV', 'PRO-4X'], [31_000, 42_000], { drives: PICKUP, weight: 4 }),
  nissanUs('Sentra', 'Sedan', 5, ['S', 'SV', 'SR'], [20_000, 24_000], { weight: 5 }),
  nissanUs('Pathfinder', 'SUV', 8, ['S', 'SV', 'SL', 'Platinum'], [36_000, 50_000], { drives: ['FWD', '4WD'], weight: 3 }),
  nissanUs('Titan', 'Truck', 5, ['S', 'SV', 'PRO-4X', 'Platinum Reserve'], [44_000, 64_000], { drives: FOUR, weight: 2, until: 2024 }),

  hyundaiUs('Elantra', 'Sedan', 5, ['SE', 'SEL', 'Limited', 'N'], [21_000, 33_000], { fuels: ['petrol', 'hybrid'], weight: 4, fuelSince: { hybrid: 2021 } }),
  hyundaiUs('Tucson', 'SUV', 5, ['SE', 'SEL', 'N Line', 'Limited'], [28_000, 38_000], {
    fuels: ['petrol', 'hybrid'],
    drives: ['FWD', 'AWD'],
    weight: 5,
    fuelSince: { hybrid: 2022 },
  }),
  hyundaiUs('Palisade', 'SUV', 8, ['SE', 'SEL', 'XRT', 'Calligraphy'], [37_000, 53_000], { drives: ['FWD', 'AWD'], weight: 3 }),
  kiaUs('Telluride', 'SUV', 8, ['LX', 'S', 'EX', 'SX', 'SX X-Pro'], [36_000, 53_000], { drives: ['FWD', 'AWD'], weight: 4 }),
  kiaUs('Sportage', 'SUV', 5, ['LX', 'EX', 'X-Line', 'SX Prestige'], [28_000, 39_000], {
    fuels: ['petrol', 'hybrid'],
    drives: ['FWD', 'AWD'],
    weight: 4,
    fuelSince: { hybrid: 2023 },
  }),
  kiaUs('Forte', 'Sedan', 5, ['LX', 'LXS', 'GT-Line', 'GT'], [20_000, 26_000], { weight: 3, until: 2024 }),
  subaruUs('Outback', 'Wagon', 5, ['Base', 'Premium', 'Limited', 'Wilderness'], [29_000, 42_000], { drives: AWD, weight: 5 }),
  subaruUs('Forester', 'SUV', 5, ['Base', 'Premium', 'Sport', 'Touring'], [28_000, 38_000], { drives: AWD, weight: 4 }),
  subaruUs('Crosstrek', 'SUV', 5, ['Base', 'Premium', 'Sport', 'Wilderness'], [26_000, 33_000], { drives: AWD, weight: 4 }),
  teslaUs('Model 3', 'Sedan', 5, ['Long Range RWD', 'Long Range AWD', 'Performance'], [42_000, 55_000], {
    fuels: EV,
    drives: ['RWD', 'AWD'],
    weight: 4,
    since: 2017,
  }),
  teslaUs('Model Y', 'SUV', 5, ['Long Range RWD', 'Long Range AWD', 'Performance'], [45_000, 52_000], {
    fuels: EV,
    drives: ['RWD', 'AWD'],
    weight: 5,
    since: 2020,
  }),
  dodge('Charger', 'Sedan', 5, ['SXT', 'GT', 'R/T', 'Scat Pack'], [33_000, 55_000], { drives: ['RWD', 'AWD'], weight: 3, until: 2023 }),
  dodge('Durango', 'SUV', 7, ['SXT', 'GT', 'R/T', 'SRT 392'], [40_000, 80_000], { drives: ['RWD', 'AWD'], weight: 3 }),
];

// --------------------------------------------------------------------- caravans and motorcycles
const jayco = other('caravan', 'Jayco');
const swift = other('caravan', 'Swift');
const coromal = other('caravan', 'Coromal');
const bailey = other('caravan', 'Bailey');
const airstream = other('caravan', 'Airstream');

const caravans: Record<Market, ModelSpec[]> = {
  AU: [
    jayco('Journey', 'Caravan', ['Outback', 'Outback Couples'], [75_000, 90_000], 5),
    jayco('Silverline', 'Caravan', ['Outback', 'Family'], [95_000, 115_000], 3),
    jayco('Starcraft', 'Caravan', ['Couples', 'Family'], [55_000, 65_000], 4),
    jayco('Crosstrak', 'Camper Trailer', ['Outback'], [50_000, 55_000], 3),
    jayco('Swan', 'Camper Trailer', ['Touring', 'Outback'], [30_000, 38_000], 3),
    coromal('Element', 'Caravan', ['Touring', 'Off-Road'], [60_000, 75_000], 2),
  ],
  NZ: [
    jayco('Journey', 'Caravan', ['Couples', 'Family'], [80_000, 95_000], 4),
    jayco('Starcraft', 'Caravan', ['Couples', 'Family'], [60_000, 70_000], 4),
    jayco('Swan', 'Camper Trailer', ['Touring'], [32_000, 40_000], 3),
    bailey('Pegasus', 'Caravan', ['Grande', 'Grande SE'], [75_000, 88_000], 3),
    bailey('Phoenix', 'Caravan', ['420', '640'], [60_000, 72_000], 2),
    swift('Challenger', 'Caravan', ['480', '580'], [70_000, 82_000], 2),
  ],
  US: [
    airstream('Flying Cloud', 'Travel Trailer', ['23FB', '25FB', '30RB'], [95_000, 120_000], 3),
    airstream('Bambi', 'Travel Trailer', ['16RB', '22FB'], [60_000, 75_000], 2),
    jayco('Jay Flight', 'Travel Trailer', ['SLX 210QB', '264BH'], [28_000, 40_000], 5),
    jayco('Eagle', 'Fifth Wheel', ['284BHOK', '321RSTS'], [70_000, 95_000], 2),
  ],
};

const hondaMoto = other('motorcycle', 'Honda');
const yamaha = other('motorcycle', 'Yamaha');
const kawasaki = other('motorcycle', 'Kawasaki');
const suzukiMoto = other('motorcycle', 'Suzuki');
const harley = other('motorcycle', 'Harley-Davidson');
const bmwMoto = other('motorcycle', 'BMW');

const anzMotorcycles: ModelSpec[] = [
  hondaMoto('NX500', 'Adventure', ['Standard'], [11_000, 11_000], 3),
  hondaMoto('CRF300L', 'Trail', ['Standard', 'Rally'], [9_000, 11_000], 3),
  hondaMoto('Africa Twin', 'Adventure', ['Standard', 'Adventure Sports ES'], [25_000, 30_000], 2),
  hondaMoto('Rebel 500', 'Cruiser', ['Standard', 'SE'], [11_000, 12_000], 3),
  hondaMoto('CB650R', 'Naked', ['Standard', 'E-Clutch'], [14_000, 15_000], 2),
  yamaha('MT-07', 'Naked', ['LAMS', 'Standard'], [12_000, 13_500], 4),
  yamaha('Tenere 700', 'Adventure', ['Standard', 'World Raid'], [19_000, 23_000], 3),
  yamaha('YZF-R7', 'Sport', ['Standard'], [15_000, 15_000], 2),
  yamaha('XSR900', 'Naked', ['Standard'], [18_000, 18_000], 2),
  yamaha('Tracer 9 GT', 'Touring', ['Standard', 'Plus'], [22_000, 26_000], 1),
  kawasaki('Ninja 400', 'Sport', ['Standard', 'KRT'], [8_500, 9_000], 2),
  kawasaki('Z900', 'Naked', ['Standard', 'SE'], [15_000, 18_000], 2),
  suzukiMoto('V-Strom 650', 'Adventure', ['Standard', 'XT'], [13_000, 14_500], 2),
  bmwMoto('R 1300 GS', 'Adventure', ['Standard', 'Trophy'], [32_000, 38_000], 1),
];

const usMotorcycles: ModelSpec[] = [
  harley('Street Glide', 'Touring', ['Standard', 'Special'], [26_000, 30_000], 4),
  harley('Sportster S', 'Cruiser', ['Standard'], [16_000, 16_000], 3),
  hondaMoto('Rebel 500', 'Cruiser', ['Standard', 'ABS'], [6_800, 7_300], 3),
  hondaMoto('Africa Twin', 'Adventure', ['Standard', 'Adventure Sports ES'], [15_000, 18_000], 2),
  yamaha('MT-07', 'Naked', ['Standard'], [8_000, 8_000], 3),
  yamaha('Tenere 700', 'Adventure', ['Standard', 'Rally'], [11_000, 13_000], 2),
  kawasaki('Ninja 400', 'Sport', ['Standard', 'ABS'], [5_300, 5_800], 3),
];

export function carCatalogue(market: Market): ModelSpec[] {
  return market === 'US' ? usCars : anzCars;
}

export function caravanCatalogue(market: Market): ModelSpec[] {
  return caravans[market];
}

export function motorcycleCatalogue(market: Market): ModelSpec[] {
  return market === 'US' ? usMotorcycles : anzMotorcycles;
}

/** NZ list prices run about 10% above Australia's for the same car. */
export const marketPriceFactor: Record<Market, number> = { AU: 1, NZ: 1.1, US: 1 };

/** How often each make turns up among used cars and trade-ins, per market. */
export const usedMakeShare: Record<Market, Record<string, number>> = {
  AU: {
    Toyota: 20,
    Mazda: 10,
    Hyundai: 8,
    Kia: 7,
    Ford: 9,
    Mitsubishi: 7,
    Nissan: 5,
    Subaru: 4,
    Volkswagen: 5,
    Isuzu: 4,
    MG: 4,
    Honda: 4,
    Holden: 5,
    BYD: 1,
    Tesla: 2,
    Suzuki: 2,
    BMW: 2,
    'Mercedes-Benz': 2,
    Audi: 1,
    Jeep: 1,
  },
  NZ: {
    Toyota: 22,
    Mazda: 9,
    Mitsubishi: 9,
    Suzuki: 8,
    Ford: 7,
    Nissan: 7,
    Hyundai: 5,
    Kia: 5,
    Honda: 5,
    Subaru: 4,
    Volkswagen: 4,
    Holden: 3,
    MG: 3,
    BYD: 2,
    Tesla: 2,
    Isuzu: 2,
    BMW: 1,
    'Mercedes-Benz': 1,
    Audi: 1,
  },
  US: {
    Ford: 16,
    Chevrolet: 14,
    Toyota: 14,
    Honda: 10,
    Ram: 7,
    Nissan: 7,
    Jeep: 6,
    GMC: 5,
    Hyundai: 5,
    Kia: 4,
    Subaru: 4,
    Tesla: 3,
    Dodge: 2,
  },
};

/** World manufacturer identifiers (the first three VIN characters) per make. */
export const vinPrefixes: Record<string, readonly string[]> = {
  Toyota: ['JTM', 'JTN', 'MR0', 'JTE', '4T1', '5TF'],
  Mazda: ['JM0', 'JMZ', 'MM0'],
  Hyundai: ['KMH', '5NM'],
  Kia: ['KNA', 'KND', '5XY'],
  Ford: ['MPB', 'WF0', '1FT', '1FM', '1FA'],
  Mitsubishi: ['MMA', 'JMF'],
  Nissan: ['JN1', 'MNT', '1N4', '5N1'],
  Subaru: ['JF1', 'JF2', '4S4'],
  Volkswagen: ['WVW', 'WVG', 'WV1'],
  Isuzu: ['MPA'],
  MG: ['LSJ'],
  BYD: ['LGX'],
  Tesla: ['5YJ', '7SA', 'LRW'],
  Holden: ['6G1', 'KL3'],
  Honda: ['JHM', 'MRH', '2HG', '5FN'],
  Suzuki: ['JS2', 'JSA', 'MA3'],
  BMW: ['WBA', 'WBX'],
  'Mercedes-Benz': ['WDD', 'W1K', 'W1N'],
  Audi: ['WAU', 'WA1'],
  Jeep: ['1C4', 'ZAC'],
  Chevrolet: ['1GC', '1G1', '1GN', '3GN'],
  Ram: ['1C6', '3C6'],
  GMC: ['1GT', '1GK'],
  Dodge: ['2C3', '1C4'],
  Jayco: ['6T9', '1UJ'],
  Swift: ['SFA'],
  Coromal: ['6T9'],
  Bailey: ['SBV'],
  Airstream: ['1ST'],
};

/** Motorcycle makers use different identifiers from their cars (Honda JH2, not JHM). */
export const motorcycleVinPrefixes: Record<string, readonly string[]> = {
  Honda: ['JH2', 'MLH'],
  Yamaha: ['JYA', 'MH3'],
  Kawasaki: ['JKA', 'MH4'],
  Suzuki: ['JS1'],
  BMW: ['WB1'],
  'Harley-Davidson': ['1HD'],
};
