/**
 * Hits come over the network: each is checked before a card renders it, and one that does not
 * look like a car is left out rather than shown half-broken. No zod here, nor zod/mini: the
 * search page loads no zod, and zod's core would add about 16 KB gzip to it (measured).
 *
 * Not the car page's `parseCarHit` (src/stock/model/car-hit.ts) either: a card refuses a hit
 * without km, a non-integer id or over-long text, where the car page fills in or keeps them.
 */
import type { Vehicle } from '../../stock/model/vehicle';
import { CAR_TYPE_LABELS, isCarSlug, isImageUrl, STATUS_LABELS } from '../../stock/model/car';
import { isRecord } from '../../platform/formats/records';

/** What a result card shows of a car: checked here, rendered by HitCard. */
export type CardHit = Pick<Vehicle, 'id' | 'slug' | 'name' | 'price' | 'km' | 'car_type' | 'status'> &
  Partial<
    Pick<
      Vehicle,
      'make' | 'model' | 'has_nvic' | 'year' | 'primary_image_url' | 'badge' | 'tag' | 'fuel' | 'transmission' | 'subscription_price' | 'arrival_date'
    >
  > & {
    /** Held by a shopper's paid deposit (the search API's overlay). */
    reserved?: boolean;
    /** Metres from the shopper's point: search's `_geoDistance`, given when sorted nearest first. */
    distance?: number;
  };

// The label tables are keyed by every car type and status, and import no zod.
const carTypes = Object.keys(CAR_TYPE_LABELS);
const vehicleStatuses = Object.keys(STATUS_LABELS);

const text = (value: unknown, max = 500): value is string => typeof value === 'string' && value.length > 0 && value.length <= max;
const count = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0;
const optionalText = (value: unknown, max = 200): string | undefined => (text(value, max) ? value : undefined);

export function toCardHit(hit: unknown): CardHit | undefined {
  if (!isRecord(hit)) return undefined;
  if (typeof hit.id !== 'number' || !Number.isSafeInteger(hit.id)) return undefined;
  if (!text(hit.slug, 200) || !isCarSlug(hit.slug) || !text(hit.name) || !count(hit.price) || !count(hit.km)) return undefined;
  if (typeof hit.car_type !== 'string' || !carTypes.includes(hit.car_type) || typeof hit.status !== 'string' || !vehicleStatuses.includes(hit.status))
    return undefined;
  const image = optionalText(hit.primary_image_url, 2000);
  const card: CardHit = {
    id: hit.id,
    slug: hit.slug,
    name: hit.name,
    price: hit.price,
    km: hit.km,
    car_type: hit.car_type as CardHit['car_type'],
    status: hit.status as CardHit['status'],
  };
  if (typeof hit.year === 'number' && Number.isInteger(hit.year)) card.year = hit.year;
  if (image && isImageUrl(image)) card.primary_image_url = image;
  if (typeof hit.has_nvic === 'boolean') card.has_nvic = hit.has_nvic;
  if (hit.reserved === true) card.reserved = true;
  if (count(hit._geoDistance)) card.distance = hit._geoDistance;
  if (count(hit.subscription_price)) card.subscription_price = hit.subscription_price;
  // Checked for shape here; arrivalText refuses a date that is not a real one.
  if (typeof hit.arrival_date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(hit.arrival_date)) card.arrival_date = hit.arrival_date;
  for (const key of ['make', 'model'] as const) {
    const value = optionalText(hit[key], 80);
    if (value) card[key] = value;
  }
  for (const key of ['badge', 'tag', 'fuel', 'transmission'] as const) {
    const value = optionalText(hit[key], 60);
    if (value) card[key] = value;
  }
  return card;
}

export function toCardHits(hits: readonly unknown[]): CardHit[] {
  return hits.map(toCardHit).filter((hit): hit is CardHit => hit !== undefined);
}
