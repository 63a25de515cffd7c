/**
 * The car page (`/cars/{slug}`) as plain data: links, location, gallery, key specs, safety
 * banner, sharing, the meta description and the assistant-readable car metadata. Loaded by the
 * car page's script and the car shell, so it is browser-safe like ./car.ts.
 */
import type { Location } from '../../platform/config/schema';
import { formatDistance, wording } from '../../platform/formats/region';
import { imageSrc } from './images';
import { vehicleEnquiryCategory } from './enquiry-category';
import { CAR_TYPE_LABELS, carPath, priceText, type CarSite, type CarView } from './car';

/** The API's answer to whether a car is held by a deposit now (a static car page asks it). */
export const carAvailabilityPath = (carId: string | number): string => `/api/cars/${encodeURIComponent(String(carId))}/availability`;

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

/** The shopper's own finance quote for this car (sites that offer personalised finance). */
export function personalisedFinanceLink(car: Pick<CarView, 'id'>): string {
  return `/personalised/finance?car_id=${encodeURIComponent(String(car.id))}`;
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

/**
 * A car page's title: its name, then colour and stock number, because a yard often holds several
 * cars of one name and each page needs a title of its own. The stock number (else the stock id)
 * makes it unique: "2023 Toyota RAV4 GX, White, stock KT10001", with "(Sold)" on a sold car.
 */
export function carTitle(car: Pick<CarView, 'id' | 'name' | 'status' | 'colour' | 'stocknum'>): string {
  const facts = [car.name, car.colour, `stock ${car.stocknum ?? car.id}`].filter(Boolean);
  return `${facts.join(', ')}${car.status === 'sold' ? ' (Sold)' : ''}`;
}

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
