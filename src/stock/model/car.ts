/**
 * The car page (`/cars/{slug}`) as plain data: links, labels, key specs, the
 * assistant-readable car metadata and the schema.org `Car` JSON-LD.
 *
 * Browser-safe on purpose: the car page script and the shell page for cars added after the last
 * build import it, so it imports no zod and nothing from Node (types only from the schemas).
 */
import type { DealerConfig, Location } from '../../platform/config/schema';
import type { CarType, StockCategory, Vehicle, VehicleStatus } from './vehicle';
import { regionDefaults } from '../../platform/config/regions';
import { formatDistance, formatMoney, KM_TO_MILES, wording } from '../../platform/formats/region';
import { imageSrc } from './images';
import { quoteFilterValue } from '../../platform/formats/filter-syntax';
import { isRecord } from '../../platform/formats/records';
import { vehicleEnquiryCategory } from './enquiry-category';

/** The vehicle fields a car page shows: what a search hit carries, so the shell can render one too. */
export type CarView = Pick<
  Vehicle,
  | 'id'
  | 'slug'
  | 'name'
  | 'make'
  | 'model'
  | 'body'
  | 'car_type'
  | 'status'
  | 'price'
  | 'km'
  | 'year'
  | 'categories'
  | 'filtered_features'
  | 'thumbnails'
  | 'images'
> &
  Partial<
    Pick<
      Vehicle,
      | 'variant'
      | 'drive'
      | 'fuel'
      | 'transmission'
      | 'weekly_price'
      | 'seats'
      | 'colour'
      | 'vin'
      | 'stocknum'
      | 'primary_image_url'
      | 'location_id'
      | 'location_name'
      | 'dealership_slug'
      | 'description'
      | 'badge'
      | 'item_type'
    >
  >;

/** The part of the dealer config the car helpers read; small enough to serialise into the shell page. */
export interface CarSite {
  url: string;
  name: string;
  region: DealerConfig['region'];
  locale: string;
  units: 'km' | 'miles';
  image_cdn?: DealerConfig['image_cdn'];
  dealership_slug?: string;
  dealerships: Pick<DealerConfig['dealerships'][number], 'id' | 'slug'>[];
  features: Pick<DealerConfig['features'], 'enquiry_button_label' | 'enabled_pages' | 'safety_banner'>;
}

export function carSite(site: DealerConfig): CarSite {
  return {
    url: site.url,
    name: site.name,
    region: site.region,
    locale: site.locale,
    units: site.units,
    ...(site.image_cdn ? { image_cdn: site.image_cdn } : {}),
    ...(site.dealership_slug ? { dealership_slug: site.dealership_slug } : {}),
    dealerships: site.dealerships.map(({ id, slug }) => ({ id, slug })),
    features: {
      enquiry_button_label: site.features.enquiry_button_label,
      enabled_pages: site.features.enabled_pages,
      ...(site.features.safety_banner ? { safety_banner: site.features.safety_banner } : {}),
    },
  };
}

export const carPath = (slug: string): string => `/cars/${slug}`;

/** Car slugs are lowercase words joined by hyphens (the stock schema); anything else is no car. */
export function isCarSlug(slug: string): boolean {
  return slug.length <= 200 && /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug);
}

/** `/cars/{slug}` or `/cars/{slug}/` → the slug; undefined for any other path or a malformed slug. */
export function carSlugFromPath(pathname: string): string | undefined {
  const match = /^\/cars\/([^/]+)\/?$/.exec(pathname);
  const slug = match?.[1];
  return slug !== undefined && isCarSlug(slug) ? slug : undefined;
}

// ---------------------------------------------------------------------------
// Money and status
// ---------------------------------------------------------------------------

export const PRICE_ON_APPLICATION = 'Price on application';

export function currencyOf(site: Pick<CarSite, 'region'>): string {
  return regionDefaults[site.region].currency;
}

/** The one prominent total price; a price of 0 means the dealer quotes on request. */
export function priceText(price: number, site: Pick<CarSite, 'region' | 'locale'>): string {
  return price > 0 ? formatMoney(price, site.locale, currencyOf(site)) : PRICE_ON_APPLICATION;
}

