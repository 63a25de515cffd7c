/**
 * Meta's automotive catalog (vehicle inventory for Facebook and Instagram automotive ads). CSV with
 * nested fields flattened into JSON-path column names (`mileage.value`, `address.city`,
 * `image[0].url`), as Meta's feed reference allows; enum values in Meta's upper-case spellings.
 * Field names: developers.facebook.com/docs/marketing-api/auto-ads/reference.
 */
import { toCsv, type CsvValue } from '../../platform/formats/csv';
import { listedDate, type FeedCar } from './feed-car';

/** Meta takes up to 20 images a vehicle. */
export const MAX_META_IMAGES = 20;

const BODY_STYLES: Record<string, string> = {
  hatchback: 'HATCHBACK',
  suv: 'SUV',
  ute: 'TRUCK',
  truck: 'TRUCK',
  van: 'VAN',
  sedan: 'SEDAN',
  coupe: 'COUPE',
  wagon: 'WAGON',
  convertible: 'CONVERTIBLE',
  crossover: 'CROSSOVER',
  minivan: 'MINIVAN',
};
const FUEL_TYPES: Record<string, string> = {
  petrol: 'PETROL',
  gas: 'GASOLINE',
  gasoline: 'GASOLINE',
  diesel: 'DIESEL',
  electric: 'ELECTRIC',
  hybrid: 'HYBRID',
};
const DRIVETRAINS: Record<string, string> = {
  'front wheel drive': 'FWD',
  'rear wheel drive': 'RWD',
  'all wheel drive': 'AWD',
  'four wheel drive': 'FOUR_WD',
  '2wd': 'TWO_WD',
  '4wd': 'FOUR_WD',
  awd: 'AWD',
};
const VEHICLE_TYPES: Record<string, string> = { car: 'car_truck', truck: 'car_truck', motorcycle: 'motorcycle', caravan: 'rv_camper' };

const lookup = (table: Record<string, string>, value: string | undefined, otherwise: string | undefined): string | undefined =>
  value === undefined ? otherwise : (table[value.trim().toLowerCase()] ?? otherwise);

export function metaBodyStyle(car: FeedCar['car']): string {
  return lookup(BODY_STYLES, car.body, undefined) ?? lookup(BODY_STYLES, car.simple_body, 'OTHER') ?? 'OTHER';
}

export function metaFuelType(fuel: string | undefined): string | undefined {
  if (fuel && /plug-?in/i.test(fuel)) return 'PLUGIN_HYBRID';
  return lookup(FUEL_TYPES, fuel, fuel ? 'OTHER' : undefined);
}

export function metaDrivetrain(car: FeedCar['car']): string | undefined {
  return lookup(DRIVETRAINS, car.drive, undefined) ?? lookup(DRIVETRAINS, car.simple_drive, car.drive || car.simple_drive ? 'OTHER' : undefined);
}

/** NEW, USED or CPO (certified pre-owned). */
export function stateOfVehicle(facts: Pick<FeedCar, 'condition' | 'certified'>): 'NEW' | 'USED' | 'CPO' {
  return facts.condition === 'new' ? 'NEW' : facts.certified ? 'CPO' : 'USED';
}

/** The stock description, else one line of facts: Meta requires a description on every vehicle. */
export function metaDescription(facts: FeedCar): string {
  const { car } = facts;
  if (car.description?.trim()) return car.description.trim();
  return [car.name, `${facts.mileage.value.toLocaleString('en-US')} ${facts.mileage.unit}`, car.colour, car.transmission].filter(Boolean).join(', ');
}

export const META_COLUMNS = [
  'vehicle_id',
  'vin',
  'title',
  'description',
  'url',
  'make',
  'model',
  'year',
  'trim',
  'body_style',
  'exterior_color',
  'mileage.value',
  'mileage.unit',
  'price',
  'state_of_vehicle',
  'availability',
  'transmission',
  'fuel_type',
  'drivetrain',
  'vehicle_type',
  'date_first_on_lot',
  'dealer_id',
  'dealer_name',
  'dealer_phone',
  'address.addr1',
  'address.city',
  'address.region',
  'address.postal_code',
  'address.country',
  'latitude',
  'longitude',
] as const;
type MetaColumn = (typeof META_COLUMNS)[number];
type ImageColumn = `image[${number}].url`;

export function metaRow(facts: FeedCar): Record<MetaColumn | ImageColumn, CsvValue> {
  const { car, store } = facts;
  const transmission = car.transmission ? (lookup({ automatic: 'AUTOMATIC', manual: 'MANUAL' }, car.transmission, 'OTHER') ?? 'OTHER') : undefined;
  const row: Record<MetaColumn | ImageColumn, CsvValue> = {
    vehicle_id: car.stocknum ?? String(car.id),
    vin: car.vin,
    title: car.name,
    description: metaDescription(facts),
    url: facts.link,
    make: car.make,
    model: car.model,
    year: car.year,
    trim: car.variant,
    body_style: metaBodyStyle(car),
    exterior_color: car.colour,
    'mileage.value': facts.mileage.value,
    'mileage.unit': facts.mileage.unit === 'miles' ? 'MI' : 'KM',
    price: facts.price,
    state_of_vehicle: stateOfVehicle(facts),
    availability: 'AVAILABLE',
    transmission,
    fuel_type: metaFuelType(car.fuel),
    drivetrain: metaDrivetrain(car),
    vehicle_type: VEHICLE_TYPES[car.item_type.toLowerCase()] ?? 'other',
    date_first_on_lot: listedDate(car),
    dealer_id: store?.code,
    dealer_name: store?.name,
    dealer_phone: store?.phone,
    'address.addr1': store?.address.street,
    'address.city': store?.address.city,
    'address.region': store?.address.state,
    'address.postal_code': store?.address.postcode,
    'address.country': store?.country,
    latitude: store?.address.lat,
    longitude: store?.address.long,
  };
  facts.photos.slice(0, MAX_META_IMAGES).forEach((url, i) => {
    row[`image[${i}].url`] = url;
  });
  return row;
}

/** The columns: the fixed ones, then as many image columns as the car with the most photos needs. */
export function metaColumns(cars: readonly FeedCar[]): (MetaColumn | ImageColumn)[] {
  const images = Math.min(MAX_META_IMAGES, Math.max(1, ...cars.map((c) => c.photos.length)));
  return [...META_COLUMNS, ...Array.from({ length: images }, (_, i): ImageColumn => `image[${i}].url`)];
}

export function metaVehiclesCsv(cars: readonly FeedCar[]): string {
  const columns = metaColumns(cars);
  return toCsv(
    columns,
    cars.map((facts) => {
      const row = metaRow(facts);
      return columns.map((column) => row[column]);
    }),
  );
}
