import type { DealerConfig, Location } from '../../platform/config/schema';
import { slugify } from '../../platform/formats/slugify';
import { isTrading } from '../../platform/config/location-opening';
import {
  caravanCatalogue,
  carCatalogue,
  marketPriceFactor,
  motorcycleCatalogue,
  motorcycleVinPrefixes,
  usedMakeShare,
  vinPrefixes,
  type Drive,
  type Fuel,
  type Market,
  type ModelSpec,
} from './catalogue';
import { DEMO_PHOTO_WIDTHS, demoPhotoUrls } from './demo-photo';
import { colourKey, kindForBody } from './placeholder-image';
import { hashSeed, seededRandom, type Random } from './random';
import type { CarType, StockCategory, Vehicle } from './vehicle';

/**
 * Deterministic demo stock for a dealer: the same dealer file gives the same cars on every build
 * and every API start, so prerendered car pages and search answers agree.
 *
 * Only timestamps depend on `now`, and only through the UTC day: created and sold dates are
 * offsets back from midnight, so "sold within the last 3 days" keeps meaning the same cars all
 * day. Ids, slugs, prices and statuses come from a random source seeded with the dealer slug
 * and the model year (the UTC year of `now`), so they change only when the year turns over.
 */
export function generateDemoStock(site: DealerConfig, count: number, now = Date.now()): Vehicle[] {
  return [...demoStockChunks(site, count, Math.max(count, 1), now)].flat();
}

/**
 * The same cars as `generateDemoStock`, `size` at a time: a server indexing a large demo stock
 * lets other requests run between chunks.
 */
export function* demoStockChunks(site: DealerConfig, count: number, size: number, now = Date.now()): Generator<Vehicle[], void, void> {
  const plan = planFor(site, now);
  const random = seededRandom(hashSeed(`${site.slug}:${plan.modelYear}`));
  for (let from = 0; from < count; from += size) {
    const chunk: Vehicle[] = [];
    for (let i = from; i < Math.min(count, from + size); i++) chunk.push(demoVehicle(plan, random, i));
    yield chunk;
  }
}

/** What the demo stock depends on besides the dealer file and this code: rebuild when it changes. */
export function demoStockEdition(now = Date.now()): string {
  return String(new Date(now).getUTCFullYear());
}

const DAY = 86_400;

type Stream = 'car' | 'caravan' | 'motorcycle';

interface Plan {
  site: DealerConfig;
  market: Market;
  modelYear: number;
  /** Midnight UTC of `now`, in seconds. */
  dayStart: number;
  soldWindowDays: number;
  streams: [Stream, number][];
  carTypes: [CarType, number][];
  franchise: string | undefined;
  /** Categories a car (not caravan or motorcycle) is listed under. */
  carCategories: StockCategory[];
  sellsTrucks: boolean;
  sellsRental: boolean;
  sellsSubscription: boolean;
  catalogue: Record<Stream, ModelSpec[]>;
  /** Makes sold new, per stream, when the dealer is not a single franchise. */
  newMakes: Record<Stream, string[]>;
  /** Trading locations that hold each kind of stock. */
  serves: Record<Stream, Location[]>;
  pools: Record<Stream, { new: Pool; used: Pool; franchiseUsed?: Pool }>;
  idBase: number;
  serialBase: number;
  stockPrefix: string;
}