/** The secondary weekly figure, e.g. "$189/week"; empty when the feed has none. */
export function weeklyPriceText(weekly: number | undefined, site: Pick<CarSite, 'region' | 'locale'>): string {
  return weekly !== undefined && weekly > 0 ? `${formatMoney(weekly, site.locale, currencyOf(site))}/week` : '';
}

export const STATUS_LABELS = { in_stock: 'In Stock', coming_soon: 'Coming Soon', sold: 'Sold' } as const satisfies Record<VehicleStatus, string>;

export const CAR_TYPE_LABELS = { new: 'New', demo: 'Demo', used: 'Used' } as const satisfies Record<CarType, string>;

// ---------------------------------------------------------------------------
// Links
// ---------------------------------------------------------------------------

/** The dealership a car belongs to: its own slug, its location's, else the site's main one. */
export function carDealershipSlug(
  car: Pick<CarView, 'dealership_slug'>,
  site: Pick<CarSite, 'dealership_slug'>,
  location?: Pick<Location, 'dealership_slug'>,
): string | undefined {
  return car.dealership_slug ?? location?.dealership_slug ?? site.dealership_slug;
}

/** The dealership id for lead routing: by the car's dealership slug, else its location's, else the only dealership. */
export function carDealershipId(
  car: Pick<CarView, 'dealership_slug'>,
  site: Pick<CarSite, 'dealerships' | 'dealership_slug'>,
  location?: Pick<Location, 'dealership_id' | 'dealership_slug'>,
): string | undefined {
  const slug = carDealershipSlug(car, site, location);
  const bySlug = slug !== undefined ? site.dealerships.find((d) => d.slug === slug) : undefined;
  const id = bySlug?.id ?? location?.dealership_id ?? (site.dealerships.length === 1 ? site.dealerships[0]?.id : undefined);
  return id === undefined ? undefined : String(id);
}

/**
 * `/finance?preferredDealership=…&vehiclePriceBudget=…&car_id=…&car_type=…&vin=…#finance-form`
 * for the finance form; empty values are left out, and so is a price of 0.
 */
export function financeLink(car: Pick<CarView, 'id' | 'price' | 'car_type' | 'vin'>, preferredDealership?: string): string {
  const query = new URLSearchParams();
  const add = (key: string, value: string | number | undefined) => {
    if (value !== undefined && value !== '' && value !== 0) query.append(key, String(value));
  };
  add('preferredDealership', preferredDealership);
  add('vehiclePriceBudget', car.price);
  add('car_id', car.id);
  add('car_type', car.car_type);
  add('vin', car.vin);
  const search = query.toString();
  return `/finance${search ? `?${search}` : ''}#finance-form`;
}

/** Trade-in for this car: `/cars/trade-in?car_id={id}`. */
export function tradeInLink(car: Pick<CarView, 'id'>): string {
  return `/cars/trade-in?car_id=${encodeURIComponent(String(car.id))}`;
}

/** `/cars/{slug}/checkout` where the site offers checkout; undefined elsewhere. */
export function checkoutLink(car: Pick<CarView, 'slug'>, site: { features: Pick<CarSite['features'], 'enabled_pages'> }): string | undefined {
  return site.features.enabled_pages.includes('checkout') ? `${carPath(car.slug)}/checkout` : undefined;
}

// ---------------------------------------------------------------------------
// Location
// ---------------------------------------------------------------------------

/**
 * The location a car stands at: by `location_id`, else by `location_name`, else undefined (the
 * page then shows the dealer's main location). Ids compare as text: feeds send 31001 or "31001".
 */
export function findCarLocation<L extends Pick<Location, 'id' | 'name'>>(
  car: Pick<CarView, 'location_id' | 'location_name'>,
  locations: readonly L[],
): L | undefined {
  if (car.location_id !== undefined) {
    const byId = locations.find((l) => String(l.id) === String(car.location_id));
    if (byId) return byId;
  }
  const name = car.location_name?.trim().toLowerCase();
  return name ? locations.find((l) => l.name.trim().toLowerCase() === name) : undefined;
}

// ---------------------------------------------------------------------------
// Gallery
// ---------------------------------------------------------------------------

/**
 * Whether an image URL from a search hit may go into a page: an http(s) URL or a path on this
 * site, never `javascript:`, `data:` or a protocol-relative `//other.host` (the stock schema's rule).
 */
