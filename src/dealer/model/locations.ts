/**
 * Location helpers for cards, contact pages, maps and structured data. Locations list the primary
 * one first, then by position.
 */
import type { Location, SpecialHours } from '../../platform/config/schema';
import { slugify } from '../../platform/formats/slugify';
import { wording } from '../../platform/formats/region';
import { isoToday, notYetOpen } from '../../platform/config/location-opening';
import type { CarView } from '../../stock/model/car';
import { canTestDrive } from '../../stock/model/vehicle-words';

export { isoToday, isTrading, notYetOpen } from '../../platform/config/location-opening';

export type LocationKind = 'sales' | 'service' | 'parts';
export type Address = Pick<Location['address'], 'street' | 'city' | 'state' | 'postcode'>;
export interface LocationRating {
  average: number;
  count: number;
}

/** Visible locations, primary first, then by `position`, then by name. */
export function sortLocations(locations: readonly Location[]): Location[] {
  return locations
    .filter((location) => location.visible)
    .sort((a, b) => Number(b.primary) - Number(a.primary) || a.position - b.position || a.name.localeCompare(b.name, 'en'));
}

// Spaces around the hyphen are required so names such as "City Auto-Parts" keep their last word.
const DEPARTMENT_SUFFIX = /\s+-\s+(?:sales|service|parts)$/i;

/** The business a location's name names, without its department: "Kingfisher Toyota - Sales" → "Kingfisher Toyota". */
export function businessName(name: string): string {
  return name.trim().replace(DEPARTMENT_SUFFIX, '');
}

/** Slug for /contact-us/{slug}: one contact page serves a site's sales, service and parts departments. */
export function contactSlug(name: string): string {
  return slugify(businessName(name));
}

/**
 * Contact-page slug → the location the page shows. Iterates in sorted order, so the primary
 * (or lowest-position) department of a site owns the page.
 */
export function contactPages(locations: readonly Location[]): Map<string, Location> {
  const pages = new Map<string, Location>();
  for (const location of sortLocations(locations)) {
    const slug = contactSlug(location.name);
    if (slug && !pages.has(slug)) pages.set(slug, location);
  }
  return pages;
}

/**
 * A location's contact page description (meta and og): "inquiries" in US English. Only the
 * page's own words are swapped: the location's name is the dealer's, spelt as they spell it.
 */
export function contactPageDescription(location: Pick<Location, 'name'>, locale: string): string {
  return `Contact ${location.name}: ${wording(locale)('phone, opening hours, directions and enquiries')}.`;
}

/**
 * The dealer's main location: the first visible one in sorted order. Falls back to hidden
 * locations so a site whose locations are all hidden still has an address for its header.
 */
export function primaryLocation(locations: readonly Location[]): Location | undefined {
  return sortLocations(locations)[0] ?? locations.find((l) => l.primary) ?? locations[0];
}

/**
 * A location's rating from `average_rating`/`review_count`, else the back-office `reviews`
 * summary. Null without a count, or with zero reviews: an average of nothing is not a rating.
 */
export function locationRating(location: Location): LocationRating | null {
  const rating =
    location.average_rating !== undefined && location.review_count !== undefined
      ? { average: location.average_rating, count: location.review_count }
      : location.reviews
        ? { average: location.reviews.average_rating, count: location.reviews.count }
        : null;
  return rating && rating.count > 0 ? rating : null;
}

/** One line: "street, city STATE postcode"; empty parts are left out rather than leaving stray commas. */
export function formatAddress(address: Address): string {
  const locality = [address.city, address.state, address.postcode]
    .map((p) => p.trim())
    .filter(Boolean)
    .join(' ');
  return [address.street.trim(), locality].filter(Boolean).join(', ');
}

/** The 'Get Directions' link: the configured maps link, else a Google Maps directions search. */
export function directionsUrl(location: Location): string {
  return location.address.place_url ?? `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(formatAddress(location.address))}`;
}

/** tel: link; spaces, brackets and dashes are dropped because some dialers reject them. */
export function telHref(phone: string): string {
  const plus = phone.trim().startsWith('+') ? '+' : '';
  return `tel:${plus}${phone.replace(/\D/g, '')}`;
}

export function locationKind(location: Pick<Location, 'location_type'>): LocationKind {
  // The schema maps '' to 'sales'; unparsed data may still carry it.
  return location.location_type || 'sales';
}

/** Special hours for one location; entries without a location belong to every location. */
export function specialHoursFor(specialHours: readonly SpecialHours[], location: Pick<Location, 'id'>): SpecialHours[] {
  const id = String(location.id);
  return specialHours.filter((entry) => {
    const owner = entry.location_id ?? entry.location?.id;
    return owner === undefined || String(owner) === id;
  });
}

/** A location's place on a drawn map, in the map's own units (0,0 top left). */
export interface MapMarker {
  location: Location;
  x: number;
  y: number;
}

export interface MapBox {
  width: number;
  height: number;
  /** Kept clear at every edge, so a marker and its pin never touch the border. */
  padding: number;
}

export const MAP_BOX: MapBox = { width: 640, height: 360, padding: 48 };

/** Web Mercator, in radians: the projection street maps use, so places sit where shoppers expect. */
function mercator(lat: number, long: number): [number, number] {
  const phi = (Math.max(-85, Math.min(85, lat)) * Math.PI) / 180;
  return [(long * Math.PI) / 180, Math.log(Math.tan(Math.PI / 4 + phi / 2))];
}

/**
 * One marker per location with a latitude and longitude, placed on a map drawn without tiles:
 * the locations are projected, then scaled (the same in both directions) and centred to fill the
 * box inside its padding. A single location sits in the middle.
 */