function planFor(site: DealerConfig, now: number): Plan {
  const market: Market = site.region;
  const modelYear = Number(demoStockEdition(now));
  const categories = new Set(site.search.categories);
  const sellsTrucks = categories.has('trucks');
  const trucksOnly = sellsTrucks && !categories.has('cars');

  const cars = carCatalogue(market).filter((m) => !trucksOnly || /truck|ute/i.test(m.body));
  const catalogue: Record<Stream, ModelSpec[]> = { car: cars, caravan: caravanCatalogue(market), motorcycle: motorcycleCatalogue(market) };

  const streams: [Stream, number][] = [];
  if (['cars', 'trucks', 'rental', 'subscription'].some((c) => categories.has(c as StockCategory))) streams.push(['car', 76]);
  if (categories.has('caravans')) streams.push(['caravan', 12]);
  if (categories.has('motorcycles')) streams.push(['motorcycle', 12]);
  if (streams.length === 0) streams.push(['car', 1]);

  const makeIn = (stream: Stream, name: string): string | undefined => catalogue[stream].find((m) => m.make.toLowerCase() === name.trim().toLowerCase())?.make;
  const franchise = site.manufacturer ? makeIn('car', site.manufacturer.name) : undefined;

  const counts = site.search.car_types;
  const usedOnly = site.search.hero_options.every((o) => o === 'all' || o === 'used');
  const carTypes: [CarType, number][] =
    counts.new + counts.demo + counts.used > 0
      ? [
          ['new', counts.new],
          ['demo', counts.demo],
          ['used', counts.used],
        ]
      : usedOnly
        ? [['used', 1]]
        : [
            ['new', franchise ? 35 : 30],
            ['demo', franchise ? 8 : 5],
            ['used', franchise ? 57 : 65],
          ];

  const trading = site.locations.filter((l) => l.visible && l.location_type === 'sales' && isTrading(l));
  const visible = site.locations.filter((l) => l.visible);
  const locations = trading.length > 0 ? trading : visible.length > 0 ? visible : site.locations;

  // Which yard sells what: a location carrying a make found only in one kind of stock (Mitsubishi:
  // cars, Jayco: caravans, Yamaha: motorcycles) serves that kind; Honda alone decides nothing.
  const streamsOf = (make: string): Stream[] => (['car', 'caravan', 'motorcycle'] as const).filter((stream) => makeIn(stream, make) !== undefined);
  const serves = {} as Record<Stream, Location[]>;
  const newMakes = {} as Record<Stream, string[]>;
  for (const stream of ['car', 'caravan', 'motorcycle'] as const) {
    const clear = locations.filter((l) => l.manufacturers.length === 0 || l.manufacturers.some((m) => streamsOf(m).join() === stream));
    const loose = locations.filter((l) => l.manufacturers.some((m) => streamsOf(m).includes(stream)));
    serves[stream] = clear.length > 0 ? clear : loose.length > 0 ? loose : locations;
    // A group sells new the makes its showrooms carry; failing that, the makes on its brand list.
    const carried = new Set(serves[stream].flatMap((l) => l.manufacturers).flatMap((m) => makeIn(stream, m) ?? []));
    const listed = new Set(site.manufacturers.flatMap((m) => makeIn(stream, m.name) ?? []));
    const makes = carried.size > 0 ? carried : listed;
    newMakes[stream] = makes.size > 0 ? [...makes] : [...new Set(catalogue[stream].map((m) => m.make))];
  }

  const carCategories: StockCategory[] = categories.has('cars') ? ['cars'] : trucksOnly ? ['trucks'] : [];
  const seed = hashSeed(site.slug);
  const initials = site.name
    .split(/\s+/)
    .map((word) => /[A-Za-z]/.exec(word)?.[0]?.toUpperCase() ?? '')
    .join('')
    .slice(0, 3);

  const plan = {
    site,
    market,
    modelYear,
    dayStart: Math.floor(now / 86_400_000) * DAY,
    soldWindowDays: site.search.include_sold_cars_days,
    streams,
    carTypes: carTypes.filter(([, w]) => w > 0),
    franchise,
    carCategories,
    sellsTrucks,
    sellsRental: categories.has('rental'),
    sellsSubscription: categories.has('subscription'),
    catalogue,
    newMakes,
    serves,
    // Ids and serials differ between dealers so a mixed-up index or favourite list shows up in tests.
    idBase: ((seed % 9000) + 1000) * 10_000,
    serialBase: seed % 900_000,
    stockPrefix: initials || 'S',
  };
  return { ...plan, pools: pools(plan) };
}

const soldInYear = (m: ModelSpec, year: number): boolean => (m.since ?? 0) <= year && (m.until ?? 9999) >= year;

/** Model lists to draw from, worked out once per dealer rather than once per car. */
interface Pool {
  makes: (readonly [string, number])[];
  byMake: Map<string, (readonly [ModelSpec, number])[]>;
}

function pool(models: ModelSpec[], makeWeight: (make: string) => number): Pool {
  const byMake = new Map<string, (readonly [ModelSpec, number])[]>();
  for (const m of models) byMake.set(m.make, [...(byMake.get(m.make) ?? []), [m, m.weight] as const]);
  return { makes: [...byMake.keys()].map((make) => [make, makeWeight(make)] as const), byMake };
}

function drawFrom(r: Random, from: Pool): ModelSpec {
  return r.weighted(from.byMake.get(r.weighted(from.makes)) ?? []);
}

