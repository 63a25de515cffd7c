/**
 * A car as the pages show it, in the parts every page shares: the fields a search hit carries
 * (CarView), the slice of the dealer config the car helpers read (CarSite), the car's path, its
 * price and labels. The search result cards load this module, so it stays small: what only the
 * car page needs is in ./car-page.ts, the JSON-LD in ./car-json-ld.ts, reading a hit in ./car-hit.ts.
 *
 * Browser-safe on purpose: it imports no zod and nothing from Node (types only from the schemas).
 */
import type { DealerConfig } from '../../platform/config/schema';
import type { CarType, Vehicle, VehicleStatus } from './vehicle';
import { regionDefaults } from '../../platform/config/regions';
import { formatDate, formatMoney } from '../../platform/formats/region';

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
      | 'subscription_price'
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
      | 'arrival_date'
      | 'created_at_timestamp'
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
  /** The dealer's advertised finance terms as a line on the price; absent: no repayment is shown. */
  repayment?: RepaymentLine;
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

/** A subscription car's weekly price, as the search's "Subscription per week" names it: "Subscription $249 per week". */
export function subscriptionPriceText(price: number | undefined, site: Pick<CarSite, 'region' | 'locale'>): string {
  return price ? `Subscription ${formatMoney(price, site.locale, currencyOf(site))} per week` : '';
}

// ---------------------------------------------------------------------------
// Repayments beside a price (the maths and the words are in ./repayments.ts)
// ---------------------------------------------------------------------------

export type Frequency = 'weekly' | 'fortnightly' | 'monthly';

/** Advertised repayments are weekly (AU, NZ) or monthly (US). */
export type AdvertisedFrequency = Extract<Frequency, 'weekly' | 'monthly'>;

/**
 * An advertised repayment is linear in the price (deposit and balloon are percents of it), so a
 * page hands its islands two numbers instead of the maths: repayment = price × per_price
 * (`repaymentOf(site)` in ./repayments.ts).
 */
export interface RepaymentLine {
  per_price: number;
  /** What every payment adds for the fees (NZ: the establishment and PPSR fees financed); absent when none. */
  fees?: number;
  /** '/week' (AU, NZ) or '/month' (US): the words travel with the line, not the frequency, to keep the island small. */
  per: '/week' | '/month';
}

/** The whole-unit repayment for a price on the line; 0 when there is no price to finance. */
export function advertisedRepayment(price: number | undefined, line: RepaymentLine | undefined): number {
  return line && price && price > 0 ? Math.ceil(price * line.per_price + (line.fees ?? 0)) : 0;
}

export type RepaymentSite = Pick<CarSite, 'region' | 'locale' | 'repayment'>;

/**
 * A page's repayment line read back from its markup (`data-repayment-per-price`,
 * `data-repayment-per`, `data-repayment-fees`); undefined when the page shows no repayments.
 */
export function repaymentLineFrom(perPrice: string | undefined, per: string | undefined, fees?: string): RepaymentLine | undefined {
  const n = Number(perPrice);
  const f = Number(fees);
  if (!(n > 0) || (per !== '/week' && per !== '/month')) return undefined;
  return f > 0 ? { per_price: n, per, fees: f } : { per_price: n, per };
}

/**
 * Beside a car's one price on its page. Australian law wants a single total price, the one the
 * shopper pays, so AU pages say the price is drive away; US payments are estimates until a lender
 * approves credit, so US pages say so before the figure.
 */
export const PRICE_WORDS = {
  AU: { price: 'Drive away', repayment: '' },
  NZ: { price: '', repayment: '' },
  US: { price: '', repayment: 'Est. ' },
} as const satisfies Record<CarSite['region'], { price: string; repayment: string }>;

/** Beside a repayment outside the search cards: points to the terms the page prints once (src/stock/ui/RepaymentTerms.astro). */
export const TERMS_MARKER = '*';

/**
 * Whether a car is shown with a repayment and the finance terms behind it: only a car the shopper
 * can still buy at a stated price. A sold car cannot be financed, and "price on application"
 * ($0) has no price to finance.
 */
export function showsRepayment(car: Pick<CarView, 'price' | 'status'>): boolean {
  return car.status !== 'sold' && car.price > 0;
}

/**
 * The repayment beside a car's price: "$189/week" (AU, NZ) or "$823/month" (US). Worked out from
 * the price on the dealer's advertised terms (finance.advertised), never taken from the feed, so
 * it always matches the rate shown with it; empty when the dealer advertises no terms or the car
 * shows no repayment (`showsRepayment`: sold, or price on application).
 */
export function repaymentPriceText(car: Pick<CarView, 'price' | 'status'>, site: RepaymentSite): string {
  const line = site.repayment;
  // Written out rather than through advertisedRepayment: every byte here is on the search page.
  return line && showsRepayment(car) ? formatMoney(Math.ceil(car.price * line.per_price + (line.fees ?? 0)), site.locale, currencyOf(site)) + line.per : '';
}

/** A car held by a shopper's paid deposit: shown instead of 'In Stock' wherever the car is. */
export const RESERVED_LABEL = 'Reserved';

export const STATUS_LABELS = {
  in_stock: 'In Stock',
  sale_pending: 'Sale Pending',
  in_transit: 'In Transit',
  in_production: 'In Production',
  coming_soon: 'Coming Soon',
  sold: 'Sold',
} as const satisfies Record<VehicleStatus, string>;

/**
 * "Arriving 14 March 2026" (AU/NZ), "Arriving March 14, 2026" (US) for a car on its way with an
 * arrival date; '' when there is none, the car is not on its way, or the date is not a real one
 * (a hit from the network is not trusted to hold one).
 */
export function arrivalText(car: Pick<CarView, 'status' | 'arrival_date'>, locale: string): string {
  const date = car.arrival_date;
  if (!date || (car.status !== 'in_transit' && car.status !== 'in_production' && car.status !== 'coming_soon')) return '';
  try {
    return `Arriving ${formatDate(date, locale)}`;
  } catch {
    return '';
  }
}

export const CAR_TYPE_LABELS = { new: 'New', demo: 'Demo', used: 'Used' } as const satisfies Record<CarType, string>;

// ---------------------------------------------------------------------------
// Images
// ---------------------------------------------------------------------------

/**
 * Whether an image URL from a search hit may go into a page: an http(s) URL or a path on this
 * site, never `javascript:`, `data:` or a protocol-relative `//other.host` (the stock schema's rule).
 */
export function isImageUrl(url: string): boolean {
  return /^(https?:\/\/|\/(?!\/))/.test(url);
}
