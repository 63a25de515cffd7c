/**
 * One car fetched from search by slug, for the car page's live refresh and the car shell: the
 * request, and the hit read back as a car.
 */
import type { CarType, StockCategory, VehicleStatus } from './vehicle';
import { quoteFilterValue } from '../../platform/formats/filter-syntax';
import { isRecord } from '../../platform/formats/records';
import { CAR_TYPE_LABELS, STATUS_LABELS, isCarSlug, isImageUrl, type CarView } from './car';

/** The multi-search body that fetches one car by slug, for the refresh and the shell. */
export function carSearchRequest(slug: string, indexUid: string): { queries: { indexUid: string; q: string; filter: string; limit: number }[] } {
  return { queries: [{ indexUid, q: '', filter: `slug = ${quoteFilterValue(slug)}`, limit: 1 }] };
}

/** The multi-search body that fetches cars by stock id (digits only: anything else is left out). */
export function carsByIdRequest(ids: readonly string[], indexUid: string): { queries: { indexUid: string; q: string; filter: string; limit: number }[] } {
  const safe = ids.filter((id) => /^[1-9][0-9]{0,15}$/.test(id));
  return { queries: [{ indexUid, q: '', filter: `id IN [${safe.join(', ')}]`, limit: Math.max(1, safe.length) }] };
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
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

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
    ...(typeof hit.arrival_date === 'string' && ISO_DATE.test(hit.arrival_date) ? { arrival_date: hit.arrival_date } : {}),
    ...optionalNumber('created_at_timestamp'),
    ...optionalNumber('weekly_price'),
    ...optionalNumber('subscription_price'),
    ...optionalNumber('seats'),
  };
}

/** Every hit of the first result of a multi-search response; undefined when the response has another shape. */
export function firstResultHits(response: unknown): unknown[] | undefined {
  if (!isRecord(response) || !Array.isArray(response.results)) return undefined;
  const first: unknown = response.results[0];
  return isRecord(first) && Array.isArray(first.hits) ? first.hits : undefined;
}

/** The first hit of the first result of a multi-search response, if the response has that shape. */
export function firstHit(response: unknown): unknown {
  if (!isRecord(response) || !Array.isArray(response.results)) return undefined;
  const first: unknown = response.results[0];
  if (!isRecord(first) || !Array.isArray(first.hits)) return undefined;
  return first.hits[0] ?? null;
}