function pools(plan: Omit<Plan, 'pools'>): Plan['pools'] {
  const result = {} as Plan['pools'];
  const share = usedMakeShare[plan.market];
  for (const stream of ['car', 'caravan', 'motorcycle'] as const) {
    const all = plan.catalogue[stream];
    const used = all.filter((m) => (m.since ?? 0) < plan.modelYear);
    const current = all.filter((m) => soldInYear(m, plan.modelYear));
    const makes = stream === 'car' && plan.franchise ? [plan.franchise] : plan.newMakes[stream];
    const own = current.filter((m) => makes.includes(m.make));
    const ownUsed = stream === 'car' && plan.franchise ? used.filter((m) => m.make === plan.franchise) : [];
    result[stream] = {
      // Used cars follow the market's make shares; caravans and motorcycles only model popularity.
      used: pool(used, (make) => (stream === 'car' ? (share[make] ?? 1) : 1)),
      // Even shares between the franchises a group holds, then by model popularity within each.
      new: pool(own.length > 0 ? own : current, () => 1),
      ...(ownUsed.length > 0 ? { franchiseUsed: pool(ownUsed, () => 1) } : {}),
    };
  }
  return result;
}

function pickModel(plan: Plan, r: Random, stream: Stream, carType: CarType): ModelSpec {
  const p = plan.pools[stream];
  if (carType !== 'used') return drawFrom(r, p.new);
  // A franchise dealer's used yard is heavy with its own make's trade-ins.
  if (p.franchiseUsed && r.chance(0.3)) return drawFrom(r, p.franchiseUsed);
  return drawFrom(r, p.used);
}

const ageWeights: [number, number][] = [
  [1, 8],
  [2, 14],
  [3, 16],
  [4, 14],
  [5, 12],
  [6, 10],
  [7, 8],
  [8, 6],
  [9, 5],
  [10, 4],
  [12, 3],
  [14, 2],
];

const fuelNames: Record<Market, Record<Fuel, string>> = {
  AU: { petrol: 'Petrol', diesel: 'Diesel', hybrid: 'Hybrid', electric: 'Electric' },
  NZ: { petrol: 'Petrol', diesel: 'Diesel', hybrid: 'Hybrid', electric: 'Electric' },
  US: { petrol: 'Gas', diesel: 'Diesel', hybrid: 'Hybrid', electric: 'Electric' },
};

const driveNames: Record<Drive, [drive: string, simple: string]> = {
  FWD: ['Front Wheel Drive', '2WD'],
  RWD: ['Rear Wheel Drive', '2WD'],
  AWD: ['All Wheel Drive', 'AWD'],
  '4WD': ['Four Wheel Drive', '4WD'],
};

const carColours: Record<Market, [string, number][]> = {
  AU: [
    ['White', 30],
    ['Grey', 15],
    ['Black', 14],
    ['Silver', 12],
    ['Blue', 12],
    ['Red', 10],
    ['Green', 3],
    ['Orange', 2],
  ],
  NZ: [
    ['White', 26],
    ['Grey', 15],
    ['Black', 14],
    ['Silver', 16],
    ['Blue', 12],
    ['Red', 11],
    ['Green', 4],
    ['Orange', 2],
  ],
  US: [
    ['White', 26],
    ['Black', 20],
    ['Gray', 17],
    ['Silver', 11],
    ['Blue', 10],
    ['Red', 10],
    ['Green', 3],
    ['Orange', 2],
  ],
};
const motorcycleColours: [string, number][] = [
  ['Black', 30],
  ['Blue', 18],
  ['Red', 16],
  ['White', 12],
  ['Grey', 10],
  ['Green', 8],
  ['Orange', 6],
];

// 8.99% p.a. over five years, paid weekly: the "from $N per week" figure dealers advertise.
const WEEKLY_RATE = 0.0899 / 52;
const WEEKLY_FACTOR = WEEKLY_RATE / (1 - (1 + WEEKLY_RATE) ** -260);

// Grouped by hand: Intl formatting per car would dominate the generator's run time.
const dollars = (n: number): string => `$${String(n).replace(/\B(?=(\d{3})+$)/g, ',')}`;

/** "$20,000 - $30,000": $10,000 bands to $100,000, then $50,000, then $100,000 bands. */
export function priceBand(price: number): string {
  const size = price < 100_000 ? 10_000 : price < 200_000 ? 50_000 : 100_000;
  const low = Math.floor(price / size) * size;
  return `${dollars(low)} - ${dollars(low + size)}`;
}

/** "$200 - $300": $100 bands. */
export function weeklyPriceBand(weekly: number): string {
  const low = Math.floor(weekly / 100) * 100;
  return `${dollars(low)} - ${dollars(low + 100)}`;
}

