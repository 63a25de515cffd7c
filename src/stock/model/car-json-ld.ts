/** The schema.org `Car` JSON-LD of a car page, written at build time. */
import type { CarType, VehicleStatus } from './vehicle';
import { KM_TO_MILES } from '../../platform/formats/region';
import { carPath, currencyOf, type CarSite, type CarView } from './car';
import { galleryImages } from './car-page';

/**
 * schema.org ItemAvailability, as shopping search engines read it: a car in transit exists and can
 * be ordered now for delivery when it lands (BackOrder); one still being built or not yet released
 * is taken as a pre-order (PreOrder); a sale pending is held for another buyer (Reserved).
 */
const AVAILABILITY = {
  in_stock: 'https://schema.org/InStock',
  sale_pending: 'https://schema.org/Reserved',
  in_transit: 'https://schema.org/BackOrder',
  in_production: 'https://schema.org/PreOrder',
  coming_soon: 'https://schema.org/PreOrder',
  sold: 'https://schema.org/SoldOut',
} as const satisfies Record<VehicleStatus, string>;

/** Demo cars have been registered and driven by the dealer: schema.org calls that used. */
const CONDITION = {
  new: 'https://schema.org/NewCondition',
  demo: 'https://schema.org/UsedCondition',
  used: 'https://schema.org/UsedCondition',
} as const satisfies Record<CarType, string>;

export interface CarJsonLdContext {
  site: Pick<CarSite, 'url' | 'region' | 'units'>;
  /** `@id` of the AutoDealer node in the site's structured data (src/dealer/model/seo.ts). */
  sellerId: string;
}

/**
 * schema.org `Car` with an `Offer` (price, currency by region, availability, condition, seller).
 * Serialise with `serializeJsonLd` (src/dealer/model/seo.ts): feed text is never trusted inside a script.
 */
export function carJsonLd(car: CarView, { site, sellerId }: CarJsonLdContext): Record<string, unknown> {
  const url = new URL(carPath(car.slug), site.url).href;
  const images = galleryImages(car, {}).map((i) => new URL(i.url, site.url).href);
  const miles = site.units === 'miles';
  const optional = (key: string, value: unknown) => (value === undefined || value === '' ? {} : { [key]: value });
  return {
    '@context': 'https://schema.org',
    '@type': 'Car',
    '@id': `${url}#car`,
    name: car.name,
    url,
    ...optional('image', images.length > 0 ? images : undefined),
    ...optional('description', car.description),
    brand: { '@type': 'Brand', name: car.make },
    model: car.model,
    ...optional('vehicleConfiguration', car.variant),
    vehicleModelDate: String(car.year),
    bodyType: car.body,
    ...optional('fuelType', car.fuel),
    ...optional('vehicleTransmission', car.transmission),
    ...optional('driveWheelConfiguration', car.drive),
    ...optional('color', car.colour),
    ...optional('seatingCapacity', car.seats),
    ...optional('vehicleIdentificationNumber', car.vin),
    ...optional('sku', car.stocknum),
    mileageFromOdometer: {
      '@type': 'QuantitativeValue',
      value: Math.round(miles ? car.km * KM_TO_MILES : car.km),
      unitCode: miles ? 'SMI' : 'KMT',
    },
    itemCondition: CONDITION[car.car_type],
    offers: {
      '@type': 'Offer',
      url,
      // A price of 0 is "price on application": no price is better than a wrong one.
      ...(car.price > 0 ? { price: car.price } : {}),
      priceCurrency: currencyOf(site),
      availability: AVAILABILITY[car.status],
      // The day a car on its way is expected (arrival_date is only kept on such cars).
      ...optional('availabilityStarts', car.status !== 'sold' && car.status !== 'in_stock' && car.status !== 'sale_pending' ? car.arrival_date : undefined),
      itemCondition: CONDITION[car.car_type],
      seller: { '@id': sellerId },
    },
  };
}