export function isImageUrl(url: string): boolean {
  return /^(https?:\/\/|\/(?!\/))/.test(url);
}

/** Stock images are 4:3; the page reserves that box so nothing shifts while one loads. */
export const GALLERY_IMAGE = { width: 800, height: 600 } as const;
export const GALLERY_THUMB = { width: 120, height: 90 } as const;
export const GALLERY_WIDTHS = [400, 800, 1200] as const;

export interface GalleryImage {
  /** The image as the feed gives it (absolute URL or site path). */
  url: string;
  /** Main-image source at the gallery width (through the image CDN when there is one). */
  src: string;
  thumb: string;
}

/**
 * The car's photos in feed order, the primary image first and never twice. Thumbnails come from
 * the feed's `thumbnails` at the same index when it has them, else from the CDN at thumb width.
 */
export function galleryImages(car: Pick<CarView, 'images' | 'thumbnails' | 'primary_image_url'>, site: Pick<CarSite, 'image_cdn'>): GalleryImage[] {
  const feedThumbs = new Map(car.images.map((image, i) => [image.image_url, car.thumbnails[i]] as const));
  const urls = new Set([...(car.primary_image_url ? [car.primary_image_url] : []), ...car.images.map((i) => i.image_url)]);
  return [...urls].map((url) => ({
    url,
    src: imageSrc(url, site, { width: GALLERY_IMAGE.width }),
    thumb: feedThumbs.get(url) ?? imageSrc(url, site, { width: GALLERY_THUMB.width * 2 }),
  }));
}

/** The sharing image and first gallery image: the primary image, else the first photo. */
export function primaryImage(car: Pick<CarView, 'images' | 'primary_image_url'>): string | undefined {
  return car.primary_image_url ?? car.images[0]?.image_url;
}

// ---------------------------------------------------------------------------
// Key specs
// ---------------------------------------------------------------------------

export interface KeySpec {
  label: string;
  value: string;
}

/**
 * The key specs in the site's wording (on US sites Colour → Color, Petrol → Gas). Fuel is
 * display text here; the indexed facet value stays as the feed wrote it.
 */
export function keySpecs(car: CarView, site: Pick<CarSite, 'locale' | 'units'>): KeySpec[] {
  const w = wording(site.locale);
  const specs: [string, string | number | undefined][] = [
    ['Year', car.year],
    [site.units === 'miles' ? 'Mileage' : 'Odometer', formatDistance(car.km, site.units, site.locale)],
    ['Body', car.body],
    ['Fuel', car.fuel && w(car.fuel)],
    ['Transmission', car.transmission],
    ['Drive', car.drive],
    ['Colour', car.colour],
    ['Seats', car.seats],
    ['VIN', car.vin],
    ['Stock number', car.stocknum],
  ];
  return specs
    .filter((s): s is [string, string | number] => s[1] !== undefined && s[1] !== '')
    .map(([label, value]) => ({ label: w(label), value: String(value) }));
}

// ---------------------------------------------------------------------------
// Safety-rating banner
// ---------------------------------------------------------------------------

export type SafetyClass = 'V' | 'N';

const COMMERCIAL_BODY = /\b(ute|utility|pick-?up|truck|van|cab[\s-]?chassis|bus)\b/i;

/**
 * The safety-rating banner classes to show for a car: the site's configured
 * classes (which say what its region or brand rates: only N for a commercial dealer, only V for
 * a passenger brand, both otherwise), narrowed to the car's own class when the car is clearly a
 * commercial (N: utes, vans, trucks) or passenger (V) vehicle. Caravans and motorcycles are
 * neither; they get no banner.
 */
export function safetyBannerClasses(configured: readonly SafetyClass[], car?: Pick<CarView, 'body' | 'categories'>): SafetyClass[] {
  if (!car) return [...configured];
  if (car.categories.some((c) => c === 'caravans' || c === 'motorcycles')) return [];
  const own: SafetyClass = car.categories.includes('trucks') || COMMERCIAL_BODY.test(car.body) ? 'N' : 'V';
  return configured.includes(own) ? [own] : [];
}

// ---------------------------------------------------------------------------
// Sharing
// ---------------------------------------------------------------------------