const VIN_CHARS = [...'ABCDEFGHJKLMNPRSTUVWXYZ0123456789'];
const VIN_YEARS = 'ABCDEFGHJKLMNPRSTVWXY123456789';
const VIN_VALUES: Record<string, number> = Object.fromEntries(
  [...'ABCDEFGHJKLMNPRSTUVWXYZ'].map((c) => [
    c,
    [1, 2, 3, 4, 5, 6, 7, 8, 1, 2, 3, 4, 5, 7, 9, 2, 3, 4, 5, 6, 7, 8, 9][[...'ABCDEFGHJKLMNPRSTUVWXYZ'].indexOf(c)] ?? 0,
  ]),
);
const VIN_WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

/** The North American check digit (position 9), so VIN decoders accept demo VINs. */
export function vinCheckDigit(vin: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const c = vin.charAt(i);
    const value = /\d/.test(c) ? Number(c) : (VIN_VALUES[c] ?? 0);
    sum += value * (VIN_WEIGHTS[i] ?? 0);
  }
  const check = sum % 11;
  return check === 10 ? 'X' : String(check);
}

function makeVin(r: Random, spec: ModelSpec, year: number, serial: number): string {
  const prefixes = (spec.itemType === 'motorcycle' ? motorcycleVinPrefixes[spec.make] : undefined) ?? vinPrefixes[spec.make] ?? ['6FP'];
  const descriptor = Array.from({ length: 5 }, () => r.pick(VIN_CHARS)).join('');
  const yearCode = VIN_YEARS.charAt((((year - 1980) % 30) + 30) % 30);
  const plant = r.pick(VIN_CHARS);
  const draft = `${r.pick(prefixes)}${descriptor}0${yearCode}${plant}${String(serial).padStart(6, '0')}`;
  return `${draft.slice(0, 8)}${vinCheckDigit(draft)}${draft.slice(9)}`;
}

const carFeatures = [
  'Air Conditioning',
  'Bluetooth',
  'Reversing Camera',
  'Cruise Control',
  'Apple CarPlay',
  'Android Auto',
  'Keyless Entry',
  'Alloy Wheels',
  'Power Windows',
  'Lane Keep Assist',
  'Autonomous Emergency Braking',
  'Adaptive Cruise Control',
  'Blind Spot Monitor',
  'Rear Cross Traffic Alert',
  'Rear Parking Sensors',
  'Front Parking Sensors',
  'Sat Nav',
  'Heated Seats',
  'Leather Seats',
  'Sunroof',
  '360 Degree Camera',
  'Wireless Phone Charging',
  'Push Button Start',
  'Dual Zone Climate Control',
  'LED Headlights',
  'Digital Instrument Cluster',
  'Auto High Beam',
  'Rain Sensing Wipers',
  'Head-Up Display',
  'Premium Sound System',
  'Power Seats',
  'Privacy Glass',
];
const utilityFeatures = ['Tow Bar', 'Tub Liner', 'Tonneau Cover', 'Side Steps', 'Bull Bar', 'Rear Diff Lock', 'Hill Descent Control', 'Trailer Sway Control'];
const electricFeatures = ['DC Fast Charging', 'Regenerative Braking', 'Heat Pump', 'Vehicle-to-Load'];
const caravanFeatures = [
  'Ensuite',
  'Solar Panels',
  'Roll-Out Awning',
  'Queen Bed',
  'Compressor Fridge',
  'Microwave',
  'Hot Water System',
  'Air Conditioning',
  'Diesel Heater',
  'TV Antenna',
  'Twin Water Tanks',
  'Gas Cooktop',
  'Lithium Battery',
  'Washing Machine',
  'External Shower',
  'Grey Water Tank',
  'Off-Road Suspension',
  'Bluetooth Sound System',
  'Reversing Camera',
  'Electric Brakes',
];
const motorcycleFeatures = [
  'ABS',
  'Traction Control',
  'Riding Modes',
  'Quickshifter',
  'Cruise Control',
  'LED Lighting',
  'TFT Display',
  'Heated Grips',
  'Panniers',
  'USB Charging',
  'Slipper Clutch',
  'Bluetooth Connectivity',
  'Adjustable Suspension',
  'Tubeless Tyres',
  'Keyless Ignition',
];
/** What a US window sticker calls the same thing. */
const usFeatureNames: Record<string, string> = {
  'Reversing Camera': 'Backup Camera',
  'Sat Nav': 'Navigation System',
  'Tow Bar': 'Tow Hitch',
  'Tub Liner': 'Bedliner',
  'Bull Bar': 'Grille Guard',
  'Side Steps': 'Running Boards',
  'Tubeless Tyres': 'Tubeless Tires',
  'Roll-Out Awning': 'Power Awning',
};

