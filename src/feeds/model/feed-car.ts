/**
 * What every inventory feed says about one car, worked out once from the stock and the dealer
 * file: where the car stands (location, store code, address), its canonical page, its photos,
 * price with currency, odometer in the site's unit, and condition. The feeds differ only in the
 * names and shapes they give these facts (./google-vehicle-listings.ts, ./google-vehicle-ads.ts,
 * ./meta-vehicles.ts) and in which facts each feed insists on (./eligibility.ts).
 */
import type { DealerConfig, Location } from '../../platform/config/schema';
import { regionDefaults } from '../../platform/config/regions';
import { KM_TO_MILES } from '../../platform/formats/region';
import { carPath } from '../../stock/model/car';
import { findCarLocation } from '../../stock/model/car-page';
import { PLACEHOLDER_PATH } from '../../stock/model/placeholder-image';
import type { Vehicle } from '../../stock/model/vehicle';
import { businessName, formatAddress, sortLocations } from '../../dealer/model/locations';
import { siteUrl } from '../../dealer/model/seo';

/** The part of the dealer file the feeds read. */
export type FeedSite = Pick<DealerConfig, 'slug' | 'name' | 'url' | 'region' | 'units' | 'phone' | 'locations' | 'dealerships'>;

export interface FeedStore {
  /** The code Google Business Profile and Merchant Center know the location by. */
  code: string;
  /** The business name, without a department suffix: "Kingfisher Toyota". */
  name: string;
  /** "188 Morayfield Road, Morayfield QLD 4506, AU": street, locality, postcode and country. */
  fullAddress: string;
  address: Location['address'];
  country: string;
  phone: string;
}

export interface FeedCar {
  car: Vehicle;
  /** Absolute canonical URL of the car page. */
  link: string;
  store?: FeedStore;
  /** Absolute URLs of the car's photos that ad platforms take, primary first. */
  photos: string[];
  currency: string;
  /** "34990.00 AUD", as Google's feeds write a price. */
  price?: string;
  mileage: { value: number; unit: 'km' | 'miles' };
  condition: 'new' | 'used';
  certified: boolean;
  /** The model year's VIN rule: 17 characters from 1981 on. */
  vinLength: number | undefined;
}

/** A store code: the location's own, else its id (what the back-office calls it). */
export function storeCode(location: Pick<Location, 'id' | 'store_code'>): string {
  return location.store_code ?? String(location.id);
}

/**
 * Where a car stands: its location by id or name, else the dealer's only sales location. A group
 * with several yards and a car naming none of them has no honest answer, so none is given.
 */
export function carStore(car: Pick<Vehicle, 'location_id' | 'location_name'>, site: FeedSite): FeedStore | undefined {
  const sales = sortLocations(site.locations).filter((l) => l.location_type === 'sales');
  const location = findCarLocation(car, site.locations) ?? (sales.length === 1 ? sales[0] : undefined);
  if (!location) return undefined;
  const { street, city, postcode } = location.address;
  if (!street.trim() || !city.trim() || !postcode.trim()) return undefined;
  return {
    code: storeCode(location),
    name: businessName(location.name),
    fullAddress: `${formatAddress(location.address)}, ${site.region}`,
    address: location.address,
    country: site.region,
    phone: location.contact_detail.phone ?? site.phone,
  };
}

// Formats Google Merchant Center and Meta catalogs take; SVG (what demo placeholders are) is not one.
const ACCEPTED_IMAGE = /\.(jpe?g|png|gif|webp|bmp|tiff?)$/i;
const OTHER_IMAGE = /\.[a-z0-9]{2,5}$/i;

/**
 * Whether a photo URL is one an ad platform takes: not the site's drawn placeholder, and a raster
 * format when the path names one (image servers often name none, e.g. `/photo/123?w=800`).
 */
export function isFeedPhoto(url: string): boolean {
  let path: string;
  try {
    path = new URL(url, 'https://site.invalid').pathname;
  } catch {
    return false;
  }
  if (path.startsWith(PLACEHOLDER_PATH)) return false;
  return ACCEPTED_IMAGE.test(path) || !OTHER_IMAGE.test(path);
}

/** The car's photos in gallery order (primary first, never twice), absolute, those a feed takes. */
export function feedPhotos(car: Pick<Vehicle, 'primary_image_url' | 'images'>, site: Pick<FeedSite, 'url'>): string[] {
  const urls = new Set([...(car.primary_image_url ? [car.primary_image_url] : []), ...car.images.map((i) => i.image_url)]);
  return [...urls].filter(isFeedPhoto).map((url) => new URL(url, site.url).href);
}

export function feedCar(car: Vehicle, site: FeedSite): FeedCar {
  const currency = regionDefaults[site.region].currency;
  const miles = site.units === 'miles';
  return {
    car,
    link: siteUrl(site, carPath(car.slug)),
    store: carStore(car, site),
    photos: feedPhotos(car, site),
    currency,
    ...(car.price > 0 ? { price: `${car.price.toFixed(2)} ${currency}` } : {}),
    mileage: { value: Math.round(miles ? car.km * KM_TO_MILES : car.km), unit: miles ? 'miles' : 'km' },
    // A demo car has been registered and driven by the dealer: every feed calls that used.
    condition: car.car_type === 'new' ? 'new' : 'used',
    certified: car.car_type === 'used' && car.certified,
    vinLength: car.year >= 1981 ? 17 : undefined,
  };
}

/** Date the car was listed, ISO 8601 (YYYY-MM-DD, UTC). */
export function listedDate(car: Pick<Vehicle, 'created_at_timestamp'>): string {
  return new Date(car.created_at_timestamp * 1000).toISOString().slice(0, 10);
}