/** Network share links open in a 550 × 400 popup. */
export const SHARE_POPUP = { width: 550, height: 400 } as const;

export interface ShareLink {
  network: 'facebook' | 'x' | 'email';
  name: string;
  href: string;
  /** Opens in the 550×400 popup; email opens the mail client instead. */
  popup: boolean;
}

export function shareLinks(pageUrl: string, title: string): ShareLink[] {
  const url = encodeURIComponent(pageUrl);
  return [
    { network: 'facebook', name: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${url}`, popup: true },
    { network: 'x', name: 'X', href: `https://twitter.com/intent/tweet?url=${url}&text=${encodeURIComponent(title)}`, popup: true },
    { network: 'email', name: 'Email', href: `mailto:?subject=${encodeURIComponent(title)}&body=${url}`, popup: false },
  ];
}

/** `window.open` features for the share popup, centred on the current window. */
export function sharePopupFeatures(screen: { left: number; top: number; width: number; height: number }): string {
  const left = Math.max(0, Math.round(screen.left + (screen.width - SHARE_POPUP.width) / 2));
  const top = Math.max(0, Math.round(screen.top + (screen.height - SHARE_POPUP.height) / 2));
  // No "noopener" here: with it window.open returns null even when the popup opened, and the
  // caller could not tell a blocked popup from an open one. The caller clears `opener` instead.
  return `popup=yes,width=${SHARE_POPUP.width},height=${SHARE_POPUP.height},left=${left},top=${top}`;
}

// ---------------------------------------------------------------------------
// Head metadata
// ---------------------------------------------------------------------------

/** A meta description from the car's facts; feed descriptions are often long dealer boilerplate. */
export function carDescription(car: CarView, site: Pick<CarSite, 'name' | 'locale' | 'region' | 'units'>): string {
  const w = wording(site.locale);
  const facts = [
    `${CAR_TYPE_LABELS[car.car_type]} ${car.name}`,
    priceText(car.price, site),
    car.car_type === 'new' ? undefined : formatDistance(car.km, site.units, site.locale),
    car.fuel && w(car.fuel),
    car.transmission,
    car.colour,
  ].filter(Boolean);
  return `${facts.join(', ')}${car.status === 'sold' ? ' (sold)' : ''}. At ${site.name}.`;
}

/**
 * The assistant-readable metadata for a car: what a chat assistant on the page needs to
 * talk about this car and route the lead. Rendered as one JSON block,
 * `<script type="application/json" id="assistant-car-metadata">`, so a reader parses one object
 * instead of scraping many meta tags. The shell page adds the same block once it has the car.
 */
export interface AssistantCarMetadata {
  /** A ready-made opening message about this car. */
  message: string;
  name: string;
  id: string;
  /** Absolute checkout link, or null where the site has no checkout. */
  checkout_link: string | null;
  /** True when the car cannot be bought today: sold, or not arrived yet (coming soon). */
  reserved: boolean;
  /** Lead category from the car type, e.g. "used-vehicle-enquiry". */
  category: string;
  dealership_id: string | null;
}

export function assistantCarMetadata(
  car: CarView,
  site: Pick<CarSite, 'url' | 'features' | 'dealerships' | 'dealership_slug'>,
  location?: Pick<Location, 'dealership_id' | 'dealership_slug'>,
): AssistantCarMetadata {
  const checkout = checkoutLink(car, site);
  const stock = car.stocknum ? ` (stock number ${car.stocknum})` : '';
  return {
    message: `Hi, I'm interested in the ${car.name}${stock}. Is it still available?`,
    name: car.name,
    id: String(car.id),
    checkout_link: checkout ? new URL(checkout, site.url).href : null,
    reserved: car.status !== 'in_stock',
    category: vehicleEnquiryCategory(car.car_type),
    dealership_id: carDealershipId(car, site, location) ?? null,
  };
}

const AVAILABILITY = {
  in_stock: 'https://schema.org/InStock',
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
      itemCondition: CONDITION[car.car_type],
      seller: { '@id': sellerId },
    },
  };
}

// ---------------------------------------------------------------------------
// Live refresh from search
// ---------------------------------------------------------------------------