function featuresFor(r: Random, plan: Plan, spec: ModelSpec, fuel: Fuel | undefined, trimIndex: number): string[] {
  let pool: string[];
  if (spec.itemType === 'caravan') pool = caravanFeatures;
  else if (spec.itemType === 'motorcycle') pool = motorcycleFeatures;
  else {
    const extra = /ute|truck/i.test(spec.body)
      ? utilityFeatures
      : fuel === 'electric'
        ? electricFeatures
        : fuel === 'hybrid'
          ? ['Regenerative Braking', 'EV Mode']
          : [];
    pool = [...extra, ...carFeatures];
    if (spec.seats >= 7) pool.unshift('Third Row Seating');
  }
  const wanted = Math.min(20, pool.length, 8 + trimIndex * 2 + r.int(0, 4));
  const chosen = r.sample(pool, wanted);
  return plan.market === 'US' ? chosen.map((f) => usFeatureNames[f] ?? f) : chosen;
}

const usedNotes = [
  'Full service history.',
  "Two keys and owner's manuals.",
  'Recently serviced and ready to go.',
  'Clean inside and out.',
  'Independent inspection report available.',
  'Finance available on approval.',
];

function roundPrice(price: number, market: Market): number {
  if (price < 1000) return Math.max(0, Math.round(price));
  return Math.round(price / 1000) * 1000 - (market === 'US' ? 5 : 10);
}

/**
 * What share of its new price a used car fetches at `age` years: about 15% off as it leaves the
 * showroom, then about 9% a year; a 5-year-old car near 58%, a 10-year-old near a third.
 */
export const usedValueShare = (age: number): number => (age <= 0 ? 1 : 0.85 * 0.91 ** (age - 1));

/** The fuel a trim's name gives away ('D50e GT', 'e:HEV LX', 'xDrive30e', '40 TDI', 'Hybrid S'); undefined when it names none. */
export function fuelNamedBy(trim: string): Fuel | undefined {
  if (/\bD\d+e\b|\d+d\b|\bTDI\b|\bCRDi\b|diesel/i.test(trim)) return 'diesel';
  if (/hybrid|e:hev|e:phev|\bphev\b|\d+e\b/i.test(trim)) return 'hybrid';
  if (/\bEV\b|electric/i.test(trim)) return 'electric';
  if (/\bTFSI\b|\bTSI\b|\d+i\b|\bG\d+e?\b/i.test(trim)) return 'petrol';
  return undefined;
}

const fuelOnSale = (spec: ModelSpec, fuel: Fuel, year: number): boolean => (spec.fuelSince?.[fuel] ?? 0) <= year;

/** A trim whose name gives away a fuel not yet offered in `year` (a 2019 CR-V e:PHEV) gives way to the next one down. */
function trimOnSale(spec: ModelSpec, trimIndex: number, year: number): number {
  for (let i = trimIndex; i >= 0; i--) {
    const named = fuelNamedBy(spec.trims[i] ?? '');
    if (!named || fuelOnSale(spec, named, year)) return i;
  }
  return trimIndex;
}

/**
 * The fuel a car has: the one its trim names; else the drawn one, if it was offered in `year` and
 * is not one only certain trims have (the CR-V's hybrid is its e:PHEV); else the commonest left.
 */
function fuelFor(spec: ModelSpec, trim: string, drawn: Fuel, year: number): Fuel {
  const named = fuelNamedBy(trim);
  if (named) return named;
  const byTrim = new Set<Fuel | undefined>(spec.trims.map(fuelNamedBy).filter((f) => f !== 'petrol'));
  byTrim.delete(undefined);
  const open = spec.fuels.filter((f) => !byTrim.has(f) && fuelOnSale(spec, f, year));
  return open.includes(drawn) ? drawn : (open[0] ?? 'petrol');
}

