/**
 * Google's vehicle listings feed: the cars a dealer's Business Profile shows under "Vehicles for
 * sale". CSV (RFC 4180), the format the specification takes, one row per car with the attribute
 * names of https://developers.google.com/vehicle-listings/reference/feed-specification.
 *
 * `place_id` is optional there and "recommended" by the feed setup guide: with the name and
 * address, Google can still match the wrong Business Profile; the place id names exactly one. It
 * comes from the location's `address.place_id` (the one the site's map links use), left empty
 * where the dealer file has none.
 */
import { toCsv, type CsvValue } from '../../platform/formats/csv';
import { listedDate, type FeedCar } from './feed-car';

/** Additional images beyond the main one; Google shows a handful, and every row stays small. */
export const MAX_ADDITIONAL_IMAGES = 10;

export const VEHICLE_LISTINGS_COLUMNS = [
  'vin',
  'id',
  'store_code',
  'place_id',
  'dealership_name',
  'dealership_address',
  'date_in_stock',
  'price',
  'condition',
  'certified_pre_owned',
  'make',
  'model',
  'trim',
  'year',
  'mileage',
  'exterior_color',
  'link',
  'image_link',
  'additional_image_link',
  'vehicle_fulfillment',
] as const;

type Column = (typeof VEHICLE_LISTINGS_COLUMNS)[number];

export function vehicleListingsRow(facts: FeedCar): Record<Column, CsvValue> {
  const { car, store, photos } = facts;
  return {
    vin: car.vin,
    id: car.stocknum ?? String(car.id),
    store_code: store?.code,
    place_id: store?.address.place_id?.trim() || undefined,
    dealership_name: store?.name,
    dealership_address: store?.fullAddress,
    date_in_stock: listedDate(car),
    price: facts.price,
    condition: facts.condition,
    certified_pre_owned: facts.certified ? 'yes' : 'no',
    make: car.make,
    model: car.model,
    trim: car.variant,
    year: car.year,
    mileage: `${facts.mileage.value} ${facts.mileage.unit}`,
    exterior_color: car.colour,
    link: facts.link,
    image_link: photos[0],
    additional_image_link: photos.slice(1, 1 + MAX_ADDITIONAL_IMAGES).join(','),
    vehicle_fulfillment: 'in_store',
  };
}

export function vehicleListingsCsv(cars: readonly FeedCar[]): string {
  return toCsv(
    VEHICLE_LISTINGS_COLUMNS,
    cars.map((facts) => {
      const row = vehicleListingsRow(facts);
      return VEHICLE_LISTINGS_COLUMNS.map((column) => row[column]);
    }),
  );
}