/** The multi-search body that fetches one car by slug, for the refresh and the shell. */
export function carSearchRequest(slug: string, indexUid: string): { queries: { indexUid: string; q: string; filter: string; limit: number }[] } {
  return { queries: [{ indexUid, q: '', filter: `slug = ${quoteFilterValue(slug)}`, limit: 1 }] };
}

const STATUS_KEYS = Object.keys(STATUS_LABELS) as VehicleStatus[];
const CAR_TYPE_KEYS = Object.keys(CAR_TYPE_LABELS) as CarType[];
// Spelled out because the stock schema's own list sits beside zod; `satisfies` keeps it complete.
const CATEGORY_KEYS = Object.keys({
  cars: true,
  trucks: true,
  caravans: true,
  motorcycles: true,
  rental: true,
  subscription: true,
} satisfies Record<StockCategory, true>) as StockCategory[];

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
const safeImage = (v: unknown): string | undefined => {
  const s = str(v);
  return s !== undefined && isImageUrl(s) ? s : undefined;
};

/**
 * A search hit read back as a car, checked field by field. Not with zod, nor zod/mini: rollup
 * puts zod's core in a chunk shared with the forms, and the search page, which loads no zod
 * today, would load about 16 KB gzip more (measured on a build). Returns null when a field the
 * page cannot do without is missing or malformed; optional fields of the wrong type are
 * dropped. Image URLs keep to http(s) and site paths.
 *
 * The result cards check hits with their own, stricter rule (src/search/browser/hits.ts): a
 * card refuses a hit without km, which the car page reads as 0.
 */
export function parseCarHit(hit: unknown): CarView | null {
  if (!isRecord(hit)) return null;
  const id = num(hit.id);
  const slug = str(hit.slug);
  const name = str(hit.name);
  const status = STATUS_KEYS.find((s) => s === hit.status);
  const carType = CAR_TYPE_KEYS.find((t) => t === hit.car_type);
  const price = num(hit.price);
  if (id === undefined || !slug || !isCarSlug(slug) || !name || !status || !carType || price === undefined || price < 0) return null;
  const optionalText = (key: keyof CarView) => {
    const value = str(hit[key]);
    return value ? { [key]: value } : {};
  };
  const optionalNumber = (key: keyof CarView) => {
    const value = num(hit[key]);
    return value !== undefined ? { [key]: value } : {};
  };
  const images = Array.isArray(hit.images)
    ? hit.images.flatMap((i) => {
        const url = isRecord(i) ? safeImage(i.image_url) : undefined;
        return url ? [{ image_url: url }] : [];
      })
    : [];
  const locationId = num(hit.location_id) ?? str(hit.location_id);
  const primary = safeImage(hit.primary_image_url);
  return {
    id,
    slug,
    name,
    status,
    car_type: carType,
    price,
    make: str(hit.make) ?? '',
    model: str(hit.model) ?? '',
    body: str(hit.body) ?? '',
    km: num(hit.km) ?? 0,
    year: num(hit.year) ?? 0,
    categories: CATEGORY_KEYS.filter((c) => strings(hit.categories).includes(c)),
    filtered_features: strings(hit.filtered_features),
    thumbnails: strings(hit.thumbnails).filter((t) => safeImage(t) !== undefined),
    images,
    ...(primary ? { primary_image_url: primary } : {}),
    ...(locationId !== undefined ? { location_id: locationId } : {}),
    ...optionalText('variant'),
    ...optionalText('drive'),
    ...optionalText('fuel'),
    ...optionalText('transmission'),
    ...optionalText('colour'),
    ...optionalText('vin'),
    ...optionalText('stocknum'),
    ...optionalText('location_name'),
    ...optionalText('dealership_slug'),
    ...optionalText('description'),
    ...optionalText('badge'),
    ...optionalText('item_type'),
    ...optionalNumber('weekly_price'),
    ...optionalNumber('seats'),
  };
}

/** The first hit of the first result of a multi-search response, if the response has that shape. */
export function firstHit(response: unknown): unknown {
  if (!isRecord(response) || !Array.isArray(response.results)) return undefined;
  const first: unknown = response.results[0];
  if (!isRecord(first) || !Array.isArray(first.hits)) return undefined;
  return first.hits[0] ?? null;
}