function demoVehicle(plan: Plan, r: Random, index: number): Vehicle {
  const { site, market, modelYear } = plan;
  const stream = r.weighted(plan.streams);
  const carType = r.weighted(plan.carTypes);
  const spec = pickModel(plan, r, stream, carType);

  // Year: this year's model new, sometimes last year's as a demo, used spread over ~14 years.
  let year = modelYear;
  if (carType === 'demo' && r.chance(0.3) && soldInYear(spec, modelYear - 1)) year = modelYear - 1;
  if (carType === 'used') {
    const newest = Math.min(spec.until ?? modelYear - 1, modelYear - 1);
    year = Math.max(spec.since ?? 0, Math.min(newest, modelYear - r.weighted(ageWeights)));
  }
  const age = Math.max(0, modelYear - year);

  const trimIndex = trimOnSale(spec, r.int(0, spec.trims.length - 1), year);
  const trim = spec.trims[trimIndex] ?? '';
  // Drawn whatever the trim says, so every later draw, and every other car, stays as it was.
  const drawnFuel = spec.fuels.length > 0 ? r.weighted(spec.fuels.map((f, i) => [f, spec.fuels.length - i + 1] as const)) : undefined;
  const fuel = drawnFuel && fuelFor(spec, trim, drawnFuel, year);
  const fuelSuffix =
    fuel === 'hybrid' && !/hybrid|e:|phev|\d+e\b|hev/i.test(trim)
      ? ' Hybrid'
      : fuel === 'electric' && spec.fuels.length > 1 && !/ev|electric/i.test(trim)
        ? ' EV'
        : '';
  const variant = `${trim === 'Standard' ? '' : trim}${fuelSuffix}`.trim();

  const driveCode = spec.drives.length > 0 ? r.weighted(spec.drives.map((d, i) => [d, spec.drives.length - i + 1] as const)) : undefined;
  const transmission =
    spec.itemType === 'caravan'
      ? undefined
      : spec.itemType === 'motorcycle' || (fuel !== 'electric' && fuel !== 'hybrid' && r.chance(spec.manual ?? 0))
        ? 'Manual'
        : 'Automatic';

  const colour =
    spec.itemType === 'caravan'
      ? r.weighted<string>([
          ['White', 85],
          ['Silver', 10],
          ['Grey', 5],
        ])
      : r.weighted(spec.itemType === 'motorcycle' ? motorcycleColours : carColours[market]);

  let km: number;
  if (spec.itemType === 'caravan') km = 0;
  else if (carType === 'new') km = r.int(spec.itemType === 'motorcycle' ? 0 : 2, spec.itemType === 'motorcycle' ? 10 : 40);
  else if (carType === 'demo') km = r.int(500, 9_000);
  else if (spec.itemType === 'motorcycle') km = age * r.int(2_500, 6_000) + r.int(0, 2_000);
  // About one in six used cars did few kilometres a year: those earn the 'Low km' tag.
  else km = Math.min(400_000, age * (r.chance(0.16) ? r.int(3_000, 8_000) : r.int(9_000, 21_000)) + r.int(0, 3_000));

  // Price: interpolate across trims, fuel premium, market, a little noise; then age and km for used.
  const [low, high] = spec.price;
  const share = spec.trims.length > 1 ? trimIndex / (spec.trims.length - 1) : 0;
  const premium = (fuel === 'hybrid' && spec.fuels[0] !== 'hybrid' ? 0.05 : 0) + (fuel === 'diesel' && spec.fuels[0] !== 'diesel' ? 0.06 : 0);
  const list = (low + (high - low) * share) * (1 + premium) * marketPriceFactor[market] * (0.97 + r.next() * 0.06);
  let price: number;
  if (carType === 'new') price = list;
  else if (carType === 'demo') price = list * (0.86 + r.next() * 0.06);
  else price = Math.max(3_000, list * usedValueShare(age) * (1 - Math.min(0.2, km / 1_000_000)) * (0.92 + r.next() * 0.16));
  price = roundPrice(price, market);

  // One roll decides the status and, for a car on its way, how far off it is. No extra draws, and
  // what later draws depend on (price on application, listed date, tags, rank) is decided as
  // before these statuses existed, so every other car and field, and the search order, stay as
  // they were: about 5% coming soon (half with a date), 6% sold, 2% sale pending, 2% in transit
  // (arriving in 3 to 30 days) and, of new cars, 1.5% in production (30 to 120 days).
  const statusRoll = r.next();
  const rollShare = (from: number, to: number) => (statusRoll - from) / (to - from);
  let status: Vehicle['status'] = 'in_stock';
  let arrivingInDays: number | undefined;
  if (statusRoll < 0.05) {
    status = 'coming_soon';
    if (statusRoll < 0.025) arrivingInDays = 7 + Math.floor(rollShare(0, 0.025) * 50);
  } else if (statusRoll < 0.11) status = 'sold';
  else if (statusRoll < 0.13) status = 'sale_pending';
  else if (statusRoll < 0.15) {
    status = 'in_transit';
    arrivingInDays = 3 + Math.floor(rollShare(0.13, 0.15) * 28);
  } else if (statusRoll < 0.165 && carType === 'new') {
    status = 'in_production';
    arrivingInDays = 30 + Math.floor(rollShare(0.15, 0.165) * 91);
  }
  const forSale = status !== 'coming_soon' && status !== 'sold';
  const poaChance = status === 'coming_soon' ? 0.25 : carType === 'used' ? 0.008 : 0.025;
  if (r.chance(poaChance)) price = 0;

  // Dates count back from midnight UTC so the sold window holds for the whole day.
  const W = plan.soldWindowDays;
  let soldAgo: number | undefined;
  let showSold = true;
  if (status === 'sold') {
    const soldRoll = r.next();
    const within = W > 0 && (soldRoll < 0.4 || (soldRoll >= 0.7 && soldRoll < 0.85));
    showSold = soldRoll < 0.7;
    soldAgo = within ? r.int(0, Math.max(0, W - 1) * DAY) : r.int((W + 1) * DAY, (W + 45) * DAY);
  }
  const listedAgo = soldAgo !== undefined ? soldAgo + r.int(5 * DAY, 110 * DAY) : status === 'coming_soon' ? r.int(0, 10 * DAY) : r.int(0, 120 * DAY);

  const certified = carType === 'used' && spec.itemType === 'car' && age <= 6 && km <= 120_000 && r.chance(spec.make === plan.franchise ? 0.35 : 0.12);
  const tags: string[] = [];
  if (carType === 'used' && km < Math.max(1, age) * 9_000 + 3_000) tags.push(market === 'US' ? 'Low miles' : 'Low km');
  if (carType === 'used' && age <= 6) tags.push('One owner');
  if (listedAgo <= 7 * DAY) tags.push('Just arrived');
  if (forSale && listedAgo > 30 * DAY && price > 0) tags.push('Price drop');
  if (certified) tags.push('Certified');
  const picked = tags.length > 0 && r.chance(0.45) ? r.pick(tags) : undefined;
  // Drawn as before; a car not on the lot has not just arrived, nor dropped its lot price.
  const tag =
    (picked === 'Price drop' && status !== 'in_stock') || (picked === 'Just arrived' && (status === 'in_transit' || status === 'in_production'))
      ? undefined
      : picked;

  let badge: string | undefined;
  if (certified) badge = spec.make === plan.franchise ? `${spec.make} Certified Pre-Owned` : 'Certified Pre-Owned';
  else if (carType === 'demo' && r.chance(0.4)) badge = 'Demo Special';
  else if (carType === 'new' && price > 0 && r.chance(0.2)) badge = market === 'US' ? 'Best Price' : 'Drive Away';
  else if (fuel === 'electric' && r.chance(0.3)) badge = 'Electric';
  else if (carType === 'used' && r.chance(0.05)) badge = 'Hot Deal';

  // Where it is: new at a showroom that sells its make, used at any yard holding that kind of stock.
  const yards = plan.serves[stream];
  const showrooms = carType === 'used' ? [] : yards.filter((l) => l.manufacturers.some((m) => m.toLowerCase() === spec.make.toLowerCase()));
  const location = r.pick(showrooms.length > 0 ? showrooms : yards);
  const dealership = site.dealerships.find((d) => d.slug === location.dealership_slug) ?? { name: site.name, slug: site.slug };

  const categories: StockCategory[] = [];
  let itemType: string = spec.itemType;
  if (spec.itemType === 'caravan') categories.push('caravans');
  else if (spec.itemType === 'motorcycle') categories.push('motorcycles');
  else {
    const pickup = /truck/i.test(spec.body);
    if (pickup && plan.sellsTrucks) {
      itemType = 'truck';
      categories.push(...(spec.heavy || !plan.carCategories.includes('cars') ? (['trucks'] as const) : (['cars', 'trucks'] as const)));
    } else categories.push(...plan.carCategories);
    const recent = age <= 3;
    if (plan.sellsSubscription && recent && carType !== 'demo' && r.chance(categories.length === 0 ? 0.5 : 0.12)) categories.push('subscription');
    if (plan.sellsRental && carType === 'used' && age <= 4 && r.chance(categories.length === 0 ? 1 : 0.06)) categories.push('rental');
    if (categories.length === 0) categories.push(plan.sellsSubscription ? 'subscription' : plan.sellsRental ? 'rental' : 'cars');
  }

  const id = plan.idBase + index + 1;
  const name = `${year} ${spec.make} ${spec.model}${variant ? ` ${variant}` : ''}`;
  const kind = kindForBody(spec.body, spec.itemType);
  const images = demoPhotoUrls(kind, colourKey(colour));
  const thumbnails = demoPhotoUrls(kind, colourKey(colour), DEMO_PHOTO_WIDTHS[0]);
  const weekly = price > 0 ? Math.round(price * WEEKLY_FACTOR) : 0;
  const simpleBody =
    spec.itemType === 'caravan' ? 'Caravan' : spec.itemType === 'motorcycle' ? 'Motorcycle' : spec.body === 'Convertible' ? 'Coupe' : spec.body;
  const drive = driveCode ? driveNames[driveCode] : undefined;
  const description =
    carType === 'new'
      ? `Brand new ${spec.make} ${spec.model} with the full factory warranty.`
      : carType === 'demo'
        ? 'Dealer demonstrator with the balance of the new-car warranty.'
        : r.sample(usedNotes, 2).join(' ');

  return {
    id,
    slug: slugify(`${year}-${spec.make}-${spec.model}-${variant}-${id}`),
    name,
    make: spec.make,
    model: spec.model,
    make_model: `${spec.make} ${spec.model}`,
    ...(variant ? { variant } : {}),
    body: spec.body,
    simple_body: simpleBody,
    ...(drive ? { drive: drive[0], simple_drive: drive[1] } : {}),
    ...(fuel ? { fuel: fuelNames[market][fuel] } : {}),
    ...(transmission ? { transmission } : {}),
    car_type: carType,
    status,
    price,
    ...(categories.includes('subscription') ? { subscription_price: Math.min(599, Math.max(149, Math.round((list * 0.0052 + 60) / 10) * 10 - 1)) } : {}),
    ...(weekly > 0 ? { weekly_price: weekly, weekly_price_range: weeklyPriceBand(weekly), price_range: priceBand(price) } : {}),
    km,
    year,
    ...(spec.itemType !== 'caravan' ? { seats: spec.seats } : {}),
    colour,
    state: location.address.state,
    city: location.address.city,
    ...(tag ? { tag } : {}),
    ...(badge ? { badge } : {}),
    categories,
    item_type: itemType,
    certified,
    created_at_timestamp: plan.dayStart - listedAgo,
    sold_date_timestamp: soldAgo !== undefined ? plan.dayStart - soldAgo : null,
    ...(arrivingInDays !== undefined ? { arrival_date: new Date((plan.dayStart + arrivingInDays * DAY) * 1000).toISOString().slice(0, 10) } : {}),
    show_on_dealer_website: showSold,
    dealership_name: dealership.name,
    dealership_slug: dealership.slug,
    location_name: location.name,
    location_id: location.id,
    filtered_features: featuresFor(r, plan, spec, fuel, trimIndex),
    vin: makeVin(r, spec, year, (plan.serialBase + index) % 1_000_000),
    stocknum: `${plan.stockPrefix}${10_001 + index}`,
    description,
    primary_image_url: images[0] ?? '',
    thumbnails,
    images: images.map((image_url) => ({ image_url })),
    photos_count: images.length,
    ...(market === 'AU' && spec.itemType === 'car' ? { has_nvic: true } : {}),
    custom_rank: status === 'coming_soon' ? r.int(1, 300) : r.int(1, 1000),
    ...(market === 'NZ' && carType !== 'new' ? nzNoticeFields(id, year, fuel, plan.dayStart) : {}),
  };
}

