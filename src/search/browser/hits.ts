/**
 * Hits come over the network: each is checked before a card renders it, and one that does not
 * look like a car is left out rather than shown half-broken. No zod here; this runs in the
 * browser bundle.
 */
import type { Vehicle } from '../../stock/model/vehicle';
import { CAR_TYPE_LABELS, isCarSlug, STATUS_LABELS } from '../../stock/model/car';

/** What a result card shows of a car: checked here, rendered by HitCard. */
export type CardHit = Pick<Vehicle, 'id' | 'slug' | 'name' | 'price' | 'km' | 'car_type' | 'status'> &
  Partial<Pick<Vehicle, 'weekly_price' | 'year' | 'primary_image_url' | 'badge' | 'tag' | 'fuel' | 'transmission'>>;

// The label tables are keyed by every car type and status, and import no zod.
const carTypes = Object.keys(CAR_TYPE_LABELS);
const vehicleStatuses = Object.keys(STATUS_LABELS);

const text = (value: unknown, max = 500): value is string => typeof value === 'string' && value.length > 0 && value.length <= max;
const count = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0;
const optionalText = (value: unknown, max = 200): string | undefined => (text(value, max) ? value : undefined);

export function toCardHit(hit: unknown): CardHit | undefined {
  if (typeof hit !== 'object' || hit === null) return undefined;
  const h = hit as Record<string, unknown>;
  if (typeof h.id !== 'number' || !Number.isSafeInteger(h.id)) return undefined;
  if (!text(h.slug, 200) || !isCarSlug(h.slug) || !text(h.name) || !count(h.price) || !count(h.km)) return undefined;
  if (typeof h.car_type !== 'string' || !carTypes.includes(h.car_type) || typeof h.status !== 'string' || !vehicleStatuses.includes(h.status)) return undefined;
  const image = optionalText(h.primary_image_url, 2000);
  const card: CardHit = {
    id: h.id,
    slug: h.slug,
    name: h.name,
    price: h.price,
    km: h.km,
    car_type: h.car_type as CardHit['car_type'],
    status: h.status as CardHit['status'],
  };
  if (count(h.weekly_price)) card.weekly_price = h.weekly_price;
  if (typeof h.year === 'number' && Number.isInteger(h.year)) card.year = h.year;
  // Same rule as the stock schema: a site path or an http(s) URL, never javascript: or data:.
  if (image && /^(https?:\/\/|\/(?!\/))/.test(image)) card.primary_image_url = image;
  for (const key of ['badge', 'tag', 'fuel', 'transmission'] as const) {
    const value = optionalText(h[key], 60);
    if (value) card[key] = value;
  }
  return card;
}

export function toCardHits(hits: readonly unknown[]): CardHit[] {
  return hits.map(toCardHit).filter((hit): hit is CardHit => hit !== undefined);
}
