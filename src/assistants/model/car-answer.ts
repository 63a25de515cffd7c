/**
 * A car as a shopper's AI assistant is told about it: the facts the car page shows, in the same
 * words (the region's price wording, the status labels, the odometer in the site's units), and
 * nothing the page does not show. Built field by field from an allow-list, so a field added to
 * the stock later (a cost, a supplier note) reaches no assistant until someone adds it here.
 */
import type { DealerConfig, Location } from '../../platform/config/schema';
import { formatDistance, wording } from '../../platform/formats/region';
import { siteUrl } from '../../dealer/model/seo';
import { CAR_TYPE_LABELS, PRICE_WORDS, RESERVED_LABEL, STATUS_LABELS, arrivalText, carPath, priceText, type CarView } from '../../stock/model/car';
import { findCarLocation } from '../../stock/model/car-page';
import { testDriveLocation } from '../../dealer/model/locations';

export type AnswerSite = Pick<DealerConfig, 'url' | 'region' | 'locale' | 'units' | 'locations'>;

/** A car in a search answer: enough to choose one and ask for it by id. */
export interface CarSummary {
  id: string;
  name: string;
  year: number;
  make: string;
  model: string;
  variant?: string;
  body: string;
  colour?: string;
  fuel?: string;
  transmission?: string;
  condition: string;
  odometer: string;
  /** The price as the car page words it: "$38,990 Drive away" on Australian sites. */
  price: string;
  /** "In Stock", "Coming Soon", or "Reserved" while a shopper's deposit holds it. */
  availability: string;
  location?: string;
  /** The car's page on the dealer's site. */
  url: string;
}

/** The one car, with what deciding on a visit needs. */
export interface CarDetails extends CarSummary {
  /** False while a deposit holds it, once sold, or before it arrives. */
  available_to_buy: boolean;
  reserved: boolean;
  arriving?: string;
  seats?: number;
  drive?: string;
  features: string[];
  description?: string;
  /** Where a test drive of this car is booked; absent when it cannot be test driven now. */
  test_drive_location?: { id: string; name: string };
}

/** "$38,990 Drive away" (AU), "$38,990" (NZ, US), "Price on application" for a car priced at 0. */
export function priceWording(price: number, site: Pick<DealerConfig, 'region' | 'locale'>): string {
  const words = PRICE_WORDS[site.region].price;
  const text = priceText(price, site);
  return price > 0 && words ? `${text} ${wording(site.locale)(words)}` : text;
}

/** What the shopper can do about the car now, in the page's labels. */
export function availabilityLabel(car: Pick<CarView, 'status'>, reserved: boolean): string {
  return reserved && car.status !== 'sold' ? RESERVED_LABEL : STATUS_LABELS[car.status];
}

const optional = <K extends string, V>(key: K, value: V | undefined | null | ''): Partial<Record<K, V>> =>
  value === undefined || value === null || value === '' ? {} : ({ [key]: value } as Record<K, V>);

const visible = (site: AnswerSite): Location[] => site.locations.filter((l) => l.visible);

export function carSummary(car: CarView & Pick<CarView, 'location_id' | 'location_name'>, site: AnswerSite, reserved: boolean): CarSummary {
  const location = findCarLocation(car, visible(site));
  return {
    id: String(car.id),
    name: car.name,
    year: car.year,
    make: car.make,
    model: car.model,
    ...optional('variant', car.variant),
    body: car.body,
    ...optional('colour', car.colour),
    ...optional('fuel', car.fuel),
    ...optional('transmission', car.transmission),
    condition: CAR_TYPE_LABELS[car.car_type],
    odometer: formatDistance(car.km, site.units, site.locale),
    price: priceWording(car.price, site),
    availability: availabilityLabel(car, reserved),
    ...optional('location', location?.name ?? car.location_name),
    url: siteUrl(site, carPath(car.slug)),
  };
}

export function carDetails(car: CarView, site: AnswerSite, reserved: boolean): CarDetails {
  const testDrive = reserved ? undefined : testDriveLocation(car, findCarLocation(car, visible(site)));
  return {
    ...carSummary(car, site, reserved),
    available_to_buy: car.status === 'in_stock' && !reserved,
    reserved: reserved && car.status !== 'sold',
    ...optional('arriving', arrivalText(car, site.locale)),
    ...optional('seats', car.seats),
    ...optional('drive', car.drive),
    features: [...car.filtered_features],
    ...optional('description', car.description),
    ...(testDrive ? { test_drive_location: { id: String(testDrive.id), name: testDrive.name } } : {}),
  };
}