/**
 * What New Zealand's Consumer Information Notice needs, for the demo's used and demonstrator cars:
 * worked out from the id so the rest of the demo draws the same numbers as before. Every third car
 * is a Japanese import. Engine capacity is left out, as many feeds do, so the notice shows what a
 * missing value looks like.
 */
function nzNoticeFields(id: number, year: number, fuel: Fuel | undefined, dayStart: number): Partial<Vehicle> {
  const letters = 'ABCDEFGHJKLMNPRSTUVWXYZ';
  const plate = [id, id >> 3, id >> 7].map((n) => letters[n % letters.length]).join('') + String(id % 1000).padStart(3, '0');
  const day = (offset: number) => new Date((dayStart + offset * DAY) * 1000).toISOString().slice(0, 10);
  const imported = id % 3 === 0;
  const thisYear = new Date(dayStart * 1000).getUTCFullYear();
  return {
    registration_plate: plate,
    wof_expiry: day(30 + (id % 330)),
    licence_expiry: day(20 + ((id * 7) % 340)),
    first_registered_nz: imported ? Math.min(year + 1, thisYear) : year,
    ...(imported ? { first_registered_overseas: year, country_last_registered: 'Japan' } : {}),
    imported_damaged: false,
    security_interest: false,
    road_user_charges: fuel === 'diesel' || fuel === 'electric',
  };
}