export function mapMarkers(locations: readonly Location[], box: MapBox = MAP_BOX): MapMarker[] {
  const placed = locations.flatMap((location) => {
    const { lat, long } = location.address;
    return lat !== undefined && long !== undefined ? [{ location, point: mercator(lat, long) }] : [];
  });
  if (placed.length === 0) return [];
  const xs = placed.map((p) => p.point[0]);
  const ys = placed.map((p) => p.point[1]);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const innerW = box.width - 2 * box.padding;
  const innerH = box.height - 2 * box.padding;
  const spanX = maxX - minX;
  const spanY = maxY - minY;
  const scale = spanX === 0 && spanY === 0 ? 0 : Math.min(spanX > 0 ? innerW / spanX : Infinity, spanY > 0 ? innerH / spanY : Infinity);
  const round = (n: number) => Math.round(n * 10) / 10;
  return placed.map(({ location, point: [x, y] }) => ({
    location,
    x: round(box.width / 2 + (x - (minX + maxX) / 2) * scale),
    // North is up: larger projected y is further north, so it is drawn higher.
    y: round(box.height / 2 - (y - (minY + maxY) / 2) * scale),
  }));
}

/** The maps key for a map of the dealer's locations: the location being viewed may bring its own. */
export function mapsKeyFor(siteMapsKey: string | undefined, current?: Pick<Location, 'address'>): string | undefined {
  return current?.address.map_key?.trim() || siteMapsKey?.trim() || undefined;
}

/**
 * A marker's label on the keyed map, matching the drawn list's numbers: the maps service takes one
 * character, so markers past the ninth go unlabelled (their place in the list still says which).
 */
export const mapMarkerLabel = (index: number): string | undefined => (index < 9 ? String(index + 1) : undefined);

const MARKER_GREY = '0x4b5563';
/** The static map's zoom for a single location (several are fitted by the service itself). */
const ONE_PLACE_ZOOM = 14;

/**
 * With a maps key: the locations map as one image from the maps service (Google's Static Maps),
 * greyscale, one numbered marker per location in the order of the list beside it, the location
 * being viewed in the brand colour. An image, not the one-place embed: the embed can show only
 * one place. The page loads it only once it is scrolled into view (lazy-map.ts).
 */
export function locationsMapImageUrl(
  markers: readonly Pick<MapMarker, 'location'>[],
  key: string,
  options: { currentId?: string | number; brand: string; box?: MapBox },
): string {
  const box = options.box ?? MAP_BOX;
  const params = [`size=${box.width}x${box.height}`, 'scale=2', 'maptype=roadmap', `style=${encodeURIComponent('feature:all|saturation:-100')}`];
  if (markers.length === 1) params.push(`zoom=${ONE_PLACE_ZOOM}`);
  markers.forEach(({ location }, i) => {
    const current = options.currentId !== undefined && String(options.currentId) === String(location.id);
    const colour = current ? `0x${options.brand.replace(/^#/, '').toLowerCase()}` : MARKER_GREY;
    const label = mapMarkerLabel(i);
    const parts = [`color:${colour}`, ...(label ? [`label:${label}`] : []), `${location.address.lat},${location.address.long}`];
    params.push(`markers=${encodeURIComponent(parts.join('|'))}`);
  });
  params.push(`key=${encodeURIComponent(key)}`);
  return `https://maps.googleapis.com/maps/api/staticmap?${params.join('&')}`;
}

/**
 * The page's locations nearest first, from a postcode lookup's answer (nearest first already):
 * those it measured in its order, then any it could not (no coordinates) in the page's order.
 */
export function nearestFirst(shown: readonly string[], measured: readonly { slug: string }[]): string[] {
  const order = measured.map((l) => l.slug).filter((slug) => shown.includes(slug));
  return [...order, ...shown.filter((slug) => !order.includes(slug))];
}

/**
 * The badge a location card shows instead of a rating: "Opening March 2027" until its opening
 * day, worked out from the date so a past promise never shows; else its status label, if any.
 */
export function locationBadge(location: Pick<Location, 'opens_on' | 'status_label'>, locale: string, today: string = isoToday()): string | undefined {
  if (location.opens_on && notYetOpen(location, today)) {
    const month = new Date(`${location.opens_on}T00:00:00Z`).toLocaleDateString(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' });
    return `Opening ${month}`;
  }
  return location.status_label;
}

/** Words that make a status label a dated or undated promise to open, which `opens_on` should carry instead. */
const PROMISE = /\b(coming|opening|opens|soon)\b|\b20\d\d\b/i;

/** Editor warnings: an opening day now past (the location is open; remove opens_on), or a status label promising an opening. */
export function openingWarnings(locations: readonly Location[], today: string = isoToday()): string[] {
  return locations.flatMap((location) => [
    ...(location.opens_on && location.opens_on <= today
      ? [`location "${location.name}" was due to open on ${location.opens_on}: it now shows as open; remove opens_on or set the new date`]
      : []),
    ...(location.status_label && PROMISE.test(location.status_label)
      ? [
          `location "${location.name}" promises an opening in its status label ("${location.status_label}"): give its opening day as opens_on so the promise cannot go stale`,
        ]
      : []),
  ]);
}

/**
 * Where a car can be test driven: at the sales yard that has it, while it is there to drive (in
 * stock). The car page offers the booking only then, and a shopper's assistant is told the same.
 */
export function testDriveLocation<L extends Pick<Location, 'location_type'>>(
  car: Pick<CarView, 'status' | 'item_type'>,
  location: L | undefined,
): L | undefined {
  // Not a caravan's or trailer's: it is towed, not driven.
  return car.status === 'in_stock' && canTestDrive(car.item_type) && location && locationKind(location) === 'sales' ? location : undefined;
}
